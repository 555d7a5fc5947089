/* global document, window -- used inside page.evaluate(), which runs in the browser */
/**
 * The booth on a phone (issue 27 leftovers, docs/offline.md): the booth screen reloaded with no
 * network opens from the worker's cache with the last known user and event, takes a lead, and
 * sends it exactly once when the network is back; every tap target of the booth screens is at
 * least 44 x 44 px at 390 x 844.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import dashboard from '../apps/web/src/locales/en/dashboard.json' with { type: 'json' };
import events from '../apps/web/src/locales/en/events.json' with { type: 'json' };
import errorsEn from '../apps/web/src/locales/en/errors.json' with { type: 'json' };
import leadsEn from '../apps/web/src/locales/en/leads.json' with { type: 'json' };
import { api, openPage, registerAccount, screenshot, signIn, skipOnboarding, waitUntil } from './support.mjs';
import { writeQrVideo } from './fake-camera.mjs';
import { smallTapTargets } from './tap-targets.mjs';

const VCARD = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'N:Scan;Sara;;;',
  'FN:Sara Scan',
  'ORG:Badge AB',
  'EMAIL:sara@badge.example.com',
  'TEL:+46701112233',
  'END:VCARD',
].join('\r\n');

/**
 * Scan QR with a camera that films a visitor's vCard badge: a browser of its own, since the fake
 * camera is a launch flag (the shared browser has none).
 */
async function scanJourney(baseURL, account, token, event) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lc-camera-'));
  const video = path.join(dir, 'badge.y4m');
  await writeQrVideo(video, VCARD);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
    await context.grantPermissions(['camera'], { origin: baseURL });
    await signIn(context, baseURL, account);
    const page = await context.newPage();
    await page.goto('/scan');
    await page.getByRole('button', { name: dashboard.scan.start }).click();
    // The code read, the booth form of the one live event opens, prefilled from the vCard.
    await page.waitForURL(new RegExp(`/events/${event.id}/booth\\?`), { timeout: 45_000 });
    const field = (name) => page.getByRole('textbox', { name: events.booth.fields[name] });
    assert.equal(await field('first_name').inputValue(), 'Sara');
    assert.equal(await field('last_name').inputValue(), 'Scan');
    assert.equal(await field('company').inputValue(), 'Badge AB');
    assert.equal(await field('email').inputValue(), 'sara@badge.example.com');
    assert.equal(await field('phone').inputValue(), '+46701112233');
    await page.getByRole('button', { name: events.booth.submit }).click();
    await page.getByText(events.booth.allSent).waitFor();
    // "Every lead is sent" also reads before the send: the lead is looked for until it is stored.
    const sara = await waitUntil(
      async () => (await leadsOf(baseURL, token, event.id)).find((lead) => lead.email === 'sara@badge.example.com'),
      'the scanned lead stored',
    );
    assert.equal(
      `${sara?.first_name} ${sara?.last_name} ${sara?.company} ${sara?.source}`,
      'Sara Scan Badge AB booth_visit',
    );
    await context.close();
  } finally {
    await browser.close();
    await rm(dir, { recursive: true, force: true });
  }
}

const PHONE = { width: 390, height: 844 };

async function leadsOf(baseURL, token, eventId) {
  const data = await api(baseURL, 'GET', `/leads/?event=${eventId}&page_size=100`, token);
  return data.results;
}

export default async function boothPhone({ browser, baseURL }) {
  const account = await registerAccount(baseURL, { company_name: 'Booth Phone AB' });
  await skipOnboarding(baseURL, account);
  const token = account.access;
  const slug = `booth-phone-${Date.now().toString(36)}`;
  const event = await api(baseURL, 'POST', '/events/', token, { name: 'Phone Expo', slug, status: 'active' });

  const { context, page, close } = await openPage(browser, baseURL, { device: 'phone' });
  await page.setViewportSize(PHONE);
  await signIn(context, baseURL, account);

  // --- the booth screen reloaded with no network --------------------------------------------
  const booth = `/events/${event.id}/booth`;
  await page.goto(booth);
  await page.getByRole('heading', { level: 1, name: events.booth.title }).waitFor();
  await page.getByRole('link', { name: 'Phone Expo' }).waitFor();
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: events.booth.title }).waitFor();
  // The event as last seen (its name), not the "could not load" page; still signed in.
  await page.getByRole('link', { name: 'Phone Expo' }).waitFor();
  const field = (name) => page.getByRole('textbox', { name: events.booth.fields[name] });
  await field('first_name').fill('Rita');
  await field('last_name').fill('Reload');
  await field('company').fill('No Wifi AB');
  // The capture route's own rules, checked at once: an address is required and must be one.
  await field('email').fill('rita@');
  await page.getByRole('button', { name: events.booth.submit }).click();
  await page.getByText(errorsEn.validation.email).waitFor();
  await field('email').fill('rita@example.com');
  await page.getByRole('button', { name: events.booth.submit }).click();
  await page.getByText(events.booth.waiting_one.replace('{{count}}', '1')).waitFor();
  await screenshot(page, 'booth-offline-reload-phone', { fullPage: false });
  assert.equal((await leadsOf(baseURL, token, event.id)).length, 0);

  await context.setOffline(false);
  await page.getByText(events.booth.allSent).waitFor({ timeout: 40_000 });
  await screenshot(page, 'booth-back-online-phone');
  // Exactly once: `online`, the 30 s timer and Background Sync may all try; the key keeps it one.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const leads = await leadsOf(baseURL, token, event.id);
  assert.deepEqual(
    leads.map((lead) => `${lead.first_name} ${lead.last_name} ${lead.source}`),
    ['Rita Reload booth_visit'],
  );

  // --- phone-first: contact first, 44 px targets, no sideways scroll --------------------------
  const lead = await api(baseURL, 'POST', '/leads/', token, {
    first_name: 'Tove',
    last_name: 'Thumb',
    company: 'Touch AB',
    email: 'tove@touch.example.com',
    phone: '+46 70 123 45 67',
    event: event.id,
  });
  const assertPhoneReady = async (label) => {
    assert.deepEqual(await smallTapTargets(page), [], `tap targets under 44 px on ${label}`);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(sideways <= 0, `${label} scrolls sideways by ${sideways} px`);
  };
  await page.goto('/leads');
  await page.getByRole('link', { name: 'Tove Thumb' }).waitFor();
  // The filters fold behind one button on a phone.
  const filters = page.getByRole('group', { name: leadsEn.filters.label });
  assert.equal(await filters.isVisible(), false);
  await assertPhoneReady('the leads list');
  await page.getByRole('button', { name: leadsEn.filters.toggle }).click();
  await filters.getByRole('button', { name: leadsEn.filters.status }).waitFor();
  await assertPhoneReady('the leads list with its filters open');
  await screenshot(page, 'leads-filters-open-phone', { fullPage: false });

  await page.goto(`/leads/${lead.id}`);
  const call = page.getByRole('link', { name: leadsEn.detail.contact.call.replace('{{phone}}', '+46 70 123 45 67') });
  await call.waitFor();
  assert.equal(await call.getAttribute('href'), 'tel:+46701234567');
  assert.equal(
    await page
      .getByRole('link', { name: leadsEn.detail.contact.whatsappLabel.replace('{{phone}}', '+46 70 123 45 67') })
      .getAttribute('href'),
    'https://wa.me/46701234567',
  );
  // Contact before status and score: the call action is above the status badge on screen.
  const callTop = (await call.boundingBox()).y;
  const statusTop = (await page.getByRole('button', { name: /^Score / }).boundingBox()).y;
  assert.ok(callTop < statusTop, 'the contact comes before the status and score');
  await assertPhoneReady('the lead page');
  await screenshot(page, 'lead-detail-phone', { fullPage: false });

  await page.goto(booth);
  await page.getByRole('heading', { level: 1, name: events.booth.title }).waitFor();
  await assertPhoneReady('the booth screen');
  await page.goto(`/capture/${slug}`);
  await page.getByRole('heading', { level: 1, name: 'Phone Expo' }).waitFor();
  await assertPhoneReady('the capture page');
  await close();

  // --- Scan QR: a vCard badge in front of the camera ------------------------------------------
  await scanJourney(baseURL, account, token, event);
}
