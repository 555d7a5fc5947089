/**
 * Plans, limits and prices without zod (spec 02 §1, §9; 03-decisions §4): the billing contract
 * (billing.ts) builds its schemas on these, and the light landing page (src/landing/, which must
 * stay zod-free: decision 036) reads its pricing from them.
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
export interface PlanLimits {
  leads_per_month: number | null;
  team_members: number | null;
  events: number | null;
  offers: number | null;
  integrations: number | null;
  storage_mb: number | null;
}

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

export interface Plan {
  id: PlanId;
  name: string;
  /** Minor units; `null` for a custom price (Enterprise). */
  price_monthly: number | null;
  price_annual: number | null;
  currency: string;
  limits: PlanLimits;
  features: PlanFeature[];
}

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
