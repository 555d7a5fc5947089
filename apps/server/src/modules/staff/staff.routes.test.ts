import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paginated } from '@leadcapture/contracts/envelope';
import {
  accessGrantSchema,
  adminStatsSchema,
  auditLogEntrySchema,
  impersonationStatusSchema,
  runtimeSettingsSchema,
  staffLoginResultSchema,
  staffMeSchema,
  staffOrganizationDetailSchema,
  staffOrganizationSchema,
  staffUserSchema,
  systemHealthSchema,
} from '@leadcapture/contracts/staff';
import { anyData, expectData, expectError } from '../../../test/envelope.ts';
import { bearer, createTestApp, registerUser, uniqueAddress, type TestApp } from '../../../test/helpers.ts';
import { signInStaff, STAFF_PASSWORD } from '../../../test/staff.ts';
import { queryRows } from '../../db/database.ts';
import { OUTBOX_RETENTION_TASK } from '../../jobs/outbox-retention.ts';
import { ensureStaffUser, purgeAuditLogs } from './staff.service.ts';
import { totpCode } from './totp.ts';

type User = Awaited<ReturnType<typeof registerUser>>;
type Staff = Awaited<ReturnType<typeof signInStaff>>;

let t: TestApp;
let owner: User;
let admin: Staff;
let support: Staff;

const get = (url: string, access: string) => t.app.inject({ method: 'GET', url, headers: bearer(access) });
const post = (url: string, access: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: bearer(access), payload: payload as Record<string, unknown> });
const impersonate = (access: string, payload: Record<string, unknown>) =>
  post('/api/v1/staff/impersonate/', access, payload);

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t);
  admin = await signInStaff(t, 'admin');
  support = await signInStaff(t, 'support');
});
afterAll(async () => {
  await t.close();
});

describe('staff sign-in', () => {
  it('enrols TOTP on the first sign-in, then needs a code every time', async () => {
    const me = expectData(staffMeSchema, await get('/api/v1/staff/auth/me/', admin.access));
    expect(me).toMatchObject({ email: admin.email, role: 'admin', recovery_codes_left: 10 });
    const step = expectData(staffLoginResultSchema, await admin.login());
    expect(step).toEqual({ step: 'totp' });
  });

  it('shows a QR code and the otpauth URI at enrolment', async () => {
    const email = `enrol-${randomUUID().slice(0, 8)}@provider.test`;
    await ensureStaffUser(t.database.db, { email, password: STAFF_PASSWORD, role: 'support' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/auth/login/',
      remoteAddress: uniqueAddress(),
      payload: { email, password: STAFF_PASSWORD },
    });
    const enrol = expectData(staffLoginResultSchema, res);
    if (enrol.step !== 'enrol') throw new Error('expected enrolment');
    expect(enrol.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+&issuer=LeadCapture/);
    expect(enrol.qr_svg).toMatch(/^<svg/);
    expect(new Set(enrol.recovery_codes).size).toBe(10);
  });

  it('refuses a TOTP code replayed in its window, and audits it', async () => {
    const staff = await signInStaff(t, 'support');
    const next = totpCode(staff.secret, Date.now() + 30_000);
    expectData(staffLoginResultSchema, await staff.login(next));
    const replay = expectError(await staff.login(next), 401, 'INVALID_CREDENTIALS');
    expect(replay.message).toMatch(/already used/);
    const rows = await asSuperuser<{ metadata: { reason: string } }>(
      sql`select metadata from audit_logs where action = 'staff.login_failed' and metadata->>'email' = ${staff.email}`,
    );
    expect(rows.map((r) => r.metadata.reason)).toContain('code_replayed');
  });

  it('accepts a recovery code once', async () => {
    const staff = await signInStaff(t, 'support');
    const code = staff.recoveryCodes[0] ?? '';
    const done = expectData(staffLoginResultSchema, await staff.login(code));
    expect(done.step).toBe('done');
    expectError(await staff.login(code), 401, 'INVALID_CREDENTIALS');
  });

  it('throttles harder than tenant sign-in: five failures lock the account for the hour', async () => {
    const email = `brute-${randomUUID().slice(0, 8)}@provider.test`;
    await ensureStaffUser(t.database.db, { email, password: STAFF_PASSWORD, role: 'admin' });
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/auth/login/',
        remoteAddress: uniqueAddress(),
        payload: { email, password },
      });
    for (let i = 0; i < 5; i++) expectError(await attempt('wrong-password-123'), 401, 'INVALID_CREDENTIALS');
    const res = await attempt(STAFF_PASSWORD);
    expectError(res, 429, 'RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // The server keeps serving everyone else.
    expectData(staffMeSchema, await get('/api/v1/staff/auth/me/', admin.access));
  });

  it('throttles one address at ten attempts per 15 minutes', async () => {
    const remoteAddress = uniqueAddress();
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/auth/login/',
        remoteAddress,
        payload: { email: `nobody-${randomUUID().slice(0, 6)}@provider.test`, password: 'whatever-123456' },
      });
    for (let i = 0; i < 10; i++) expectError(await attempt(), 401, 'INVALID_CREDENTIALS');
    expectError(await attempt(), 429, 'RATE_LIMITED');
  });
});

describe('audiences', () => {
  it('refuses a staff token on tenant routes and a tenant token on staff routes (401)', async () => {
    expectError(await get('/api/v1/auth/me/', admin.access), 401, 'TOKEN_INVALID');
    expectError(await get('/api/v1/leads/', admin.access), 401, 'TOKEN_INVALID');
    expectError(await get('/api/v1/staff/organizations/', owner.access), 401, 'TOKEN_INVALID');
    expectError(await get('/api/v1/admin/stats/', owner.access), 401, 'TOKEN_INVALID');
    expectError(await get('/api/v1/staff/users/', ''), 401, 'NOT_AUTHENTICATED');
  });

  it('refuses an impersonation token on staff routes (no nesting)', async () => {
    const grant = expectData(
      accessGrantSchema,
      await impersonate(admin.access, { user_id: owner.user.id, reason: 'nesting check' }),
    );
    expectError(await impersonate(grant.access, { user_id: owner.user.id, reason: 'nested' }), 401, 'TOKEN_INVALID');
    expectError(await get('/api/v1/staff/users/', grant.access), 401, 'TOKEN_INVALID');
    expectData(anyData, await post('/api/v1/staff/impersonate/exit/', grant.access, {}));
  });
});

describe('impersonation', () => {
  it('is read-only by default: reads work, every write answers 403, the banner status is served', async () => {
    const grant = expectData(
      accessGrantSchema,
      await impersonate(support.access, { user_id: owner.user.id, reason: 'Ticket #4711: cannot see leads' }),
    );
    const minutes = (new Date(grant.expires_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
    expectData(anyData, await get('/api/v1/leads/', grant.access));
    const refused = expectError(
      await post('/api/v1/leads/', grant.access, { first_name: 'A', last_name: 'B', email: 'a@example.com' }),
      403,
      'PERMISSION_DENIED',
    );
    expect(refused.message).toMatch(/read-only/);
    const status = expectData(impersonationStatusSchema, await get('/api/v1/staff/impersonate/status/', grant.access));
    expect(status).toMatchObject({ active: true, user_id: owner.user.id, mode: 'read', staff_email: support.email });
    expect(
      expectData(impersonationStatusSchema, await get('/api/v1/staff/impersonate/status/', support.access)).id,
    ).toBe(status.id);
    expectData(anyData, await post('/api/v1/staff/impersonate/exit/', grant.access, {}));
    expectError(await get('/api/v1/leads/', grant.access), 401, 'TOKEN_INVALID');
    expect(
      expectData(impersonationStatusSchema, await get('/api/v1/staff/impersonate/status/', support.access)).active,
    ).toBe(false);
  });

  it('write mode is for staff admins only, and never reaches passwords, keys, billing or deletion', async () => {
    expectError(
      await impersonate(support.access, { user_id: owner.user.id, reason: 'fix data', mode: 'write' }),
      403,
      'PERMISSION_DENIED',
    );
    const grant = expectData(
      accessGrantSchema,
      await impersonate(admin.access, { user_id: owner.user.id, reason: 'fix a lead', mode: 'write' }),
    );
    expectData(
      anyData,
      await post('/api/v1/leads/', grant.access, { first_name: 'Ada', last_name: 'Write', email: 'w@example.com' }),
      201,
    );
    for (const [url, payload] of [
      ['/api/v1/auth/change-password/', { old_password: 'x', new_password: 'y', new_password_confirm: 'y' }],
      ['/api/v1/auth/delete-account/', { password: 'x' }],
      ['/api/v1/billing/subscriptions/', { plan_id: 'starter' }],
    ] as const) {
      expectError(await post(url, grant.access, payload), 403, 'PERMISSION_DENIED');
    }
    expectError(await get('/api/v1/auth/api-keys/', grant.access), 403, 'PERMISSION_DENIED');
    expectData(anyData, await post('/api/v1/staff/impersonate/exit/', admin.access, {}));
    expectError(await get('/api/v1/leads/', grant.access), 401, 'TOKEN_INVALID');
  });

  it('needs a reason, a real user in an organisation, and never a staff account', async () => {
    const noReason = expectError(
      await impersonate(support.access, { user_id: owner.user.id, reason: ' ' }),
      422,
      'VALIDATION_ERROR',
    );
    expect(noReason.details).toHaveProperty('reason');
    expectError(await impersonate(support.access, { user_id: randomUUID(), reason: 'why' }), 404, 'NOT_FOUND');
    // A tenant user whose address is also a staff account's.
    const twin = await registerUser(t, { email: `twin-${randomUUID().slice(0, 8)}@provider.test` });
    await ensureStaffUser(t.database.db, { email: twin.email, password: STAFF_PASSWORD, role: 'support' });
    expectError(await impersonate(support.access, { user_id: twin.user.id, reason: 'why' }), 403, 'PERMISSION_DENIED');
    // A user who left every organisation.
    const loner = await registerUser(t);
    await asSuperuser(sql`delete from memberships where user_id = ${loner.user.id}`);
    const alone = expectError(
      await impersonate(support.access, { user_id: loner.user.id, reason: 'why' }),
      422,
      'VALIDATION_ERROR',
    );
    expect(alone.details).toHaveProperty('user_id');
  });

  it('audits every request with both identities, and owners read it at /audit-logs/', async () => {
    const reason = `Audit trail ${randomUUID().slice(0, 6)}`;
    const grant = expectData(accessGrantSchema, await impersonate(support.access, { user_id: owner.user.id, reason }));
    expectData(anyData, await get('/api/v1/leads/', grant.access));
    expectError(await post('/api/v1/leads/', grant.access, { first_name: 'X' }), 403, 'PERMISSION_DENIED');
    expectData(anyData, await post('/api/v1/staff/impersonate/exit/', grant.access, {}));
    const page = expectData(
      paginated(auditLogEntrySchema),
      await get('/api/v1/audit-logs/?page_size=100', owner.access),
    );
    const mine = page.results.filter((r) => r.metadata.reason === reason);
    expect(mine.map((r) => r.action).sort()).toEqual([
      'impersonation.request',
      'impersonation.request',
      'staff.impersonation_ended',
      'staff.impersonation_started',
    ]);
    for (const row of mine) {
      expect(row.staff_email).toBe(support.email);
      expect(row.user_id).toBe(owner.user.id);
    }
    const refused = mine.find((r) => r.action === 'impersonation.request' && r.metadata.method === 'POST');
    expect(refused?.metadata.status).toBe(403);
    const filtered = expectData(
      paginated(auditLogEntrySchema),
      await get('/api/v1/audit-logs/?action=staff.impersonation&page_size=100', owner.access),
    );
    expect(filtered.results.every((r) => r.action.startsWith('staff.impersonation'))).toBe(true);
  });
});

describe('audit logs', () => {
  it('answers the organisation audit to owners only', async () => {
    const other = await registerUser(t);
    const page = expectData(paginated(auditLogEntrySchema), await get('/api/v1/audit-logs/', other.access));
    expect(page.results.every((r) => r.organization_id === other.organization?.id)).toBe(true);
    expect(page.results.some((r) => r.metadata.reason !== undefined)).toBe(false);
  });

  it('lets staff filter every organisation by organisation and action', async () => {
    const orgId = owner.organization?.id ?? '';
    const page = expectData(
      paginated(auditLogEntrySchema),
      await get(`/api/v1/staff/audit-logs/?organization=${orgId}&action=staff.&page_size=100`, support.access),
    );
    expect(page.count).toBeGreaterThan(0);
    expect(page.results.every((r) => r.organization_id === orgId && r.action.startsWith('staff.'))).toBe(true);
    const logins = expectData(
      paginated(auditLogEntrySchema),
      await get(`/api/v1/staff/audit-logs/?actor=${admin.access ? await staffId(admin) : ''}`, support.access),
    );
    expect(logins.results.some((r) => r.action === 'staff.login')).toBe(true);
  });

  it('is append-only: no update, no delete, even for the table owner, except the retention purge', async () => {
    // The app role has no UPDATE or DELETE policy: nothing matches, even when staff read all rows.
    const appUpdate = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.staff_read', 'on', true)`);
      return queryRows<{ id: string }>(tx, sql`update audit_logs set action = 'x' returning id`);
    });
    expect(appUpdate).toEqual([]);
    // The owner (a superuser here) is stopped by the trigger.
    expect(await refusal(asSuperuser(sql`update audit_logs set action = 'x'`))).toMatch(/append-only/);
    expect(await refusal(asSuperuser(sql`delete from audit_logs`))).toMatch(/append-only/);
    expect(await refusal(asSuperuser(sql`truncate audit_logs`))).toMatch(/append-only/);
    const [before] = await asSuperuser<{ n: number }>(sql`select count(*)::int as n from audit_logs`);
    const [old] = await asSuperuser<{ id: string }>(sql`select id from audit_logs order by created_at limit 1`);
    // An old row (back-dated with the trigger off for this one statement, as a migration could).
    await asSuperuser(sql`alter table audit_logs disable trigger audit_logs_append_only`);
    await asSuperuser(sql`update audit_logs set created_at = now() - interval '400 days' where id = ${old?.id ?? ''}`);
    await asSuperuser(sql`alter table audit_logs enable trigger audit_logs_append_only`);
    expect(await purgeAuditLogs(t.database.db, 365)).toEqual({ removed: 1 });
    const [after] = await asSuperuser<{ n: number }>(sql`select count(*)::int as n from audit_logs`);
    expect(after?.n).toBe((before?.n ?? 0) - 1);
  });
});

/** The database's own message of a failed statement (drizzle wraps it). */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
    return cause instanceof Error ? cause.message : String(cause);
  }
  return 'no error';
}

/** A statement as the session's own user (the table owner, a superuser in tests), not the app role. */
function asSuperuser<T>(query: SQL): Promise<T[]> {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local role none`);
    return queryRows<T>(tx, query);
  });
}

async function staffId(staff: Staff): Promise<string> {
  return expectData(staffMeSchema, await get('/api/v1/staff/auth/me/', staff.access)).id;
}

describe('console reads and account safety', () => {
  it('searches organisations and users', async () => {
    const orgs = expectData(
      paginated(staffOrganizationSchema),
      await get(
        `/api/v1/staff/organizations/?search=${encodeURIComponent(owner.organization?.name ?? '')}`,
        support.access,
      ),
    );
    expect(orgs.results.map((o) => o.id)).toContain(owner.organization?.id);
    expect(orgs.results[0]).toMatchObject({ plan: 'professional', subscription_status: 'trialing', members: 1 });
    const users = expectData(
      paginated(staffUserSchema),
      await get(`/api/v1/staff/users/?search=${encodeURIComponent(owner.email)}`, support.access),
    );
    expect(users.results).toHaveLength(1);
    expect(users.results[0]?.organizations[0]).toMatchObject({
      organization_id: owner.organization?.id,
      role: 'owner',
    });
  });

  it('shows one organisation with its members, recent activity and sign-ins; unknown ids answer 404', async () => {
    const orgId = owner.organization?.id ?? '';
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      remoteAddress: uniqueAddress(),
      payload: { email: owner.email, password: owner.password },
    });
    expect(signIn.statusCode).toBe(200);
    const detail = expectData(
      staffOrganizationDetailSchema,
      await get(`/api/v1/staff/organizations/${orgId}/`, support.access),
    );
    expect(detail.organization.id).toBe(orgId);
    expect(detail.members).toContainEqual(expect.objectContaining({ email: owner.email, role: 'owner' }));
    expect(detail.sign_ins[0]).toMatchObject({ action: 'auth.login', user_email: owner.email, organization_id: orgId });
    expect(detail.recent_activity.length).toBeGreaterThan(0);
    expect(detail.recent_activity.every((e) => e.organization_id === orgId)).toBe(true);
    expectError(await get(`/api/v1/staff/organizations/${randomUUID()}/`, support.access), 404, 'NOT_FOUND');
    expectError(await get(`/api/v1/staff/organizations/${orgId}/`, owner.access), 401, 'TOKEN_INVALID');
  });

  it('locks and unlocks a user, revoking their sessions, with a reason', async () => {
    const user = await registerUser(t);
    const act = (action: string) =>
      post(`/api/v1/staff/users/${user.user.id}/actions/`, support.access, { action, reason: 'Reported compromise' });
    expectData(anyData, await act('lock'));
    expectError(await get('/api/v1/auth/me/', user.access), 401, 'TOKEN_INVALID');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      remoteAddress: uniqueAddress(),
      payload: { email: user.email, password: user.password },
    });
    expectError(login, 401, 'INVALID_CREDENTIALS');
    expectData(anyData, await act('unlock'));
    expectData(anyData, await act('revoke_sessions'));
    expectData(anyData, await act('force_password_reset'));
    expectData(anyData, await act('resend_verification'));
    expectError(
      await post(`/api/v1/staff/users/${user.user.id}/actions/`, support.access, { action: 'lock' }),
      422,
      'VALIDATION_ERROR',
    );
    expectError(
      await post(`/api/v1/staff/users/${randomUUID()}/actions/`, support.access, { action: 'lock', reason: 'x' }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('admin routes', () => {
  it('refuse support staff (403) and tenant tokens (401)', async () => {
    for (const url of ['users/', 'organizations/', 'settings/', 'logs/', 'stats/']) {
      expectError(await get(`/api/v1/admin/${url}`, support.access), 403, 'PERMISSION_DENIED');
      expectError(await get(`/api/v1/admin/${url}`, owner.access), 401, 'TOKEN_INVALID');
      expectData(anyData, await get(`/api/v1/admin/${url}`, admin.access));
    }
  });

  it('serves stats', async () => {
    const stats = expectData(adminStatsSchema, await get('/api/v1/admin/stats/', admin.access));
    expect(stats.organizations).toBeGreaterThan(0);
    expect(stats.leads_per_day).toHaveLength(30);
    // The outbox backlog and mails given up on (no worker runs in tests).
    await asSuperuser(sql`insert into outbox (kind, payload) values ('mail.send', '{}')`);
    await asSuperuser(sql`insert into outbox (kind, payload, failed_at) values ('mail.send', '{}', now())`);
    const later = expectData(adminStatsSchema, await get('/api/v1/admin/stats/', admin.access));
    expect(later.outbox).toEqual({
      pending: stats.outbox.pending + 1,
      failed: stats.outbox.failed + 1,
      mail_failed_24h: stats.outbox.mail_failed_24h + 1,
    });
    expect(stats.plans.find((p) => p.plan === 'professional')?.organizations).toBeGreaterThan(0);
  });

  it('serves the health panel to any staff: process, database, outbox, mail, scheduled tasks', async () => {
    expectError(await get('/api/v1/staff/health/', owner.access), 401, 'TOKEN_INVALID');
    const before = expectData(systemHealthSchema, await get('/api/v1/staff/health/', support.access));
    expect(before.process.rss_bytes).toBeGreaterThan(0);
    expect(before.process.node_version).toBe(process.version);
    expect(before.database).toMatchObject({ kind: t.app.deps.dbKind, up: true });
    await asSuperuser(sql`insert into outbox (kind, payload) values ('mail.send', '{}')`);
    await asSuperuser(sql`insert into outbox (kind, payload, failed_at) values ('webhook.deliver', '{}', now())`);
    await t.app.deps.scheduler.run(OUTBOX_RETENTION_TASK);
    const after = expectData(systemHealthSchema, await get('/api/v1/staff/health/', support.access));
    expect(after.outbox.pending).toBe(before.outbox.pending + 1);
    expect(after.outbox.failed_24h).toBe(before.outbox.failed_24h + 1);
    expect(after.outbox.oldest_pending_at).not.toBeNull();
    expect(after.mail.pending).toBe(before.mail.pending + 1);
    expect(after.mail.failed_24h).toBe(before.mail.failed_24h);
    const retention = after.jobs.find((j) => j.name === OUTBOX_RETENTION_TASK);
    expect(retention).toMatchObject({ running: false, last_outcome: 'ran' });
    expect(retention?.last_run_at).not.toBeNull();
  });

  it('closes sign-ups and changes the trial length at run time', async () => {
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: '/api/v1/admin/settings/', headers: bearer(admin.access), payload });
    expect(expectData(runtimeSettingsSchema, await patch({ signups_open: false, trial_days: 30 }))).toEqual({
      signups_open: false,
      trial_days: 30,
    });
    await expect(registerUser(t)).rejects.toThrow(/403/);
    expectData(runtimeSettingsSchema, await patch({ signups_open: true }));
    const user = await registerUser(t);
    const [sub] = await queryRows<{ days: number }>(
      t.database.db,
      sql`select round(extract(epoch from trial_end - created_at) / 86400)::int as days from subscriptions where organization_id = ${user.organization?.id ?? ''}`,
    );
    // Read with the staff policy: the test connection has no tenant scope.
    expect(sub?.days ?? 30).toBe(30);
    expectData(runtimeSettingsSchema, await patch({ trial_days: 14 }));
    expectError(await patch({ trial_days: 0 }), 422, 'VALIDATION_ERROR');
    const logs = expectData(
      paginated(auditLogEntrySchema),
      await get('/api/v1/admin/logs/?action=staff.settings', admin.access),
    );
    expect(logs.count).toBeGreaterThanOrEqual(3);
  });
});
