import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, me, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { DeleteAccountCard } from './delete-account-card.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('DeleteAccountCard', () => {
  it('in English asks for DELETE and the password, then logs out to /auth/login', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(me),
      'POST /auth/delete-account/': () => ok({ detail: 'Account deleted', deleted_organizations: [] }),
    });
    const user = userEvent.setup({ delay: null });
    document.cookie = 'access_token=a.b.c; Path=/';
    const { router } = await renderWithApp(<DeleteAccountCard />, { path: '/settings/profile' });
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const confirm = await screen.findByRole('button', { name: 'Delete account permanently' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    // The Swedish word does not unlock the English dialog.
    await user.type(screen.getByLabelText(/^Type DELETE to confirm/), 'RADERA');
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await user.clear(screen.getByLabelText(/^Type DELETE to confirm/));
    await user.type(screen.getByLabelText(/^Type DELETE to confirm/), 'DELETE');
    await user.type(screen.getByLabelText(/^Your password/), 'Booth2026x');
    expect(confirm.hasAttribute('disabled')).toBe(false);
    await user.click(confirm);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(server.bodies('POST /auth/delete-account/')).toEqual([{ password: 'Booth2026x', confirmation: 'DELETE' }]);
    expect(document.cookie).not.toContain('access_token');
  });

  it('in Swedish asks for RADERA', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(me),
      'POST /auth/delete-account/': () => ok({ detail: 'Account deleted', deleted_organizations: [] }),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = await renderWithApp(<DeleteAccountCard />, { language: 'sv', path: '/sv/settings/profile' });
    await user.click(screen.getByRole('button', { name: 'Radera konto' }));
    const confirm = await screen.findByRole('button', { name: 'Radera kontot permanent' });
    await user.type(screen.getByLabelText(/^Skriv RADERA för att bekräfta/), 'DELETE');
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await user.clear(screen.getByLabelText(/^Skriv RADERA för att bekräfta/));
    await user.type(screen.getByLabelText(/^Skriv RADERA för att bekräfta/), 'RADERA');
    await user.type(screen.getByLabelText(/^Ditt lösenord/), 'Booth2026x');
    await user.click(confirm);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/sv/auth/login'));
    expect(server.bodies('POST /auth/delete-account/')).toEqual([{ password: 'Booth2026x', confirmation: 'RADERA' }]);
  });

  it('names the organisations when the user is their last owner (409)', async () => {
    fakeServer({
      'GET /auth/me/': () => ok(me),
      'POST /auth/delete-account/': () =>
        fail(409, 'CONFLICT', { organizations: ['Booth AB', 'Expo Oy'], organization_ids: [] }),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = await renderWithApp(<DeleteAccountCard />, { path: '/settings/profile' });
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.type(await screen.findByLabelText(/^Type DELETE to confirm/), 'DELETE');
    await user.type(screen.getByLabelText(/^Your password/), 'Booth2026x');
    await user.click(screen.getByRole('button', { name: 'Delete account permanently' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Booth AB');
    expect(alert.textContent).toContain('Expo Oy');
    expect(router.state.location.pathname).toBe('/settings/profile');
  });
});
