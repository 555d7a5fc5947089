import type { AnalyticsExportFormat, AnalyticsRange } from '@leadcapture/contracts/analytics';
import {
  eventFunnelSchema,
  eventsSummarySchema,
  leadsOverviewSchema,
  leadsSummarySchema,
  realTimeMetricsSchema,
  teamSummarySchema,
} from '@leadcapture/contracts/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveFile } from '../../leads/api/lead-data.ts';

/** The range the page asks for: a named one, or custom with both days. */
export interface RangeParams {
  range: AnalyticsRange;
  from?: string;
  to?: string;
}

/** The ranges of the picker, in the order of spec 01 §9 ("7 days, 30 days, 90 days, 1 year, custom, all time"). */
export const PICKER_RANGES = ['7d', '30d', '90d', '1y', 'custom', 'all'] as const satisfies readonly AnalyticsRange[];
export const DEFAULT_RANGE: RangeParams = { range: '30d' };

function params(r: RangeParams): Record<string, string> {
  return r.range === 'custom' && r.from && r.to ? { range: r.range, from: r.from, to: r.to } : { range: r.range };
}

/** Part of every key: the live socket invalidates ['analytics', …] on analytics.updated. */
const rangeKey = (r: RangeParams) => [r.range, r.from ?? '', r.to ?? ''] as const;

// Leads arrive all day during an event: refresh when the tab is looked at again.
const fresh = { staleTime: 30_000, refetchOnWindowFocus: true, placeholderData: keepPreviousData } as const;

export function leadsSummaryQuery(r: RangeParams) {
  return queryOptions({
    queryKey: ['analytics', 'leads-summary', ...rangeKey(r)] as const,
    queryFn: ({ signal }) =>
      api.get('/analytics/dashboard/leads_summary/', {
        params: params(r),
        schema: leadsSummarySchema,
        signal,
        quiet: true,
      }),
  });
}

export function leadsOverviewQuery(r: RangeParams) {
  return queryOptions({
    queryKey: ['analytics', 'leads-overview', ...rangeKey(r)] as const,
    queryFn: ({ signal }) =>
      api.get('/analytics/leads/overview/', { params: params(r), schema: leadsOverviewSchema, signal, quiet: true }),
  });
}

export function eventsSummaryQuery(r: RangeParams) {
  return queryOptions({
    queryKey: ['analytics', 'events-summary', ...rangeKey(r)] as const,
    queryFn: ({ signal }) =>
      api.get('/analytics/dashboard/events_summary/', {
        params: params(r),
        schema: eventsSummarySchema,
        signal,
        quiet: true,
      }),
  });
}

export function teamSummaryQuery(r: RangeParams) {
  return queryOptions({
    queryKey: ['analytics', 'team-summary', ...rangeKey(r)] as const,
    queryFn: ({ signal }) =>
      api.get('/analytics/dashboard/team-summary/', {
        params: params(r),
        schema: teamSummarySchema,
        signal,
        quiet: true,
      }),
  });
}

export function eventFunnelQuery(eventId: string, r: RangeParams) {
  return queryOptions({
    queryKey: ['analytics', 'event-funnel', eventId, ...rangeKey(r)] as const,
    queryFn: ({ signal }) =>
      api.get(`/analytics/events/${eventId}/funnel/`, {
        params: params(r),
        schema: eventFunnelSchema,
        signal,
        quiet: true,
      }),
  });
}

export const realTimeQuery = queryOptions({
  queryKey: ['analytics', 'real-time'] as const,
  queryFn: ({ signal }) =>
    api.get('/analytics/real-time/metrics/', { schema: realTimeMetricsSchema, signal, quiet: true }),
});

export const useLeadsSummary = (r: RangeParams) => useQuery({ ...leadsSummaryQuery(r), ...fresh });
export const useLeadsOverview = (r: RangeParams) => useQuery({ ...leadsOverviewQuery(r), ...fresh });
export const useEventsSummary = (r: RangeParams) => useQuery({ ...eventsSummaryQuery(r), ...fresh });
export const useTeamSummary = (r: RangeParams) => useQuery({ ...teamSummaryQuery(r), ...fresh });
export const useEventFunnel = (eventId: string | null, r: RangeParams) =>
  useQuery({ ...eventFunnelQuery(eventId ?? '', r), ...fresh, enabled: eventId !== null });
/** Refreshed every minute as well as on analytics.updated (the live socket invalidates the key). */
export const useRealTime = () => useQuery({ ...realTimeQuery, staleTime: 15_000, refetchInterval: 60_000 });

/** GET /analytics/export/: the page's figures of the range as a file, in the page's language. */
export async function downloadAnalyticsExport(
  r: RangeParams,
  format: AnalyticsExportFormat,
  language: 'en' | 'sv',
): Promise<void> {
  const file = await api.download('/analytics/export/', { params: { ...params(r), format, lang: language } });
  saveFile(file.blob, file.filename ?? `analytics.${format}`);
}
