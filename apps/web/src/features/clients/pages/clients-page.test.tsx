import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { resetApiClient } from '../../../lib/api-client.ts';
import { clearToasts } from '../../../lib/toast.ts';
import { fail, fakeServer, me, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { memberId, members, orgMembersPath, page } from '../../leads/test/fixtures.ts';
import { aClient, clientId, otherClientId, someStats } from '../test/fixtures.ts';
import { ClientsPage } from './clients-page.tsx';

const twoClients = () =>
  page(
    [
      aClient(),
      aClient({
        id: otherClientId,
        company_name: 'Ek Konsult',
        contact_first_name: 'Olle',
        contact_last_name: 'Ek',
        contact_email: 'olle@ek.se',
        status: 'active',
        client_type: 'smb',
        priority: 'low',
        estimated_value: null,
        relationship_manager: null,
      }),
    ],
    2,
  );

function server(routes: Record<string, (body: unknown) => Response> = {}) {
  return fakeServer({
    'GET /auth/me/': () => ok(me),
    'GET /clients/': () => ok(twoClients()),
    'GET /clients/stats/': () => ok(someStats()),
    [`GET ${orgMembersPath}`]: () => ok(members()),
    ...routes,
  });
}

/** The query strings of every GET /clients/ so far. */
function listQueries(): URLSearchParams[] {
  return (fetch as unknown as Mock<(input: string) => Promise<Response>>).mock.calls
    .map(([input]) => new URL(input, 'http://localhost'))
    .filter((u) => u.pathname === '/api/v1/clients/')
    .map((u) => u.searchParams);
}
const lastQuery = () => listQueries().at(-1) ?? new URLSearchParams();

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
  clearToasts();
});

describe('ClientsPage', () => {
  it('lists clients with contact, status, type, priority, value and manager', async () => {
    server();
    await renderWithApp(<ClientsPage />, { path: '/clients' });
    const table = await screen.findByRole('table', { name: 'Clients' });
    const row = within(table).getByRole('row', { name: /Berg AB/ });
    expect(within(row).getByRole('link', { name: 'Berg AB' }).getAttribute('href')).toBe(`/clients/${clientId}`);
    expect(within(row).getByText('Vera Berg')).toBeTruthy();
    expect(within(row).getByText('Onboarding')).toBeTruthy();
    expect(within(row).getByText('Enterprise')).toBeTruthy();
    expect(within(row).getByText('High')).toBeTruthy();
    expect(within(row).getByText(/12,500\.50/)).toBeTruthy();
    expect(await within(row).findByText('Sam Seller')).toBeTruthy();
    const other = within(table).getByRole('row', { name: /Ek Konsult/ });
    expect(within(other).getByText('No manager')).toBeTruthy();
    expect(screen.getByText('2 clients')).toBeTruthy();
  });

  it('imports clients from its Import action (members, not viewers)', async () => {
    server({
      'GET /data/templates/': () => ok([]),
      'POST /data/imports/preview/': () =>
        ok({
          resource: 'clients',
          columns: ['Company name'],
          mapping: { 'Company name': 'company_name' },
          rows: [],
          delimiter: ',',
        }),
    });
    const user = userEvent.setup();
    const { unmount } = await renderWithApp(<ClientsPage />, { path: '/clients' });
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import clients' });
    await user.upload(
      within(dialog).getByLabelText('File'),
      new File(['Company name\nBerg AB\n'], 'c.csv', { type: 'text/csv' }),
    );
    const field = await within(dialog).findByRole<HTMLSelectElement>('combobox', {
      name: 'Field for the column Company name',
    });
    expect(field.value).toBe('company_name');
    unmount();
    resetApiClient();

    const viewer = { ...me, current_organization: { ...me.current_organization, role: 'viewer' } };
    server({ 'GET /auth/me/': () => ok(viewer) });
    await renderWithApp(<ClientsPage />, { path: '/clients' });
    await screen.findByRole('table', { name: 'Clients' });
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });

  it('shows the stats: counts by status and type, values per currency and conversions by month', async () => {
    server();
    await renderWithApp(<ClientsPage />, { path: '/clients' });
    const overview = (await screen.findByRole('heading', { name: /Overview/ })).closest('div')?.parentElement;
    if (!overview) throw new Error('no stats card');
    expect(within(overview).getByText('Clients: 2')).toBeTruthy();
    expect(within(overview).getByText(/15,000\.50 total · .*7,500\.25 on average/)).toBeTruthy();
    expect(within(overview).getByText('2 clients in SEK')).toBeTruthy();
    const chart = within(overview).getByRole('img', {
      name: '3 leads converted to clients in the last 12 months; most in October 2026 (2).',
    });
    expect(chart).toBeTruthy();
  });

  it('reads its filters, search, order and page from the address and sends them to the API', async () => {
    server({ 'GET /clients/': () => ok(page([aClient()], 60)) });
    await renderWithApp(<ClientsPage />, {
      path: '/clients',
      url: '/clients?status=active&type=smb&priority=high&manager=me&q=berg&ordering=company_name&page=2',
    });
    await screen.findByRole('table', { name: 'Clients' });
    expect(Object.fromEntries(lastQuery())).toEqual({
      status: 'active',
      client_type: 'smb',
      priority: 'high',
      relationship_manager: 'me',
      search: 'berg',
      ordering: 'company_name',
      page: '2',
      page_size: '25',
    });
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search clients' }).value).toBe('berg');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Status' }).value).toBe('active');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Company/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('puts filter, search and order changes into the address, back on page 1', async () => {
    server({ 'GET /clients/': () => ok(page([aClient()], 60)) });
    const user = userEvent.setup();
    const { router } = await renderWithApp(<ClientsPage />, { path: '/clients', url: '/clients?page=2' });
    await screen.findByRole('table', { name: 'Clients' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Relationship manager' }), memberId);
    await waitFor(() => expect(router.state.location.search).toBe(`?manager=${memberId}`));
    await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'ek');
    await waitFor(() => expect(lastQuery().get('search')).toBe('ek'));
    expect(lastQuery().get('relationship_manager')).toBe(memberId);
    await user.click(screen.getByRole('button', { name: /Estimated value/ }));
    await waitFor(() => expect(lastQuery().get('ordering')).toBe('-estimated_value'));
    expect(router.state.location.search).toContain('ordering=-estimated_value');
  });

  it('filters by industry, tags and a created or conversion date range, kept in the address', async () => {
    server({ 'GET /clients/': () => ok(page([aClient()], 1)) });
    const user = userEvent.setup();
    const { router } = await renderWithApp(<ClientsPage />, {
      path: '/clients',
      url: '/clients?industry=retail&tags=vip,nordics&date=converted&from=2026-03-31&to=2026-01-01',
    });
    await screen.findByRole('table', { name: 'Clients' });
    // A range given backwards is sent the right way round; unknown values would be dropped.
    expect(Object.fromEntries(lastQuery())).toMatchObject({
      industry: 'retail',
      tags: 'vip,nordics',
      converted_after: '2026-01-01',
      converted_before: '2026-03-31',
    });
    expect(lastQuery().has('created_after')).toBe(false);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Industry' }).value).toBe('retail');
    expect(screen.getByLabelText<HTMLInputElement>('Converted from').value).toBe('2026-03-31');
    const tags = screen.getByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['vip', 'nordics']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Dates' }), 'Created');
    await waitFor(() => expect(lastQuery().get('created_after')).toBe('2026-01-01'));
    expect(lastQuery().get('created_before')).toBe('2026-03-31');
    expect(lastQuery().has('converted_after')).toBe(false);
    expect(router.state.location.search).not.toContain('date=');
    await user.click(within(tags).getByRole('button', { name: 'Remove vip' }));
    await user.type(screen.getByRole('textbox', { name: 'Tags' }), 'partner{Enter}');
    await waitFor(() => expect(lastQuery().get('tags')).toBe('nordics,partner'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Industry' }), 'Healthcare');
    await waitFor(() => expect(lastQuery().get('industry')).toBe('healthcare'));
    expect(new URLSearchParams(router.state.location.search).get('tags')).toBe('nordics,partner');
  });

  it('offers New client to members, not to viewers', async () => {
    server();
    await renderWithApp(<ClientsPage />, { path: '/clients' });
    const link = await screen.findByRole('link', { name: 'New client' });
    expect(link.getAttribute('href')).toBe('/clients/form');
  });

  it('has no New client for a viewer', async () => {
    const viewer = { ...me, current_organization: { ...me.current_organization, role: 'viewer' } };
    server({ 'GET /auth/me/': () => ok(viewer) });
    await renderWithApp(<ClientsPage />, { path: '/clients' });
    await screen.findByRole('table', { name: 'Clients' });
    expect(screen.queryByRole('link', { name: 'New client' })).toBeNull();
  });

  it('guides to the leads when there are no clients, and tells a filtered empty list apart', async () => {
    server({ 'GET /clients/': () => ok(page([])) });
    const user = userEvent.setup();
    const { router } = await renderWithApp(<ClientsPage />, { path: '/clients' });
    expect(await screen.findByRole('heading', { name: 'No clients yet' })).toBeTruthy();
    expect(screen.getByText(/Convert to client/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to leads' }).getAttribute('href')).toBe('/leads?status=qualified');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'low');
    expect(await screen.findByRole('heading', { name: 'No clients match' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says "Failed to load data" and retries', async () => {
    let fails = true;
    server({ 'GET /clients/': () => (fails ? fail(500, 'INTERNAL_ERROR') : ok(twoClients())) });
    const user = userEvent.setup();
    await renderWithApp(<ClientsPage />, { path: '/clients' });
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(within(alert).getByText('Failed to load data')).toBeTruthy();
    fails = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Clients' })).toBeTruthy();
  });

  it('exports the filtered list in the background and links to its progress in Data', async () => {
    const created = { id: '0b0b0b0b-0000-4000-8000-000000000001', status: 'queued' };
    const fake = server({
      'GET /data/templates/': () => ok([]),
      'POST /data/exports/': () => ok(created, 202),
    });
    const user = userEvent.setup();
    await renderWithApp(<ClientsPage />, { path: '/clients', url: '/clients?status=active&priority=high&q=ek' });
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/status: active; priority: high; search: ek/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Start export' }));
    const link = await screen.findByRole('link', { name: 'Follow the progress and download in Data' });
    expect(link.getAttribute('href')).toBe('/dashboard/data');
    expect(fake.bodies('POST /data/exports/')).toEqual([
      {
        resource: 'clients',
        format: 'xlsx',
        filters: { status: 'active', priority: 'high', search: 'ek', ordering: '-created_at' },
        for_reimport: false,
      },
    ]);
  });
});
