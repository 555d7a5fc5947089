import { z } from 'zod';

/**
 * Plans, subscriptions and usage (spec 02 §1, §3, §4, §9; 03-decisions §4). A plan's id is its
 * name; prices are in minor units (cents); a `null` limit or price means unlimited or custom.
 */

export const PLAN_IDS = ['free', 'starter', 'professional', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** Upgrade and downgrade compare plans by this rank (spec 02 §1). */
export const PLAN_RANK: Record<PlanId, number> = { free: 0, starter: 1, professional: 2, enterprise: 3 };

export const BILLING_CYCLES = ['monthly', 'annual'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** What a plan allows; `null` is unlimited. Events count the active ones. */
export const planLimitsSchema = z.object({
  leads_per_month: z.number().int().nullable(),
  team_members: z.number().int().nullable(),
  events: z.number().int().nullable(),
  offers: z.number().int().nullable(),
  integrations: z.number().int().nullable(),
  storage_mb: z.number().int().nullable(),
});
export type PlanLimits = z.infer<typeof planLimitsSchema>;

export const PLAN_FEATURES = [
  'basic_analytics',
  'advanced_analytics',
  'crm_integrations',
  'custom_integrations',
  'email_support',
  'priority_support',
  'dedicated_success_manager',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

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
export type Plan = z.infer<typeof planSchema>;

/** Annual billing saves 20 % (spec 02 §9): 12 months at 80 %. */
export const annualPrice = (monthly: number) => Math.round(monthly * 12 * 0.8);

/**
 * The plans of spec 02 §1 and 03-decisions §4. Where neither names a limit (Starter's events,
 * offers, integrations; every plan's storage), the figures step up with the plan so that each
 * plan is a real upgrade of the one below.
 */
export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    price_monthly: 0,
    price_annual: 0,
    currency: 'usd',
    limits: { leads_per_month: 25, team_members: 1, events: 1, offers: 1, integrations: 0, storage_mb: 100 },
    features: ['basic_analytics'],
  },
  {
    id: 'starter',
    name: 'Starter',
    price_monthly: 2900,
    price_annual: annualPrice(2900),
    currency: 'usd',
    limits: { leads_per_month: 100, team_members: 2, events: 5, offers: 5, integrations: 1, storage_mb: 1024 },
    features: ['basic_analytics', 'email_support'],
  },
  {
    id: 'professional',
    name: 'Professional',
    price_monthly: 8900,
    price_annual: annualPrice(8900),
    currency: 'usd',
    limits: {
      leads_per_month: 1000,
      team_members: 10,
      events: null,
      offers: null,
      integrations: 10,
      storage_mb: 10240,
    },
    features: ['basic_analytics', 'advanced_analytics', 'crm_integrations', 'email_support', 'priority_support'],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price_monthly: null,
    price_annual: null,
    currency: 'usd',
    limits: {
      leads_per_month: null,
      team_members: null,
      events: null,
      offers: null,
      integrations: null,
      storage_mb: null,
    },
    features: [
      'basic_analytics',
      'advanced_analytics',
      'crm_integrations',
      'custom_integrations',
      'email_support',
      'priority_support',
      'dedicated_success_manager',
    ],
  },
];

/** The plan marked popular on plan lists (`plans/popular/`). */
export const POPULAR_PLAN_IDS: readonly PlanId[] = ['professional'];

export function planById(id: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`no plan ${id}`);
  return plan;
}

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
export const USAGE_RESOURCES = ['leads', 'team_members', 'events', 'offers', 'storage'] as const;
export type UsageResource = (typeof USAGE_RESOURCES)[number];

/** The plan limit each usage resource is measured against. */
export const RESOURCE_LIMIT: Record<UsageResource, keyof PlanLimits> = {
  leads: 'leads_per_month',
  team_members: 'team_members',
  events: 'events',
  offers: 'offers',
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
} as const;
