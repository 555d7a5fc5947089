import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { getImpersonation, startImpersonation } from '../../../lib/impersonation.ts';
import { ImpersonationBanner } from './impersonation-banner.tsx';

const status = {
  active: true,
  id: '00000000-0000-4000-8000-0000000000aa',
  user_id: '00000000-0000-4000-8000-000000000001',
  user_email: 'ada@example.com',
  organization_id: '00000000-0000-4000-8000-000000000002',
  staff_email: 'ops@provider.test',
  reason: 'Ticket 42',
  mode: 'read',
  expires_at: new Date(Date.now() + 42 * 60_000).toISOString(),
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('ImpersonationBanner', () => {
  it('shows nothing outside an impersonation', async () => {
    fakeServer({});
    await renderWithApp(<ImpersonationBanner />, { path: '/dashboard' });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows who is seen, the mode and the minutes left; Exit ends it on the server', async () => {
    const server = fakeServer({
      'GET /staff/impersonate/status/': () => ok(status),
      'POST /staff/impersonate/exit/': () => ok({ ended: true }),
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    startImpersonation({ access: 'imp.token.value', expiresAt: status.expires_at });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<ImpersonationBanner />, { path: '/dashboard' });
    const banner = await screen.findByText('You are viewing as ada@example.com (read-only). 42 min left.');
    expect(banner).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Exit impersonation' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/staff/users'));
    expect(server.bodies('POST /staff/impersonate/exit/')).toHaveLength(1);
    expect(getImpersonation()).toBeNull();
  });

  it('speaks Swedish', async () => {
    fakeServer({ 'GET /staff/impersonate/status/': () => ok({ ...status, mode: 'write' }) });
    startImpersonation({ access: 'imp.token.value', expiresAt: status.expires_at });
    await renderWithApp(<ImpersonationBanner />, { language: 'sv', path: '/sv/dashboard' });
    expect(await screen.findByText('Du ser appen som ada@example.com (skrivning). 42 min kvar.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Avsluta' })).toBeTruthy();
  });
});
