import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATA_JOB_FAILURES } from '@leadcapture/contracts/data-imports';
import { resetApiClient } from '../../../lib/api-client.ts';
import { fakeServer, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { BulkPanel } from './bulk-panel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
});

const job = {
  id: '0b6f7a4e-2f3c-4c55-9a51-4d1c1b0c7a11',
  resource: 'leads',
  action: 'status',
  status: 'running',
  progress: { done: 4000, total: 10000 },
  changed: 3900,
  selection: { ids: null, filters: { search: 'Fjord' } },
  params: { status: 'contacted' },
  failure: '',
  created_by: null,
  started_at: '2026-11-27T10:00:00.000Z',
  finished_at: null,
  created_at: '2026-11-27T10:00:00.000Z',
};

const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

describe('BulkPanel', () => {
  it('shows each job with its action, status and progress', async () => {
    fakeServer({ 'GET /data/bulk/': () => ok(page([job])) });
    await renderWithApp(<BulkPanel />, { path: '/dashboard/data/imports', url: '/dashboard/data/imports' });
    const list = await screen.findByRole('list');
    const item = within(list).getByRole('listitem');
    expect(within(item).getByText('Change status')).toBeTruthy();
    expect(within(item).getByText('Running')).toBeTruthy();
    expect(within(item).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(within(item).getByText(/4000 of 10000 done, 3900 changed/)).toBeTruthy();
    // Back to the leads the job worked on.
    expect(within(item).getByRole('link', { name: 'Open the leads' }).getAttribute('href')).toBe('/leads');
  });

  it("shows a failed job's reason in the reader's language, and an unknown reason as sent", async () => {
    const failed = { ...job, status: 'failed', failure: DATA_JOB_FAILURES.bulkGaveUp };
    const odd = { ...job, id: '1b6f7a4e-2f3c-4c55-9a51-4d1c1b0c7a12', status: 'failed', failure: 'disk full' };
    fakeServer({ 'GET /data/bulk/': () => ok(page([failed, odd])) });
    await renderWithApp(<BulkPanel />, {
      language: 'sv',
      path: '/sv/dashboard/data/imports',
      url: '/sv/dashboard/data/imports',
    });
    expect(
      await screen.findByText('Jobbet avbröts för många gånger (servern stannade medan det kördes). Starta det igen.'),
    ).toBeTruthy();
    expect(screen.getByText('disk full')).toBeTruthy();
  });

  it('says so when there are no jobs', async () => {
    fakeServer({ 'GET /data/bulk/': () => ok(page([])) });
    await renderWithApp(<BulkPanel />, { path: '/dashboard/data/imports', url: '/dashboard/data/imports' });
    expect(await screen.findByText('No bulk jobs yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the leads' }).getAttribute('href')).toBe('/leads');
  });
});
