import { planSchema } from '@leadcapture/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** `GET /billing/plans/`: the price list, cheapest first. The single source of its query key. */
export function plansQueryOptions() {
  return queryOptions({
    queryKey: ['billing', 'plans'] as const,
    queryFn: ({ signal }) => api.get('/billing/plans/', { schema: z.array(planSchema), signal }),
    // The catalogue changes with a release, not while a page is open.
    staleTime: 60 * 60_000,
  });
}

export function usePlans() {
  return useQuery(plansQueryOptions());
}
