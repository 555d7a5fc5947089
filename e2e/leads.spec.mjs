/**
 * The leads journey (spec 01 §2 "Leads list … Lead detail"): leads seeded through the API (two
 * visitors captured at an event, one added by hand), then in the browser: the list filtered in
 * the address bar and by the filter menus, a lead opened, a note added, and its status changed
 * with a note, then converted to a client from its page, and the client found on /clients and
 * its profile. Checked on the page and against the API; axe on the list, the lead page, /clients
 * and the client's page, and the lists and the profile on a phone (390 px) in Swedish.
 */
import assert from 'node:assert/strict';
import enClients from '../apps/web/src/locales/en/clients.json' with { type: 'json' };
import enLeads from '../apps/web/src/locales/en/leads.json' with { type: 'json' };
import svClients from '../apps/web/src/locales/sv/clients.json' with { type: 'json' };
import svLeads from '../apps/web/src/locales/sv/leads.json' with { type: 'json' };
import { api, assertAccessible, openPage, registerAccount, screenshot, signIn, skipOnboarding } from './support.mjs';

/** A visitor's capture through the public API, as the capture page sends it. */
async function capture(baseURL, slug, visitor) {
  const result = await api(baseURL, 'POST', `/public/events/${slug}/leads/`, null, {
    source: 'qr_scan',
    // The honeypot (HONEYPOT_FIELD), sent empty as the page does.
    website_url: '',
    ...visitor,
  });
  assert.equal(result.status, 'received');
  return result.id;
}

export default async function leads({ browser, baseURL }) {
  const account = await registerAccount(baseURL);
  await skipOnboarding(baseURL, account);
  const token = account.access;

  // 1. Seed: an event with two captured leads, and one lead added by hand.
  const event = await api(baseURL, 'POST', '/events/', token, {
    name: `Leads Expo ${Date.now()}`,
    status: 'active',
    location: 'Älvsjö',
  });
  const veraId = await capture(baseURL, event.slug, {
    first_name: 'Vera',
    last_name: 'Berg',
    email: `vera.berg.${Date.now()}@example.com`,
    company: 'Berg AB',
  });
  await capture(baseURL, event.slug, {
    first_name: 'Olle',
    last_name: 'Ek',
    email: `olle.ek.${Date.now()}@example.com`,
    company: 'Ek & Son',
  });
  const manual = await api(baseURL, 'POST', '/leads/', token, {
    first_name: 'Maja',
    last_name: 'Lind',
    company: 'Lind Konsult',
    source: 'referral',
    status: 'contacted',
    interest: 'hot',
    tags: ['partner'],
  });
  assert.equal(manual.status, 'contacted');

  // 2. The list, filtered from the address bar: only contacted leads.
  const team = await openPage(browser, baseURL);
  await signIn(team.context, baseURL, account);
  const page = team.page;
  await page.goto('/leads?status=contacted');
  const table = page.getByRole('table', { name: enLeads.list.tableLabel });
  await table.getByRole('link', { name: 'Maja Lind' }).waitFor();
  assert.equal(await table.getByRole('link', { name: 'Vera Berg' }).count(), 0);
  await assertAccessible(page, '/leads?status=contacted');
  await screenshot(page, 'leads-filtered-desktop-light');

  // Then with the menus: every status again, only leads from the event's QR code, searched by name.
  await page.getByRole('button', { name: enLeads.filters.clearAll }).click();
  await page.getByRole('button', { name: enLeads.filters.source, exact: true }).click();
  await page.getByRole('menuitemcheckbox', { name: 'QR scan' }).click();
  await page.keyboard.press('Escape');
  await page.waitForURL(/source=qr_scan/);
  // The previous page stays on screen while the filtered one loads: wait for the manual lead to go.
  await table.getByRole('link', { name: 'Maja Lind' }).waitFor({ state: 'detached' });
  await table.getByRole('link', { name: 'Olle Ek' }).waitFor();
  await page.getByRole('searchbox', { name: enLeads.list.search }).fill('berg');
  await page.waitForURL(/search=berg/);
  await table.getByRole('link', { name: 'Olle Ek' }).waitFor({ state: 'detached' });

  // 3. Open the lead.
  await table.getByRole('link', { name: 'Vera Berg' }).click();
  await page.waitForURL(new RegExp(`/leads/${veraId}$`));
  await page.getByRole('heading', { level: 1, name: 'Vera Berg' }).waitFor();
  await page.getByRole('list', { name: enLeads.timeline.title }).waitFor();

  // 4. Add a note.
  await page.getByLabel(enLeads.notes.addLabel).fill('Wants a demo of the badge scanner in March.');
  await page.getByRole('button', { name: enLeads.notes.add, exact: true }).click();
  await page
    .getByRole('list', { name: enLeads.notes.title })
    .getByText('Wants a demo of the badge scanner in March.')
    .waitFor();

  // 5. Change the status, with a note for the timeline.
  await page.getByRole('button', { name: enLeads.statusChange.button }).click();
  await page.getByRole('menuitemradio', { name: enLeads.status.qualified, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(enLeads.statusChange.note).fill('Budget confirmed at the booth.');
  await dialog.getByRole('button', { name: enLeads.statusChange.confirm }).click();
  const activity = page.getByRole('list', { name: enLeads.timeline.title });
  await activity
    .getByText(
      enLeads.timeline.statusChanged
        .replace('{{from}}', enLeads.status.new)
        .replace('{{to}}', enLeads.status.qualified),
    )
    .waitFor();
  await activity.getByText('Budget confirmed at the booth.').waitFor();
  await assertAccessible(page, '/leads/{id}');
  await screenshot(page, 'lead-detail-desktop-light');

  assert.equal((await api(baseURL, 'GET', `/leads/${veraId}/`, token)).status, 'qualified');

  // 6. Convert the lead to a client from its page, then find the client on /clients.
  await page.getByRole('button', { name: enClients.convert.button }).click();
  const convert = page.getByRole('dialog', { name: enClients.convert.title });
  await convert.getByLabel(enClients.fields.client_type).selectOption('enterprise');
  await convert.getByLabel(enClients.fields.estimated_value).fill('12000');
  await convert.getByRole('button', { name: enClients.convert.submit, exact: true }).click();
  await page.waitForURL(/\/clients\/[0-9a-f-]{36}$/);
  const clientId = page.url().split('/').at(-1);
  await page.getByRole('heading', { level: 1, name: 'Berg AB' }).waitFor();
  await page.getByRole('link', { name: enClients.detail.openLead }).waitFor();
  await assertAccessible(page, '/clients/{id}');
  await screenshot(page, 'client-detail-desktop-light');

  const lead = await api(baseURL, 'GET', `/leads/${veraId}/`, token);
  assert.equal(lead.status, 'converted');
  assert.equal(lead.client, clientId);
  const client = await api(baseURL, 'GET', `/clients/${clientId}/`, token);
  assert.equal(client.lead, veraId);
  assert.equal(client.client_type, 'enterprise');
  assert.equal(client.estimated_value, 12000);
  assert.equal(client.contact_first_name, 'Vera');

  await page.getByRole('link', { name: enClients.detail.back }).click();
  await page.waitForURL(/\/clients$/);
  const clients = page.getByRole('table', { name: enClients.list.tableLabel });
  await clients.getByRole('link', { name: 'Berg AB' }).waitFor();
  await page.getByRole('heading', { name: enClients.stats.title }).waitFor();
  await assertAccessible(page, '/clients');
  await screenshot(page, 'clients-desktop-light');

  const notes = await api(baseURL, 'GET', `/leads/${veraId}/notes/`, token);
  assert.deepEqual(
    notes.results.map((n) => n.body),
    ['Wants a demo of the badge scanner in March.'],
  );
  team.assertNoProblems();
  await team.close();

  // 7. The lists on a phone, in Swedish: cards instead of the table.
  const phone = await openPage(browser, baseURL, { device: 'phone' });
  await phone.page.setViewportSize({ width: 390, height: 844 });
  await signIn(phone.context, baseURL, account);
  await phone.page.goto('/sv/leads?status=converted');
  const cards = phone.page.getByRole('list', { name: svLeads.list.tableLabel });
  await cards.getByRole('link', { name: 'Vera Berg' }).waitFor();
  const overflow = await phone.page.evaluate(
    () => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth,
  );
  assert.ok(overflow <= 0, `the phone list scrolls sideways by ${overflow}px`);
  await assertAccessible(phone.page, '/sv/leads (phone)');
  await screenshot(phone.page, 'leads-sv-phone-light');

  await phone.page.goto('/sv/clients');
  const clientCards = phone.page.getByRole('list', { name: svClients.list.tableLabel });
  await clientCards.getByRole('link', { name: 'Berg AB' }).waitFor();
  const clientsOverflow = await phone.page.evaluate(
    () => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth,
  );
  assert.ok(clientsOverflow <= 0, `the phone clients list scrolls sideways by ${clientsOverflow}px`);
  await assertAccessible(phone.page, '/sv/clients (phone)');
  await screenshot(phone.page, 'clients-sv-phone-light');

  await clientCards.getByRole('link', { name: 'Berg AB' }).click();
  await phone.page.getByRole('heading', { level: 2, name: svClients.detail.sections.financial }).waitFor();
  const profileOverflow = await phone.page.evaluate(
    () => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth,
  );
  assert.ok(profileOverflow <= 0, `the phone client profile scrolls sideways by ${profileOverflow}px`);
  await assertAccessible(phone.page, '/sv/clients/{id} (phone)');
  await screenshot(phone.page, 'client-detail-sv-phone-light');
  phone.assertNoProblems();
  await phone.close();
}
