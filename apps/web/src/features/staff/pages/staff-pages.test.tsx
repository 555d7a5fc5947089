import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { saveStaffToken } from '../api/staff-api.ts';
import { StaffLoginPage } from './staff-login-page.tsx';
import { StaffOrganizationPage } from './staff-organization-page.tsx';
import { StaffSystemPage } from './staff-system-page.tsx';

const health = {
  process: {
    uptime_seconds: 3_780,
    rss_bytes: 210 * 1024 * 1024,
    heap_used_bytes: 90 * 1024 * 1024,
    node_version: 'v20.20.0',
  },
  database: { kind: 'postgres', up: true, latency_ms: 3 },
  outbox: { pending: 4, failed: 2, failed_24h: 1, oldest_pending_at: new Date(Date.now() - 5 * 60_000).toISOString() },
  mail: { pending: 3, failed_24h: 1 },
  jobs: [
    {
      name: 'audit_retention',
      interval_seconds: 60,
      running: false,
      last_run_at: new Date().toISOString(),
      last_outcome: 'ran',
      last_ms: 12,
    },
    {
      name: 'lead_bin_purge',
      interval_seconds: 60,
      running: false,
      last_run_at: null,
      last_outcome: null,
      last_ms: null,
    },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function signedIn() {
  saveStaffToken({ access: 'staff.token', expires_at: new Date(Date.now() + 30 * 60_000).toISOString() });
}

describe('staff sign-in page', () => {
  it('asks for the code after the password, and says a replayed code in Swedish, not the server English', async () => {
    const server = fakeServer({
      'POST /staff/auth/login/': (body) =>
        (body as { code?: string }).code === undefined
          ? ok({ step: 'totp' })
          : fail(401, 'INVALID_CREDENTIALS', { reason: 'code_replayed' }),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<StaffLoginPage />, { language: 'sv', path: '/sv/staff/login' });
    await user.type(screen.getByRole('textbox', { name: /E-post/ }), 'ops@provider.test');
    await user.type(screen.getByLabelText(/Lösenord/), 'a long password here');
    await user.click(screen.getByRole('button', { name: 'Logga in' }));
    await user.type(await screen.findByRole('textbox', { name: /Kod från/ }), '123456');
    await user.click(screen.getByRole('button', { name: /Verifiera/ }));
    expect(await screen.findByText('Koden har redan använts. Vänta på nästa kod i din app.')).toBeTruthy();
    expect(server.bodies('POST /staff/auth/login/')).toHaveLength(2);
  });

  it('falls back to the error code when there is no reason (throttled)', async () => {
    fakeServer({ 'POST /staff/auth/login/': () => fail(429, 'RATE_LIMITED') });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<StaffLoginPage />, { path: '/staff/login' });
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ops@provider.test');
    await user.type(screen.getByLabelText(/Password/), 'a long password here');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too many attempts. Wait a while and try again.')).toBeTruthy();
  });
});

describe('staff system page', () => {
  it('shows health in readable sections, not raw JSON', async () => {
    signedIn();
    fakeServer({
      'GET /staff/health/': () => ok(health),
      'GET /admin/settings/': () => fail(403, 'PERMISSION_DENIED', { reason: 'admin_only' }),
      'GET /admin/stats/': () => fail(403, 'PERMISSION_DENIED', { reason: 'admin_only' }),
    });
    await renderWithApp(<StaffSystemPage />, { path: '/staff/system' });
    const process = await screen.findByRole('region', { name: 'Process' });
    expect(within(process).getByText('1 h 3 min')).toBeTruthy();
    expect(within(process).getByText('210 MB')).toBeTruthy();
    const database = screen.getByRole('region', { name: 'Database' });
    expect(within(database).getByText('PostgreSQL')).toBeTruthy();
    expect(within(database).getByText('OK')).toBeTruthy();
    const outbox = screen.getByRole('region', { name: /Outbox/ });
    expect(within(outbox).getByText('5 minutes ago')).toBeTruthy();
    const mail = screen.getByRole('region', { name: 'Mail' });
    expect(within(mail).getByText('3')).toBeTruthy();
    const jobs = screen.getByRole('region', { name: /Scheduled tasks/ });
    expect(within(jobs).getAllByRole('row')).toHaveLength(3);
    expect(within(jobs).getByText('Ran')).toBeTruthy();
    expect(within(jobs).getByText('Not yet')).toBeTruthy();
    expect(screen.queryByText(/"uptime_seconds"/)).toBeNull();
    expect(screen.getByText('Settings and stats are for staff admins.')).toBeTruthy();
  });

  it('speaks Swedish', async () => {
    signedIn();
    fakeServer({ 'GET /staff/health/': () => ok({ ...health, database: { ...health.database, up: false } }) });
    await renderWithApp(<StaffSystemPage />, { language: 'sv', path: '/sv/staff/system' });
    const database = await screen.findByRole('region', { name: 'Databas' });
    expect(within(database).getByText('Svarar inte')).toBeTruthy();
    expect(screen.getByRole('region', { name: /Schemalagda uppgifter/ })).toBeTruthy();
  });
});

const orgId = '00000000-0000-4000-8000-0000000000b1';
const entry = (action: string, extra: Record<string, unknown> = {}) => ({
  id: `00000000-0000-4000-8000-${Math.random().toString(16).slice(2, 14).padEnd(12, '0')}`,
  action,
  organization_id: orgId,
  user_id: '00000000-0000-4000-8000-000000000001',
  user_email: 'ada@example.com',
  staff_user_id: null,
  staff_email: null,
  impersonation_id: null,
  target_type: 'user',
  target_id: '',
  metadata: {},
  ip_address: '127.0.0.1',
  created_at: '2026-11-20T10:00:00.000Z',
  ...extra,
});

describe('staff organization page', () => {
  it('shows the plan, members, recent sign-ins and recent activity', async () => {
    signedIn();
    fakeServer({
      [`GET /staff/organizations/${orgId}/`]: () =>
        ok({
          organization: {
            id: orgId,
            name: 'Acme Booths',
            slug: 'acme-booths',
            plan: 'professional',
            subscription_status: 'trialing',
            members: 1,
            leads: 12,
            created_at: '2026-11-01T00:00:00.000Z',
          },
          members: [
            {
              user_id: '00000000-0000-4000-8000-000000000001',
              email: 'ada@example.com',
              name: 'Ada Lovelace',
              role: 'owner',
              status: 'joined',
              last_login_at: null,
            },
          ],
          sign_ins: [entry('auth.login_failed', { metadata: { reason: 'bad_password' } })],
          recent_activity: [entry('api_key.created'), entry('invitation.created')],
        }),
    });
    await renderWithApp(<StaffOrganizationPage />, {
      path: '/staff/organizations/:id',
      url: `/staff/organizations/${orgId}`,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Booths' })).toBeTruthy();
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('Never')).toBeTruthy();
    // Codes read as the tenant app says them: the plan's name, the status, the role.
    expect(screen.getByText('Professional')).toBeTruthy();
    expect(screen.getByText('Trial')).toBeTruthy();
    expect(screen.getByText('Owner')).toBeTruthy();
    expect(screen.getByText('Joined')).toBeTruthy();
    // Audit rows in words, with the code beside them in the console (a card and a table row each).
    expect(screen.getAllByText('Sign-in failed')).toHaveLength(2);
    expect(screen.getAllByText('auth.login_failed')).toHaveLength(2);
    expect(screen.getAllByText('API key created')).toHaveLength(2);
    expect(screen.getAllByText('api_key.created')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'All organizations' })).toBeTruthy();
  });

  it('says an unknown organisation in Swedish', async () => {
    signedIn();
    fakeServer({});
    await renderWithApp(<StaffOrganizationPage />, {
      language: 'sv',
      path: '/sv/staff/organizations/:id',
      url: `/sv/staff/organizations/${orgId}`,
    });
    expect(await screen.findByText('Hittades inte. Det kan ha tagits bort.')).toBeTruthy();
  });
});
