import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '../../../lib/api-client.ts';
import { clearSession, getSession, saveAccessToken } from '../../../lib/session.ts';
import { clearToasts, getToasts } from '../../../lib/toast.ts';
import { fail, fakeServer, me, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { authResult } from '../test/fake-api.ts';
import { AcceptInvitePage } from './accept-invite-page.tsx';

const newOrgId = '00000000-0000-4000-8000-0000000000f1';
const url = '/auth/accept-invite?token=tok-1';

function invitation(changes: Record<string, unknown> = {}) {
  return {
    organization: { id: newOrgId, name: 'Nord Data AB' },
    email: 'grace@example.com',
    role: 'member',
    name: 'Grace Brewster Hopper',
    invited_by: 'Ada Lovelace',
    account_exists: false,
    state: 'pending',
    expires_at: '2999-01-01T00:00:00.000Z',
    ...changes,
  };
}

const joined = {
  ...authResult,
  user: { ...authResult.user, email: 'grace@example.com' },
  organization: { id: newOrgId, name: 'Nord Data AB', slug: 'nord-data-ab', role: 'member' },
};

function render() {
  return renderWithApp(<AcceptInvitePage />, { path: '/auth/accept-invite', url });
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
  clearToasts();
  clearSession();
});

describe('AcceptInvitePage', () => {
  it('lets a new person set names and a password, then signs in to the organisation on /dashboard', async () => {
    const api = fakeServer({
      'GET /auth/invitations/lookup/': () => ok(invitation()),
      'POST /auth/invitations/accept/': () => ok(joined),
    });
    const { router } = await render();
    expect(await screen.findByRole('heading', { name: 'Join Nord Data AB' })).toBeTruthy();
    expect(screen.getByText('Member')).toBeTruthy();
    expect(screen.getByText('grace@example.com')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Create account and join' });
    // Prefilled from the invitation's name.
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: /First name/ }).value).toBe('Grace');
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: /Last name/ }).value).toBe('Brewster Hopper');
    // The strength meter of the reset and register pages.
    expect(within(form).getByRole('list', { name: 'Password requirements' })).toBeTruthy();
    await userEvent.type(within(form).getByLabelText(/^Password/, { selector: 'input' }), 'Booth2026x');
    await userEvent.type(within(form).getByLabelText(/^Confirm password/), 'Booth2026y');
    await userEvent.click(within(form).getByRole('button', { name: 'Create account and join' }));
    expect(await within(form).findByText('Passwords do not match')).toBeTruthy();
    expect(api.bodies('POST /auth/invitations/accept/')).toEqual([]);
    await userEvent.clear(within(form).getByLabelText(/^Confirm password/));
    await userEvent.type(within(form).getByLabelText(/^Confirm password/), 'Booth2026x');
    await userEvent.click(within(form).getByRole('button', { name: 'Create account and join' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.bodies('POST /auth/invitations/accept/')).toEqual([
      {
        token: 'tok-1',
        first_name: 'Grace',
        last_name: 'Brewster Hopper',
        password: 'Booth2026x',
        password_confirm: 'Booth2026x',
      },
    ]);
    expect(getSession()).toEqual({ accessToken: 'a.b.c', signedIn: true, organizationId: newOrgId });
    expect(getToasts().map((t) => t.title)).toContain('Welcome to Nord Data AB');
  });

  it('offers Accept to the signed-in invitee and sends only the token', async () => {
    saveAccessToken('old');
    const api = fakeServer({
      'GET /auth/invitations/lookup/': () => ok(invitation({ account_exists: true })),
      'GET /auth/me/': () => ok({ ...me, email: 'Grace@example.com' }),
      'POST /auth/invitations/accept/': () => ok(joined),
    });
    const { router } = await render();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.bodies('POST /auth/invitations/accept/')).toEqual([{ token: 'tok-1' }]);
    expect(getSession().organizationId).toBe(newOrgId);
  });

  it('asks an existing account to sign in first, and comes back here afterwards', async () => {
    fakeServer({ 'GET /auth/invitations/lookup/': () => ok(invitation({ account_exists: true })) });
    await render();
    expect(
      await screen.findByText('An account with grace@example.com already exists. Sign in to accept the invitation.'),
    ).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in to accept' }).getAttribute('href')).toBe(
      `/auth/login?redirect=${encodeURIComponent(url)}`,
    );
  });

  it('tells someone signed in as another account that the invitation is not theirs', async () => {
    saveAccessToken('old');
    const api = fakeServer({
      'GET /auth/invitations/lookup/': () => ok(invitation()),
      'GET /auth/me/': () => ok(me),
    });
    await render();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This invitation is for another account');
    expect(alert.textContent).toContain(
      'The invitation was sent to grace@example.com, but you are signed in as ada@example.com.',
    );
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign out and switch account' })).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/auth/invitations/accept/')).toBe(false);
  });

  it.each([
    ['expired', 'Invitation expired', 'This invitation has expired. Ask the person who invited you to send it again.'],
    [
      'used',
      'Invitation already accepted',
      'This invitation has already been accepted. Sign in to continue to the organization.',
    ],
    [
      'revoked',
      'A newer invitation replaced this one',
      'This invitation link has been replaced by a newer one. Use the link in the latest email.',
    ],
  ])('says a %s link cannot be used, with a way onward', async (state, title, message) => {
    fakeServer({ 'GET /auth/invitations/lookup/': () => ok(invitation({ state })) });
    await render();
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/auth/login');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('says an unknown link is not valid', async () => {
    fakeServer({ 'GET /auth/invitations/lookup/': () => fail(404, 'INVITATION_INVALID') });
    await render();
    expect(await screen.findByRole('heading', { name: 'Invitation not found' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'This invitation link is not valid. Check the link or ask for a new invitation.',
    );
  });

  it('turns into the expired message when the link expires between lookup and accept', async () => {
    fakeServer({
      'GET /auth/invitations/lookup/': () => ok(invitation()),
      'POST /auth/invitations/accept/': () => fail(410, 'INVITATION_EXPIRED'),
    });
    await render();
    const form = await screen.findByRole('form', { name: 'Create account and join' });
    await userEvent.type(within(form).getByLabelText(/^Password/, { selector: 'input' }), 'Booth2026x');
    await userEvent.type(within(form).getByLabelText(/^Confirm password/), 'Booth2026x');
    await userEvent.click(within(form).getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByRole('heading', { name: 'Invitation expired' })).toBeTruthy();
  });

  it('needs the token of the mailed link', async () => {
    fakeServer({});
    await renderWithApp(<AcceptInvitePage />, { path: '/auth/accept-invite' });
    expect(await screen.findByRole('heading', { name: 'Invitation link missing' })).toBeTruthy();
  });
});
