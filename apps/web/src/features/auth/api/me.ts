import type { Me } from '@leadcapture/contracts/auth';
import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * `GET /auth/me/`: the signed-in user with organisations and the current one. The single source
 * of its query key; anything that changes the user (profile, language, organisation switch)
 * writes the answer back with `queryClient.setQueryData(meQueryKey, me)`.
 */
export const meQueryKey = ['auth', 'me'] as const;

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) =>
      // quiet: the route guard decides what a failure means (log out), no toast on top. The
      // schema (and zod, ~20 KB gzip) loads with the first call instead of with the first page,
      // which the login page does not need, and downloads while the request is out.
      api.get('/auth/me/', {
        schema: import('@leadcapture/contracts/auth').then((m) => m.meSchema),
        signal,
        quiet: true,
      }),
    // The guard loads it before any signed-in page renders; a few minutes old is fine for names and roles.
    staleTime: 5 * 60_000,
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}

/**
 * The user on a signed-in page. The route guard has already loaded it, so this never suspends
 * there; outside the guarded routes use `useMe()`.
 */
export function useCurrentUser(): Me {
  return useSuspenseQuery(meQueryOptions()).data;
}
