import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { resetApiClient } from '../../../lib/api-client.ts';
import { clearToasts } from '../../../lib/toast.ts';
import { fail, fakeServer, me, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { anEvent } from '../../events/test/fixtures.ts';
import { COLUMNS_STORAGE_KEY } from '../components/lead-columns.ts';
import {
  aLead,
  eventId,
  leadId,
  memberId,
  members,
  orgMembersPath,
  otherLeadId,
  page,
  secondMemberId,
} from '../test/fixtures.ts';
import { LeadsPage } from './leads-page.tsx';

const withToasts = (ui: ReactNode) => (
  <>
    {ui}
    <Toaster />
  </>
);

const twoLeads = () =>
  page(
    [
      aLead(),
      aLead({ id: otherLeadId, first_name: 'Olle', last_name: 'Ek', email: 'olle@ek.se', company: 'Ek AB', score: 12 }),
    ],
    2,
  );

function server(routes: Record<string, (body: unknown) => Response> = {}) {
  return fakeServer({
    'GET /auth/me/': () => ok(me),
    'GET /leads/': () => ok(twoLeads()),
    'GET /events/': () => ok(page([anEvent()])),
    [`GET ${orgMembersPath}`]: () => ok(members()),
    ...routes,
  });
}

/** Bulk actions run as data-centre jobs: the POST answers the queued job, its GET the finished one. */
const jobIds = ['0199aaaa-0000-7000-8000-00000000b001', '0199aaaa-0000-7000-8000-00000000b002'] as const;
function bulkJob(id: string, action: string, changed: number, status: 'queued' | 'done' | 'failed' = 'done') {
  return {
    id,
    resource: 'leads',
    action,
    status,
    progress: { done: status === 'queued' ? 0 : changed, total: changed },
    changed: status === 'queued' ? 0 : changed,
    selection: { ids: changed, filters: null },
    params: {},
    failure: '',
    created_by: null,
    started_at: null,
    finished_at: null,
    created_at: '2026-11-27T10:00:00.000Z',
  };
}
/** Routes of bulk jobs: each POST starts the next job id; each job ends having changed `changed`. */
function bulkRoutes(action: string, changed: number, post?: () => Response | undefined) {
  let started = 0;
  return {
    'POST /data/bulk/': () => post?.() ?? ok(bulkJob(jobIds[started++ % 2] ?? '', action, changed, 'queued')),
    [`GET /data/bulk/${jobIds[0]}/`]: () => ok(bulkJob(jobIds[0], action, changed)),
    [`GET /data/bulk/${jobIds[1]}/`]: () => ok(bulkJob(jobIds[1], action, changed)),
  };
}

/** The query strings of every GET /leads/ so far (the fake server keys on the path only). */
function leadQueries(): URLSearchParams[] {
  return (fetch as unknown as Mock<(input: string) => Promise<Response>>).mock.calls
    .map(([input]) => new URL(input, 'http://localhost'))
    .filter((u) => u.pathname === '/api/v1/leads/')
    .map((u) => u.searchParams);
}

const lastQuery = () => leadQueries().at(-1) ?? new URLSearchParams();

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
  clearToasts();
});

describe('LeadsPage', () => {
  it('lists leads with their status, interest, score, assignee, event and capture date', async () => {
    server();
    await renderWithApp(<LeadsPage />, { path: '/leads' });
    const table = await screen.findByRole('table', { name: 'Leads' });
    const row = within(table).getByRole('row', { name: /Vera Berg/ });
    expect(within(row).getByRole('link', { name: 'Vera Berg' }).getAttribute('href')).toBe(`/leads/${leadId}`);
    expect(within(row).getByText('New')).toBeTruthy();
    expect(within(row).getByText('Hot')).toBeTruthy();
    expect(within(row).getByText('89')).toBeTruthy();
    expect(await within(row).findByText('Sam Seller')).toBeTruthy();
    expect(within(row).getByText('Berg AB')).toBeTruthy();
    expect(screen.getByText('2 leads')).toBeTruthy();
  });

  it('marks a lead waiting for approval as "Pending approval", in the table and on a phone', async () => {
    server({
      'GET /leads/': () =>
        ok(
          page([aLead(), aLead({ id: otherLeadId, first_name: 'Olle', last_name: 'Ek', approval_status: 'pending' })]),
        ),
    });
    await renderWithApp(<LeadsPage />, { path: '/leads' });
    const table = await screen.findByRole('table', { name: 'Leads' });
    const pending = within(table).getByRole('row', { name: /Olle Ek/ });
    expect(within(pending).getByText('Pending approval')).toBeTruthy();
    expect(within(within(table).getByRole('row', { name: /Vera Berg/ })).queryByText('Pending approval')).toBeNull();
    const cards = screen.getByRole('list', { name: 'Leads' });
    expect(within(cards).getAllByText('Pending approval')).toHaveLength(1);
  });

  it('says "about" when the count is the server\'s estimate', async () => {
    server({ 'GET /leads/': () => ok({ ...page([aLead()], 980_000), count_exact: false }) });
    await renderWithApp(<LeadsPage />, { path: '/leads' });
    expect(await screen.findByText('About 980,000 leads')).toBeTruthy();
    expect(screen.getByText('Page 1 of about 39,200')).toBeTruthy();
  });

  it('shows the held leads of the month behind "Upgrade to view more"', async () => {
    server({ 'GET /leads/': () => ok({ ...page([aLead()], 25), held_count: 3 }) });
    await renderWithApp(<LeadsPage />, { path: '/leads' });
    expect(
      await screen.findByText(
        "3 more leads from this month are hidden: your plan's monthly lead limit has been reached.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade to view more' })).toBeTruthy();
  });

  it('reads its filters, order and page from the address and sends them to the API', async () => {
    server({ 'GET /leads/': () => ok(page([aLead()], 60)) });
    await renderWithApp(<LeadsPage />, {
      path: '/leads',
      url: `/leads?status=new&status=contacted&interest=hot&assigned_to=me&event=${eventId}&score_min=40&follow_up=overdue&ordering=-score&page=2&search=berg`,
    });
    await screen.findByRole('table', { name: 'Leads' });
    const query = lastQuery();
    expect(Object.fromEntries(query)).toEqual({
      status: 'new,contacted',
      interest: 'hot',
      assigned_to: 'me',
      event: eventId,
      score_min: '40',
      follow_up: 'overdue',
      ordering: '-score',
      page: '2',
      page_size: '25',
      search: 'berg',
    });
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search leads' }).value).toBe('berg');
    expect(screen.getByRole('button', { name: 'Status, 2 chosen' })).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Score/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('puts filter, search and order changes into the address, back on page 1', async () => {
    server();
    const user = userEvent.setup();
    const { router } = await renderWithApp(<LeadsPage />, { path: '/leads', url: '/leads?page=3' });
    await screen.findByRole('table', { name: 'Leads' });
    const search = () => new URLSearchParams(router.state.location.search);
    const filters = screen.getByRole('group', { name: 'Filters' });

    await user.click(within(filters).getByRole('button', { name: 'Interest' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Hot' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Warm' }));
    await user.keyboard('{Escape}');
    expect(search().getAll('interest')).toEqual(['hot', 'warm']);
    expect(search().has('page')).toBe(false);
    await waitFor(() => expect(lastQuery().get('interest')).toBe('hot,warm'));

    await user.click(within(filters).getByRole('button', { name: 'Assigned to' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Kim Closer' }));
    await user.keyboard('{Escape}');
    expect(search().get('assigned_to')).toBe(secondMemberId);

    await user.click(within(filters).getByRole('button', { name: 'Score' }));
    const scoreDialog = await screen.findByRole('dialog', { name: 'Score' });
    await user.type(within(scoreDialog).getByLabelText('From'), '80');
    await user.type(within(scoreDialog).getByLabelText('To'), '30');
    await user.click(within(scoreDialog).getByRole('button', { name: 'Apply' }));
    // A range typed backwards is put the right way round.
    expect(search().get('score_min')).toBe('30');
    expect(search().get('score_max')).toBe('80');

    await user.selectOptions(screen.getByLabelText('Follow-up'), 'today');
    expect(search().get('follow_up')).toBe('today');

    // Search waits for a pause in typing, then goes into the address and the request.
    await user.type(screen.getByRole('searchbox', { name: 'Search leads' }), 'berg');
    await waitFor(() => expect(search().get('search')).toBe('berg'));
    await waitFor(() => expect(lastQuery().get('search')).toBe('berg'));
    expect(leadQueries().some((q) => q.get('search') === 'b')).toBe(false);

    // Sorting by a header: the score sorts highest first, then flips.
    const table = screen.getByRole('table', { name: 'Leads' });
    await user.click(within(table).getByRole('button', { name: 'Score' }));
    expect(search().get('ordering')).toBe('-score');
    expect(within(table).getByRole('columnheader', { name: 'Score' }).getAttribute('aria-sort')).toBe('descending');
    await user.click(within(table).getByRole('button', { name: 'Score' }));
    expect(search().get('ordering')).toBe('score');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('?ordering=score');
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search leads' }).value).toBe('');
  }, 20_000);

  it('remembers the chosen columns in this browser', async () => {
    server();
    const user = userEvent.setup();
    await renderWithApp(<LeadsPage />, { path: '/leads' });
    const table = await screen.findByRole('table', { name: 'Leads' });
    expect(within(table).queryByRole('columnheader', { name: /Phone/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Phone' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Interest' }));
    await user.keyboard('{Escape}');
    expect(within(table).getByRole('columnheader', { name: 'Phone' })).toBeTruthy();
    expect(within(table).queryByRole('columnheader', { name: 'Interest' })).toBeNull();
    const stored = JSON.parse(localStorage.getItem(COLUMNS_STORAGE_KEY) ?? '[]') as string[];
    expect(stored).toContain('phone');
    expect(stored).not.toContain('interest');
  });

  it('changes the status of the chosen leads with a note as a bulk job, and reports the result', async () => {
    const api = server(bulkRoutes('status', 1));
    const user = userEvent.setup();
    await renderWithApp(withToasts(<LeadsPage />), { path: '/leads' });
    const table = await screen.findByRole('table', { name: 'Leads' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select all leads on this page' }));
    expect(screen.getByText('2 leads selected')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Change status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the status of 2 leads' });
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }));
    expect(within(dialog).getByText('Choose a status', { selector: 'p' })).toBeTruthy();
    expect(api.bodies('POST /data/bulk/')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText(/New status/), 'qualified');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Met at the booth');
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }));

    expect(await screen.findByText('1 lead updated')).toBeTruthy();
    expect(api.bodies('POST /data/bulk/')).toEqual([
      {
        resource: 'leads',
        action: 'status',
        ids: [leadId, otherLeadId],
        params: { status: 'qualified', note: 'Met at the booth' },
      },
    ]);
    expect(screen.queryByText('2 leads selected')).toBeNull();
  });

  it('selects every lead the filter matches, confirms how many, and follows the job to its end', async () => {
    const api = server({
      'GET /leads/': () => ok(page(twoLeads().results, 250)),
      ...bulkRoutes('status', 250),
    });
    const user = userEvent.setup();
    await renderWithApp(withToasts(<LeadsPage />), { path: '/leads', url: '/leads?search=Acme&status=new' });
    const table = await screen.findByRole('table', { name: 'Leads' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select all leads on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all 250 leads matching this filter' }));
    expect(screen.getByText('All 250 matching leads selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the status of 250 leads' });
    await user.selectOptions(within(dialog).getByLabelText(/New status/), 'contacted');
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }));
    expect(await screen.findByText('250 leads updated')).toBeTruthy();
    expect(api.bodies('POST /data/bulk/')).toEqual([
      {
        resource: 'leads',
        action: 'status',
        filters: { search: 'Acme', status: 'new' },
        params: { status: 'contacted' },
      },
    ]);
    // The list is read again once the job is done, and the choice is cleared.
    await waitFor(() => expect(screen.queryByText('All 250 matching leads selected')).toBeNull());
  });

  it('assigns the chosen leads to one member or round-robin across several', async () => {
    const api = server(bulkRoutes('assign', 2));
    const user = userEvent.setup();
    await renderWithApp(withToasts(<LeadsPage />), { path: '/leads' });
    const table = await screen.findByRole('table', { name: 'Leads' });

    await user.click(within(table).getByRole('checkbox', { name: 'Select Vera Berg' }));
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    let dialog = await screen.findByRole('dialog', { name: 'Assign 1 lead' });
    // Viewers cannot work leads: they are not offered.
    expect(within(dialog).queryByRole('option', { name: 'Vic Viewer' })).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText(/Member/), memberId);
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('2 leads assigned')).toBeTruthy();

    await user.click(within(table).getByRole('checkbox', { name: 'Select all leads on this page' }));
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    dialog = await screen.findByRole('dialog', { name: 'Assign 2 leads' });
    await user.click(within(dialog).getByRole('radio', { name: 'Round-robin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose at least one member');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sam Seller' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Kim Closer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    await waitFor(() => expect(api.bodies('POST /data/bulk/')).toHaveLength(2));
    expect(api.bodies('POST /data/bulk/')).toEqual([
      { resource: 'leads', action: 'assign', ids: [leadId], params: { assigned_to: memberId } },
      {
        resource: 'leads',
        action: 'assign',
        ids: [leadId, otherLeadId],
        params: { round_robin: [memberId, secondMemberId] },
      },
    ]);
  });

  it('adds or removes tags on the chosen leads', async () => {
    const api = server(bulkRoutes('tags', 2));
    const user = userEvent.setup();
    await renderWithApp(withToasts(<LeadsPage />), { path: '/leads' });
    const table = await screen.findByRole('table', { name: 'Leads' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select all leads on this page' }));
    const bar = screen.getByRole('region', { name: 'Actions for the selected leads' });
    await user.click(within(bar).getByRole('button', { name: 'Tags' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tags of 2 leads' });
    await user.click(within(dialog).getByRole('radio', { name: 'Remove tags' }));
    await user.type(within(dialog).getByLabelText(/^Tags/), 'vip{Enter}cold list,');
    expect(within(dialog).getByRole('button', { name: 'Remove vip' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove tags' }));
    expect(await screen.findByText('Tags updated on 2 leads')).toBeTruthy();
    expect(api.bodies('POST /data/bulk/')).toEqual([
      {
        resource: 'leads',
        action: 'tags',
        ids: [leadId, otherLeadId],
        params: { tags: ['vip', 'cold list'], mode: 'remove' },
      },
    ]);
  });

  it('deletes the chosen leads only after confirmation, and says when it failed', async () => {
    let answer: (() => Response) | undefined = () => fail(500, 'INTERNAL_ERROR');
    const api = server(bulkRoutes('delete', 1, () => answer?.()));
    const user = userEvent.setup();
    await renderWithApp(withToasts(<LeadsPage />), { path: '/leads' });
    const table = await screen.findByRole('table', { name: 'Leads' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select Olle Ek' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 1 lead?' });
    expect(api.bodies('POST /data/bulk/')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete lead' }));
    expect(await screen.findByText('Failed to delete the leads')).toBeTruthy();

    answer = undefined;
    await user.click(within(dialog).getByRole('button', { name: 'Delete lead' }));
    expect(await screen.findByText('1 lead moved to the bin')).toBeTruthy();
    expect(api.bodies('POST /data/bulk/')).toEqual([
      { resource: 'leads', action: 'delete', ids: [otherLeadId], params: {} },
      { resource: 'leads', action: 'delete', ids: [otherLeadId], params: {} },
    ]);
  });

  it('shows the bin with when each lead goes for good, and restores one or many', async () => {
    const deleted = aLead({ deleted_at: '2026-11-20T10:00:00.000Z' });
    const api = server({
      'GET /leads/': () => ok(page([deleted])),
      [`POST /leads/${leadId}/restore/`]: () => ok(aLead()),
      ...bulkRoutes('restore', 1),
    });
    const user = userEvent.setup();
    const { router } = await renderWithApp(withToasts(<LeadsPage />), { path: '/leads' });
    await screen.findByRole('table', { name: 'Leads' });
    await user.click(screen.getByRole('button', { name: 'Bin' }));
    expect(router.state.location.search).toBe('?deleted=true');
    await waitFor(() => expect(lastQuery().get('deleted')).toBe('true'));
    const table = await screen.findByRole('table', { name: 'Deleted leads' });
    expect(within(table).getByText(/Deleted Nov 20, 2026/)).toBeTruthy();
    expect(within(table).getByText(/removed for good Dec 20, 2026/)).toBeTruthy();
    // A lead in the bin still opens: its page offers the restore too.
    expect(within(table).getByRole('link', { name: 'Vera Berg' }).getAttribute('href')).toBe(`/leads/${leadId}`);

    await user.click(within(table).getByRole('button', { name: 'Restore Vera Berg' }));
    expect(await screen.findByText('Vera Berg was restored')).toBeTruthy();

    await user.click(within(table).getByRole('checkbox', { name: 'Select Vera Berg' }));
    await user.click(
      within(screen.getByRole('region', { name: 'Actions for the selected leads' })).getByRole('button', {
        name: 'Restore',
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Restore 1 lead?' });
    await user.click(within(confirm).getByRole('button', { name: 'Restore lead' }));
    expect(await screen.findByText('1 lead restored')).toBeTruthy();
    expect(api.bodies('POST /data/bulk/')).toEqual([
      { resource: 'leads', action: 'restore', ids: [leadId], params: {} },
    ]);
  });

  it('guides to the first lead when there are none, and hides writing from viewers', async () => {
    const viewer = { ...me, current_organization: { ...me.current_organization, role: 'viewer' } };
    server({ 'GET /auth/me/': () => ok(viewer), 'GET /leads/': () => ok(page([])) });
    await renderWithApp(<LeadsPage />, { path: '/leads' });
    expect(await screen.findByRole('heading', { name: 'No leads yet' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Add/ })).toBeNull();
  });

  it('goes back to the last page when the page asked for is past the end', async () => {
    server({
      'GET /leads/': () => (lastQuery().get('page') === '5' ? ok(page([], 30)) : ok(page([aLead()], 30))),
    });
    const { router } = await renderWithApp(<LeadsPage />, { path: '/leads', url: '/leads?page=5&status=new' });
    await waitFor(() => expect(router.state.location.search).toBe('?status=new&page=2'));
    expect(await screen.findByRole('table', { name: 'Leads' })).toBeTruthy();
  });

  it('tells a filtered empty list from an empty organisation', async () => {
    server({ 'GET /leads/': () => ok(page([])) });
    await renderWithApp(<LeadsPage />, { path: '/leads', url: '/leads?status=lost' });
    expect(await screen.findByRole('heading', { name: 'No leads match' })).toBeTruthy();
  });

  it('says "Failed to load leads" and retries', async () => {
    let failing = true;
    server({ 'GET /leads/': () => (failing ? fail(404, 'NOT_FOUND') : ok(twoLeads())) });
    const user = userEvent.setup();
    await renderWithApp(<LeadsPage />, { path: '/leads' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load leads');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Leads' })).toBeTruthy();
  });
});
