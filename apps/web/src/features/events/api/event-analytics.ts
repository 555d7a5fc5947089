import type { EVENT_ANALYTICS_DAYS } from '@leadcapture/contracts/events';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type EventAnalyticsDays = (typeof EVENT_ANALYTICS_DAYS)[number];
/**
 * The periods `GET /events/{id}/analytics/` accepts, repeated here (checked against the contract)
 * so the page does not load the schemas to draw its period select.
 */
export const EVENT_ANALYTICS_PERIODS = [7, 30, 90, 365] as const satisfies typeof EVENT_ANALYTICS_DAYS;
export const DEFAULT_EVENT_ANALYTICS_DAYS: EventAnalyticsDays = 30;

/**
 * `GET /events/{id}/analytics/?days=`: page views, submissions and conversion of the period, by
 * day and by source, plus the all-time figures (which the overview's quick stats read from the
 * same answer, so both share the default period's cache entry). Under the event's key: deleting
 * the event drops it with the rest.
 */
export function eventAnalyticsQueryOptions(eventId: string, days: EventAnalyticsDays) {
  return queryOptions({
    queryKey: ['events', eventId, 'analytics', days] as const,
    queryFn: async ({ signal }) => {
      const { eventAnalyticsSchema } = await import('@leadcapture/contracts/events');
      // quiet: the page shows "Failed to load analytics" where the figures would be.
      return api.get(`/events/${eventId}/analytics/`, {
        params: { days },
        schema: eventAnalyticsSchema,
        signal,
        quiet: true,
      });
    },
    // Leads arrive all day during an event: refresh when the tab is looked at again.
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
}

export function useEventAnalytics(eventId: string, days: EventAnalyticsDays, { enabled = true } = {}) {
  return useQuery({
    ...eventAnalyticsQueryOptions(eventId, days),
    // Switching the period keeps the old figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    enabled,
  });
}
