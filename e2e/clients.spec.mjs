/**
 * Clients entered directly (spec 01 §2 /clients/form) and the list's filters: from the clients
 * list's primary button to the new client's page, checked against the API; then the list
 * filtered by industry, tag and creation date through the controls, kept in the address. The
 * form and the list in Swedish, dark, on a phone, without sideways scrolling; axe on each.
 */
import assert from 'node:assert/strict';
import enClients from '../apps/web/src/locales/en/clients.json' with { type: 'json' };
import enSettings from '../apps/web/src/locales/en/settings.json' with { type: 'json' };
import svClients from '../apps/web/src/locales/sv/clients.json' with { type: 'json' };
import { api, assertAccessible, openPage, registerAccount, screenshot, signIn, skipOnboarding } from './support.mjs';

const noSideScroll = async (page, what) => {
  const overflow = await page.evaluate(() => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth);
  assert.ok(overflow <= 0, `${what} scrolls sideways by ${overflow}px`);
};

export default async function clients({ browser, baseURL }) {
  const account = await registerAccount(baseURL);
  await skipOnboarding(baseURL, account);
  const token = account.access;
  await api(baseURL, 'POST', '/clients/', token, { company_name: 'Äldre Kund AB', industry: 'retail' });

  const team = await openPage(browser, baseURL);
  await signIn(team.context, baseURL, account);
  const page = team.page;

  // 1. New client: the list's primary button, the form, the client's page.
  await page.goto('/clients');
  await page.getByRole('link', { name: enClients.list.newClient }).click();
  await page.waitForURL(/\/clients\/form$/);
  const form = page.getByRole('form', { name: enClients.form.createTitle });
  await form.getByRole('button', { name: enClients.form.create }).click();
  // The contract's check: nothing is sent without a company name.
  await form.getByText('This field is required').waitFor();
  await form.getByRole('textbox', { name: enClients.fields.company_name }).fill('Nord Data AB');
  await form.getByLabel(enClients.fields.client_type).selectOption('startup');
  await form.getByLabel(enClients.fields.industry).selectOption({ label: enSettings.industries.technology });
  await form.getByRole('textbox', { name: enClients.fields.contact_first_name, exact: true }).fill('Nils');
  await form.getByRole('textbox', { name: enClients.fields.contact_email, exact: true }).fill('nils@norddata.example');
  await form.getByRole('textbox', { name: enClients.fields.tags }).fill('nordics');
  await form.getByRole('textbox', { name: enClients.fields.tags }).press('Enter');
  await form.getByLabel(enClients.fields.estimated_value).fill('25000');
  await assertAccessible(page, '/clients/form');
  await page.evaluate(() => globalThis.scrollTo(0, 0));
  await screenshot(page, 'client-form-desktop-light', { fullPage: false });
  await form.getByRole('button', { name: enClients.form.create }).click();

  await page.waitForURL(/\/clients\/[0-9a-f-]{36}$/);
  const clientId = page.url().split('/').at(-1);
  await page.getByRole('heading', { level: 1, name: 'Nord Data AB' }).waitFor();
  await page.getByText(enClients.form.created.replace('{{name}}', 'Nord Data AB'), { exact: true }).waitFor();
  const client = await api(baseURL, 'GET', `/clients/${clientId}/`, token);
  assert.equal(client.client_type, 'startup');
  assert.equal(client.industry, 'technology');
  assert.deepEqual(client.tags, ['nordics']);
  assert.equal(client.estimated_value, 25000);
  assert.equal(client.contact_email, 'nils@norddata.example');
  assert.equal(client.lead, null);

  // 2. The list's new filters, into the address.
  await page.getByRole('link', { name: enClients.detail.back }).click();
  await page.waitForURL(/\/clients$/);
  const table = page.getByRole('table', { name: enClients.list.tableLabel });
  await table.getByRole('link', { name: 'Äldre Kund AB' }).waitFor();
  await page.getByLabel(enClients.filters.industry).selectOption({ label: enSettings.industries.technology });
  await page.waitForURL(/industry=technology/);
  await table.getByRole('link', { name: 'Äldre Kund AB' }).waitFor({ state: 'detached' });
  await table.getByRole('link', { name: 'Nord Data AB' }).waitFor();
  await page.getByLabel(enClients.filters.industry).selectOption('');
  await page.getByRole('textbox', { name: enClients.filters.tags }).fill('NORDICS');
  await page.getByRole('textbox', { name: enClients.filters.tags }).press('Enter');
  await page.waitForURL(/tags=NORDICS/);
  await table.getByRole('link', { name: 'Äldre Kund AB' }).waitFor({ state: 'detached' });
  await page.getByRole('button', { name: /NORDICS/ }).click();
  await page.waitForURL((url) => !url.search.includes('tags='));
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel(enClients.filters.from.created).fill(today);
  await page.waitForURL(new RegExp(`from=${today}`));
  await table.getByRole('link', { name: 'Äldre Kund AB' }).waitFor();
  await page.getByLabel(enClients.filters.dateField).selectOption('converted');
  await page.waitForURL(/date=converted/);
  // Neither was converted from a lead: nothing matches a conversion range.
  await page.getByRole('heading', { name: enClients.list.noMatchesTitle }).waitFor();
  await assertAccessible(page, '/clients filtered');
  await screenshot(page, 'clients-filtered-desktop-light');
  await page.getByRole('button', { name: enClients.list.clearFilters }).click();
  await table.getByRole('link', { name: 'Nord Data AB' }).waitFor();
  team.assertNoProblems();
  await team.close();

  // 3. Swedish, dark, on a phone: the list with its filters, and the form.
  const phone = await openPage(browser, baseURL, { device: 'phone', colorScheme: 'dark' });
  await signIn(phone.context, baseURL, account);
  await phone.page.goto('/sv/clients?industry=technology');
  await phone.page
    .getByRole('list', { name: svClients.list.tableLabel })
    .getByRole('link', { name: 'Nord Data AB' })
    .waitFor();
  await noSideScroll(phone.page, 'the Swedish clients list (phone)');
  await assertAccessible(phone.page, '/sv/clients (phone, dark)');
  await screenshot(phone.page, 'clients-sv-phone-dark');
  await phone.page.getByRole('link', { name: svClients.list.newClient }).click();
  await phone.page.waitForURL(/\/sv\/clients\/form$/);
  const svForm = phone.page.getByRole('form', { name: svClients.form.createTitle });
  await svForm.getByRole('textbox', { name: svClients.fields.company_name }).waitFor();
  assert.equal(await svForm.getByLabel(svClients.fields.currency).inputValue(), 'sek');
  await noSideScroll(phone.page, 'the Swedish client form (phone)');
  await assertAccessible(phone.page, '/sv/clients/form (phone, dark)');
  // The form is long: its start, and its end with the buttons.
  await screenshot(phone.page, 'client-form-sv-phone-dark', { fullPage: false });
  await svForm.getByRole('button', { name: svClients.form.create }).scrollIntoViewIfNeeded();
  await screenshot(phone.page, 'client-form-end-sv-phone-dark', { fullPage: false });
  phone.assertNoProblems();
  await phone.close();
}
