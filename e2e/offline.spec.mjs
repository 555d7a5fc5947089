/* global caches -- only used inside page.evaluate(), which runs in the browser */
/**
 * Offline capture (issue 27, docs/offline.md) in Chromium against the real build: the manifest
 * and the worker are there; a capture page visited once online opens again with no network, a
 * lead sent offline is kept ("Saved - it will be sent when you are back online") and arrives
 * exactly once when the network is back; the team's booth screen takes 3 leads offline, counts
 * them, and sends them all once online (one with an interest, set on the lead after it exists).
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

  // --- the booth screen: 3 leads offline, then online ---------------------------------------
  {
    const { context, page, close } = await openPage(browser, baseURL, { device: 'phone' });
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(context, baseURL, account);
    await page.goto(`/events/${event.id}/booth?first_name=Bo&last_name=Badge&company=Scan%20AB&email=bo%40example.com`);
    await page.getByRole('heading', { level: 1, name: events.booth.title }).waitFor();
    assert.equal(await page.getByRole('textbox', { name: events.booth.fields.first_name }).inputValue(), 'Bo');
    await page.evaluate(async () => navigator.serviceWorker.ready);
    await context.setOffline(true);
    const names = [
      ['Bo', 'Badge'],
      ['Cecilia', 'Card'],
      ['Dan', 'Desk'],
    ];
    for (const [index, [first, last]] of names.entries()) {
      const field = (name) => page.getByRole('textbox', { name: events.booth.fields[name] });
      await field('first_name').fill(first);
      await field('last_name').fill(last);
      await field('company').fill('Scan AB');
      await field('email').fill(`${first.toLowerCase()}@example.com`);
      if (index === 0) await page.getByText(events.booth.interest.hot, { exact: true }).click();
      await page.getByRole('button', { name: events.booth.submit }).click();
      await page.getByText(new RegExp(`^${first} ${last} `)).waitFor();
    }
    await page.getByText(events.booth.waiting_other.replace('{{count}}', '3')).waitFor();
    await screenshot(page, 'booth-offline-phone');
    await context.setOffline(false);
    await page.getByText(events.booth.allSent).waitFor({ timeout: 40_000 });
    const leads = await leadsOf(baseURL, token, event.id);
    assert.equal(leads.length, 4);
    const bo = leads.find((lead) => lead.first_name === 'Bo');
    assert.equal(bo?.interest, 'hot');
    assert.equal(bo?.source, 'booth_visit');

    // The push card: 10 s after the shell starts, never a bare browser prompt at load.
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: common.pwa.push.title }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: common.pwa.push.allow }).waitFor();
    await screenshot(page, 'push-prompt-phone', { fullPage: false });
    await close();
  }
}
