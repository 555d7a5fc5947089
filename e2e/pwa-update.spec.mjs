/* global document, location, window -- only used inside page.evaluate(), which runs in the browser */
/**
 * A new version of the installed app (issue 27, spec 02 §4) in Chromium against the real build:
 * the pages run under the worker of the build they loaded; a new build is deployed (a new sw.js
 * and a new builds/latest.json); the app's poll of the build metadata finds it, the new worker
 * installs and waits, and the page says "A new version is ready - reload"; the button hands over
 * to the new worker and the page reloads under it.
 *
 * The server serves a copy of apps/web/dist (WEB_DIST_DIR), identical to the build until this
 * spec deploys into it; `exclusive`: it runs alone, after every other spec of the run.
 */
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { locales, openPage, registerAccount, screenshot, signIn, skipOnboarding } from './support.mjs';

export const exclusive = true;

/** How often the app reads builds/latest.json (BUILD_POLL_MS, apps/web/src/lib/pwa/register.ts). */
const BUILD_POLL_MS = 5 * 60_000;

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

export async function serverSetup() {
  const webDir = await mkdtemp(path.join(os.tmpdir(), 'leadcapture-e2e-web-'));
  await cp(WEB_DIST, webDir, { recursive: true });
  return {
    env: { WEB_DIST_DIR: webDir },
    context: { webDir },
    close: () => rm(webDir, { recursive: true, force: true }),
  };
}

/** Writes `file` and its .br/.gz twins (where the build made them), as the build would. */
async function writeBuilt(file, text) {
  const bytes = Buffer.from(text, 'utf8');
  await writeFile(file, bytes);
  for (const [suffix, compress] of [
    ['.br', brotliCompressSync],
    ['.gz', gzipSync],
  ]) {
    await writeFile(`${file}${suffix}`, compress(bytes), { flag: 'r+' }).catch(async (error) => {
      if (error.code !== 'ENOENT') throw error;
      await unlink(`${file}${suffix}`).catch(() => {});
    });
  }
}

/** Deploys a new build into the served copy: a changed worker and new build metadata. */
async function deployNewBuild(webDir) {
  const sw = path.join(webDir, 'sw.js');
  await writeBuilt(sw, `${await readFile(sw, 'utf8')}\n// e2e: the next build\n`);
  const id = `e2e-next-${Date.now().toString(36)}`;
  await writeBuilt(
    path.join(webDir, 'builds', 'latest.json'),
    JSON.stringify({ id, timestamp: new Date().toISOString() }),
  );
  return id;
}

/** The worker registration as the page sees it. */
const workerState = (page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    return {
      controller: navigator.serviceWorker.controller?.scriptURL ?? null,
      controllerState: navigator.serviceWorker.controller?.state ?? null,
      active: registration?.active?.state ?? null,
      waiting: registration?.waiting?.state ?? null,
      installing: registration?.installing?.state ?? null,
    };
  });

export default async function pwaUpdate({ browser, baseURL, webDir }) {
  assert.ok(webDir, 'serverSetup did not run');
  const account = await registerAccount(baseURL, { company_name: 'Update AB' });
  await skipOnboarding(baseURL, account);

  // Three open tabs of three people, each in its own browser: laptop and phone in English, a
  // phone in Swedish. Each runs under the worker of the build it loaded.
  const tabs = [
    { name: 'laptop-en', device: 'desktop', viewport: { width: 1366, height: 768 }, lang: 'en', path: '/dashboard' },
    { name: 'phone-en', device: 'phone', lang: 'en', path: '/dashboard' },
    { name: 'phone-sv', device: 'phone', lang: 'sv', path: '/sv/dashboard' },
  ];
  const opened = await Promise.all(
    tabs.map(async (tab) => {
      const opened = await openPage(browser, baseURL, { device: tab.device });
      if (tab.viewport) await opened.page.setViewportSize(tab.viewport);
      await signIn(opened.context, baseURL, account);
      // The clock runs as usual; the spec moves it on to the app's next poll of the build metadata.
      await opened.page.clock.install();
      await opened.page.goto(tab.path);
      await opened.page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, {
        timeout: 20_000,
      });
      return { ...tab, ...opened };
    }),
  );
  for (const tab of opened) {
    const before = await workerState(tab.page);
    assert.deepEqual(before, {
      controller: `${baseURL}/sw.js`,
      controllerState: 'activated',
      active: 'activated',
      waiting: null,
      installing: null,
    });
  }

  const buildId = await deployNewBuild(webDir);
  const served = await (await fetch(new URL('/builds/latest.json', baseURL), { cache: 'no-store' })).json();
  assert.equal(served.id, buildId);

  for (const tab of opened) {
    const { page } = tab;
    const text = locales[tab.lang].common.pwa;
    // The tab's poll of builds/latest.json comes round: it sees the new id and fetches the worker.
    await page.clock.fastForward(BUILD_POLL_MS);
    const prompt = page.getByRole('status').filter({ hasText: text.updateReady });
    await prompt.waitFor({ timeout: 20_000 });
    assert.equal((await workerState(page)).waiting, 'installed');
    await screenshot(page, `pwa-update-ready-${tab.name}`, { fullPage: false });

    // "Reload": the waiting worker takes over and the page loads again under it.
    await page.evaluate(() => {
      window.e2eBeforeUpdate = true;
    });
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    await prompt.getByRole('button', { name: text.reload }).click();
    await reloaded;
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, {
      timeout: 20_000,
    });
    const after = await page.evaluate(() => ({
      marker: window.e2eBeforeUpdate ?? null,
      path: location.pathname,
    }));
    // A new window object on the same address: the page loaded again.
    assert.deepEqual(after, { marker: null, path: tab.path });
    assert.deepEqual(await workerState(page), {
      controller: `${baseURL}/sw.js`,
      controllerState: 'activated',
      active: 'activated',
      waiting: null,
      installing: null,
    });
    // Under the new worker nothing waits any more: no prompt.
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    assert.equal(await page.getByText(text.updateReady).count(), 0);
    assert.equal(await page.evaluate(() => document.documentElement.lang), tab.lang);
  }
  for (const tab of opened) {
    tab.assertNoProblems();
    await tab.close();
  }
}
