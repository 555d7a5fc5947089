import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AuthResult } from '@leadcapture/contracts/auth';
import { planSchema, subscriptionSchema, usageRowSchema, type UsageRow } from '@leadcapture/contracts/billing';
import type { Role } from '@leadcapture/contracts/constants';
import { createEvent, createPublicOffer, postCapture, visitor } from '../../../test/capture.ts';
import { expectData, expectError } from '../../../test/envelope.ts';
import { bearer, createTestApp, registerUser, uniqueEmail, type TestApp } from '../../../test/helpers.ts';
import { inScope } from '../../db/tenant.ts';
import { leads } from '../leads/leads.table.ts';
import { memberships } from '../organizations/organizations.table.ts';
import { subscriptions } from './billing.table.ts';

let t: TestApp;
let owner: AuthResult;
let org: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t);
  org = owner.organization?.id ?? '';
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST', url: string, user: AuthResult | null, payload?: Record<string, unknown>) {
  return t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: user ? { ...bearer(user.access), 'x-organization-id': user.organization?.id ?? '' } : {},
    ...(payload ? { payload } : {}),
  });
}

async function joined(role: Role): Promise<AuthResult> {
  const user = await registerUser(t);
  await inScope(t.database.db, { organizationId: org }, (tx) =>
    tx.insert(memberships).values({ organizationId: org, userId: user.user.id, role }),
  );
  return { ...user, organization: owner.organization };
}

const usageOf = (rows: UsageRow[], resource: UsageRow['resource']) => rows.find((r) => r.resource === resource);

describe('GET /billing/plans/', () => {
  it('lists the four plans with minor-unit prices, annual at 20 % off, to anyone', async () => {
    const plans = expectData(z.array(planSchema), await call('GET', 'billing/plans/', null));
    expect(plans.map((p) => p.id)).toEqual(['free', 'starter', 'professional', 'enterprise']);
    const starter = plans.find((p) => p.id === 'starter');
    expect(starter).toMatchObject({ name: 'Starter', price_monthly: 2900, price_annual: 27840, currency: 'usd' });
    expect(starter?.limits).toMatchObject({ leads_per_month: 100, team_members: 2 });
    expect(plans.find((p) => p.id === 'professional')).toMatchObject({
      price_monthly: 8900,
      limits: { leads_per_month: 1000, team_members: 10 },
    });
    expect(plans.find((p) => p.id === 'free')?.limits).toMatchObject({
      leads_per_month: 25,
      team_members: 1,
      events: 1,
      offers: 1,
    });
    const enterprise = plans.find((p) => p.id === 'enterprise');
    expect(enterprise).toMatchObject({ price_monthly: null, price_annual: null });
    expect(Object.values(enterprise?.limits ?? {}).every((limit) => limit === null)).toBe(true);
  });

  it('recommends Professional', async () => {
    const popular = expectData(z.array(planSchema), await call('GET', 'billing/plans/popular/', null));
    expect(popular.map((p) => p.id)).toEqual(['professional']);
  });
});

describe('GET /billing/subscriptions/current/', () => {
  it('starts a new organisation on a 14-day Professional trial', async () => {
    const before = Date.now();
    const fresh = await registerUser(t);
    const sub = expectData(subscriptionSchema, await call('GET', 'billing/subscriptions/current/', fresh));
    expect(sub).toMatchObject({
      status: 'trialing',
      plan: 'Professional',
      plan_id: 'professional',
      billing_cycle: 'monthly',
      cancel_at_period_end: false,
      scheduled_plan_id: null,
    });
    const trialEnd = Date.parse(sub.trial_end ?? '');
    expect(trialEnd - before).toBeGreaterThanOrEqual(14 * 24 * 3600 * 1000 - 1000);
    expect(trialEnd - Date.now()).toBeLessThanOrEqual(14 * 24 * 3600 * 1000);
    const list = expectData(z.array(subscriptionSchema), await call('GET', 'billing/subscriptions/', fresh));
    expect(list).toEqual([sub]);
  });

  it('is read by owner and admin only: member and viewer get 403, a stranger 401', async () => {
    expectData(subscriptionSchema, await call('GET', 'billing/subscriptions/current/', await joined('admin')));
    for (const role of ['member', 'viewer'] as const) {
      const user = await joined(role);
      expectError(await call('GET', 'billing/subscriptions/current/', user), 403, 'PERMISSION_DENIED');
      expectError(await call('GET', 'billing/subscriptions/usage/', user), 403, 'PERMISSION_DENIED');
    }
    expectError(await call('GET', 'billing/subscriptions/current/', null), 401, 'NOT_AUTHENTICATED');
  });

  it("never shows another organisation's subscription", async () => {
    const other = await registerUser(t);
    const mine = expectData(subscriptionSchema, await call('GET', 'billing/subscriptions/current/', owner));
    const theirs = expectData(subscriptionSchema, await call('GET', 'billing/subscriptions/current/', other));
    expect(theirs.id).not.toBe(mine.id);
    const foreign = await t.app.inject({
      method: 'GET',
      url: '/api/v1/billing/subscriptions/current/',
      headers: { ...bearer(other.access), 'x-organization-id': org },
    });
    expectError(foreign, 404, 'NOT_FOUND');
  });
});

describe('GET /billing/subscriptions/usage/', () => {
  it("measures this month's leads, the team, active events, open offers and storage against the plan", async () => {
    const user = await registerUser(t);
    const orgId = user.organization?.id ?? '';
    const event = await createEvent(t, orgId);
    await createEvent(t, orgId, { status: 'draft' });
    await createPublicOffer(t, orgId);
    await createPublicOffer(t, orgId, { status: 'archived' });
    for (let i = 0; i < 3; i++) expect((await postCapture(t, event.slug, visitor())).statusCode).toBe(201);
    // A lead of last month does not count; a deleted lead of this month still does.
    const [old, deleted] = await inScope(t.database.db, { organizationId: orgId }, (tx) =>
      tx.select({ id: leads.id }).from(leads).where(eq(leads.organizationId, orgId)).limit(2),
    );
    await inScope(t.database.db, { organizationId: orgId }, async (tx) => {
      await tx
        .update(leads)
        .set({ createdAt: new Date(Date.UTC(2020, 0, 15)) })
        .where(eq(leads.id, old?.id ?? ''));
      await tx
        .update(leads)
        .set({ deletedAt: new Date() })
        .where(eq(leads.id, deleted?.id ?? ''));
    });
    const invite = await call('POST', 'auth/team/members/', user, { email: uniqueEmail('invitee'), role: 'member' });
    expect(invite.statusCode).toBe(201);

    const rows = expectData(z.array(usageRowSchema), await call('GET', 'billing/subscriptions/usage/', user));
    expect(rows.map((r) => r.resource)).toEqual(['leads', 'team_members', 'events', 'offers', 'storage']);
    expect(usageOf(rows, 'leads')).toEqual({ resource: 'leads', current_usage: 2, limit: 1000, percentage: 0 });
    expect(usageOf(rows, 'team_members')).toEqual({
      resource: 'team_members',
      current_usage: 2,
      limit: 10,
      percentage: 20,
    });
    expect(usageOf(rows, 'events')).toEqual({ resource: 'events', current_usage: 1, limit: null, percentage: 0 });
    expect(usageOf(rows, 'offers')).toEqual({ resource: 'offers', current_usage: 1, limit: null, percentage: 0 });
    expect(usageOf(rows, 'storage')).toMatchObject({ current_usage: 0, limit: 10240 });
  });

  it("measures against the organisation's plan: on free, 1 active event of 1 is 100 %", async () => {
    const user = await registerUser(t);
    const orgId = user.organization?.id ?? '';
    await inScope(t.database.db, { organizationId: orgId }, (tx) =>
      tx
        .update(subscriptions)
        .set({ planId: 'free', status: 'active', trialEnd: null })
        .where(eq(subscriptions.organizationId, orgId)),
    );
    await createEvent(t, orgId);
    const rows = expectData(z.array(usageRowSchema), await call('GET', 'billing/subscriptions/usage/', user));
    expect(usageOf(rows, 'events')).toEqual({ resource: 'events', current_usage: 1, limit: 1, percentage: 100 });
    expect(usageOf(rows, 'leads')).toMatchObject({ limit: 25 });
    expect(usageOf(rows, 'team_members')).toMatchObject({ current_usage: 1, limit: 1, percentage: 100 });
  });
});
