import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BillingCycle, PlanId, SubscriptionStatus, UsageResource } from '@leadcapture/contracts/billing';
import type { UsageThreshold } from '@leadcapture/contracts/notifications';
import { id, tenantPolicies, timestamps } from '../../db/columns.ts';
import { organizations } from '../organizations/organizations.table.ts';

/** One subscription per organisation; a new organisation starts trialing on Professional. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    planId: text('plan_id').$type<PlanId>().notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    billingCycle: text('billing_cycle').$type<BillingCycle>().notNull().default('monthly'),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** A downgrade waiting for the period end. */
    scheduledPlanId: text('scheduled_plan_id').$type<PlanId>(),
    /** When the owners were told the trial ends within 3 days (once per trial). */
    trialRemindedAt: timestamp('trial_reminded_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subscriptions_organization_key').on(t.organizationId),
    // The period-end job finds what is due by this.
    index('subscriptions_period_end_idx').on(t.currentPeriodEnd),
    // The trial reminders find the trials still to remind by this.
    index('subscriptions_trial_remind_idx')
      .on(t.trialEnd)
      .where(sql`${t.status} = 'trialing' and ${t.trialRemindedAt} is null`),
    check('subscriptions_plan_check', sql`${t.planId} in ('free', 'starter', 'professional', 'enterprise')`),
    check(
      'subscriptions_scheduled_plan_check',
      sql`${t.scheduledPlanId} in ('free', 'starter', 'professional', 'enterprise')`,
    ),
    check(
      'subscriptions_status_check',
      sql`${t.status} in ('active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete', 'paused')`,
    ),
    check('subscriptions_billing_cycle_check', sql`${t.billingCycle} in ('monthly', 'annual')`),
    ...tenantPolicies('subscriptions', t.organizationId),
  ],
).enableRLS();

/**
 * The usage notices already given: one row per organisation, resource, threshold (80, 100) and
 * period (`YYYY-MM` for the monthly leads, '' for the others). A row is written in the counted
 * create's transaction; the unique key lets only the first create notify. For resources other
 * than leads a row is dropped once usage was found below its threshold, so it notifies again.
 */
export const usageAlerts = pgTable(
  'usage_alerts',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    resource: text('resource').$type<UsageResource>().notNull(),
    threshold: integer('threshold').$type<UsageThreshold>().notNull(),
    periodKey: text('period_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('usage_alerts_key').on(t.organizationId, t.resource, t.threshold, t.periodKey),
    check('usage_alerts_threshold_check', sql`${t.threshold} in (80, 100)`),
    ...tenantPolicies('usage_alerts', t.organizationId),
  ],
).enableRLS();
