import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subscriptions_organization_key').on(t.organizationId),
    ...tenantPolicies('subscriptions', t.organizationId),
  ],
).enableRLS();
