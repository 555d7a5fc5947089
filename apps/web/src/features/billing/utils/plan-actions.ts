import { PLAN_RANK, type Plan, type PlanId, type Subscription } from '@leadcapture/contracts/billing';
import { USAGE_CRITICAL_PERCENT, USAGE_WARNING_PERCENT } from '@leadcapture/contracts/constants';

/** Spec 02 §5: (12 × monthly − annual) / (12 × monthly), rounded; null without a price. */
export function annualSavingsPercent(plan: Pick<Plan, 'price_monthly' | 'price_annual'>): number | null {
  if (plan.price_monthly === null || plan.price_annual === null || plan.price_monthly <= 0) return null;
  const yearAtMonthly = plan.price_monthly * 12;
  return Math.round(((yearAtMonthly - plan.price_annual) / yearAtMonthly) * 100);
}

/** The trial or free: the owner starts a paid plan (POST) rather than changing one. */
export function canStartPlan(subscription: Subscription): boolean {
  return subscription.status === 'trialing' || subscription.plan_id === 'free';
}

/** A cancellation or a scheduled downgrade is waiting for the period end: Resume undoes it. */
export function isEnding(subscription: Subscription): boolean {
  return subscription.cancel_at_period_end || subscription.scheduled_plan_id !== null;
}

/** Something to cancel: a trial or a paid plan not already ending (the server's rule). */
export function canCancel(subscription: Subscription): boolean {
  const onFree = subscription.plan_id === 'free' && subscription.status !== 'trialing';
  return !onFree && !subscription.cancel_at_period_end && subscription.scheduled_plan_id !== 'free';
}

/**
 * What a plan's card offers the owner, by plan rank (spec 02 §1, §4):
 * - `contact`: Enterprise is priced per customer, never bought in the app;
 * - `start`: during the trial or on free, any paid plan starts at once;
 * - `upgrade` / `downgrade`: from a paid plan, a higher plan at once, a lower one at the period end;
 * - `current`, `scheduled`: the plan in use, the plan a downgrade is waiting to switch to;
 * - `none`: nothing to do with it now (free while trying or on free: it is where cancelling leads).
 */
export type PlanAction = 'contact' | 'start' | 'upgrade' | 'downgrade' | 'current' | 'scheduled' | 'none';

export function planAction(plan: PlanId, subscription: Subscription): PlanAction {
  if (plan === 'enterprise' && subscription.plan_id !== 'enterprise') return 'contact';
  if (canStartPlan(subscription)) {
    if (plan === 'free') return subscription.plan_id === 'free' ? 'current' : 'none';
    return 'start';
  }
  if (plan === subscription.plan_id) return 'current';
  if (plan === subscription.scheduled_plan_id) return 'scheduled';
  return PLAN_RANK[plan] > PLAN_RANK[subscription.plan_id] ? 'upgrade' : 'downgrade';
}

/** Usage bar colour of spec 02 §9: yellow from 80 %, red from 95 %, otherwise green. */
export function usageTone(percentage: number): 'ok' | 'warning' | 'critical' {
  if (percentage >= USAGE_CRITICAL_PERCENT) return 'critical';
  if (percentage >= USAGE_WARNING_PERCENT) return 'warning';
  return 'ok';
}
