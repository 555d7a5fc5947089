/**
 * Issue 4's journey through the UI: a member creates an event with a custom question in the form
 * builder, a visitor opens its capture page on a phone (arriving by the QR code), submits, and
 * the lead shows on the event page and in the Lobby. axe on the events pages.
 */
import assert from 'node:assert/strict';
import enBuilder from '../apps/web/src/locales/en/builder.json' with { type: 'json' };
import enDashboard from '../apps/web/src/locales/en/dashboard.json' with { type: 'json' };
import enEvents from '../apps/web/src/locales/en/events.json' with { type: 'json' };
import enCapture from '../apps/web/src/capture/locales/en.json' with { type: 'json' };
import { assertAccessible, openPage, registerAccount, screenshot, signIn, skipOnboarding } from './support.mjs';

export default async function events({ browser, baseURL }) {
  const account = await registerAccount(baseURL);
  await skipOnboarding(baseURL, account);
  const eventName = `Nordic Expo ${Date.now()}`;

  // 1. Create the event in the UI, adding one custom question with the builder.
  const team = await openPage(browser, baseURL);
  await signIn(team.context, baseURL, account);
  const page = team.page;
  await page.goto('/events');
  await page.getByRole('heading', { level: 2, name: enEvents.list.emptyTitle }).waitFor();
  await assertAccessible(page, '/events (empty)');
  await page.getByRole('link', { name: enEvents.list.create }).first().click();
  await page.getByRole('heading', { level: 1, name: enEvents.form.createTitle }).waitFor();
  await page.getByLabel(enEvents.form.fields.name).fill(eventName);
  await page.getByLabel(enEvents.form.fields.location).fill('Stockholmsmässan');
  // A narrow builder keeps its palette in a dialog behind "Add field".
  const openPalette = page.getByRole('button', { name: enBuilder.palette.open, exact: true });
  if (await openPalette.isVisible()) await openPalette.click();
  await page.getByRole('button', { name: enBuilder.types.text, exact: true }).first().click();
  await screenshot(page, 'event-form-builder-desktop-light');
  const label = page.getByRole('textbox', { name: new RegExp(`^${enBuilder.properties.label}`) });
  await label.fill('Which product interests you?');
  await assertAccessible(page, '/events/form');
  await screenshot(page, 'event-form-desktop-light');
  await page.getByRole('button', { name: enEvents.form.create, exact: true }).click();
  await page.waitForURL(/\/events\/[0-9a-f-]{36}$/);
  const eventId = page.url().split('/').at(-1);
  await page.getByRole('heading', { level: 1, name: eventName }).waitFor();

  const response = await fetch(new URL(`/api/v1/events/${eventId}/`, baseURL), {
    headers: { authorization: `Bearer ${account.access}` },
  });
  const event = (await response.json()).data;
  assert.equal(event.status, 'active');
  assert.equal(event.form_fields.length, 1);
  assert.equal(event.form_fields[0].label, 'Which product interests you?');

  // 2. A visitor scans the QR code: the capture page on a phone.
  const visitor = await openPage(browser, baseURL, { device: 'phone' });
  await visitor.page.goto(`/capture/${event.slug}?src=qr`);
  await visitor.page.getByRole('heading', { level: 1, name: eventName }).waitFor();
  await visitor.page.getByLabel(enCapture['field.first_name']).fill('Vera');
  await visitor.page.getByLabel(enCapture['field.last_name']).fill('Berg');
  await visitor.page.getByLabel(enCapture['field.company']).fill('Berg AB');
  await visitor.page.getByLabel(enCapture['field.email']).fill('vera.berg@example.com');
  await visitor.page.getByLabel('Which product interests you?').fill('Badge scanners');
  await visitor.page.getByRole('button', { name: enCapture['form.submit'] }).click();
  await visitor.page.getByRole('heading', { name: enCapture['thanks.title'] }).waitFor();
  await screenshot(visitor.page, 'event-capture-thanks-phone');
  visitor.assertNoProblems();
  await visitor.close();

  // 3. The lead is on the event page and in the Lobby.
  await page.goto(`/events/${eventId}?tab=leads`);
  await page.getByText('vera.berg@example.com').first().waitFor();
  await assertAccessible(page, '/events/{id}?tab=leads');
  await screenshot(page, 'event-detail-leads-desktop-light');
  await page.goto('/dashboard');
  await page.getByRole('heading', { name: enDashboard.recentLeads.title }).waitFor();
  await page.getByText('Vera Berg').waitFor();
  await assertAccessible(page, '/dashboard');
  await screenshot(page, 'lobby-with-lead-desktop-light');
  team.assertNoProblems();
  await team.close();

  // 4. The same pages on a phone in dark mode.
  const phone = await openPage(browser, baseURL, { device: 'phone', colorScheme: 'dark' });
  await signIn(phone.context, baseURL, account);
  await phone.page.goto('/sv/events');
  await phone.page.getByRole('link', { name: eventName }).filter({ visible: true }).waitFor();
  await assertAccessible(phone.page, '/sv/events (phone, dark)');
  await screenshot(phone.page, 'events-sv-phone-dark');
  await phone.page.goto('/sv/dashboard');
  await phone.page.getByText('Vera Berg').waitFor();
  await screenshot(phone.page, 'lobby-sv-phone-dark');
  phone.assertNoProblems();
  await phone.close();
}
