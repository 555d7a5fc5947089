import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  BillingCycle,
  BillingProviderName,
  CheckoutStatus,
  InvoiceLine,
  InvoiceStatus,
  PaymentMethodType,
  PaymentStatus,
  PlanId,
  SubscriptionStatus,
  UsageResource,
} from '@leadcapture/contracts/billing';
import type { UsageThreshold } from '@leadcapture/contracts/notifications';
import { id, tenantPolicies, timestamps } from '../../db/columns.ts';
import { organizations } from '../organizations/organizations.table.ts';
import { users } from '../auth/auth.table.ts';

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
    /** The month (YYYY-MM, UTC) whose held captures the owners were told of (noticeHeldLeads). */
    heldNoticedMonth: text('held_noticed_month'),
    /** Stripe: the subscription this row mirrors (null on the local provider and during the trial). */
    providerSubscriptionId: text('provider_subscription_id'),
    /** Stripe: when the newest event applied to this row was created; an older one never rolls it back. */
    providerEventAt: timestamp('provider_event_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subscriptions_organization_key').on(t.organizationId),
    uniqueIndex('subscriptions_provider_key').on(t.providerSubscriptionId),
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

/** The organisation's billing customer: who invoices are made out to (`customers/me/`). */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    addressLine1: text('address_line1').notNull().default(''),
    addressLine2: text('address_line2').notNull().default(''),
    city: text('city').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    state: text('state').notNull().default(''),
    country: text('country').notNull(),
    vatId: text('vat_id').notNull().default(''),
    provider: text('provider').$type<BillingProviderName>().notNull(),
    /** Stripe's customer id (`cus_…`); null on the local provider. */
    providerCustomerId: text('provider_customer_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('billing_customers_organization_key').on(t.organizationId),
    uniqueIndex('billing_customers_provider_key').on(t.providerCustomerId),
    check('billing_customers_provider_check', sql`${t.provider} in ('local', 'stripe')`),
    ...tenantPolicies('billing_customers', t.organizationId),
  ],
).enableRLS();

/** A way the organisation pays: a label on the local provider, Stripe's card details on Stripe. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type').$type<PaymentMethodType>().notNull(),
    label: text('label').notNull(),
    brand: text('brand'),
    last4: text('last4'),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    isDefault: boolean('is_default').notNull().default(false),
    /** Stripe's payment method id (`pm_…`). */
    providerPaymentMethodId: text('provider_payment_method_id'),
    ...timestamps,
  },
  (t) => [
    index('payment_methods_organization_idx').on(t.organizationId, t.createdAt),
    // One default per organisation.
    uniqueIndex('payment_methods_default_key')
      .on(t.organizationId)
      .where(sql`${t.isDefault}`),
    uniqueIndex('payment_methods_provider_key').on(t.providerPaymentMethodId),
    check('payment_methods_type_check', sql`${t.type} in ('card', 'sepa_debit', 'bank_transfer', 'invoice')`),
    ...tenantPolicies('payment_methods', t.organizationId),
  ],
).enableRLS();

/** Who an invoice was made out to, as it was when it was issued. */
export type InvoiceCustomer = {
  name: string;
  email: string;
  address_line1: string;
  address_line2: string;
  city: string;
  postal_code: string;
  state: string;
  country: string;
  vat_id: string;
};

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    status: text('status').$type<InvoiceStatus>().notNull(),
    currency: text('currency').notNull(),
    subtotal: integer('subtotal').notNull(),
    tax: integer('tax').notNull().default(0),
    total: integer('total').notNull(),
    amountPaid: integer('amount_paid').notNull().default(0),
    amountDue: integer('amount_due').notNull(),
    planId: text('plan_id').$type<PlanId>(),
    billingCycle: text('billing_cycle').$type<BillingCycle>(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    customer: jsonb('customer').$type<InvoiceCustomer>(),
    /** Stripe's invoice id (`in_…`) and its PDF address; null on the local provider. */
    providerInvoiceId: text('provider_invoice_id'),
    providerPdfUrl: text('provider_pdf_url'),
    /** When the newest Stripe event applied to this row was created. */
    providerEventAt: timestamp('provider_event_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.organizationId, t.number),
    uniqueIndex('invoices_provider_key').on(t.providerInvoiceId),
    index('invoices_organization_issued_idx').on(t.organizationId, t.issuedAt),
    check('invoices_status_check', sql`${t.status} in ('paid', 'open', 'draft', 'void', 'uncollectible')`),
    ...tenantPolicies('invoices', t.organizationId),
  ],
).enableRLS();

export const payments = pgTable(
  'payments',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    paymentMethodLabel: text('payment_method_label'),
    failureMessage: text('failure_message'),
    /** Stripe's payment intent id (`pi_…`). */
    providerPaymentId: text('provider_payment_id'),
    providerEventAt: timestamp('provider_event_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('payments_organization_created_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('payments_provider_key').on(t.providerPaymentId),
    check(
      'payments_status_check',
      sql`${t.status} in ('succeeded', 'processing', 'requires_action', 'requires_payment_method', 'requires_confirmation', 'payment_canceled')`,
    ),
    ...tenantPolicies('payments', t.organizationId),
  ],
).enableRLS();

/** A checkout started by the owner (`checkout/`): the local provider's own page completes it. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    planId: text('plan_id').$type<PlanId>().notNull(),
    billingCycle: text('billing_cycle').$type<BillingCycle>().notNull(),
    status: text('status').$type<CheckoutStatus>().notNull().default('open'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Stripe's Checkout Session id (`cs_…`). */
    providerSessionId: text('provider_session_id'),
    ...timestamps,
  },
  (t) => [
    index('checkout_sessions_organization_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('checkout_sessions_provider_key').on(t.providerSessionId),
    check('checkout_sessions_status_check', sql`${t.status} in ('open', 'complete', 'expired')`),
    ...tenantPolicies('checkout_sessions', t.organizationId),
  ],
).enableRLS();

/** Each limited resource's usage at the end of a day (UTC), written by the daily task (`usage/`). */
export const usageRecords = pgTable(
  'usage_records',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    resource: text('resource').$type<UsageResource>().notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('usage_records_key').on(t.organizationId, t.resource, t.day),
    ...tenantPolicies('usage_records', t.organizationId),
  ],
).enableRLS();

/**
 * Stripe events already applied (`POST /billing/webhooks/stripe/`): a repeated event id is a
 * no-op. Not a tenant table: an event is recorded before its organisation is known, and
 * holds no tenant data (its id, type and time).
 */
export const billingWebhookEvents = pgTable('billing_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** Stripe's `created` of the event. */
  eventCreatedAt: timestamp('event_created_at', { withTimezone: true }).notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});
