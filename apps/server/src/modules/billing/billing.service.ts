import type { AuditAction } from '@leadcapture/contracts/audit';
import { and, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import {
  BILLING_MESSAGES,
  PLAN_RANK,
  PLANS,
  daysRemaining,
  POPULAR_PLAN_IDS,
  RESOURCE_LIMIT,
  USAGE_RESOURCES,
  planById,
  usagePercentage,
  type BillingCycle,
  type CancelSubscriptionRequest,
  type ChangeSubscriptionRequest,
  type Plan,
  type PlanFeature,
  type PlanId,
  type StartSubscriptionRequest,
  type Subscription,
  type UsageResource,
  type UsageRow,
} from '@leadcapture/contracts/billing';
import { USAGE_WARNING_PERCENT } from '@leadcapture/contracts/constants';
import { queryRows, type Database, type Tx } from '../../db/database.ts';
import { inScope, type TenantContext } from '../../db/tenant.ts';
import { AppError, validationError } from '../../http/errors.ts';
import { assertCan } from '../../http/permissions.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { dataExports } from '../data/data-exports.table.ts';
import { events } from '../events/events.table.ts';
import { files } from '../files/files.table.ts';
import { integrations } from '../integrations/integrations.table.ts';
import { leads } from '../leads/leads.table.ts';
import { offers } from '../offers/offers.table.ts';
import { memberships } from '../organizations/organizations.table.ts';
import { noticeUsage, notifyOwners } from './billing-notices.service.ts';
import { subscriptions } from './billing.table.ts';
import { effectivePlan } from './effective-plan.ts';
import { monthStart, releaseHeldLeads } from './held-leads.ts';
import type { BillingProvider, PlanChange, PlanChangeResult } from './provider.ts';
import { readRuntimeSettings } from '../settings/settings.service.ts';

export { noticeHeldLeads } from './billing-notices.service.ts';
export { heldApproval, heldThisMonth, heldTotal } from './held-leads.ts';

/** Plans, the organisation's subscription and its usage (03-decisions §4, docs/billing.md). */

const DAY_MS = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;

type SubscriptionRow = typeof subscriptions.$inferSelect;
type UsageScope = Pick<TenantContext, 'tx' | 'organizationId'>;

/**
 * A new organisation starts trialing on Professional for 14 days (03-decisions §4), or the
 * length staff admins set at run time (modules/settings).
 */
export async function startTrial(tx: Tx, organizationId: string, now = new Date()): Promise<void> {
  const { trial_days: trialDays } = await readRuntimeSettings(tx);
  const trialEnd = new Date(now.getTime() + trialDays * DAY_MS);
  await tx.insert(subscriptions).values({
    organizationId,
    planId: 'professional',
    status: 'trialing',
    billingCycle: 'monthly',
    trialEnd,
    currentPeriodStart: now,
    currentPeriodEnd: trialEnd,
  });
}

/** GET /billing/plans/: every plan, cheapest first. */
export function listPlans(): Plan[] {
  return [...PLANS];
}

/** GET /billing/plans/popular/ */
export function popularPlans(): Plan[] {
  return PLANS.filter((plan) => POPULAR_PLAN_IDS.includes(plan.id));
}

function toSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    status: row.status,
    plan: planById(row.planId).name,
    plan_id: row.planId,
    billing_cycle: row.billingCycle,
    trial_end: row.trialEnd?.toISOString() ?? null,
    current_period_end: row.currentPeriodEnd.toISOString(),
    cancel_at_period_end: row.cancelAtPeriodEnd,
    scheduled_plan_id: row.scheduledPlanId,
  };
}

async function subscriptionRow(ctx: UsageScope, forUpdate = false): Promise<SubscriptionRow> {
  const query = ctx.tx.select().from(subscriptions).where(eq(subscriptions.organizationId, ctx.organizationId));
  const [row] = await (forUpdate ? query.for('update') : query);
  // Every organisation gets its subscription in the transaction that creates it (startTrial).
  if (!row) throw new AppError('NOT_FOUND', 'This organisation has no subscription.');
  return row;
}

/** GET /billing/subscriptions/current/ */
export async function currentSubscription(ctx: TenantContext): Promise<Subscription> {
  assertCan(ctx, 'billing.read');
  return toSubscription(await subscriptionRow(ctx));
}

/** GET /billing/subscriptions/: the organisation has one subscription, which changes plan over time. */
export async function listSubscriptions(ctx: TenantContext): Promise<Subscription[]> {
  return [await currentSubscription(ctx)];
}

/**
 * What the organisation uses of one limited resource now: leads created this calendar month
 * (UTC) by any route, deleted ones included (deleting does not give a month's lead back); team
 * members joined or invited; active events; offers not archived; integrations connected (in error
 * too, not disconnected); stored files, in MB rounded up.
 */
async function countUsage({ tx, organizationId }: UsageScope, resource: UsageResource, now: Date): Promise<number> {
  const count = sql<number>`count(*)::int`;
  switch (resource) {
    case 'leads': {
      const [row] = await tx
        .select({ n: count })
        .from(leads)
        .where(and(eq(leads.organizationId, organizationId), gte(leads.createdAt, monthStart(now))));
      return row?.n ?? 0;
    }
    case 'team_members': {
      const [row] = await tx
        .select({ n: count })
        .from(memberships)
        .where(and(eq(memberships.organizationId, organizationId), inArray(memberships.status, ['joined', 'invited'])));
      return row?.n ?? 0;
    }
    case 'events': {
      const [row] = await tx
        .select({ n: count })
        .from(events)
        .where(and(eq(events.organizationId, organizationId), eq(events.status, 'active')));
      return row?.n ?? 0;
    }
    case 'offers': {
      const [row] = await tx
        .select({ n: count })
        .from(offers)
        .where(and(eq(offers.organizationId, organizationId), ne(offers.status, 'archived')));
      return row?.n ?? 0;
    }
    case 'integrations': {
      // Disconnected ones keep their row (and remote ids) but no longer count.
      const [row] = await tx
        .select({ n: count })
        .from(integrations)
        .where(and(eq(integrations.organizationId, organizationId), ne(integrations.status, 'inactive')));
      return row?.n ?? 0;
    }
    case 'storage': {
      const [row] = await tx
        .select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)::text` })
        .from(files)
        .where(eq(files.organizationId, organizationId));
      // Export files count while they exist (the data centre removes them after 7 days).
      const [exported] = await tx
        .select({ bytes: sql<string>`coalesce(sum(${dataExports.sizeBytes}), 0)::text` })
        .from(dataExports)
        .where(and(eq(dataExports.organizationId, organizationId), isNotNull(dataExports.fileKey)));
      return Number(row?.bytes ?? 0) + Number(exported?.bytes ?? 0);
    }
  }
}

/** Storage is measured in bytes and limited in MB; everything else counts one by one. */
const MEASURE_PER_LIMIT_UNIT: Record<UsageResource, number> = {
  leads: 1,
  team_members: 1,
  events: 1,
  offers: 1,
  integrations: 1,
  storage: MB,
};

/** A measure in the unit of its limit, rounded up (a byte over 2 MB is 3 MB used). */
const inLimitUnits = (resource: UsageResource, measure: number) =>
  Math.ceil(measure / MEASURE_PER_LIMIT_UNIT[resource]);

/** Every limited resource's usage now (`countUsage`), in the units of its limit. */
export async function currentUsage(ctx: UsageScope, now = new Date()): Promise<Record<UsageResource, number>> {
  const usage = {} as Record<UsageResource, number>;
  for (const resource of USAGE_RESOURCES)
    usage[resource] = inLimitUnits(resource, await countUsage(ctx, resource, now));
  return usage;
}

const RESOURCE_NAMES: Record<UsageResource, { one: string; many: string }> = {
  leads: { one: 'lead', many: 'leads this month' },
  team_members: { one: 'team member', many: 'team members' },
  events: { one: 'active event', many: 'active events' },
  offers: { one: 'offer', many: 'offers' },
  integrations: { one: 'integration', many: 'integrations' },
  storage: { one: 'MB of storage', many: 'MB of storage' },
};

function limitReached(row: SubscriptionRow, resource: UsageResource, current: number, now: Date): AppError {
  const plan = effectivePlan(row, now);
  const limit = plan.limits[RESOURCE_LIMIT[resource]] ?? 0;
  const name = RESOURCE_NAMES[resource];
  const detail = `Your ${plan.name} plan includes ${limit} ${limit === 1 ? name.one : name.many}. Upgrade your plan to add more.`;
  return new AppError('USAGE_LIMIT_REACHED', detail, {
    code: 'USAGE_LIMIT_REACHED',
    resource,
    current_usage: current,
    limit,
    feature: null,
    subscription_status: row.status,
    trial_days_remaining: row.status === 'trialing' && row.trialEnd ? daysRemaining(row.trialEnd, now) : null,
    detail,
  });
}

/**
 * The 402 reserveUsage would answer, without locking or telling anyone: for a create that first
 * asks someone outside (an integration's provider) and only then reserves and writes.
 */
export async function assertRoom(
  ctx: UsageScope,
  resource: UsageResource,
  adding = 1,
  now = new Date(),
): Promise<void> {
  const row = await subscriptionRow(ctx);
  const limit = effectivePlan(row, now).limits[RESOURCE_LIMIT[resource]];
  if (limit === null) return;
  const measured = await countUsage(ctx, resource, now);
  if (measured + adding > limit * MEASURE_PER_LIMIT_UNIT[resource]) {
    throw limitReached(row, resource, inLimitUnits(resource, measured), now);
  }
}

/**
 * Counts `adding` more of `resource` against the organisation's plan before a create writes them
 * (03-decisions §4): past the limit it answers 402 USAGE_LIMIT_REACHED with the paywall's details
 * and the caller writes nothing. The subscription row is locked first, so the organisation's
 * counted creates take turns until their transactions end: at a limit of N, any number of
 * concurrent creates store at most N. Answers the usage the create leaves, which the route
 * reports in the x-usage-* headers from 80 % (`ctx.reportUsage`). The first create in the period
 * to reach 80 % or 100 % tells the owners, in its transaction (noticeUsage).
 */
export async function reserveUsage(
  ctx: UsageScope & Pick<TenantContext, 'reportUsage'>,
  resource: UsageResource,
  /** In the resource's own measure: one per record, bytes for storage. */
  adding = 1,
  now = new Date(),
): Promise<UsageRow> {
  const row = await subscriptionRow(ctx, true);
  const plan = effectivePlan(row, now);
  const limit = plan.limits[RESOURCE_LIMIT[resource]];
  if (limit === null) return { resource, current_usage: 0, limit: null, percentage: 0 };
  const measured = await countUsage(ctx, resource, now);
  const current = inLimitUnits(resource, measured);
  const after = inLimitUnits(resource, measured + adding);
  if (measured + adding > limit * MEASURE_PER_LIMIT_UNIT[resource]) throw limitReached(row, resource, current, now);
  const usage = { resource, current_usage: after, limit, percentage: usagePercentage(after, limit) };
  if (after * 100 >= USAGE_WARNING_PERCENT * limit) {
    await noticeUsage(ctx.tx, ctx.organizationId, { resource, before: current, after, limit }, now);
  }
  ctx.reportUsage?.(usage);
  return usage;
}

/**
 * Refuses with 402 FEATURE_LOCKED (the paywall's details, as USAGE_LIMIT_REACHED's) when the
 * organisation's plan in force lacks `feature` (CRM integrations on Starter, say).
 */
export async function assertFeature(ctx: UsageScope, feature: PlanFeature, now = new Date()): Promise<void> {
  const row = await subscriptionRow(ctx);
  const plan = effectivePlan(row, now);
  if (plan.features.includes(feature)) return;
  const detail = `Your ${plan.name} plan does not include ${FEATURE_NAMES[feature]}. Upgrade your plan to use it.`;
  throw new AppError('FEATURE_LOCKED', detail, {
    code: 'FEATURE_LOCKED',
    resource: null,
    current_usage: null,
    limit: null,
    feature,
    subscription_status: row.status,
    trial_days_remaining: row.status === 'trialing' && row.trialEnd ? daysRemaining(row.trialEnd, now) : null,
    detail,
  });
}

const FEATURE_NAMES: Record<PlanFeature, string> = {
  basic_analytics: 'basic analytics',
  advanced_analytics: 'advanced analytics',
  crm_integrations: 'CRM integrations',
  custom_integrations: 'custom integrations',
  email_support: 'email support',
  priority_support: 'priority support',
  dedicated_success_manager: 'a dedicated success manager',
};

/**
 * How many of `wanted` new leads the month still has room for (an import's batch: the rows past
 * the limit fail one by one instead of refusing the whole file). Locks the subscription row as
 * reserveUsage does and tells the owners at 80 % and 100 % the same way.
 */
export async function leadRoom(ctx: UsageScope, wanted: number, now = new Date()): Promise<number> {
  const row = await subscriptionRow(ctx, true);
  const limit = effectivePlan(row, now).limits.leads_per_month;
  if (limit === null) return wanted;
  const current = await countUsage(ctx, 'leads', now);
  const room = Math.max(0, Math.min(wanted, limit - current));
  const after = current + room;
  if (room > 0 && after * 100 >= USAGE_WARNING_PERCENT * limit) {
    await noticeUsage(ctx.tx, ctx.organizationId, { resource: 'leads', before: current, after, limit }, now);
  }
  return room;
}

/** GET /billing/subscriptions/usage/: one row per limited resource, against the current plan. */
export async function usageSummary(ctx: TenantContext, now = new Date()): Promise<UsageRow[]> {
  assertCan(ctx, 'billing.read');
  const plan = effectivePlan(await subscriptionRow(ctx), now);
  const usage = await currentUsage(ctx, now);
  return USAGE_RESOURCES.map((resource) => {
    const limit = plan.limits[RESOURCE_LIMIT[resource]];
    return { resource, current_usage: usage[resource], limit, percentage: usagePercentage(usage[resource], limit) };
  });
}

/** What a plan costs per cycle in minor units; null for a custom price (Enterprise). */
export function planPrice(planId: PlanId, cycle: BillingCycle): number | null {
  const plan = planById(planId);
  return cycle === 'annual' ? plan.price_annual : plan.price_monthly;
}

/** The end of a billing period that starts at `start`: a month or a year later (the 31st becomes the month's last day). */
export function periodEnd(start: Date, cycle: BillingCycle): Date {
  const months = cycle === 'annual' ? 12 : 1;
  const end = new Date(start);
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return end;
}

const conflict = (message: string) => new AppError('CONFLICT', message);
const planRefused = (message: string) => validationError({ plan_id: [message] }, message);

/** A plan the owner can buy here: not free (it is what cancelling leads to), not Enterprise (custom). */
function assertPurchasable(planId: PlanId): void {
  if (planId === 'free') throw planRefused(BILLING_MESSAGES.freeIsNotBought);
  if (planId === 'enterprise') throw planRefused(BILLING_MESSAGES.enterpriseIsCustom);
}

/** On a paid plan now: not trialing, not free. */
const isPaid = (row: SubscriptionRow) => row.status !== 'trialing' && row.planId !== 'free';

/** The columns of a plan that starts now: a new period, nothing pending. */
function startsNow(planId: PlanId, cycle: BillingCycle, now: Date) {
  return {
    planId,
    billingCycle: cycle,
    status: 'active' as const,
    currentPeriodStart: now,
    currentPeriodEnd: periodEnd(now, cycle),
    cancelAtPeriodEnd: false,
    scheduledPlanId: null,
    updatedAt: now,
  };
}

/**
 * After a plan change (the row still locked): the visitors' captures held past the lead limit
 * that the plan now has room for become leads, and only now are they announced (held-leads.ts).
 */
export async function releaseHeldFor(ctx: UsageScope, row: SubscriptionRow, now = new Date()) {
  const limit = effectivePlan(row, now).limits.leads_per_month;
  const room = limit === null ? null : Math.max(0, limit - (await countUsage(ctx, 'leads', now)));
  return releaseHeldLeads(ctx, room, now);
}

/**
 * What the provider answered about a change, as columns (`undefined` leaves a column as it is).
 * A change the provider made is as new as its answer: its webhook events from before it (an
 * earlier change's, arriving late) no longer apply (`provider_event_at`, stripe-webhooks.ts).
 */
function providerColumns(result: PlanChangeResult, now: Date): Partial<typeof subscriptions.$inferInsert> {
  return {
    ...(result.providerSubscriptionId !== undefined
      ? { providerSubscriptionId: result.providerSubscriptionId, providerEventAt: now }
      : {}),
    ...(result.currentPeriodEnd !== undefined ? { currentPeriodEnd: result.currentPeriodEnd } : {}),
  };
}

/**
 * One plan change: the provider is asked first (the row locked; it may refuse, and then nothing
 * is written), the row is written and audited, and a start or an upgrade is billed.
 */
async function applyChange(
  ctx: TenantContext,
  provider: BillingProvider,
  meta: RequestMeta,
  row: SubscriptionRow,
  planChange: PlanChange,
  change: Partial<typeof subscriptions.$inferInsert>,
  action: AuditAction,
  now: Date,
): Promise<Subscription> {
  const result = await provider.changePlan(ctx, row, planChange, now);
  const updated = await writeChange(ctx, meta, row, { ...change, ...providerColumns(result, now) }, action);
  if (planChange.kind === 'start' || planChange.kind === 'upgrade') {
    await provider.billChange(ctx, row, updated, planChange.kind, now);
  }
  return toSubscription(updated);
}

async function writeChange(
  ctx: TenantContext,
  meta: RequestMeta,
  row: SubscriptionRow,
  change: Partial<typeof subscriptions.$inferInsert>,
  action: AuditAction,
): Promise<SubscriptionRow> {
  const [updated] = await ctx.tx
    .update(subscriptions)
    .set(change)
    .where(and(eq(subscriptions.id, row.id), eq(subscriptions.organizationId, ctx.organizationId)))
    .returning();
  if (!updated) throw new Error(`subscription ${row.id} vanished under its lock`);
  await releaseHeldFor(ctx, updated);
  await recordAudit(ctx.tx, meta, {
    action,
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'subscription',
    targetId: row.id,
    metadata: { from: row.planId, to: updated.planId, scheduled: updated.scheduledPlanId, status: updated.status },
  });
  return updated;
}

/** The organisation's subscription, locked for a change by the owner; 404 for another id. */
async function lockedSubscription(ctx: TenantContext, id?: string): Promise<SubscriptionRow> {
  assertCan(ctx, 'billing.manage');
  const row = await subscriptionRow(ctx, true);
  if (id !== undefined && row.id !== id) throw new AppError('NOT_FOUND', 'Subscription not found.');
  return row;
}

/**
 * POST /billing/subscriptions/: during the trial or on free, the owner starts a paid plan at once
 * (03-decisions §4). With the local provider nothing outside is asked.
 */
export async function startSubscription(
  ctx: TenantContext,
  provider: BillingProvider,
  meta: RequestMeta,
  input: StartSubscriptionRequest,
  now = new Date(),
): Promise<Subscription> {
  const row = await lockedSubscription(ctx);
  assertPurchasable(input.plan_id);
  if (isPaid(row)) throw conflict(BILLING_MESSAGES.alreadyPaid);
  return applyChange(
    ctx,
    provider,
    meta,
    row,
    { kind: 'start', planId: input.plan_id, cycle: input.billing_cycle },
    startsNow(input.plan_id, input.billing_cycle, now),
    'subscription.started',
    now,
  );
}

/**
 * PUT /billing/subscriptions/{id}/ (spec 02 §4): an upgrade applies at once and starts a new
 * period; a downgrade waits for the period end (`scheduled_plan_id`); the flag alone cancels at
 * the period end or resumes.
 */
export async function changeSubscription(
  ctx: TenantContext,
  provider: BillingProvider,
  meta: RequestMeta,
  id: string,
  input: ChangeSubscriptionRequest,
  now = new Date(),
): Promise<Subscription> {
  const row = await lockedSubscription(ctx, id);
  if (input.plan_id === undefined) {
    return input.cancel_at_period_end === true
      ? cancelAtEnd(ctx, provider, meta, row, now)
      : resume(ctx, provider, meta, row, now);
  }
  const target = input.plan_id;
  if (input.cancel_at_period_end === true) {
    // A downgrade, at the end of the paid period.
    if (!isPaid(row)) throw conflict(BILLING_MESSAGES.noPaidPlan);
    if (PLAN_RANK[target] >= PLAN_RANK[row.planId]) throw planRefused(BILLING_MESSAGES.notLower);
    return applyChange(
      ctx,
      provider,
      meta,
      row,
      { kind: 'downgrade', planId: target },
      { scheduledPlanId: target, cancelAtPeriodEnd: false, updatedAt: now },
      'subscription.downgrade_scheduled',
      now,
    );
  }
  // An upgrade, at once. From the trial, "higher" means above the plan it tries.
  assertUpgrade(row, target);
  const cycle = input.billing_cycle ?? 'monthly';
  return applyChange(
    ctx,
    provider,
    meta,
    row,
    { kind: 'upgrade', planId: target, cycle },
    startsNow(target, cycle, now),
    'subscription.upgraded',
    now,
  );
}

/** An upgrade goes to a higher plan that can be bought here. */
export function assertUpgrade(row: SubscriptionRow, target: PlanId): void {
  if (PLAN_RANK[target] <= PLAN_RANK[row.planId]) throw planRefused(BILLING_MESSAGES.notHigher);
  assertPurchasable(target);
}

/**
 * Whether `plan_id` can be bought now, and how: from the trial or free it starts (POST
 * subscriptions/), from a paid plan it must be an upgrade. Checkout asks before it opens a session.
 */
export function assertCanBuy(row: SubscriptionRow, planId: PlanId): 'start' | 'upgrade' {
  if (isPaid(row)) {
    assertUpgrade(row, planId);
    return 'upgrade';
  }
  assertPurchasable(planId);
  return 'start';
}

/** Something to cancel: a trial or a paid plan, not already ending. */
function assertCancellable(row: SubscriptionRow): void {
  const ending = row.cancelAtPeriodEnd || row.scheduledPlanId === 'free';
  if ((row.planId === 'free' && row.status !== 'trialing') || ending) throw conflict(BILLING_MESSAGES.nothingToCancel);
}

function cancelAtEnd(
  ctx: TenantContext,
  provider: BillingProvider,
  meta: RequestMeta,
  row: SubscriptionRow,
  now: Date,
): Promise<Subscription> {
  assertCancellable(row);
  return applyChange(
    ctx,
    provider,
    meta,
    row,
    { kind: 'cancel_at_period_end' },
    { cancelAtPeriodEnd: true, scheduledPlanId: null, updatedAt: now },
    'subscription.canceled',
    now,
  );
}

function resume(
  ctx: TenantContext,
  provider: BillingProvider,
  meta: RequestMeta,
  row: SubscriptionRow,
  now: Date,
): Promise<Subscription> {
  if (!row.cancelAtPeriodEnd && row.scheduledPlanId === null) throw conflict(BILLING_MESSAGES.nothingToResume);
  return applyChange(
    ctx,
    provider,
    meta,
    row,
    { kind: 'resume' },
    { cancelAtPeriodEnd: false, scheduledPlanId: null, updatedAt: now },
    'subscription.resumed',
    now,
  );
}

/**
 * POST /billing/subscriptions/{id}/cancel/: at the period end by default (access continues until
 * then); `cancel_at_period_end: false` ends the plan now and falls to free. Nothing is deleted.
 */
export async function cancelSubscription(
  ctx: TenantContext,
  provider: BillingProvider,
  meta: RequestMeta,
  id: string,
  input: CancelSubscriptionRequest,
  now = new Date(),
): Promise<Subscription> {
  const row = await lockedSubscription(ctx, id);
  if (input?.cancel_at_period_end ?? true) return cancelAtEnd(ctx, provider, meta, row, now);
  assertCancellable(row);
  return applyChange(
    ctx,
    provider,
    meta,
    row,
    { kind: 'end_now' },
    startsNow('free', 'monthly', now),
    'subscription.ended',
    now,
  );
}

/**
 * What a subscription becomes at its period end: a trial or a cancelled plan falls to free
 * (03-decisions §4, nothing deleted), a scheduled downgrade takes effect, anything else renews.
 * Periods missed while no process ran are stepped through, so the new period contains `now`.
 */
export function atPeriodEnd(row: SubscriptionRow, now: Date): Partial<typeof subscriptions.$inferInsert> {
  const falls = row.status === 'trialing' || row.cancelAtPeriodEnd || row.scheduledPlanId === 'free';
  const planId: PlanId = falls ? 'free' : (row.scheduledPlanId ?? row.planId);
  const cycle: BillingCycle = planId === 'free' ? 'monthly' : row.billingCycle;
  let start = row.currentPeriodEnd;
  let end = periodEnd(start, cycle);
  while (end <= now) {
    start = end;
    end = periodEnd(start, cycle);
  }
  return {
    planId,
    billingCycle: cycle,
    status: falls ? 'active' : row.status,
    currentPeriodStart: start,
    currentPeriodEnd: end,
    cancelAtPeriodEnd: false,
    scheduledPlanId: null,
    updatedAt: now,
  };
}

/**
 * The scheduled task `subscription_periods`: every subscription whose period has ended moves on
 * (`atPeriodEnd`). Each organisation in its own transaction, the row locked and changed only if
 * its period is still the one that ended, so a second run, here or in another process, changes
 * nothing. A trial's end tells the owners in the same transaction (in the app and by mail). A
 * subscription the provider renews itself (Stripe, by webhook) is left alone; a renewal to a plan
 * with a price is billed (`billChange`, the local provider's invoice).
 */
export async function advanceSubscriptions(
  db: Database,
  provider: BillingProvider,
  now = new Date(),
): Promise<{ advanced: number }> {
  const due = await queryRows<{ organization_id: string }>(
    db,
    sql`select organization_id from subscriptions_due(${now.toISOString()}::timestamptz) as t(organization_id)`,
  );
  let advanced = 0;
  for (const { organization_id: organizationId } of due) {
    const changed = await inScope(db, { organizationId }, async (tx) => {
      const [row] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.organizationId, organizationId))
        .for('update');
      if (!row || row.currentPeriodEnd > now || !provider.renewsLocally(row)) return false;
      const [updated] = await tx
        .update(subscriptions)
        .set(atPeriodEnd(row, now))
        .where(and(eq(subscriptions.id, row.id), eq(subscriptions.currentPeriodEnd, row.currentPeriodEnd)))
        .returning();
      if (!updated) return false;
      const price = updated.planId === 'free' ? 0 : (planPrice(updated.planId, updated.billingCycle) ?? 0);
      if (price > 0) await provider.billChange({ tx, organizationId }, row, updated, 'renewal', now);
      // A new period may bring room (a new month, a scheduled plan): held captures it fits are
      // released as a plan change releases them (Stripe's renewals do the same by webhook).
      await releaseHeldFor({ tx, organizationId }, updated, now);
      if (row.status === 'trialing') {
        await notifyOwners(tx, organizationId, {
          type: 'trial_ended',
          data: { trial_end: (row.trialEnd ?? row.currentPeriodEnd).toISOString() },
        });
      }
      await recordAudit(
        tx,
        { ip: null, userAgent: 'subscription_periods' },
        {
          action: 'subscription.period_ended',
          userId: null,
          organizationId,
          targetType: 'subscription',
          targetId: row.id,
          metadata: { plan: row.planId, status: row.status },
        },
      );
      return true;
    });
    if (changed) advanced += 1;
  }
  return { advanced };
}
