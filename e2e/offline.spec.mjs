/* global caches -- only used inside page.evaluate(), which runs in the browser */
/**
 * Offline capture (issue 27, docs/offline.md) in Chromium against the real build: the manifest
 * and the worker are there; a capture page visited once online opens again with no network, a
 * lead sent offline is kept ("Saved - it will be sent when you are back online") and arrives
 * exactly once when the network is back; the team's booth screen takes 20 leads offline, counts
 * them, and sends them all once online (one with an interest, set on the lead after it exists);
 * the push card's button subscribes with the browser's own pushManager, or, where the browser has
 * no push service (headless Chromium), says it failed (docs/push.md, "Limits").
 */
import assert from 'node:assert/strict';
import captureEn from '../apps/web/src/capture/locales/en.json' with { type: 'json' };
import common from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import events from '../apps/web/src/locales/en/events.json' with { type: 'json' };
import { api, openPage, registerAccount, screenshot, signIn, skipOnboarding } from './support.mjs';

async function waitFor(check, message, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${message}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function leadsOf(baseURL, token, eventId) {
  const data = await api(baseURL, 'GET', `/leads/?event=${eventId}&page_size=100`, token);
  return data.results;
}

export default async function offline({ browser, baseURL }) {
  const account = await registerAccount(baseURL, { company_name: 'Offline AB' });
  await skipOnboarding(baseURL, account);
  const token = account.access;
  const slug = `offline-expo-${Date.now().toString(36)}`;
  const event = await api(baseURL, 'POST', '/events/', token, { name: 'Offline Expo', slug, status: 'active' });

  // --- the manifest and the worker -----------------------------------------------------------
  const manifest = await fetch(new URL('/manifest.webmanifest', baseURL));
  assert.match(manifest.headers.get('content-type') ?? '', /^application\/manifest\+json/);
  const body = await manifest.json();
  assert.equal(body.display, 'standalone');
  assert.deepEqual(
    body.icons.map((icon) => icon.sizes),
    ['64x64', '192x192', '512x512', '512x512'],
  );

  // --- a visitor's capture page: one visit online, then none ---------------------------------
  {
    const { context, page, close } = await openPage(browser, baseURL, { device: 'phone' });
    await page.goto(`/capture/${slug}?src=qr`);
    await page.getByRole('heading', { level: 1, name: 'Offline Expo' }).waitFor();
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    assert.equal(scope, `${baseURL}/`);
    // The worker keeps the page and its form once it is active.
    await waitFor(
      () =>
        page.evaluate(async () => {
          const cache = await caches.open('leadcapture-data-v1');
          const urls = (await cache.keys()).map((request) => new URL(request.url).pathname);
          return (
            urls.some((u) => u.startsWith('/capture/')) && urls.some((u) => u.startsWith('/api/v1/public/events/'))
          );
        }),
      'the capture page cached',
    );

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Offline Expo' }).waitFor();
    await page.getByRole('textbox', { name: captureEn['field.first_name'] }).fill('Olle');
    await page.getByRole('textbox', { name: captureEn['field.last_name'] }).fill('Offline');
    await page.getByRole('textbox', { name: captureEn['field.company'] }).fill('No Wifi AB');
    await page.getByRole('textbox', { name: captureEn['field.email'] }).fill('olle@example.com');
    await page.getByRole('button', { name: captureEn['form.submit'] }).click();
    await page.getByRole('heading', { name: captureEn['offline.savedTitle'] }).waitFor({ timeout: 20_000 });
    await page.getByText(captureEn['offline.saved']).waitFor();
    await screenshot(page, 'offline-capture-saved-phone');
    assert.equal((await leadsOf(baseURL, token, event.id)).length, 0);

    await context.setOffline(false);
    await waitFor(async () => (await leadsOf(baseURL, token, event.id)).length === 1, 'the kept lead sent');
    // Sent once: the page's `online` and Background Sync may both try; the key keeps it one lead.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const leads = await leadsOf(baseURL, token, event.id);
    assert.equal(leads.length, 1);
    assert.equal(leads[0].email, 'olle@example.com');
    await close();
  }

  // --- the booth screen: 20 leads offline, then online ---------------------------------------
  {
    const { context, page, close } = await openPage(browser, baseURL, { device: 'phone' });
    await page.setViewportSize({ width: 390, height: 844 });
    // The push card (10 s into a session) would cover the form during 20 leads: answered beforehand.
    await signIn(context, baseURL, account);
    await page.goto(`/events/${event.id}/booth?first_name=Bo&last_name=Badge&company=Scan%20AB&email=bo%40example.com`);
    await page.getByRole('heading', { level: 1, name: events.booth.title }).waitFor();
    assert.equal(await page.getByRole('textbox', { name: events.booth.fields.first_name }).inputValue(), 'Bo');
    await page.evaluate(async () => navigator.serviceWorker.ready);
    await context.setOffline(true);
    // A busy hour at the booth with no network: 20 leads, the first one hot.
    const names = [['Bo', 'Badge'], ...Array.from({ length: 19 }, (_, i) => [`Guest${i + 2}`, `Visitor${i + 2}`])];
    const field = (name) => page.getByRole('textbox', { name: events.booth.fields[name] });
    for (const [index, [first, last]] of names.entries()) {
      await field('first_name').fill(first);
      await field('last_name').fill(last);
      await field('company').fill('Scan AB');
      await field('email').fill(`${first.toLowerCase()}@example.com`);
      if (index === 0) await page.getByText(events.booth.interest.hot, { exact: true }).click();
      await page.getByRole('button', { name: events.booth.submit }).click();
      await page.getByText(new RegExp(`^${first} ${last} `)).waitFor();
    }
    await page.getByText(events.booth.waiting_other.replace('{{count}}', String(names.length))).waitFor();
    await screenshot(page, 'booth-offline-phone');
    await context.setOffline(false);
    await page.getByText(events.booth.allSent).waitFor({ timeout: 40_000 });
    // The waiting count is gone (0), and the server has each booth lead exactly once.
    assert.equal(await page.getByText(/leads? waits? to be sent/).count(), 0);
    const leads = await leadsOf(baseURL, token, event.id);
    const booth = leads.filter((lead) => lead.source === 'booth_visit');
    assert.equal(booth.length, 20);
    assert.equal(leads.length, 21); // and the visitor's lead from the capture page
    assert.deepEqual(new Set(booth.map((lead) => lead.email)).size, 20);
    const bo = booth.find((lead) => lead.first_name === 'Bo');
    assert.equal(bo?.interest, 'hot');
    assert.equal(booth.filter((lead) => lead.interest === 'hot').length, 1);

    await close();
  }

  // --- the push card and the browser's own pushManager ----------------------------------------
  {
    const { context, page, close } = await openPage(browser, baseURL, { device: 'phone' });
    await signIn(context, baseURL, account, { pushPrompt: true });
    // The push card: 10 s after the shell starts, never a bare browser prompt at load.
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: common.pwa.push.title }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: common.pwa.push.allow }).waitFor();
    await screenshot(page, 'push-prompt-phone', { fullPage: false });

    // The card's button with the browser's own pushManager against the server (docs/push.md,
    // "Limits"): both permissions granted, notifications and push (CDP, userVisibleOnly).
    await context.grantPermissions(['notifications'], { origin: baseURL });
    const cdp = await browser.newBrowserCDPSession();
    await cdp.send('Browser.setPermission', {
      origin: baseURL,
      permission: { name: 'push', userVisibleOnly: true },
      setting: 'granted',
    });
    await cdp.detach();
    const posted = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/push/subscribe/') {
        posted.push(request);
      }
    });
    await page.getByRole('button', { name: common.pwa.push.allow }).click();
    const outcome = await Promise.race([
      page
        .getByRole('heading', { name: common.pwa.push.title })
        .waitFor({ state: 'detached', timeout: 30_000 })
        .then(() => 'subscribed'),
      page
        .getByText(common.pwa.push.failed)
        .waitFor({ timeout: 30_000 })
        .then(() => 'failed'),
    ]);
    // What the browser itself says: its subscription, or the error of subscribing as the card does.
    const browserSide = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const existing = await registration.pushManager.getSubscription();
      if (existing) return { subscription: existing.toJSON() };
      const response = await fetch('/api/v1/push/vapid-public-key/');
      const key = (await response.json()).data.public_key;
      const base64 = key
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(key.length / 4) * 4, '=');
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      try {
        await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes });
        return { error: 'subscribed on a second try only' };
      } catch (error) {
        return { error: `${error.name}: ${error.message}` };
      }
    });
    if (outcome === 'subscribed') {
      // A browser with a reachable push service: the server keeps this very endpoint for this user
      // (DELETE answers 404 for an endpoint it does not hold for the caller).
      assert.ok(browserSide.subscription, JSON.stringify(browserSide));
      assert.equal(posted.length, 1);
      await api(baseURL, 'DELETE', '/push/subscribe/', token, { endpoint: browserSide.subscription.endpoint });
    } else {
      // Headless Chromium has no push service: subscribe() rejects, the card says so in the
      // user's language and leaves the button to try again; nothing reached the server.
      assert.equal(browserSide.error, 'AbortError: Registration failed - permission denied');
      assert.equal(posted.length, 0);
      await page.getByRole('button', { name: common.pwa.push.allow }).waitFor();
      await screenshot(page, 'push-failed-phone', { fullPage: false });
    }
    await close();
  }
}
