/**
 * Shared helpers for e2e specs (not a spec itself: run.mjs only loads *.spec.mjs).
 */
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import en from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import sv from '../apps/web/src/locales/sv/common.json' with { type: 'json' };

/** Specs assert against the translation files, so copy changes never break a test. */
export const locales = { en, sv };

export const ARTIFACTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');

export const viewports = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
};

/**
 * A page in its own context that records everything that would show up red in DevTools:
 * uncaught exceptions, console errors (CSP violations land here) and failed requests.
 */
export async function openPage(browser, baseURL, { device = 'desktop', colorScheme = 'light' } = {}) {
  const context = await browser.newContext({ baseURL, colorScheme, ...viewports[device] });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('requestfailed', (request) => {
    // Aborted on purpose when a newer status check supersedes an older one.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`);
  });
  return {
    context,
    page,
    assertNoProblems: () => assert.deepEqual(problems, [], 'the page logged errors'),
    close: () => context.close(),
  };
}

/** The status the API reports, fetched directly so the page can be compared with it. */
export async function fetchStatus(baseURL) {
  const response = await fetch(new URL('/api/v1/status/', baseURL));
  assert.equal(response.status, 200);
  const body = await response.json();
  assert.equal(body.status, 'success');
  return body.data;
}

export async function screenshot(page, name) {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}

/** The text of the <dd> that belongs to the <dt> with this label. */
export function definition(scope, term) {
  return scope.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
}
