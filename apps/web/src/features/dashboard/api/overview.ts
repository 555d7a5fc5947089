import type { OverviewPeriod } from '@leadcapture/contracts/constants';
import { dashboardOverviewParser } from '@leadcapture/contracts/overview-check';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/session.ts';

export const overviewQueryKey = (days: OverviewPeriod) => ['analytics', 'dashboard-overview', days] as const;

/** The period the Lobby opens with. */
export const DEFAULT_OVERVIEW_PERIOD: OverviewPeriod = 30;

/** `GET /analytics/dashboard/overview/?days=`: the Lobby's figures for the current organisation. */
function overviewQueryOptions(days: OverviewPeriod) {
  return queryOptions({
    queryKey: overviewQueryKey(days),
    queryFn: ({ signal }) =>
      // Checked without zod (contracts/overview-check.ts), which the Lobby then never downloads.
      api.get('/analytics/dashboard/overview/', { params: { days }, schema: dashboardOverviewParser, signal }),
    // New leads arrive all day during an event: refresh when the tab is looked at again.
    staleTime: 30_000,
  });
}

export function useDashboardOverview(days: OverviewPeriod) {
  return useQuery({
    ...overviewQueryOptions(days),
    // Switching the period keeps the old figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
}

/**
 * The /dashboard route's loader: asks for the figures at once, beside the guard's /auth/me, rather
 * than once the page's code has arrived and rendered (a round trip less before the Lobby shows its
 * numbers). Never waited for: the page shows its skeletons meanwhile. Only with a session, else the
 * guard is on its way to the sign-in page.
 */
export function prefetchOverview(queryClient: QueryClient) {
  return () => {
    // A failure stays in the query's state, where the page shows it; nothing to do here.
    if (hasSession()) queryClient.query(overviewQueryOptions(DEFAULT_OVERVIEW_PERIOD)).catch(() => undefined);
    return null;
  };
}
