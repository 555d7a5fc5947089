import { billingStatsSchema } from '@leadcapture/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { billingQueryKey } from './keys.ts';

/** `GET /billing/stats/` (owner and admin): the overview's figures and which provider bills. */
export function statsQueryOptions() {
  return queryOptions({
    queryKey: [...billingQueryKey, 'stats'] as const,
    queryFn: ({ signal }) => api.get('/billing/stats/', { schema: billingStatsSchema, signal, quiet: true }),
  });
}

export function useBillingStats(enabled = true) {
  return useQuery({ ...statsQueryOptions(), enabled });
}
