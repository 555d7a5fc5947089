import { AUDIT_ACTIONS, AUDIT_CATEGORIES } from '@leadcapture/contracts/audit';
import type { AuditLogEntry } from '@leadcapture/contracts/staff';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { en } from '../../../locales/en/index.ts';
import { sv } from '../../../locales/sv/index.ts';
import { fakeServer, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { OrganizationAuditPage } from '../pages/organization-audit-page.tsx';
import { AuditLogTable } from './audit-log-table.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The words a locale's staff.json has at a dotted key, or undefined. */
function at(bundle: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], bundle);
}

const row = (over: Partial<AuditLogEntry>): AuditLogEntry => ({
  id: crypto.randomUUID(),
  action: 'auth.login',
  organization_id: 'org',
  user_id: 'u1',
  user_email: 'owner@example.com',
  staff_user_id: null,
  staff_email: null,
  impersonation_id: null,
  target_type: 'user',
  target_id: 'u1',
  metadata: {},
  ip_address: '203.0.113.9',
  created_at: '2026-11-27T09:30:00.000Z',
  ...over,
});

const rows = [
  row({ action: 'auth.login' }),
  row({
    action: 'staff.impersonation_started',
    staff_user_id: 's1',
    staff_email: 'ops@provider.test',
    impersonation_id: 'i1',
    metadata: { reason: 'Ticket 1234: leads list looks empty', mode: 'read' },
  }),
  row({ action: 'lead.exported', metadata: { reason: 'not a staff reason' } }),
  row({ action: 'legacy.code_no_longer_written' }),
];

describe('audit action labels', () => {
  it('gives every code the server writes words in English and Swedish, and every category a name', () => {
    expect(AUDIT_ACTIONS.length).toBeGreaterThan(100);
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
    for (const action of AUDIT_ACTIONS) {
      const english = at(en.staff, `auditActions.${action}`);
      const swedish = at(sv.staff, `auditActions.${action}`);
      expect(typeof english, action).toBe('string');
      expect(typeof swedish, action).toBe('string');
      expect(english, action).not.toBe(action);
      expect(swedish, action).not.toBe(english);
    }
    for (const category of AUDIT_CATEGORIES) {
      expect(typeof at(en.staff, `auditCategories.${category}`), category).toBe('string');
      expect(typeof at(sv.staff, `auditCategories.${category}`), category).toBe('string');
    }
  });
});

describe('audit log rows', () => {
  it('say what happened in words, the staff member and their reason plainly, and no codes for owners', async () => {
    await renderWithApp(<AuditLogTable rows={rows} />);
    expect(screen.getAllByText('Signed in').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Staff member started viewing the account as owner@example.com').length).toBeGreaterThan(
      0,
    );
    expect(screen.getAllByText('Staff member ops@provider.test').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Reason: Ticket 1234: leads list looks empty').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Lead export downloaded').length).toBeGreaterThan(0);
    expect(screen.getAllByText('IP address 203.0.113.9').length).toBeGreaterThan(0);
    // A reason in a row a staff member did not make is not theirs to show.
    expect(screen.queryByText('Reason: not a staff reason')).toBeNull();
    // An old code no longer listed is shown as it is, never blank.
    expect(screen.getAllByText('legacy.code_no_longer_written').length).toBeGreaterThan(0);
    expect(screen.queryByText('auth.login')).toBeNull();
    // A list of cards for the phone and a table for wider screens.
    expect(screen.getByRole('list', { name: 'Audit log' })).toBeTruthy();
    expect(screen.getByRole('table')).toBeTruthy();
  });

  it('speaks Swedish, and the staff console also shows the code', async () => {
    await renderWithApp(<AuditLogTable rows={rows} showCodes />, { language: 'sv' });
    expect(screen.getAllByText('Loggade in').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Supportpersonal ops@provider.test').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Anledning: Ticket 1234: leads list looks empty').length).toBeGreaterThan(0);
    expect(screen.getAllByText('auth.login').length).toBeGreaterThan(0);
  });
});

describe('owner audit page', () => {
  const requested = () =>
    (fetch as Mock).mock.calls.map(([input]) => new URL(String(input), 'http://localhost').searchParams);

  it('filters by a category kept in the address', async () => {
    fakeServer({ 'GET /audit-logs/': () => ok({ results: rows, count: rows.length, next: null, previous: null }) });
    const user = userEvent.setup({ delay: null });
    const { router } = await renderWithApp(<OrganizationAuditPage />, {
      path: '/settings/audit-log',
      url: '/settings/audit-log?category=billing',
    });
    const select = await screen.findByRole('combobox', { name: 'Show' });
    expect((select as HTMLSelectElement).value).toBe('billing');
    expect(requested().at(-1)?.get('category')).toBe('billing');
    expect((await screen.findAllByText('Signed in')).length).toBeGreaterThan(0);

    await user.selectOptions(select, 'API keys');
    expect(router.state.location.search).toBe('?category=api_keys');
    await vi.waitFor(() => expect(requested().at(-1)?.get('category')).toBe('api_keys'));

    await user.selectOptions(select, 'Everything');
    expect(router.state.location.search).toBe('');
    await vi.waitFor(() => expect(requested().at(-1)?.has('category')).toBe(false));
    expect(requested().every((params) => !params.has('action'))).toBe(true);
  });

  it('ignores a category it does not know, in Swedish', async () => {
    fakeServer({ 'GET /audit-logs/': () => ok({ results: rows, count: rows.length, next: null, previous: null }) });
    await renderWithApp(<OrganizationAuditPage />, {
      language: 'sv',
      path: '/sv/settings/audit-log',
      url: '/sv/settings/audit-log?category=everything',
    });
    const select = await screen.findByRole('combobox', { name: 'Visa' });
    expect((select as HTMLSelectElement).value).toBe('');
    expect(screen.getByRole('option', { name: 'Fakturering' })).toBeTruthy();
    expect((await screen.findAllByText('Loggade in')).length).toBeGreaterThan(0);
    expect(requested().at(-1)?.has('category')).toBe(false);
  });
});
