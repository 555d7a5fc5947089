import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApiClient, resetApiClient } from '../../../lib/api-client.ts';
import { fail, fakeServer, ok, pending, type Handler } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { anEvent } from '../../events/test/fixtures.ts';
import { page } from '../test/fixtures.ts';
import { ImportDialog } from './import-dialog.tsx';

const importId = '00000000-0000-4000-8000-0000000000c1';
const eventId = '00000000-0000-4000-8000-0000000000e7';

const preview = {
  columns: ['Förnamn', 'E-post', 'Kolumn X'],
  mapping: { Förnamn: 'first_name', 'E-post': 'email', 'Kolumn X': 'notes' },
  rows: [
    ['Åsa', 'asa@example.se', 'hemligt'],
    ['Bo', 'bo@example.se', ''],
  ],
  delimiter: ';',
};

function record(changes: Record<string, unknown> = {}) {
  return {
    id: importId,
    status: 'queued',
    file_name: 'leads.csv',
    file_size: 120,
    total_rows: 0,
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
    ...changes,
  };
}

const csvFile = () => new File(['Förnamn;E-post\nÅsa;asa@example.se\n'], 'leads.csv', { type: 'text/csv' });

afterEach(() => resetApiClient());

async function openDialog() {
  const user = userEvent.setup();
  await renderWithApp(<ImportDialog />);
  await user.click(screen.getByRole('button', { name: 'Import' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Import leads' }) };
}

describe('ImportDialog', () => {
  it('goes from file to mapping to progress to a summary with the errors by row and field', async () => {
    const answers = [
      record({ status: 'processing', total_rows: 2, processed_rows: 1 }),
      record({
        status: 'completed',
        total_rows: 2,
        processed_rows: 2,
        created: 1,
        failed: 1,
        errors: [{ row: 3, field: 'email', message: 'Enter a valid email address' }],
        error_count: 1,
      }),
    ];
    const server = fakeServer({
      'POST /leads/import_leads/preview/': () => ok(preview),
      'POST /leads/import_leads/': () => ok(record(), 202),
      'GET /events/': () => ok(page([anEvent({ id: eventId, name: 'Nordic Expo' })])),
      [`GET /data/imports/${importId}/`]: () => ok(answers.length > 1 ? answers.shift() : answers[0]),
    });
    const { user, dialog } = await openDialog();

    await user.upload(within(dialog).getByLabelText('Choose CSV file'), csvFile());

    // Step 2: the detected mapping, adjustable per column.
    const notes = await within(dialog).findByRole<HTMLSelectElement>('combobox', {
      name: 'Lead field for the column Kolumn X',
    });
    expect(notes.value).toBe('notes');
    expect(
      within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Lead field for the column E-post' }).value,
    ).toBe('email');
    within(dialog).getByText('Åsa, Bo');
    await user.selectOptions(notes, 'Do not import');
    await user.click(within(dialog).getByRole('radio', { name: /Update the existing leads/ }));
    // The event and source every new lead gets: none and "Import" unless chosen.
    const source = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Source' });
    expect(source.value).toBe('import');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Event' }), 'Nordic Expo');
    await user.selectOptions(source, 'Partner');
    await user.click(within(dialog).getByRole('button', { name: 'Import leads' }));

    const [sent] = server.bodies('POST /leads/import_leads/') as FormData[];
    expect(JSON.parse(sent?.get('mapping') as string)).toEqual({
      Förnamn: 'first_name',
      'E-post': 'email',
      'Kolumn X': null,
    });
    expect(sent?.get('duplicates')).toBe('update');
    expect(sent?.get('event')).toBe(eventId);
    expect(sent?.get('source')).toBe('partner');
    expect((sent?.get('file') as File).name).toBe('leads.csv');

    // Step 3: progress, polled; step 4: the summary.
    await within(dialog).findByText('1 of 2 rows processed');
    await within(dialog).findByText('Import completed', {}, { timeout: 4000 });
    expect(within(dialog).getByText('Created').closest('div')?.textContent).toBe('Created1');
    expect(within(dialog).getByText('Failed').closest('div')?.textContent).toBe('Failed1');
    within(dialog).getByText('1 problem');
    const errors = within(dialog).getByRole('table');
    within(errors).getByRole('row', { name: /3 Email Enter a valid email address/ });
  });

  it('chooses a file by drag and drop', async () => {
    fakeServer({ 'POST /leads/import_leads/preview/': () => ok(preview) });
    const { dialog } = await openDialog();
    fireEvent.drop(within(dialog).getByTestId('import-drop-zone'), { dataTransfer: { files: [csvFile()] } });
    const select = await within(dialog).findByRole<HTMLSelectElement>('combobox', {
      name: 'Lead field for the column Förnamn',
    });
    expect(select.value).toBe('first_name');
  });

  it('says why a file was refused, in the catalogue’s words', async () => {
    const answers = [
      fail(413, 'PAYLOAD_TOO_LARGE'),
      fail(422, 'VALIDATION_ERROR', { file: ['This is not a CSV text file'] }),
    ];
    fakeServer({ 'POST /leads/import_leads/preview/': () => answers.shift() ?? fail(500, 'INTERNAL_ERROR') });
    const { user, dialog } = await openDialog();
    const input = within(dialog).getByLabelText('Choose CSV file');
    await user.upload(input, csvFile());
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The file is larger than 20 MB.');
    await user.upload(input, csvFile());
    await within(dialog).findByText('This file could not be read as a CSV file with a header row.');
  });

  it('does not start an import until a column is mapped to email or a name', async () => {
    const server = fakeServer({
      'POST /leads/import_leads/preview/': () =>
        ok({ ...preview, mapping: { Förnamn: null, 'E-post': null, 'Kolumn X': null } }),
    });
    const { user, dialog } = await openDialog();
    await user.upload(within(dialog).getByLabelText('Choose CSV file'), csvFile());
    await within(dialog).findByText('Map a column to email or to a name to import leads.');
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Import leads' }).disabled).toBe(true);
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Lead field for the column E-post' }),
      'Email',
    );
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Import leads' }).disabled).toBe(false);
    expect(within(dialog).queryByText('Map a column to email or to a name to import leads.')).toBeNull();
    expect(server.bodies('POST /leads/import_leads/')).toHaveLength(0);
  });

  it('sends no event by default and says so when the event is not the organisation’s', async () => {
    const server = fakeServer({
      'POST /leads/import_leads/preview/': () => ok(preview),
      'POST /leads/import_leads/': () => fail(422, 'VALIDATION_ERROR', { event: ['Choose one of your events'] }),
      'GET /events/': () => ok(page([])),
    });
    const { user, dialog } = await openDialog();
    await user.upload(within(dialog).getByLabelText('Choose CSV file'), csvFile());
    await user.click(await within(dialog).findByRole('button', { name: 'Import leads' }));
    await within(dialog).findByText('Choose one of your events.');
    const [sent] = server.bodies('POST /leads/import_leads/') as FormData[];
    expect(sent?.has('event')).toBe(false);
    expect(sent?.get('source')).toBe('import');
  });

  /** Chooses the file and starts the import, whose progress `progress` answers. */
  async function startImport(progress: Handler) {
    fakeServer({
      'POST /leads/import_leads/preview/': () => ok(preview),
      'POST /leads/import_leads/': () => ok(record(), 202),
      'GET /events/': () => ok(page([])),
      [`GET /data/imports/${importId}/`]: progress,
    });
    const { user, dialog } = await openDialog();
    await user.upload(within(dialog).getByLabelText('Choose CSV file'), csvFile());
    await user.click(await within(dialog).findByRole('button', { name: 'Import leads' }));
    return { user, dialog };
  }

  it('is busy until the import’s progress arrives', async () => {
    const { dialog } = await startImport(pending);
    await waitFor(() =>
      expect(dialog.querySelector('[aria-busy="true"]')?.getAttribute('aria-label')).toBe('Loading…'),
    );
    expect(within(dialog).getByText('Waiting to start…')).toBeTruthy();
  });

  it('says when the progress could not be loaded, with a retry that fetches it again', async () => {
    configureApiClient({ sleep: () => Promise.resolve() });
    let up = false;
    const { user, dialog } = await startImport(() =>
      up ? ok(record({ status: 'processing', total_rows: 2, processed_rows: 1 })) : fail(503, 'SERVICE_UNAVAILABLE'),
    );
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Failed to load the import’s progress.');
    up = true;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('1 of 2 rows processed')).toBeTruthy();
  });
});
