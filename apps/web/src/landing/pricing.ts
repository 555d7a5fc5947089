import { PLANS, type BillingCycle, type Plan, type PlanLimits } from '@leadcapture/contracts/plans';
import type { Language } from '../i18n/language.ts';
import type { Translate } from './strings.ts';

/**
 * Pricing as the landing page shows it, from the contract's plans (the same figures billing
 * charges): a yearly price is shown per month (the year's price over 12), with the year's total
 * beside it; Enterprise's `null` price is "Custom".
 */

export const PRICED_LIMITS = [
  'leads_per_month',
  'team_members',
  'events',
  'integrations',
] as const satisfies readonly (keyof PlanLimits)[];

export interface PlanPrice {
  /** What the big figure says: "$29", "$23.20", "Custom". */
  amount: string;
  /** The line under it. */
  note: string;
}

/** Dollars from cents, as the locale writes them; whole dollars without decimals. */
export function money(cents: number, currency: string, language: Language): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(language === 'sv' ? 'sv-SE' : 'en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}

export function planPrice(plan: Plan, cycle: BillingCycle, language: Language, t: Translate): PlanPrice {
  if (plan.price_monthly === null || plan.price_annual === null) {
    return { amount: t('pricing.custom'), note: t('pricing.customNote') };
  }
  if (plan.price_monthly === 0) return { amount: money(0, plan.currency, language), note: t('pricing.free') };
  if (cycle === 'monthly') {
    return { amount: money(plan.price_monthly, plan.currency, language), note: t('pricing.billedMonthly') };
  }
  return {
    amount: money(Math.round(plan.price_annual / 12), plan.currency, language),
    note: t('pricing.billedYearly', { amount: money(plan.price_annual, plan.currency, language) }),
  };
}

export function limitLine(
  limit: (typeof PRICED_LIMITS)[number],
  value: number | null,
  language: Language,
  t: Translate,
) {
  if (value === null) return t(`pricing.unlimitedLimits.${limit}`);
  if (value === 0 && limit === 'integrations') return t('pricing.limits.integrations_none');
  if (value === 1 && limit !== 'leads_per_month') return t(`pricing.limits.${limit}_one`);
  return t(`pricing.limits.${limit}`, {
    value: new Intl.NumberFormat(language === 'sv' ? 'sv-SE' : 'en-US').format(value),
  });
}

export const landingPlans = (): readonly Plan[] => PLANS;
