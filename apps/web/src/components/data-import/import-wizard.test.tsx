import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resetApiClient } from '../../lib/api-client.ts';
import { fakeServer, ok } from '../../test/fake-server.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { ImportWizard } from './import-wizard.tsx';

const importId = '00000000-0000-4000-8000-0000000000c1';
const templateId = '00000000-0000-4000-8000-0000000000d1';
const eventId = '00000000-0000-4000-8000-0000000000e7';

const preview = {
  resource: 'leads',
  columns: ['Förnamn', 'E-post', 'Kolumn X'],
  mapping: { Förnamn: 'first_name', 'E-post': 'email', 'Kolumn X': null },
  rows: [['Åsa', 'asa@example.se', 'x']],
  delimiter: ';',
};

function record(changes: Record<string, unknown> = {}) {
  return {
    id: importId,
    status: 'queued',
    file_name: 'leads.csv',
    file_size: 120,
    total_rows: 2,
    processed_rows: 0,
    created: 0,
    updated: 0,
    skipped: 0,
    failed: 0,
    errors: [],
    error_count: 0,
    mapping: preview.mapping,
    options: { duplicates: 'skip', event: null, source: 'import' },
    failure: '',
    created_by: null,
    started_at: null,
    finished_at: null,
    created_at: '2026-11-23T10:00:00.000Z',
    resource: 'leads',
    file_kind: 'csv',
    dry_run: false,
    progress: { done: 0, total: 2 },
    undo_until: null,
    undone_at: null,
    ...changes,
  };
}

function template(resource: string, mapping: Record<string, string | null>) {
  return {
    id: templateId,
    kind: 'import',
    resource,
    name: 'CRM export',
    columns: null,
    mapping,
    created_by: null,
    created_at: '2026-11-23T10:00:00.000Z',
    updated_at: '2026-11-23T10:00:00.000Z',
  };
}

const csvFile = () => new File(['Förnamn;E-post\nÅsa;asa@example.se\n'], 'leads.csv', { type: 'text/csv' });

afterEach(() => resetApiClient());

describe('ImportWizard', () => {
  it('runs a dry run that lists the rows in error, then the import, then undoes it', async () => {
    const dry = record({
      dry_run: true,
      status: 'completed',
      created: 1,
      failed: 1,
      progress: { done: 2, total: 2 },
      errors: [
        { row: 3, field: 'email', code: 'invalid_email', params: {}, message: 'Invalid email address' },
        {
          row: 3,
          field: 'first_name',
          code: 'too_long',
          params: { max: 100 },
          message: 'Too big: expected string to have <=100 characters',
        },
      ],
      error_count: 2,
    });
    const real = record({
      id: '00000000-0000-4000-8000-0000000000c2',
      status: 'completed',
      created: 1,
      failed: 1,
      progress: { done: 2, total: 2 },
      undo_until: '2026-11-24T10:00:00.000Z',
    });
    const server = fakeServer({
      'POST /data/imports/preview/': () => ok(preview),
      'GET /data/templates/': () => ok([]),
      'POST /data/imports/': (body) => ok((body as FormData).get('dry_run') === 'true' ? dry : real, 202),
      [`GET /data/imports/${importId}/`]: () => ok(dry),
      [`GET /data/imports/${real.id}/`]: () => ok(real),
      [`POST /data/imports/${real.id}/undo/`]: () => ok({ ...real, status: 'undone', undo_until: null }),
    });
    const user = userEvent.setup();
    await renderWithApp(<ImportWizard />);
    await user.upload(screen.getByLabelText('File'), csvFile());
    const x = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Field for the column Kolumn X' });
    expect(x.value).toBe('');
    await user.selectOptions(x, 'Notes');

    await user.click(screen.getByRole('button', { name: 'Check (dry run)' }));
    const run = await screen.findByRole('region', { name: 'Import progress' });
    await within(run).findByText('Dry run: nothing is written');
    within(run).getByText('Would create 1, update 0, skip 0; 1 rows have errors');
    // Translated from the code and its params, not the server's English message.
    within(run).getByRole('row', { name: '3 Email Not a valid email address' });
    within(run).getByRole('row', { name: '3 First name At most 100 characters' });
    const [sent] = server.bodies('POST /data/imports/') as FormData[];
    expect(sent?.get('resource')).toBe('leads');
    expect(JSON.parse(sent?.get('mapping') as string)).toEqual({
      Förnamn: 'first_name',
      'E-post': 'email',
      'Kolumn X': 'notes',
    });

    await user.click(screen.getByRole('button', { name: 'Import' }));
    await within(await screen.findByRole('region', { name: 'Import progress' })).findByText(
      'Created 1, updated 0, skipped 0, failed 1',
    );
    await user.click(screen.getByRole('button', { name: 'Undo this import' }));
    await screen.findByText('Undone');
    expect(server.bodies(`POST /data/imports/${real.id}/undo/`)).toHaveLength(1);
  });

  it('says a row error in Swedish from its code and params', async () => {
    const failed = record({
      dry_run: true,
      status: 'completed',
      failed: 1,
      errors: [
        { row: 2, field: 'status', code: 'invalid_choice', params: { values: 'new, won' }, message: 'Invalid option' },
      ],
      error_count: 1,
    });
    fakeServer({ [`GET /data/imports/${importId}/`]: () => ok(failed), 'GET /data/templates/': () => ok([]) });
    await renderWithApp(<ImportWizard currentId={importId} />, { language: 'sv' });
    await screen.findByRole('row', { name: '2 Status Välj ett av new, won' });
  });

  it('imports clients: the server’s guess for clients, a saved mapping applied, and a mapping saved', async () => {
    const server = fakeServer({
      'POST /data/imports/preview/': () =>
        ok({
          resource: 'clients',
          columns: ['Company name', 'Mail'],
          mapping: { 'Company name': 'company_name', Mail: null },
          rows: [],
          delimiter: ',',
        }),
      'GET /data/templates/': () =>
        ok([template('clients', { Mail: 'contact_email', 'Company name': 'company_name' })]),
      'POST /data/templates/': (body) =>
        ok(template('clients', (body as { mapping: Record<string, string> }).mapping), 201),
    });
    const user = userEvent.setup();
    await renderWithApp(<ImportWizard resource="clients" />);
    await user.upload(screen.getByLabelText('File'), csvFile());
    // The mapping is the one the server guessed for the clients' fields.
    const company = await screen.findByRole<HTMLSelectElement>('combobox', {
      name: 'Field for the column Company name',
    });
    const mail = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Field for the column Mail' });
    expect((server.bodies('POST /data/imports/preview/') as FormData[])[0]?.get('resource')).toBe('clients');
    expect(company.value).toBe('company_name');
    expect(mail.value).toBe('');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Saved mapping' }), 'CRM export');
    expect(mail.value).toBe('contact_email');

    await user.type(screen.getByRole('textbox', { name: 'Save this mapping as' }), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save mapping' }));
    await screen.findByText('Mapping saved');
    expect(server.bodies('POST /data/templates/')).toEqual([
      {
        kind: 'import',
        resource: 'clients',
        name: 'Mine',
        mapping: { 'Company name': 'company_name', Mail: 'contact_email' },
      },
    ]);
    // Without a company name column no import can start.
    await user.selectOptions(company, 'Do not import');
    screen.getByText('Map a column to the company name');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Import' }).disabled).toBe(true);
  });

  it('asks the server again for its guess when the data centre’s resource changes', async () => {
    const guesses = {
      leads: { Företag: 'company', 'E-post': 'email' },
      clients: { Företag: 'company_name', 'E-post': 'contact_email' },
    };
    const server = fakeServer({
      'POST /data/imports/preview/': (body) => {
        const resource = (body as FormData).get('resource') === 'clients' ? 'clients' : 'leads';
        return ok({
          resource,
          columns: ['Företag', 'E-post'],
          mapping: guesses[resource],
          rows: [['Bolaget AB', 'a@b.se']],
          delimiter: ';',
        });
      },
      'GET /data/templates/': () => ok([]),
    });
    const user = userEvent.setup();
    await renderWithApp(<ImportWizard />);
    await user.upload(screen.getByLabelText('File'), csvFile());
    const company = () => screen.findByRole<HTMLSelectElement>('combobox', { name: 'Field for the column Företag' });
    expect((await company()).value).toBe('company');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Import into' }), 'Clients');
    await waitFor(async () => expect((await company()).value).toBe('company_name'));
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Field for the column E-post' }).value).toBe(
      'contact_email',
    );
    expect((server.bodies('POST /data/imports/preview/') as FormData[]).map((b) => b.get('resource'))).toEqual([
      'leads',
      'clients',
    ]);
  });

  it('opens from a list page as a dialog for that list, with the leads’ event and source', async () => {
    const server = fakeServer({
      'POST /data/imports/preview/': () => ok(preview),
      'GET /data/templates/': () => ok([]),
      'POST /data/imports/': () => ok(record(), 202),
      [`GET /data/imports/${importId}/`]: () => ok(record({ status: 'processing', progress: { done: 1, total: 2 } })),
    });
    const user = userEvent.setup();
    await renderWithApp(<ImportDialog resource="leads" events={[{ value: eventId, label: 'Nordic Expo' }]} />);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import leads' });
    expect(within(dialog).queryByRole('combobox', { name: 'Import into' })).toBeNull();
    await user.upload(within(dialog).getByLabelText('File'), csvFile());
    await user.selectOptions(
      await within(dialog).findByRole('combobox', { name: 'Event for the new leads' }),
      'Nordic Expo',
    );
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Source of the new leads' }), 'Partner');
    await user.click(within(dialog).getByRole('radio', { name: 'Update the existing leads' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await within(dialog).findByText('1 of 2 rows');
    const [sent] = server.bodies('POST /data/imports/') as FormData[];
    expect(sent?.get('event')).toBe(eventId);
    expect(sent?.get('source')).toBe('partner');
    expect(sent?.get('duplicates')).toBe('update');
    expect(sent?.get('dry_run')).toBe('false');
  });
});
