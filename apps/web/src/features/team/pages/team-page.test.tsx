import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '../../../lib/api-client.ts';
import { clearToasts, getToasts } from '../../../lib/toast.ts';
import { fail, fakeServer, me, ok, orgId } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { TeamPage } from './team-page.tsx';

const ownerId = '00000000-0000-4000-8000-0000000000a1';
const colleagueId = '00000000-0000-4000-8000-0000000000a2';
const inviteId = '00000000-0000-4000-8000-0000000000a3';

function aMember(changes: Record<string, unknown> = {}) {
  return {
    id: ownerId,
    user_id: me.id,
    name: 'Ada Lovelace',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    role: 'owner',
    department: 'Sales',
    job_title: 'CEO',
    status: 'joined',
    available: true,
    date_joined: '2026-01-02T10:00:00.000Z',
    invited_at: null,
    invitation_expires_at: null,
    ...changes,
  };
}

const team = () => {
  const results = [
    aMember(),
    aMember({
      id: colleagueId,
      user_id: '00000000-0000-4000-8000-0000000000b2',
      name: 'Grace Hopper',
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.com',
      role: 'member',
      department: '',
      job_title: 'Seller',
    }),
    aMember({
      id: inviteId,
      user_id: null,
      name: '',
      first_name: '',
      last_name: '',
      email: 'new@example.com',
      role: 'viewer',
      department: '',
      job_title: '',
      status: 'invited',
      date_joined: null,
      invited_at: '2026-01-05T10:00:00.000Z',
      invitation_expires_at: '2999-01-12T10:00:00.000Z',
    }),
  ];
  return { count: results.length, next: null, previous: null, results };
};

/** The signed-in user with `role` in the current organisation. */
const meAs = (role: string) => ({
  ...me,
  organizations: [{ id: orgId, name: 'Booth AB', slug: 'booth-ab', role }],
  current_organization: { id: orgId, name: 'Booth AB', slug: 'booth-ab', role },
});

function server(role = 'owner', routes: Record<string, (body: unknown) => Response> = {}) {
  return fakeServer({
    'GET /auth/me/': () => ok(meAs(role)),
    'GET /auth/team/members/': () => ok(team()),
    ...routes,
  });
}

const toastTitles = () => getToasts().map((t) => t.title);

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
  clearToasts();
});

describe('TeamPage', () => {
  it('lists members with You, role, department, job title, status and dates', async () => {
    server();
    await renderWithApp(<TeamPage />, { path: '/team' });
    const table = await screen.findByRole('table', { name: 'Team members' });
    const mine = within(table).getByRole('row', { name: /Ada Lovelace/ });
    expect(within(mine).getByText('You')).toBeTruthy();
    expect(within(mine).getByText('Owner')).toBeTruthy();
    expect(within(mine).getByText('Sales')).toBeTruthy();
    expect(within(mine).getByText('Joined')).toBeTruthy();
    expect(within(mine).getByText(/Joined Jan 2, 2026/)).toBeTruthy();
    const grace = within(table).getByRole('row', { name: /Grace Hopper/ });
    expect(within(grace).queryByText('You')).toBeNull();
    expect(within(grace).getByText('Seller')).toBeTruthy();
    const invited = within(table).getByRole('row', { name: /new@example\.com/ });
    expect(within(invited).getByText('Invited')).toBeTruthy();
    expect(within(invited).getByText('Viewer')).toBeTruthy();
    expect(within(invited).getByText(/Invited Jan 5, 2026/)).toBeTruthy();
    expect(screen.getByText('3 members')).toBeTruthy();
  });

  it.each(['member', 'viewer'])('shows a %s the list read-only: no invite, no row actions', async (role) => {
    server(role);
    await renderWithApp(<TeamPage />, { path: '/team' });
    await screen.findByRole('table', { name: 'Team members' });
    expect(screen.queryByRole('button', { name: 'Invite member' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
    expect(screen.getByText('Only owners and admins can invite, edit and remove team members.')).toBeTruthy();
  });

  it('lets a member mark themselves away for automatic assignment, and shows the others as badges', async () => {
    const api = server('member', {
      [`PUT /auth/team/members/${ownerId}/availability/`]: () => ok(aMember({ available: false })),
    });
    await renderWithApp(<TeamPage />, { path: '/team' });
    const table = await screen.findByRole('table', { name: 'Team members' });
    const grace = within(table).getByRole('row', { name: /Grace Hopper/ });
    expect(within(grace).queryByRole('switch')).toBeNull();
    expect(within(grace).getByText('Available')).toBeTruthy();
    const invited = within(table).getByRole('row', { name: /new@example\.com/ });
    expect(within(invited).queryByRole('switch')).toBeNull();
    const mine = within(table).getByRole('switch', { name: 'Ada Lovelace takes automatically assigned leads' });
    expect(mine.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(mine);
    await waitFor(() => expect(toastTitles()).toContain('Marked away: automatic assignment skips this member'));
    expect(api.bodies(`PUT /auth/team/members/${ownerId}/availability/`)).toEqual([{ available: false }]);
  });

  it("lets an admin set a colleague's availability, and words a failure", async () => {
    const api = server('admin', {
      [`PUT /auth/team/members/${colleagueId}/availability/`]: () => fail(500, 'INTERNAL_ERROR'),
    });
    await renderWithApp(<TeamPage />, { path: '/team' });
    const table = await screen.findByRole('table', { name: 'Team members' });
    await userEvent.click(
      within(table).getByRole('switch', { name: 'Grace Hopper takes automatically assigned leads' }),
    );
    await waitFor(() => expect(toastTitles()).toContain('Availability could not be changed. Please try again.'));
    expect(api.bodies(`PUT /auth/team/members/${colleagueId}/availability/`)).toEqual([{ available: false }]);
  });

  it('gives an admin invite and actions, but not on owners, and no owner role to give', async () => {
    server('admin');
    await renderWithApp(<TeamPage />, { path: '/team' });
    const table = await screen.findByRole('table', { name: 'Team members' });
    expect(screen.queryByRole('button', { name: 'Actions for Ada Lovelace' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Actions for Grace Hopper' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a team member' });
    const roles = within(dialog)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(roles).toEqual(['Admin', 'Member', 'Viewer']);
  });

  it('lets an owner invite an owner and sends the contract body', async () => {
    const api = server('owner', {
      'POST /auth/team/members/': () =>
        ok(aMember({ id: inviteId, user_id: null, email: 'boss@example.com', status: 'invited' }), 201),
    });
    await renderWithApp(<TeamPage />, { path: '/team' });
    await userEvent.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a team member' });
    expect(within(dialog).getByRole('option', { name: 'Owner' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(api.bodies('POST /auth/team/members/')).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'boss@example.com');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Role/ }), 'owner');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Department' }), 'Board');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(toastTitles()).toContain('Invitation sent to boss@example.com'));
    expect(api.bodies('POST /auth/team/members/')).toEqual([
      { email: 'boss@example.com', role: 'owner', name: '', department: 'Board', job_title: '' },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says who is already a member when an invitation conflicts', async () => {
    server('owner', {
      'POST /auth/team/members/': () =>
        fail(409, 'CONFLICT', { email: ['This email address has already been invited'] }),
    });
    await renderWithApp(<TeamPage />, { path: '/team' });
    await userEvent.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a team member' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'grace@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'grace@example.com is already a member or has a pending invitation. Resend the invitation instead.',
    );
  });

  it('explains the last owner rule when demoting yourself fails', async () => {
    const api = server('owner', { [`PATCH /auth/team/members/${ownerId}/`]: () => fail(409, 'LAST_OWNER') });
    await renderWithApp(<TeamPage />, { path: '/team' });
    const table = await screen.findByRole('table', { name: 'Team members' });
    await userEvent.click(within(table).getByRole('button', { name: 'Actions for Ada Lovelace' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ada Lovelace' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Role/ }), 'admin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The organization must keep at least one owner. Make another member owner first.',
    );
    // Only what changed is sent.
    expect(api.bodies(`PATCH /auth/team/members/${ownerId}/`)).toEqual([{ role: 'admin' }]);
  });

  it('removes a member after confirmation, and never offers to remove yourself', async () => {
    const api = server('owner', {
      [`DELETE /auth/team/members/${colleagueId}/`]: () => ok({ detail: 'Removed' }),
    });
    await renderWithApp(<TeamPage />, { path: '/team' });
    const table = await screen.findByRole('table', { name: 'Team members' });
    await userEvent.click(within(table).getByRole('button', { name: 'Actions for Ada Lovelace' }));
    expect(screen.queryByRole('menuitem', { name: 'Remove' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(table).getByRole('button', { name: 'Actions for Grace Hopper' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Grace Hopper?' });
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(toastTitles()).toContain('Grace Hopper was removed from the team'));
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `/auth/team/members/${colleagueId}/`,
    ]);
  });

  it('resends an invitation, offered only on invited rows, and words a failure', async () => {
    server('owner', { [`POST /auth/team/members/${inviteId}/resend-invite/`]: () => fail(500, 'SERVER_ERROR') });
    await renderWithApp(<TeamPage />, { path: '/team' });
    const table = await screen.findByRole('table', { name: 'Team members' });
    await userEvent.click(within(table).getByRole('button', { name: 'Actions for Grace Hopper' }));
    expect(screen.queryByRole('menuitem', { name: 'Resend invitation' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(table).getByRole('button', { name: 'Actions for new@example.com' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Resend invitation' }));
    await waitFor(() => expect(toastTitles()).toContain('Failed to resend invitation'));
  });

  it('says the catalogue wording when the team cannot be fetched', async () => {
    server('owner', { 'GET /auth/team/members/': () => fail(500, 'INTERNAL_ERROR') });
    await renderWithApp(<TeamPage />, { path: '/team' });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch team members');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
