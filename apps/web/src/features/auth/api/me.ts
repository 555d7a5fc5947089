import type { Me } from '@leadcapture/contracts/auth';
import { meParser } from '@leadcapture/contracts/me-check';
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
      // quiet: the route guard decides what a failure means (log out), no toast on top. Checked
      // without zod: every signed-in page's first paint waits for this answer, and need not wait
      // for zod too (contracts/me-check.ts).
      api.get('/auth/me/', { schema: meParser, signal, quiet: true }),
    // The guard loads it before any signed-in page renders; a few minutes old is fine for names and roles.
    staleTime: 5 * 60_000,
    // Asked even when the browser says offline: the guard must get an answer (or a network
    // error, then it opens the page with the last known user) instead of waiting for `online`.
    networkMode: 'always',
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
