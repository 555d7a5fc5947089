import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import {
  PLANS,
  POPULAR_PLAN_IDS,
  RESOURCE_LIMIT,
  USAGE_RESOURCES,
  planById,
  usagePercentage,
  type Plan,
  type Subscription,
  type UsageResource,
  type UsageRow,
} from '@leadcapture/contracts/billing';
import { TRIAL_DAYS } from '@leadcapture/contracts/constants';
import type { Tx } from '../../db/database.ts';
import type { TenantContext } from '../../db/tenant.ts';
import { AppError } from '../../http/errors.ts';
import { assertCan } from '../../http/permissions.ts';
import { events } from '../events/events.table.ts';
import { files } from '../files/files.table.ts';
import { leads } from '../leads/leads.table.ts';
import { offers } from '../offers/offers.table.ts';
import { memberships } from '../organizations/organizations.table.ts';
import { subscriptions } from './billing.table.ts';

/** Plans, the organisation's subscription and its usage (03-decisions §4, docs/billing.md). */

const DAY_MS = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** A new organisation starts trialing on Professional for 14 days (03-decisions §4). */
export async function startTrial(tx: Tx, organizationId: string, now = new Date()): Promise<void> {
  const trialEnd = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
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
    scheduled_plan_id: null,
  };
}

async function subscriptionRow(ctx: TenantContext): Promise<SubscriptionRow> {
  const [row] = await ctx.tx.select().from(subscriptions).where(eq(subscriptions.organizationId, ctx.organizationId));
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

/** The start of the calendar month (UTC) of `now`: monthly lead limits count from it. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * What the organisation uses of each limited resource now: leads created this calendar month
 * (UTC) by any route, deleted ones included (deleting does not give a month's lead back);
 * team members joined or invited; active events; offers not archived; stored files, in MB
 * rounded up.
 */
export async function currentUsage(ctx: TenantContext, now = new Date()): Promise<Record<UsageResource, number>> {
  const { tx, organizationId } = ctx;
  const count = sql<number>`count(*)::int`;
  const [[leadRow], [memberRow], [eventRow], [offerRow], [storageRow]] = await Promise.all([
    tx
      .select({ n: count })
      .from(leads)
      .where(and(eq(leads.organizationId, organizationId), gte(leads.createdAt, monthStart(now)))),
    tx
      .select({ n: count })
      .from(memberships)
      .where(and(eq(memberships.organizationId, organizationId), inArray(memberships.status, ['joined', 'invited']))),
    tx
      .select({ n: count })
      .from(events)
      .where(and(eq(events.organizationId, organizationId), eq(events.status, 'active'))),
    tx
      .select({ n: count })
      .from(offers)
      .where(and(eq(offers.organizationId, organizationId), ne(offers.status, 'archived'))),
    tx
      .select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)::text` })
      .from(files)
      .where(eq(files.organizationId, organizationId)),
  ]);
  return {
    leads: leadRow?.n ?? 0,
    team_members: memberRow?.n ?? 0,
    events: eventRow?.n ?? 0,
    offers: offerRow?.n ?? 0,
    storage: Math.ceil(Number(storageRow?.bytes ?? 0) / MB),
  };
}

/** GET /billing/subscriptions/usage/: one row per limited resource, against the current plan. */
export async function usageSummary(ctx: TenantContext, now = new Date()): Promise<UsageRow[]> {
  assertCan(ctx, 'billing.read');
  const plan = planById((await subscriptionRow(ctx)).planId);
  const usage = await currentUsage(ctx, now);
  return USAGE_RESOURCES.map((resource) => {
    const limit = plan.limits[RESOURCE_LIMIT[resource]];
    return { resource, current_usage: usage[resource], limit, percentage: usagePercentage(usage[resource], limit) };
  });
}
