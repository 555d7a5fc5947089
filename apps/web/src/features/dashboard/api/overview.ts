import type { OverviewPeriod } from '@leadcapture/contracts/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const overviewQueryKey = (days: OverviewPeriod) => ['analytics', 'dashboard-overview', days] as const;

/** `GET /analytics/dashboard/overview/?days=`: the Lobby's figures for the current organisation. */
export function useDashboardOverview(days: OverviewPeriod) {
  return useQuery({
    queryKey: overviewQueryKey(days),
    queryFn: async ({ signal }) => {
      const { dashboardOverviewSchema } = await import('@leadcapture/contracts/analytics');
      return api.get('/analytics/dashboard/overview/', { params: { days }, schema: dashboardOverviewSchema, signal });
    },
    // Switching the period keeps the old figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    // New leads arrive all day during an event: refresh when the tab is looked at again.
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
}
