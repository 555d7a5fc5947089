import { subscriptionSchema, type BillingCycle, type PlanId, type Subscription } from '@leadcapture/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { billingQueryKey } from './keys.ts';
import { subscriptionQueryOptions } from './subscription.ts';

/**
 * Every change of a paid plan by the owner (03-decisions §4); starting one during the trial or on
 * free goes through checkout (checkout.ts). Each answers the subscription
 * as it is now: it replaces the cached one, and usage (measured against the plan) is refetched.
 */
export type SubscriptionChange =
  /** PUT subscriptions/{id}/ {plan_id, billing_cycle}: a higher plan, at once. */
  | { kind: 'upgrade'; planId: PlanId; cycle: BillingCycle }
  /** PUT subscriptions/{id}/ {plan_id, cancel_at_period_end: true}: a lower plan at the period end. */
  | { kind: 'downgrade'; planId: PlanId }
  /** POST subscriptions/{id}/cancel/: at the period end. */
  | { kind: 'cancel' }
  /** PUT subscriptions/{id}/ {cancel_at_period_end: false}: drops a cancellation or a scheduled downgrade. */
  | { kind: 'resume' };

function send(subscription: Subscription, change: SubscriptionChange): Promise<Subscription> {
  const options = { schema: subscriptionSchema, quiet: true } as const;
  const path = `/billing/subscriptions/${subscription.id}/`;
  switch (change.kind) {
    case 'upgrade':
      return api.put(path, { plan_id: change.planId, billing_cycle: change.cycle }, options);
    case 'downgrade':
      return api.put(path, { plan_id: change.planId, cancel_at_period_end: true }, options);
    case 'cancel':
      return api.post(`${path}cancel/`, { cancel_at_period_end: true }, options);
    case 'resume':
      return api.put(path, { cancel_at_period_end: false }, options);
  }
}

export function useChangeSubscription(subscription: Subscription) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SubscriptionChange) => send(subscription, change),
    onSuccess: async (updated) => {
      queryClient.setQueryData(subscriptionQueryOptions().queryKey, updated);
      await queryClient.invalidateQueries({
        queryKey: billingQueryKey,
        predicate: (query) => query.queryKey[1] !== 'subscription' && query.queryKey[1] !== 'plans',
      });
    },
  });
}
