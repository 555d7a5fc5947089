import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCategoryOf } from '@leadcapture/contracts/audit';
import { paginated } from '@leadcapture/contracts/envelope';
import { auditLogEntrySchema } from '@leadcapture/contracts/staff';
import { expectData } from '../../../test/envelope.ts';
import { bearer, createTestApp, registerUser, setPlan, uniqueAddress, type TestApp } from '../../../test/helpers.ts';

type User = Awaited<ReturnType<typeof registerUser>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

let t: TestApp;
let owner: User;

const orgOf = (user: User) => user.organization?.id ?? '';

function call(method: Method, url: string, user: User, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1/${url}`,
    remoteAddress: uniqueAddress(),
    headers: { ...bearer(user.access), 'x-organization-id': orgOf(user) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function ok(res: Awaited<ReturnType<typeof call>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<{ data: { id: string } }>().data;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t);
  await setPlan(t, orgOf(owner), 'enterprise');
});
afterAll(() => t.close());

/** What the organisation's owner reads at /audit-logs/ (every page of it). */
async function ownersAudit(): Promise<{ action: string; metadata: Record<string, unknown> }[]> {
  const res = await call('GET', 'audit-logs/?page_size=100', owner);
  return expectData(paginated(auditLogEntrySchema), res).results;
}

describe('audit coverage (issue 29): what the owner reads at /settings/audit-log', () => {
  it('records sign-ins and failures, role changes, invitations, plan changes, exports, API keys and webhooks', async () => {
    const signIn = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login/',
        remoteAddress: uniqueAddress(),
        payload: { email: owner.email, password },
      });
    expect((await signIn(owner.password)).statusCode).toBe(200);
    expect((await signIn('not the password at all')).statusCode).toBe(401);

    const invited = await ok(
      await call('POST', 'auth/team/members/', owner, { email: `audit-${Date.now()}@example.com`, role: 'member' }),
      201,
    );
    await ok(await call('PATCH', `auth/team/members/${invited.id}/`, owner, { role: 'admin' }));

    await setPlan(t, orgOf(owner), 'free');
    await ok(
      await call('POST', 'billing/subscriptions/', owner, { plan_id: 'starter', billing_cycle: 'monthly' }),
      201,
    );

    const exported = await call('GET', 'leads/export/?format=csv', owner);
    expect(exported.statusCode, exported.body).toBe(200);

    const key = await ok(
      await call('POST', 'auth/api-keys/', owner, { name: 'Audit key', permissions: ['leads:read'] }),
      201,
    );
    await ok(await call('DELETE', `auth/api-keys/${key.id}/`, owner), 200);
    await ok(
      await call('POST', 'integrations/webhooks/', owner, {
        name: 'Audit hook',
        url: 'http://127.0.0.1:9/hooks/audit/',
        events: ['lead.created'],
      }),
      201,
    );

    const audit = await ownersAudit();
    const actions = new Set(audit.map((e) => e.action));
    for (const action of [
      'auth.login',
      'auth.login_failed',
      'invitation.created',
      'membership.updated',
      'subscription.started',
      'lead.exported',
      'api_key.created',
      'api_key.revoked',
      'webhook.created',
    ]) {
      expect(actions, action).toContain(action);
    }
    const failure = audit.find((e) => e.action === 'auth.login_failed');
    expect(failure?.metadata).toMatchObject({ email: owner.email, reason: 'bad_password' });
  });

  it("filters by category: only that category's codes, and an unknown category is a 422", async () => {
    const res = await call('GET', 'audit-logs/?category=api_keys&page_size=100', owner);
    const entries = expectData(paginated(auditLogEntrySchema), res).results;
    expect(entries.map((e) => e.action).sort()).toEqual(['api_key.created', 'api_key.revoked']);
    const billing = expectData(
      paginated(auditLogEntrySchema),
      await call('GET', 'audit-logs/?category=billing', owner),
    );
    expect(billing.results.length).toBeGreaterThan(0);
    expect(billing.results.every((e) => auditCategoryOf(e.action) === 'billing')).toBe(true);
    const unknown = await call('GET', 'audit-logs/?category=everything', owner);
    expect(unknown.statusCode).toBe(422);
  });

  it('keeps a sign-in out of organisations the user does not open (another owner reads none of it)', async () => {
    const other = await registerUser(t);
    const res = await call('GET', 'audit-logs/?action=auth.login&page_size=100', other);
    const entries = expectData(paginated(auditLogEntrySchema), res).results;
    expect(entries.every((e) => e.user_id === other.user.id)).toBe(true);
  });
});
