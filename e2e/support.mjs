/* global document -- only used inside page.evaluate(), which runs in the browser */
/**
 * Shared helpers for e2e specs (not a spec itself: run.mjs only loads *.spec.mjs).
 */
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import enAuth from '../apps/web/src/locales/en/auth.json' with { type: 'json' };
import enBilling from '../apps/web/src/locales/en/billing.json' with { type: 'json' };
import enCommon from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import enDashboard from '../apps/web/src/locales/en/dashboard.json' with { type: 'json' };
import enErrors from '../apps/web/src/locales/en/errors.json' with { type: 'json' };
import enLeads from '../apps/web/src/locales/en/leads.json' with { type: 'json' };
import enSettings from '../apps/web/src/locales/en/settings.json' with { type: 'json' };
import svAuth from '../apps/web/src/locales/sv/auth.json' with { type: 'json' };
import svBilling from '../apps/web/src/locales/sv/billing.json' with { type: 'json' };
import svCommon from '../apps/web/src/locales/sv/common.json' with { type: 'json' };
import svDashboard from '../apps/web/src/locales/sv/dashboard.json' with { type: 'json' };
import svErrors from '../apps/web/src/locales/sv/errors.json' with { type: 'json' };
import svLeads from '../apps/web/src/locales/sv/leads.json' with { type: 'json' };
import svSettings from '../apps/web/src/locales/sv/settings.json' with { type: 'json' };

/**
 * Specs assert against the translation files, so copy changes never break a test. One object per
 * language with a property per namespace: `locales.sv.auth.login.title`.
 */
export const locales = {
  en: {
    common: enCommon,
    auth: enAuth,
    errors: enErrors,
    dashboard: enDashboard,
    settings: enSettings,
    billing: enBilling,
    leads: enLeads,
  },
  sv: {
    common: svCommon,
    auth: svAuth,
    errors: svErrors,
    dashboard: svDashboard,
    settings: svSettings,
    billing: svBilling,
    leads: svLeads,
  },
};

let accountCounter = 0;

/** Creates an account through the API (fast, no UI) and returns its credentials and tokens. */
export async function registerAccount(baseURL, overrides = {}) {
  accountCounter += 1;
  const email = `e2e-${process.pid}-${Date.now()}-${accountCounter}@example.com`;
  // Each account from its own documentation address (RFC 5737), as visitors would come: the
  // per-address limits of registration and sign-in count each spec's accounts apart.
  const address = `198.51.100.${accountCounter % 250}`;
  const password = 'Booth2026x';
  const response = await fetch(new URL('/api/v1/auth/register/', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email,
      company_name: 'Booth AB',
      password,
      password_confirm: password,
      terms_accepted: true,
      ...overrides,
    }),
  });
  const body = await response.json();
  assert.equal(response.status, 201, JSON.stringify(body));
  return { email, password, address, ...body.data };
}

/**
 * Marks onboarding as skipped for `account`, for specs about other pages: a new account is
 * otherwise sent from /dashboard to /onboarding on its first visit (spec 01 §2).
 */
export async function skipOnboarding(baseURL, account) {
  const response = await fetch(new URL('/api/v1/auth/onboarding/', baseURL), {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${account.access}` },
    body: JSON.stringify({ skipped: true }),
  });
  assert.equal(response.status, 200, await response.text());
}

/**
 * Polls `check` until it answers something truthy (which is returned), for what the server does
 * after the page says so: a lead stored by a replay, a mail sent by the outbox.
 */
export async function waitUntil(check, what, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A JSON call to the API as `token`'s user (null: none); fails the spec on an error answer. */
export async function api(baseURL, method, path, token, body) {
  const response = await fetch(new URL(`/api/v1${path}`, baseURL), {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  assert.ok(response.ok, `${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

/**
 * Signs a browser context in the way the web app is after a sign-in and a reload: the server's
 * HttpOnly refresh cookie, the readable `signed_in` marker and the organisation (decision 003).
 * The app renews its in-memory access token from the cookie on its first call. The push card that
 * shows ten seconds into a session is answered "not now" beforehand, as a returning member has:
 * on a slow run it would otherwise cover the buttons a spec clicks. `{ pushPrompt: true }` keeps it.
 */
export async function signIn(context, baseURL, account, { pushPrompt = false } = {}) {
  if (!pushPrompt) {
    await context.addInitScript(() => {
      localStorage.setItem('leadcapture-push-prompt-dismissed', '2026-01-01T00:00:00.000Z');
    });
  }
  const url = new URL(baseURL);
  // A session of its own per context: refresh tokens rotate, and two contexts renewing from one
  // token would read as a stolen token and end the session of both.
  let refresh = account.refresh;
  if (account.email && account.password) {
    const response = await fetch(new URL('/api/v1/auth/login/', baseURL), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(account.address ? { 'x-forwarded-for': account.address } : {}),
      },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    const body = await response.json();
    assert.equal(response.status, 200, JSON.stringify(body));
    refresh = body.data.refresh;
  }
  const cookie = (name, value) => ({ name, value, domain: url.hostname, path: '/', sameSite: 'Lax' });
  await context.addCookies([
    {
      name: 'lc_refresh',
      value: refresh,
      domain: url.hostname,
      path: '/api/v1/auth/',
      sameSite: 'Lax',
      httpOnly: true,
      secure: true,
    },
    cookie('signed_in', '1'),
    cookie('organization_id', account.organization.id),
  ]);
}

export const ARTIFACTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');

export const viewports = {
  desktop: { viewport: { width: 1280, height: 800 } },
  // A large monitor: the form builder shows its palette beside the form (drag and drop).
  wide: { viewport: { width: 1680, height: 1050 } },
  phone: { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
};

/** The two sizes pages are looked at in: a 390x844 phone and a 1366x768 laptop. */
export const PHONE = { name: 'phone', width: 390, height: 844, phone: true };
export const LAPTOP = { name: 'desktop', width: 1366, height: 768, phone: false };
export const SIZES = [PHONE, LAPTOP];

/** A context of the given size and scheme that records page errors and console errors. */
export async function openSized(browser, baseURL, { width, height, colorScheme, phone }) {
  const context = await browser.newContext({
    baseURL,
    colorScheme,
    viewport: { width, height },
    ...(phone ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  return {
    context,
    page,
    assertNoProblems: () => assert.deepEqual(problems, [], 'the page logged errors'),
    close: () => context.close(),
  };
}

/** A plan's card on /settings/billing, by the plan's name. */
export const planCard = (page, name) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

/**
 * A page in its own context that records everything that would show up red in DevTools:
 * uncaught exceptions, console errors (CSP violations land here) and failed requests.
 */
export async function openPage(browser, baseURL, { device = 'desktop', colorScheme = 'light' } = {}) {
  const context = await browser.newContext({ baseURL, colorScheme, ...viewports[device] });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // An unknown page's document answers 404 on purpose (decision 035); Chromium logs that as a
  // failed resource, which is the status doing its job, not a problem of the page.
  const notFoundDocuments = new Set();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'document' && response.status() === 404) {
      notFoundDocuments.add(response.url());
    }
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const expected404 = / 404 /.test(message.text()) && notFoundDocuments.has(message.location().url);
    if (!expected404) problems.push(`console error: ${message.text()}`);
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

/** The whole page as `e2e/artifacts/<name>.png`; `fullPage: false` for what is on screen (a long form). */
export async function screenshot(page, name, { fullPage = true } = {}) {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage });
}

/** The text of the <dd> that belongs to the <dt> with this label. */
export function definition(scope, term) {
  return scope.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
}

/** axe (WCAG 2.x A/AA) finds no serious or critical violation on the page as it is now. */
export async function assertAccessible(page, label) {
  // A dialog or a toast still fading in has text and buttons at part opacity: axe would measure
  // their contrast mid-animation. Wait for the animations that end (not a spinner's or a
  // skeleton's), again after two frames, since a toast may mount just after the first wait began.
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => globalThis.requestAnimationFrame(() => resolve(undefined)));
    for (let round = 0; round < 5; round += 1) {
      const ending = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (round > 0 && ending.length === 0) return;
      await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
      await frame();
      await frame();
    }
  });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(
    blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    [],
    `${label} has serious accessibility violations`,
  );
}

/**
 * The mail the server wrote for `to` under DATA_DIR/mail/ (no SMTP in e2e), newest last, as
 * raw .eml text; waits up to `timeoutMs` for at least one.
 */
export async function mailsTo(dataDir, to, { timeoutMs = 10_000 } = {}) {
  const dir = path.join(dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = await readdir(dir).catch(() => []);
    const found = [];
    for (const name of names.filter((n) => n.endsWith('.eml'))) {
      const file = path.join(dir, name);
      const text = await readFile(file, 'utf8');
      if (new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(text)) {
        found.push({ text, mtime: (await stat(file)).mtimeMs });
      }
    }
    if (found.length > 0 || Date.now() > deadline) return found.sort((a, b) => a.mtime - b.mtime).map((m) => m.text);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
