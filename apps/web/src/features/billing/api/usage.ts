import { usageRowSchema } from '@leadcapture/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { usageQueryKey } from './keys.ts';

/** `GET /billing/subscriptions/usage/` (owner and admin): one row per limited resource. */
export function usageQueryOptions() {
  return queryOptions({
    queryKey: usageQueryKey,
    queryFn: ({ signal }) => api.get('/billing/subscriptions/usage/', { schema: z.array(usageRowSchema), signal }),
  });
}

export function useUsage(enabled = true) {
  return useQuery({ ...usageQueryOptions(), enabled });
}
