import { z } from 'zod';
import {
  PLAN_IDS,
  PLAN_RANK,
  BILLING_CYCLES,
  SUBSCRIPTION_STATUSES,
  PLAN_FEATURES,
  annualPrice,
  PLANS,
  POPULAR_PLAN_IDS,
  planById,
} from './plans.ts';
import type { PlanId, BillingCycle, SubscriptionStatus, PlanLimits, PlanFeature, Plan } from './plans.ts';
import { paginationQuerySchema } from './envelope.ts';
import { emailSchema, MESSAGES, optionalText, phoneSchema, requiredText } from './fields.ts';

/**
 * Plans, subscriptions and usage (spec 02 §1, §3, §4, §9; 03-decisions §4). A plan's id is its
 * name; prices are in minor units (cents); a `null` limit or price means unlimited or custom.
 */

export {
  PLAN_IDS,
  PLAN_RANK,
  BILLING_CYCLES,
  SUBSCRIPTION_STATUSES,
  PLAN_FEATURES,
  annualPrice,
  PLANS,
  POPULAR_PLAN_IDS,
  planById,
};
export type { PlanId, BillingCycle, SubscriptionStatus, PlanLimits, PlanFeature, Plan };

/** What a plan allows; `null` is unlimited. Events count the active ones. */
export const planLimitsSchema = z.object({
  leads_per_month: z.number().int().nullable(),
  team_members: z.number().int().nullable(),
  events: z.number().int().nullable(),
  offers: z.number().int().nullable(),
  integrations: z.number().int().nullable(),
  storage_mb: z.number().int().nullable(),
});

export const planSchema = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  /** Minor units; `null` for a custom price (Enterprise). */
  price_monthly: z.number().int().nullable(),
  price_annual: z.number().int().nullable(),
  currency: z.string(),
  limits: planLimitsSchema,
  features: z.array(z.enum(PLAN_FEATURES)),
});

/** The schemas describe exactly the plain types of plans.ts (a compile-time check). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const PLAN_SCHEMA_MATCHES: Same<z.infer<typeof planSchema>, Plan> = true;

export const subscriptionSchema = z.object({
  id: z.uuid(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** The plan's name, as shown. */
  plan: z.string(),
  plan_id: z.enum(PLAN_IDS),
  billing_cycle: z.enum(BILLING_CYCLES),
  trial_end: z.iso.datetime({ offset: true }).nullable(),
  current_period_end: z.iso.datetime({ offset: true }),
  cancel_at_period_end: z.boolean(),
  /** A downgrade waiting for the period end. */
  scheduled_plan_id: z.enum(PLAN_IDS).nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** The resources a plan limits, as usage rows and 402 answers name them. */
export const USAGE_RESOURCES = ['leads', 'team_members', 'events', 'offers', 'integrations', 'storage'] as const;
export type UsageResource = (typeof USAGE_RESOURCES)[number];

/** The plan limit each usage resource is measured against. */
export const RESOURCE_LIMIT: Record<UsageResource, keyof PlanLimits> = {
  leads: 'leads_per_month',
  team_members: 'team_members',
  events: 'events',
  offers: 'offers',
  integrations: 'integrations',
  storage: 'storage_mb',
};

export const usageRowSchema = z.object({
  resource: z.enum(USAGE_RESOURCES),
  current_usage: z.number().int().min(0),
  /** `null`: unlimited. */
  limit: z.number().int().nullable(),
  /** usage / limit, rounded, at most 100; 0 without a limit (spec 02 §5). */
  percentage: z.number().int().min(0).max(100),
});
export type UsageRow = z.infer<typeof usageRowSchema>;

/** Usage percent of spec 02 §5: rounded, capped at 100, 0 when there is no limit. */
export function usagePercentage(usage: number, limit: number | null): number {
  if (limit === null) return 0;
  if (limit <= 0) return usage > 0 ? 100 : 0;
  return Math.min(100, Math.round((usage / limit) * 100));
}

/** Whole days left until `end`, rounded up (spec 02 §4); 0 once past. */
export function daysRemaining(end: Date, now: Date): number {
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / (24 * 60 * 60 * 1000)));
}

/** POST /billing/subscriptions/: start a paid plan (during the trial or on free). */
export const startSubscriptionSchema = z.object({
  plan_id: z.enum(PLAN_IDS),
  billing_cycle: z.enum(BILLING_CYCLES).default('monthly'),
});
export type StartSubscriptionRequest = z.infer<typeof startSubscriptionSchema>;

/**
 * PUT /billing/subscriptions/{id}/ (spec 02 §4): `{plan_id, billing_cycle}` upgrades at once to a
 * higher plan; `{plan_id, cancel_at_period_end: true}` downgrades to a lower plan at the period
 * end; `{cancel_at_period_end}` alone cancels at the period end (true) or resumes (false).
 */
export const changeSubscriptionSchema = z
  .object({
    plan_id: z.enum(PLAN_IDS).optional(),
    billing_cycle: z.enum(BILLING_CYCLES).optional(),
    cancel_at_period_end: z.boolean().optional(),
  })
  .refine((body) => body.plan_id !== undefined || body.cancel_at_period_end !== undefined, {
    message: 'Send plan_id, cancel_at_period_end or both.',
    path: ['plan_id'],
  });
export type ChangeSubscriptionRequest = z.infer<typeof changeSubscriptionSchema>;

/**
 * POST /billing/subscriptions/{id}/cancel/: at the period end unless `cancel_at_period_end` is
 * false. The body may be left out.
 */
export const cancelSubscriptionSchema = z.object({ cancel_at_period_end: z.boolean().optional() }).nullish();
export type CancelSubscriptionRequest = z.infer<typeof cancelSubscriptionSchema>;

/** The wording of refusals the web shows as they are (spec 02 §5, §8). */
export const BILLING_MESSAGES = {
  nothingToCancel: 'No active subscription to cancel',
  nothingToResume: 'No subscription to resume',
  enterpriseIsCustom: 'Enterprise is priced for each customer: contact us to start it.',
  freeIsNotBought: 'The free plan needs no purchase: cancel the current plan to fall back to it.',
  notHigher: 'Choose a plan above your current plan to upgrade.',
  notLower: 'Choose a plan below your current plan to downgrade.',
  alreadyPaid: 'This organisation already has a paid plan: upgrade or downgrade it instead.',
  noPaidPlan: 'There is no paid plan to downgrade: choose a plan to start it.',
  customerExists: 'This organisation already has billing details: update them instead.',
  useThePortal: 'Payment methods are added in the billing portal.',
  chooseAnotherDefault: 'Choose another default first.',
  checkoutComplete: 'This checkout is already complete.',
  checkoutExpired: 'This checkout has expired: start a new one.',
  invoiceNotOpen: 'Only an open invoice can be paid.',
  noPaymentMethod: 'Add a payment method first.',
  payInPortal: 'Pay this invoice in the billing portal.',
  badReturnUrl: 'Give a path of this app (starting with /) or an address on its own site.',
  noStripeCustomer: 'Start a plan through checkout first.',
  noStripePaymentMethod: 'Add a payment method through checkout first.',
} as const;

/** Where billing is done (03-decisions §4): the product itself, or Stripe. */
export const BILLING_PROVIDERS = ['local', 'stripe'] as const;
export type BillingProviderName = (typeof BILLING_PROVIDERS)[number];

/** Spec 02 §4. */
export const INVOICE_STATUSES = ['paid', 'open', 'draft', 'void', 'uncollectible'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Spec 02 §4. */
export const PAYMENT_STATUSES = [
  'succeeded',
  'processing',
  'requires_action',
  'requires_payment_method',
  'requires_confirmation',
  'payment_canceled',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * The organisation's billing customer (`customers/me/`): who invoices are made out to. Country is
 * ISO 3166-1 alpha-2.
 */
export const customerInputSchema = z.object({
  name: requiredText(200),
  email: emailSchema,
  phone: phoneSchema.optional().default(''),
  address_line1: optionalText(200).optional().default(''),
  address_line2: optionalText(200).optional().default(''),
  city: optionalText(100).optional().default(''),
  postal_code: optionalText(20).optional().default(''),
  state: optionalText(100).optional().default(''),
  country: z
    .string({ error: MESSAGES.required })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Enter a two-letter country code such as SE'),
  vat_id: optionalText(40).optional().default(''),
});
export type CustomerInput = z.input<typeof customerInputSchema>;

export const customerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address_line1: z.string(),
  address_line2: z.string(),
  city: z.string(),
  postal_code: z.string(),
  state: z.string(),
  country: z.string(),
  vat_id: z.string(),
  provider: z.enum(BILLING_PROVIDERS),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type Customer = z.infer<typeof customerSchema>;

export const PAYMENT_METHOD_TYPES = ['card', 'sepa_debit', 'bank_transfer', 'invoice'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

/** A run of 12 or more digits (spaces and dashes allowed between them): what a card number looks like. */
const CARD_NUMBER_LIKE = /(?:\d[ -]?){12,}/;

/**
 * A payment method the local provider records (checkout, portal): a label the owner recognises,
 * never a card number.
 */
export const paymentMethodInputSchema = z.object({
  type: z.enum(PAYMENT_METHOD_TYPES),
  label: requiredText(80).refine(
    (label) => !CARD_NUMBER_LIKE.test(label),
    'Never enter a card number: give the method a name you recognise, such as "Company Visa".',
  ),
});
export type PaymentMethodInput = z.infer<typeof paymentMethodInputSchema>;

export const paymentMethodSchema = z.object({
  id: z.uuid(),
  type: z.enum(PAYMENT_METHOD_TYPES),
  label: z.string(),
  /** Stripe only: card brand, last four digits and expiry, as Stripe reports them. */
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
  is_default: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  /** Minor units; a credit is negative. */
  unit_amount: z.number().int(),
  amount: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSchema = z.object({
  id: z.uuid(),
  /** Numbered per organisation with no gaps (local) or Stripe's number. */
  number: z.string(),
  status: z.enum(INVOICE_STATUSES),
  currency: z.string(),
  /** Minor units. */
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  amount_paid: z.number().int(),
  amount_due: z.number().int(),
  plan_id: z.enum(PLAN_IDS).nullable(),
  billing_cycle: z.enum(BILLING_CYCLES).nullable(),
  period_start: z.iso.datetime({ offset: true }).nullable(),
  period_end: z.iso.datetime({ offset: true }).nullable(),
  issued_at: z.iso.datetime({ offset: true }),
  due_at: z.iso.datetime({ offset: true }).nullable(),
  paid_at: z.iso.datetime({ offset: true }).nullable(),
  lines: z.array(invoiceLineSchema),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** GET invoices/ and payments/: optional year (of issue) and status. */
export const invoiceListQuerySchema = paginationQuerySchema.extend({
  year: z.coerce.number().int().min(2000).max(2200).optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export const paymentListQuerySchema = paginationQuerySchema.extend({
  year: z.coerce.number().int().min(2000).max(2200).optional(),
  status: z.enum(PAYMENT_STATUSES).optional(),
});
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;

export const paymentSchema = z.object({
  id: z.uuid(),
  invoice_id: z.uuid().nullable(),
  invoice_number: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  payment_method_label: z.string().nullable(),
  failure_message: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
});
export type Payment = z.infer<typeof paymentSchema>;

/** GET invoices/{id}/download/: a short-lived address that answers the PDF. */
export const downloadUrlSchema = z.object({ url: z.string() });
export type DownloadUrl = z.infer<typeof downloadUrlSchema>;

/**
 * A return address after checkout or the portal: a path of this product ("/settings/billing") or
 * an absolute URL on its own origin; anything else is refused (no open redirect).
 */
const returnUrlSchema = z.string().trim().min(1).max(500);

/** POST checkout/: defaults return to /settings/billing?checkout=success|cancel (spec 02 §7). */
export const checkoutRequestSchema = z.object({
  plan_id: z.enum(PLAN_IDS),
  billing_cycle: z.enum(BILLING_CYCLES).default('monthly'),
  success_url: returnUrlSchema.optional(),
  cancel_url: returnUrlSchema.optional(),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

/** POST portal/: defaults back to /settings/billing. */
export const portalRequestSchema = z.object({ return_url: returnUrlSchema.optional() }).nullish();
export type PortalRequest = z.input<typeof portalRequestSchema>;

/** checkout/ and portal/ answer where to send the owner. */
export const redirectUrlSchema = z.object({ url: z.string() });
export type RedirectUrl = z.infer<typeof redirectUrlSchema>;

export const CHECKOUT_STATUSES = ['open', 'complete', 'expired'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** The local provider's own checkout page reads its session (GET checkout/{id}/). */
export const checkoutSessionSchema = z.object({
  id: z.uuid(),
  status: z.enum(CHECKOUT_STATUSES),
  plan_id: z.enum(PLAN_IDS),
  billing_cycle: z.enum(BILLING_CYCLES),
  /** What the first invoice will charge, minor units. */
  amount: z.number().int(),
  currency: z.string(),
  success_url: z.string(),
  cancel_url: z.string(),
  expires_at: z.iso.datetime({ offset: true }),
  customer: customerSchema.nullable(),
  payment_methods: z.array(paymentMethodSchema),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/**
 * POST checkout/{id}/complete/ (local provider): the billing details and either a recorded
 * payment method or a new one by label. Answers where to go next (the success URL).
 */
export const completeCheckoutSchema = z
  .object({
    customer: customerInputSchema,
    payment_method_id: z.uuid().optional(),
    payment_method: paymentMethodInputSchema.optional(),
  })
  .refine((body) => (body.payment_method_id === undefined) !== (body.payment_method === undefined), {
    message: 'Choose a saved payment method or add a new one.',
    path: ['payment_method'],
  });
export type CompleteCheckoutRequest = z.input<typeof completeCheckoutSchema>;

/** GET usage/: dated usage records, one per resource and day (UTC). */
export const usageRecordQuerySchema = z.object({
  resource: z.enum(USAGE_RESOURCES).optional(),
  /** Calendar dates (YYYY-MM-DD), inclusive; default the last 30 days. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type UsageRecordQuery = z.infer<typeof usageRecordQuerySchema>;

export const usageRecordSchema = z.object({
  date: z.iso.date(),
  resource: z.enum(USAGE_RESOURCES),
  /** The resource's usage at the end of that day (today: now), in the unit of its limit. */
  quantity: z.number().int().min(0),
});
export type UsageRecord = z.infer<typeof usageRecordSchema>;

/** GET /billing/stats/: the billing overview's figures. */
export const billingStatsSchema = z.object({
  provider: z.enum(BILLING_PROVIDERS),
  plan_id: z.enum(PLAN_IDS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  billing_cycle: z.enum(BILLING_CYCLES),
  currency: z.string(),
  /** What the plan costs per cycle now, minor units; null for a custom price. */
  recurring_amount: z.number().int().nullable(),
  next_invoice_at: z.iso.datetime({ offset: true }).nullable(),
  total_paid: z.number().int(),
  open_amount: z.number().int(),
  invoices_count: z.number().int(),
  last_payment_at: z.iso.datetime({ offset: true }).nullable(),
  held_leads: z.number().int(),
});
export type BillingStats = z.infer<typeof billingStatsSchema>;
