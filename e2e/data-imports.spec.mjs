/**
 * The data centre's import (issue 26) in the browser against the built app: a CSV with one bad
 * row, its dry run listing that row's error (translated from its code), the import with its
 * counts, and the undo that takes the new leads back out.
 */
import assert from 'node:assert/strict';
import enData from '../apps/web/src/locales/en/data.json' with { type: 'json' };
import enImports from '../apps/web/src/locales/en/data-imports.json' with { type: 'json' };
import { api, openPage, registerAccount, signIn, skipOnboarding } from './support.mjs';

const stamp = Date.now();

/** Line 3 has an email that is not one; lines 2 and 4 are new leads. */
const CSV = [
  'First name,Last name,Email',
  `Ada,Lind,ada.${stamp}@example.com`,
  'Bo,Berg,not-an-email',
  `Cia,Dahl,cia.${stamp}@example.com`,
  '',
].join('\r\n');

const counts = (template, c) =>
  template
    .replace('{{created}}', String(c.created))
    .replace('{{updated}}', String(c.updated))
    .replace('{{skipped}}', String(c.skipped))
    .replace('{{failed}}', String(c.failed));

export default async function dataImports({ browser, baseURL }) {
  const account = await registerAccount(baseURL);
  await skipOnboarding(baseURL, account);
  const team = await openPage(browser, baseURL);
  await signIn(team.context, baseURL, account);
  const page = team.page;

  await page.goto('/dashboard/data?tab=imports');
  await page.getByRole('tab', { name: enData.tabs.imports, selected: true }).waitFor();
  await page.getByLabel(enImports.file.label, { exact: true }).setInputFiles({
    name: `people-${stamp}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV, 'utf8'),
  });
  const fieldFor = (column) =>
    page.getByRole('combobox', { name: enImports.mapping.fieldFor.replace('{{column}}', column) });
  await fieldFor('Email').waitFor();
  assert.equal(await fieldFor('Email').inputValue(), 'email');

  // The dry run: nothing written, the bad row listed with its field and reason.
  await page.getByRole('button', { name: enImports.actions.dryRun }).click();
  const run = page.getByRole('region', { name: enImports.run.label });
  await run.getByText(enImports.run.dryRunTitle).waitFor();
  await run.getByText(counts(enImports.run.wouldCounts, { created: 2, updated: 0, skipped: 0, failed: 1 })).waitFor({
    timeout: 15_000,
  });
  const bad = run.getByRole('row').filter({ hasText: enImports.rowErrors.invalid_email });
  assert.equal(await bad.getByRole('cell').first().textContent(), '3');
  assert.equal(await bad.getByRole('cell').nth(1).textContent(), enImports.fields.email);
  const none = await api(baseURL, 'GET', `/leads/?search=${stamp}`, account.access);
  assert.equal(none.count, 0, 'a dry run writes no lead');

  // The import: its counts, then the undo.
  await page.getByRole('button', { name: enImports.actions.import, exact: true }).click();
  await run.getByText(enImports.run.title, { exact: true }).waitFor();
  await run.getByText(counts(enImports.run.counts, { created: 2, updated: 0, skipped: 0, failed: 1 })).waitFor({
    timeout: 15_000,
  });
  const made = await api(baseURL, 'GET', `/leads/?search=${stamp}`, account.access);
  assert.equal(made.count, 2);

  await run.getByRole('button', { name: enImports.actions.undo }).click();
  await run.getByText(enImports.status.undone, { exact: true }).waitFor();
  const gone = await api(baseURL, 'GET', `/leads/?search=${stamp}`, account.access);
  assert.equal(gone.count, 0, 'the undo took the imported leads back out');

  team.assertNoProblems();
  await team.close();
}
