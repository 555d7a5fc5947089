import { subscriptionSchema } from '@leadcapture/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { subscriptionQueryKey } from './keys.ts';

/** `GET /billing/subscriptions/current/` (owner and admin). The single source of its query key. */
export function subscriptionQueryOptions() {
  return queryOptions({
    queryKey: subscriptionQueryKey,
    queryFn: ({ signal }) => api.get('/billing/subscriptions/current/', { schema: subscriptionSchema, signal }),
  });
}

export function useSubscription(enabled = true) {
  return useQuery({ ...subscriptionQueryOptions(), enabled });
}
