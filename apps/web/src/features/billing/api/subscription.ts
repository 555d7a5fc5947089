import { subscriptionSchema } from '@leadcapture/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const billingQueryKey = ['billing'] as const;

/** `GET /billing/subscriptions/current/` (owner and admin). The single source of its query key. */
export function subscriptionQueryOptions() {
  return queryOptions({
    queryKey: [...billingQueryKey, 'subscription'] as const,
    queryFn: ({ signal }) => api.get('/billing/subscriptions/current/', { schema: subscriptionSchema, signal }),
  });
}

export function useSubscription(enabled = true) {
  return useQuery({ ...subscriptionQueryOptions(), enabled });
}
