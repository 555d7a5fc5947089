import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BillingCycle, PlanId, SubscriptionStatus } from '@leadcapture/contracts/billing';
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
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subscriptions_organization_key').on(t.organizationId),
    // The period-end job finds what is due by this.
    index('subscriptions_period_end_idx').on(t.currentPeriodEnd),
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
