/* global caches, indexedDB -- only used inside page.evaluate(), which runs in the browser */
/**
 * A kept submission the server refuses (issue 27, decision 033) in Chromium against the real
 * build: a visitor's capture page opened online, the network gone, the answers kept on the
 * device; meanwhile the team makes a question of the form required; the network back, the
 * replay gets the server's 422, and the page's fix screen shows the server's message on that
 * question; the visitor answers it and sends again: the lead is stored once, nothing is left in
 * the queue. The team's booth screen the same way: a booth lead kept offline, refused for the
 * question made required meanwhile, answered on the screen's fix card and sent once.
 */
import assert from 'node:assert/strict';
import captureEn from '../apps/web/src/capture/locales/en.json' with { type: 'json' };
import events from '../apps/web/src/locales/en/events.json' with { type: 'json' };
import eventsSv from '../apps/web/src/locales/sv/events.json' with { type: 'json' };
import { api, locales, openPage, registerAccount, screenshot, signIn, skipOnboarding, waitUntil } from './support.mjs';

const leadsOf = async (baseURL, token, eventId) =>
  (await api(baseURL, 'GET', `/leads/?event=${eventId}&page_size=100`, token)).results;

/** The entries of the device's offline queue (lib/offline-queue.ts: QUEUE_DB_NAME, QUEUE_STORE). */
const keptEntries = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const opening = indexedDB.open('leadcapture-offline');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const database = opening.result;
          const all = database.transaction('pwa-sync-queue', 'readonly').objectStore('pwa-sync-queue').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            database.close();
            resolve(all.result.map((entry) => ({ action: entry.action, state: entry.state })));
          };
        };
      }),
  );

const BADGE = { id: 'f_badge', type: 'text', label: 'Badge number', required: false };

export default async function captureFix({ browser, baseURL }) {
  const account = await registerAccount(baseURL, { company_name: 'Refusing AB' });
  await skipOnboarding(baseURL, account);
  await visitorFixes(browser, baseURL, account);
  await boothFixes(browser, baseURL, account);
}

async function visitorFixes(browser, baseURL, account) {
  const token = account.access;
  const slug = `fix-expo-${Date.now().toString(36)}`;
  const event = await api(baseURL, 'POST', '/events/', token, {
    name: 'Fix Expo',
    slug,
    status: 'active',
    form_fields: [BADGE],
  });

  const { context, page, close } = await openPage(browser, baseURL, { device: 'phone' });
  await page.goto(`/capture/${slug}`);
  await page.getByRole('heading', { level: 1, name: 'Fix Expo' }).waitFor();
  // The worker keeps the page and its form once it is active.
  await waitUntil(
    () =>
      page.evaluate(async () => {
        const cache = await caches.open('leadcapture-data-v1');
        const urls = (await cache.keys()).map((request) => new URL(request.url).pathname);
        return urls.some((u) => u.startsWith('/api/v1/public/events/'));
      }),
    'the form cached',
  );

  // No network: the visitor leaves the badge number empty (the form does not ask for it yet).
  await context.setOffline(true);
  await page.getByRole('textbox', { name: captureEn['field.first_name'] }).fill('Frida');
  await page.getByRole('textbox', { name: captureEn['field.last_name'] }).fill('Fixare');
  await page.getByRole('textbox', { name: captureEn['field.company'] }).fill('Rättelse AB');
  await page.getByRole('textbox', { name: captureEn['field.email'] }).fill('frida@example.com');
  await page.getByRole('button', { name: captureEn['form.submit'] }).click();
  await page.getByRole('heading', { name: captureEn['offline.savedTitle'] }).waitFor({ timeout: 20_000 });
  assert.deepEqual(await keptEntries(page), [{ action: 'capture', state: 'pending' }]);

  // Meanwhile the team makes the badge number required: the kept answers no longer pass.
  await api(baseURL, 'PATCH', `/events/${event.id}/`, token, { form_fields: [{ ...BADGE, required: true }] });

  // The network is back: the replay gets the 422, and the page shows what to correct.
  await context.setOffline(false);
  const fix = page.getByRole('region', { name: captureEn['fix.title'].replace('{count}', '1') });
  await fix.waitFor({ timeout: 20_000 });
  await fix.getByText(captureEn['fix.help']).waitFor();
  const entry = fix.getByRole('form', { name: 'Frida Fixare' });
  const badge = entry.getByRole('textbox', { name: BADGE.label });
  assert.equal(await badge.getAttribute('aria-invalid'), 'true');
  // The server's message on the question, in the visitor's language.
  await entry.getByText(captureEn['validation.required']).waitFor();
  assert.deepEqual(await keptEntries(page), [{ action: 'capture', state: 'needs_fix' }]);
  assert.equal((await leadsOf(baseURL, token, event.id)).length, 0);
  // "Saved - it will be sent" no longer holds: gone, with the form offered again below the fix.
  await page.getByRole('heading', { name: captureEn['offline.savedTitle'] }).waitFor({ state: 'detached' });
  await page.getByRole('button', { name: captureEn['form.submit'] }).waitFor();
  await screenshot(page, 'capture-fix-refused-phone');

  // The visitor answers it and sends again: one lead, with the answer; the queue is empty.
  await badge.fill('B-42');
  await entry.getByRole('button', { name: captureEn['fix.send'] }).click();
  await waitUntil(async () => (await leadsOf(baseURL, token, event.id)).length === 1, 'the corrected lead sent');
  await fix.waitFor({ state: 'detached', timeout: 20_000 });
  await waitUntil(async () => (await keptEntries(page)).length === 0, 'the queue emptied');
  // Sent once: the page's replay and Background Sync may both try; the key keeps it one lead.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const leads = await leadsOf(baseURL, token, event.id);
  assert.equal(leads.length, 1);
  assert.equal(leads[0].email, 'frida@example.com');
  assert.equal(leads[0].company, 'Rättelse AB');
  assert.deepEqual(leads[0].custom_fields, { f_badge: 'B-42' });
  await screenshot(page, 'capture-fix-sent-phone');
  await close();
}

async function boothFixes(browser, baseURL, account) {
  const token = account.access;
  const event = await api(baseURL, 'POST', '/events/', token, {
    name: 'Booth Fix Expo',
    slug: `booth-fix-expo-${Date.now().toString(36)}`,
    status: 'active',
    form_fields: [BADGE],
  });
  const { context, page, close } = await openPage(browser, baseURL, { device: 'phone' });
  await signIn(context, baseURL, account);
  await page.goto(`/events/${event.id}/booth`);
  await page.getByRole('heading', { level: 1, name: events.booth.title }).waitFor();
  await page.evaluate(async () => navigator.serviceWorker.ready);

  await context.setOffline(true);
  const field = (name) => page.getByRole('textbox', { name: events.booth.fields[name], exact: true });
  await field('first_name').fill('Bo');
  await field('last_name').fill('Badge');
  await field('company').fill('Scan AB');
  await field('email').fill('bo@example.com');
  await page.getByRole('button', { name: events.booth.submit }).click();
  await page.getByText(events.booth.waiting_one.replace('{{count}}', '1')).waitFor();
  await api(baseURL, 'PATCH', `/events/${event.id}/`, token, { form_fields: [{ ...BADGE, required: true }] });

  // Back online: refused, the screen says so and shows the question with the server's message.
  await context.setOffline(false);
  await page.getByRole('status').getByText(events.booth.toFixTitle_one.replace('{{count}}', '1')).waitFor({
    timeout: 20_000,
  });
  const entry = page.getByRole('form', { name: 'Bo Badge' });
  await entry.getByText(locales.en.errors.validation.required).waitFor();
  assert.deepEqual(await keptEntries(page), [{ action: 'booth', state: 'needs_fix' }]);
  assert.equal((await leadsOf(baseURL, token, event.id)).length, 0);
  await screenshot(page, 'booth-fix-refused-phone');

  // The same card in Swedish (dark): the server's message in the user's language; fixed there.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`/sv/events/${event.id}/booth`);
  await page.getByRole('heading', { level: 1, name: eventsSv.booth.title }).waitFor();
  await entry.getByText(locales.sv.errors.validation.required).waitFor();
  await screenshot(page, 'booth-fix-refused-phone-sv-dark');
  await entry.getByRole('textbox', { name: BADGE.label }).fill('B-42');
  await entry.getByRole('button', { name: eventsSv.booth.sendAgain }).click();
  await page.getByText(eventsSv.booth.allSent).waitFor({ timeout: 20_000 });
  await waitUntil(async () => (await keptEntries(page)).length === 0, 'the booth queue emptied');
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const leads = await leadsOf(baseURL, token, event.id);
  assert.equal(leads.length, 1);
  assert.equal(leads[0].source, 'booth_visit');
  assert.equal(leads[0].email, 'bo@example.com');
  assert.deepEqual(leads[0].custom_fields, { f_badge: 'B-42' });
  await close();
}
