import { PLANS, type Subscription } from '@leadcapture/contracts/billing';
import { me } from '../../../test/fake-server.ts';

const DAY = 24 * 60 * 60 * 1000;

export const subscriptionId = '00000000-0000-4000-8000-0000000000b1';

/** A subscription as the API answers it; a fresh organisation's 14-day Professional trial by default. */
export function subscription(changes: Partial<Subscription> = {}): Subscription {
  const trialEnd = new Date(Date.now() + 14 * DAY - 60_000).toISOString();
  return {
    id: subscriptionId,
    status: 'trialing',
    plan: 'Professional',
    plan_id: 'professional',
    billing_cycle: 'monthly',
    trial_end: trialEnd,
    current_period_end: trialEnd,
    cancel_at_period_end: false,
    scheduled_plan_id: null,
    ...changes,
  };
}

/** A paid plan in the middle of its month. */
export function paid(planId: 'starter' | 'professional', changes: Partial<Subscription> = {}): Subscription {
  return subscription({
    status: 'active',
    plan: planId === 'starter' ? 'Starter' : 'Professional',
    plan_id: planId,
    trial_end: null,
    current_period_end: '2026-12-15T10:00:00.000Z',
    ...changes,
  });
}

export const plans = PLANS;

/** The signed-in user with `role` in the organisation. */
export function meAs(role: 'owner' | 'admin' | 'member' | 'viewer') {
  const organization = { ...me.current_organization, role };
  return { ...me, organizations: [organization], current_organization: organization };
}

/** An error envelope with the server's own message (fake-server's `fail` uses the code). */
export function refused(status: number, code: string, message: string): Response {
  return new Response(
    JSON.stringify({
      status: 'error',
      status_code: status,
      error: { message, code },
      meta: { timestamp: '2026-01-01T00:00:00.000Z' },
    }),
    { status, headers: { 'content-type': 'application/json' } },
  );
}
