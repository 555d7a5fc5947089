import { daysRemaining, type Subscription, type UsageResource, type UsageRow } from '@leadcapture/contracts/billing';
import { USAGE_WARNING_PERCENT } from '@leadcapture/contracts/constants';

/** Spec 02 §4: a trial is "expiring" with 1 to 3 days left. */
export const TRIAL_EXPIRING_DAYS = 3;

/**
 * The one billing banner of the signed-in shell, most urgent first (spec 02 §4, §8 "Billing
 * banners"):
 * - payment required: past_due or unpaid, or a trial with 0 days left that the server has not
 *   moved on yet (spec 02 §4 "Needs payment");
 * - trial expired: the trial ended without a paid plan and the organisation is on Free now
 *   (03-decisions §4: it falls to free, `trial_end` stays);
 * - trial expiring: 1-3 days left, rounded up;
 * - a limit reached (100 %), then 90 %, then 80 %, of the resource used most.
 */
export type BannerState =
  | { kind: 'payment_required' }
  | { kind: 'trial_expired' }
  | { kind: 'trial_expiring'; days: number }
  | { kind: 'limit_reached' | 'approaching_90' | 'approaching_80'; row: UsageRow & { limit: number } };

export type BannerKind = BannerState['kind'];

function subscriptionState(subscription: Subscription, now: Date): BannerState | null {
  const { status, trial_end: trialEnd } = subscription;
  const days = trialEnd === null ? null : daysRemaining(new Date(trialEnd), now);
  if (status === 'past_due' || status === 'unpaid' || (status === 'trialing' && days === 0)) {
    return { kind: 'payment_required' };
  }
  if (status === 'active' && subscription.plan_id === 'free' && days === 0) return { kind: 'trial_expired' };
  if (status === 'trialing' && days !== null && days <= TRIAL_EXPIRING_DAYS) return { kind: 'trial_expiring', days };
  return null;
}

const RESOURCE_ORDER: readonly UsageResource[] = [
  'leads',
  'events',
  'offers',
  'team_members',
  'integrations',
  'storage',
];

/** At the limit itself: the percentage is rounded, so 99.6 % reads 100 % without being reached. */
const reached = (row: UsageRow & { limit: number }) => row.current_usage >= row.limit;

function usageState(usage: readonly UsageRow[]): BannerState | null {
  const limited = usage
    .filter((row): row is UsageRow & { limit: number } => row.limit !== null && row.percentage >= USAGE_WARNING_PERCENT)
    .sort(
      (a, b) =>
        Number(reached(b)) - Number(reached(a)) ||
        b.percentage - a.percentage ||
        RESOURCE_ORDER.indexOf(a.resource) - RESOURCE_ORDER.indexOf(b.resource),
    );
  const row = limited[0];
  if (row === undefined) return null;
  const kind = reached(row) ? 'limit_reached' : row.percentage >= 90 ? 'approaching_90' : 'approaching_80';
  return { kind, row };
}

export function bannerState(
  subscription: Subscription | undefined,
  usage: readonly UsageRow[] | undefined,
  now: Date,
): BannerState | null {
  return (
    (subscription === undefined ? null : subscriptionState(subscription, now)) ??
    (usage === undefined ? null : usageState(usage))
  );
}

/** What a dismissal is remembered by: the same warning stays dismissed, a more urgent one shows. */
export function bannerKey(state: BannerState): string {
  return 'row' in state ? `${state.kind}:${state.row.resource}` : state.kind;
}
