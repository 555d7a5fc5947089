import { and, eq } from 'drizzle-orm';
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
import { auditLogs } from '../audit/audit.table.ts';
import { advanceSubscriptions, atPeriodEnd, periodEnd } from './billing.service.ts';
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

function call(method: 'GET' | 'POST' | 'PUT', url: string, user: AuthResult | null, payload?: Record<string, unknown>) {
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

const current = async (user: AuthResult) =>
  expectData(subscriptionSchema, await call('GET', 'billing/subscriptions/current/', user));

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
    expect(rows.map((r) => r.resource)).toEqual([
      'leads',
      'team_members',
      'events',
      'offers',
      'integrations',
      'storage',
    ]);
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

describe('changing the subscription (owner only)', () => {
  const DAY = 24 * 3600 * 1000;
  const put = (user: AuthResult, id: string, body: Record<string, unknown>) =>
    call('PUT', `billing/subscriptions/${id}/`, user, body);

  it('starts a paid plan at once from the trial, then upgrades at once and downgrades at the period end', async () => {
    const user = await registerUser(t);
    const trial = await current(user);
    const started = expectData(
      subscriptionSchema,
      await call('POST', 'billing/subscriptions/', user, { plan_id: 'starter', billing_cycle: 'monthly' }),
      201,
    );
    expect(started).toMatchObject({ id: trial.id, status: 'active', plan_id: 'starter', plan: 'Starter' });
    const periodDays = (Date.parse(started.current_period_end) - Date.now()) / DAY;
    expect(periodDays).toBeGreaterThan(27);
    expect(periodDays).toBeLessThan(32);
    expectError(await call('POST', 'billing/subscriptions/', user, { plan_id: 'professional' }), 409, 'CONFLICT');

    const upgraded = expectData(
      subscriptionSchema,
      await put(user, trial.id, { plan_id: 'professional', billing_cycle: 'annual' }),
    );
    expect(upgraded).toMatchObject({ plan_id: 'professional', billing_cycle: 'annual', scheduled_plan_id: null });
    expect((Date.parse(upgraded.current_period_end) - Date.now()) / DAY).toBeGreaterThan(364);

    const downgrade = expectData(
      subscriptionSchema,
      await put(user, trial.id, { plan_id: 'starter', cancel_at_period_end: true }),
    );
    expect(downgrade).toMatchObject({
      plan_id: 'professional',
      scheduled_plan_id: 'starter',
      cancel_at_period_end: false,
    });
    const resumed = expectData(subscriptionSchema, await put(user, trial.id, { cancel_at_period_end: false }));
    expect(resumed).toMatchObject({ plan_id: 'professional', scheduled_plan_id: null });
    const nothing = expectError(await put(user, trial.id, { cancel_at_period_end: false }), 409, 'CONFLICT');
    expect(nothing.message).toBe('No subscription to resume');
  });

  it('refuses what is not an upgrade or a downgrade, and plans that are not bought here, changing nothing', async () => {
    const user = await registerUser(t);
    const { id } = await current(user);
    // From the Professional trial: Professional is no upgrade, Starter is no upgrade either.
    for (const plan_id of ['professional', 'starter']) {
      expectError(await put(user, id, { plan_id }), 422, 'VALIDATION_ERROR');
    }
    expectError(await put(user, id, { plan_id: 'enterprise' }), 422, 'VALIDATION_ERROR');
    expectError(await put(user, id, { plan_id: 'platinum' }), 422, 'VALIDATION_ERROR');
    expectError(await put(user, id, {}), 422, 'VALIDATION_ERROR');
    expectError(await call('POST', 'billing/subscriptions/', user, { plan_id: 'free' }), 422, 'VALIDATION_ERROR');
    // A downgrade needs a paid plan, and a lower one.
    expectError(await put(user, id, { plan_id: 'starter', cancel_at_period_end: true }), 409, 'CONFLICT');
    await call('POST', 'billing/subscriptions/', user, { plan_id: 'starter' });
    expectError(await put(user, id, { plan_id: 'professional', cancel_at_period_end: true }), 422, 'VALIDATION_ERROR');
    expect(await current(user)).toMatchObject({ plan_id: 'starter', scheduled_plan_id: null });
  });

  it('cancels at the period end, once; cancels at once to free; nothing to cancel on free', async () => {
    const user = await registerUser(t);
    const { id } = await current(user);
    await call('POST', 'billing/subscriptions/', user, { plan_id: 'starter' });
    const cancelled = expectData(subscriptionSchema, await call('POST', `billing/subscriptions/${id}/cancel/`, user));
    expect(cancelled).toMatchObject({ plan_id: 'starter', cancel_at_period_end: true });
    const again = expectError(await call('POST', `billing/subscriptions/${id}/cancel/`, user), 409, 'CONFLICT');
    expect(again.message).toBe('No active subscription to cancel');
    expectData(subscriptionSchema, await put(user, id, { cancel_at_period_end: false }));
    const ended = expectData(
      subscriptionSchema,
      await call('POST', `billing/subscriptions/${id}/cancel/`, user, { cancel_at_period_end: false }),
    );
    expect(ended).toMatchObject({ plan_id: 'free', status: 'active', cancel_at_period_end: false });
    expectError(await call('POST', `billing/subscriptions/${id}/cancel/`, user), 409, 'CONFLICT');
    expectError(await call('POST', `billing/subscriptions/${owner.user.id}/cancel/`, user), 404, 'NOT_FOUND');
  });

  it('lets only the owner change billing: admin, member and viewer get 403', async () => {
    const { id } = await current(owner);
    for (const role of ['admin', 'member', 'viewer'] as const) {
      const user = await joined(role);
      expectError(await call('POST', 'billing/subscriptions/', user, { plan_id: 'starter' }), 403, 'PERMISSION_DENIED');
      expectError(await put(user, id, { cancel_at_period_end: true }), 403, 'PERMISSION_DENIED');
      expectError(await call('POST', `billing/subscriptions/${id}/cancel/`, user), 403, 'PERMISSION_DENIED');
    }
    expect(await current(owner)).toMatchObject({ status: 'trialing', cancel_at_period_end: false });
  });
});

describe('the period end (scheduled task subscription_periods)', () => {
  /** Moves the organisation's period (and trial) end into the past, as if its days had gone by. */
  async function periodEnded(orgId: string, agoMs = 60_000) {
    const ended = new Date(Date.now() - agoMs);
    await inScope(t.database.db, { organizationId: orgId }, (tx) =>
      tx.update(subscriptions).set({ currentPeriodEnd: ended }).where(eq(subscriptions.organizationId, orgId)),
    );
    return ended;
  }
  const rowOf = async (orgId: string) => {
    const [row] = await inScope(t.database.db, { organizationId: orgId }, (tx) =>
      tx.select().from(subscriptions).where(eq(subscriptions.organizationId, orgId)),
    );
    return row;
  };

  it('ends a trial on free, with nothing deleted, once however many runs meet it', async () => {
    const user = await registerUser(t);
    const orgId = user.organization?.id ?? '';
    const event = await createEvent(t, orgId);
    await postCapture(t, event.slug, visitor());
    await periodEnded(orgId);
    await Promise.all([
      advanceSubscriptions(t.database.db, t.app.deps.billing),
      advanceSubscriptions(t.database.db, t.app.deps.billing),
    ]);
    const row = await rowOf(orgId);
    expect(row).toMatchObject({ planId: 'free', status: 'active', cancelAtPeriodEnd: false });
    expect(row?.currentPeriodEnd.getTime()).toBeGreaterThan(Date.now());
    const audits = await inScope(t.database.db, { organizationId: orgId }, (tx) =>
      tx
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.organizationId, orgId), eq(auditLogs.action, 'subscription.period_ended'))),
    );
    expect(audits).toHaveLength(1);
    const usage = expectData(z.array(usageRowSchema), await call('GET', 'billing/subscriptions/usage/', user));
    expect(usageOf(usage, 'leads')).toMatchObject({ current_usage: 1, limit: 25 });
  });

  it('applies a scheduled downgrade and a cancellation at the period end, and renews the rest', async () => {
    const plans: Record<string, AuthResult> = {};
    for (const name of ['downgraded', 'cancelled', 'renewed']) {
      plans[name] = await registerUser(t);
      await call('POST', 'billing/subscriptions/', plans[name], { plan_id: 'professional' });
    }
    const id = async (user: AuthResult) => (await current(user)).id;
    await call('PUT', `billing/subscriptions/${await id(plans.downgraded!)}/`, plans.downgraded!, {
      plan_id: 'starter',
      cancel_at_period_end: true,
    });
    await call('POST', `billing/subscriptions/${await id(plans.cancelled!)}/cancel/`, plans.cancelled!);
    const ended = new Map<string, Date>();
    for (const [name, user] of Object.entries(plans)) ended.set(name, await periodEnded(user.organization?.id ?? ''));
    await advanceSubscriptions(t.database.db, t.app.deps.billing);
    expect(await current(plans.downgraded!)).toMatchObject({
      plan_id: 'starter',
      status: 'active',
      scheduled_plan_id: null,
    });
    expect(await current(plans.cancelled!)).toMatchObject({ plan_id: 'free', cancel_at_period_end: false });
    const renewed = await current(plans.renewed!);
    expect(renewed).toMatchObject({ plan_id: 'professional', status: 'active' });
    const renewedRow = await rowOf(plans.renewed!.organization?.id ?? '');
    expect(renewedRow?.currentPeriodStart.getTime()).toBe(ended.get('renewed')?.getTime());
  });
});

describe('atPeriodEnd (a moved clock)', () => {
  const row = {
    id: 'x',
    organizationId: 'o',
    planId: 'starter' as const,
    status: 'active' as const,
    billingCycle: 'monthly' as const,
    trialEnd: null,
    currentPeriodStart: new Date('2026-01-31T10:00:00Z'),
    currentPeriodEnd: new Date('2026-02-28T10:00:00Z'),
    cancelAtPeriodEnd: false,
    scheduledPlanId: null,
    trialRemindedAt: null,
    providerSubscriptionId: null,
    providerEventAt: null,
    heldNoticedMonth: null,
    createdAt: new Date('2026-01-31T10:00:00Z'),
    updatedAt: new Date('2026-01-31T10:00:00Z'),
  };

  it('steps through the periods missed while nothing ran, so the new one holds now', () => {
    const next = atPeriodEnd(row, new Date('2026-05-15T00:00:00Z'));
    expect(next).toMatchObject({ planId: 'starter', status: 'active' });
    expect(next.currentPeriodStart).toEqual(new Date('2026-04-28T10:00:00Z'));
    expect(next.currentPeriodEnd).toEqual(new Date('2026-05-28T10:00:00Z'));
  });

  it('ends a month on its last day when the start day does not exist in it', () => {
    expect(periodEnd(new Date('2026-01-31T10:00:00Z'), 'monthly')).toEqual(new Date('2026-02-28T10:00:00Z'));
    expect(periodEnd(new Date('2028-02-29T00:00:00Z'), 'annual')).toEqual(new Date('2029-02-28T00:00:00Z'));
  });
});
