/**
 * The bulk centre from the leads list (issue 26 point 4): the whole page chosen, then "all N
 * matching this filter", a status change confirmed with the number of leads, the job's progress
 * in the bar until it is done, the list read again with the new status, and the job in the data
 * page's Bulk tab with its link back to the leads.
 */
import assert from 'node:assert/strict';
import enData from '../apps/web/src/locales/en/data.json' with { type: 'json' };
import enDataImports from '../apps/web/src/locales/en/data-imports.json' with { type: 'json' };
import { api, openPage, registerAccount, signIn, skipOnboarding } from './support.mjs';

const stamp = Date.now();
const company = `Bulkbolaget ${stamp}`;
// More than a page (25), so "all matching" means more than the page shows.
const LEADS = 27;

export default async function dataBulk({ browser, baseURL }) {
  const account = await registerAccount(baseURL);
  await skipOnboarding(baseURL, account);
  const token = account.access;
  for (let i = 0; i < LEADS; i += 8) {
    await Promise.all(
      Array.from({ length: Math.min(8, LEADS - i) }, (_, k) =>
        api(baseURL, 'POST', '/leads/', token, {
          first_name: `Bulk${i + k}`,
          last_name: 'Lead',
          email: `bulk.${i + k}.${stamp}@example.com`,
          company,
        }),
      ),
    );
  }
  await api(baseURL, 'POST', '/leads/', token, {
    first_name: 'Other',
    last_name: 'Lead',
    email: `other.${stamp}@example.com`,
    company: 'Annat AB',
  });

  const team = await openPage(browser, baseURL);
  await signIn(team.context, baseURL, account);
  const page = team.page;
  await page.goto(`/leads?search=${encodeURIComponent(company)}`);
  const table = page.getByRole('table', { name: 'Leads' });
  await table.getByRole('checkbox', { name: 'Select all leads on this page' }).check();
  await page.getByRole('button', { name: `Select all ${LEADS} leads matching this filter` }).click();
  const bar = page.getByRole('region', { name: 'Actions for the selected leads' });
  await bar.getByText(`All ${LEADS} matching leads selected`).waitFor();
  await bar.getByRole('button', { name: 'Change status' }).click();
  const dialog = page.getByRole('dialog', { name: `Change the status of ${LEADS} leads` });
  await dialog.getByLabel(/New status/).selectOption('qualified');
  await dialog.getByRole('button', { name: 'Change status' }).click();

  // The job runs in the background; the bar follows it, then the list is read again.
  await page.getByText(`${LEADS} leads updated`, { exact: true }).waitFor({ timeout: 20_000 });
  await bar.waitFor({ state: 'detached' });
  const statuses = await table.getByRole('row').filter({ hasText: company }).allInnerTexts();
  assert.equal(statuses.length, 25);
  for (const row of statuses) assert.match(row, /Qualified/);
  const check = await api(baseURL, 'GET', `/leads/?search=${encodeURIComponent(company)}&status=qualified`, token);
  assert.equal(check.count, LEADS);
  const other = await api(baseURL, 'GET', `/leads/?search=Annat&status=new`, token);
  assert.equal(other.count, 1);

  // The data page's Bulk tab has the job, done, and leads back to the list.
  await page.goto('/dashboard/data?tab=bulk');
  const jobs = page.getByRole('tabpanel', { name: enData.tabs.bulk });
  const job = jobs.getByRole('listitem').first();
  await job.getByText(enDataImports.bulk.actions.status, { exact: true }).waitFor();
  await job.getByText(enDataImports.bulk.status.done, { exact: true }).waitFor();
  await job.getByRole('link', { name: enDataImports.bulk.openLeads }).click();
  await page.waitForURL(/\/leads$/);
  await team.context.close();
}
