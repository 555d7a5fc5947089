import { z } from 'zod';
import { APPROVAL_STATUSES, EVENT_STATUSES, LEAD_SOURCES, LEAD_STATUSES, OVERVIEW_PERIODS } from './constants.ts';

export { OVERVIEW_PERIODS, type OverviewPeriod } from './constants.ts';

// --- ranges (03-decisions §4b) ------------------------------------------------------------

/** The ranges every analytics call takes: last 7, 30, 90 days, last year, all time, custom. */
export const ANALYTICS_RANGES = ['7d', '30d', '90d', '1y', 'all', 'custom'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
/** A custom range spans at most this many years. */
export const MAX_CUSTOM_RANGE_YEARS = 5;
/** How a range's trend is cut: local days up to 92 days, ISO weeks up to two years, else months. */
export const TREND_BUCKETS = ['day', 'week', 'month'] as const;
export type TrendBucket = (typeof TREND_BUCKETS)[number];

/** The last day of a custom range may be at most this many years after its first. */
function withinYears(from: string, to: string, years: number): boolean {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const limit = new Date(Date.UTC(y + years, m - 1, d));
  return Date.parse(`${to}T00:00:00Z`) <= limit.getTime();
}

const rangeEnum = z.enum(ANALYTICS_RANGES, { error: `Choose one of ${ANALYTICS_RANGES.join(', ')}` });
const rangeFields = {
  range: rangeEnum.default('30d'),
  /** First and last day (in the organisation's timezone) of a custom range, both included. */
  from: z.iso.date({ error: 'Enter a date as YYYY-MM-DD' }).optional(),
  to: z.iso.date({ error: 'Enter a date as YYYY-MM-DD' }).optional(),
};

type RangeInput = { range: AnalyticsRange; from?: string | undefined; to?: string | undefined };

function checkCustomRange(value: RangeInput, ctx: z.RefinementCtx) {
  if (value.range !== 'custom') return;
  if (!value.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'A custom range needs a first day' });
  if (!value.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'A custom range needs a last day' });
  if (!value.from || !value.to) return;
  if (value.from > value.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day must not be before the first day' });
  } else if (!withinYears(value.from, value.to, MAX_CUSTOM_RANGE_YEARS)) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `A custom range spans at most ${MAX_CUSTOM_RANGE_YEARS} years`,
    });
  }
}

/** `range=7d|30d|90d|1y|all|custom`, with `from` and `to` (dates) for custom. */
export const analyticsRangeQuerySchema = z.object(rangeFields).superRefine(checkCustomRange);
export type AnalyticsRangeQuery = z.output<typeof analyticsRangeQuerySchema>;

/** The overview keeps the Lobby's `days`; `range` (when sent) takes precedence. */
export const overviewRangeQuerySchema = z
  .object({
    days: z.coerce
      .number()
      .pipe(z.literal(OVERVIEW_PERIODS, { error: `Choose one of ${OVERVIEW_PERIODS.join(', ')} days` }))
      .optional(),
    range: rangeEnum.optional(),
    from: rangeFields.from,
    to: rangeFields.to,
  })
  .superRefine((value, ctx) => {
    if (value.range) checkCustomRange({ ...value, range: value.range }, ctx);
  });

export const EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type AnalyticsExportFormat = (typeof EXPORT_FORMATS)[number];
export const analyticsExportQuerySchema = z
  .object({
    ...rangeFields,
    format: z.enum(EXPORT_FORMATS, { error: `Choose one of ${EXPORT_FORMATS.join(', ')}` }),
    /** Language of the headers and labels; the caller's own language when not given. */
    lang: z.enum(['en', 'sv']).optional(),
  })
  .superRefine(checkCustomRange);
export type AnalyticsExportQuery = z.output<typeof analyticsExportQuerySchema>;

/** The resolved range: local first and last day, the instants they span, how the trend is cut. */
export const analyticsPeriodSchema = z.object({
  range: z.enum(ANALYTICS_RANGES),
  /** First and last local day, both included. */
  from: z.iso.date(),
  to: z.iso.date(),
  /** The instants: start of `from` and end of `to` (exclusive) in the organisation's timezone. */
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  timezone: z.string(),
  days: z.number().int().positive(),
  bucket: z.enum(TREND_BUCKETS),
});
export type AnalyticsPeriod = z.infer<typeof analyticsPeriodSchema>;

export const leadsByDaySchema = z.array(z.object({ date: z.iso.date(), count: z.number().int().nonnegative() }));

/** GET /analytics/dashboard/overview/: the Lobby's figures for the current organisation. */
export const dashboardOverviewSchema = z.object({
  /** The period's length in local days, and the instants it spans (the other calls answer more). */
  period: z.object({ days: z.number().int(), start: z.iso.datetime(), end: z.iso.datetime() }),
  /** Leads of the organisation, not deleted and not rejected, of all time. */
  total_leads: z.number().int().nonnegative(),
  /** Leads created in the period, and in the period just before it (for the change). */
  new_leads: z.number().int().nonnegative(),
  new_leads_previous: z.number().int().nonnegative(),
  /** Events set active whose end date has not passed (running now or upcoming). */
  active_events: z.number().int().nonnegative(),
  /** Percentage (0–100, one decimal) of all leads that became customers: converted or closed_won. */
  conversion_rate: z.number().min(0).max(100),
  converted_leads: z.number().int().nonnegative(),
  /** New leads per local day of the period, oldest first, days without leads included as 0. */
  leads_by_day: leadsByDaySchema,
  recent_leads: z.array(
    z.object({
      id: z.uuid(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      company: z.string(),
      status: z.enum(LEAD_STATUSES),
      /** Pending leads are listed with a "Pending approval" badge: they are not the team's yet. */
      approval_status: z.enum(APPROVAL_STATUSES),
      source: z.enum(LEAD_SOURCES),
      event: z.object({ id: z.uuid(), name: z.string() }).nullable(),
      created_at: z.iso.datetime(),
    }),
  ),
  upcoming_events: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      slug: z.string(),
      location: z.string(),
      start_date: z.iso.datetime().nullable(),
      end_date: z.iso.datetime().nullable(),
      status: z.enum(EVENT_STATUSES),
      leads_captured: z.number().int().nonnegative(),
    }),
  ),
});
export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;

/** A trend point: the bucket's first local day (a Monday for weeks, the 1st for months). */
export const trendPointSchema = z.object({ date: z.iso.date(), count: z.number().int().nonnegative() });
export type TrendPoint = z.infer<typeof trendPointSchema>;

const count = z.number().int().nonnegative();
/** A percentage 0–100 with one decimal; a part of a whole, so never above 100. */
const rate = z.number().min(0).max(100);

/**
 * Speed to lead: time from capture (created_at) to first contact (first_contacted_at), over the
 * leads created in the period. Median and 90th percentile in seconds; null when none was contacted.
 */
export const speedToLeadSchema = z.object({
  contacted: count,
  uncontacted: count,
  median_seconds: z.number().nonnegative().nullable(),
  p90_seconds: z.number().nonnegative().nullable(),
});
export type SpeedToLead = z.infer<typeof speedToLeadSchema>;

export const sourceCountSchema = z.object({ source: z.enum(LEAD_SOURCES), count });
export const statusCountSchema = z.object({ status: z.enum(LEAD_STATUSES), count });

/** GET /analytics/dashboard/leads_summary/: the period's leads, their trend and the one before. */
export const leadsSummarySchema = z.object({
  period: analyticsPeriodSchema,
  new_leads: count,
  /** Leads of the period of the same length just before (0 for all time). */
  previous_leads: count,
  converted_leads: count,
  conversion_rate: rate,
  trend: z.array(trendPointSchema),
  by_source: z.array(sourceCountSchema),
  by_status: z.array(statusCountSchema),
});
export type LeadsSummary = z.infer<typeof leadsSummarySchema>;

/** GET /analytics/leads/overview/: what the period's leads are now: pipeline, mix, interest, score. */
export const leadsOverviewSchema = z.object({
  period: analyticsPeriodSchema,
  total: count,
  pending_approval: count,
  /** Every status, in the pipeline's order, zeros included. */
  by_status: z.array(statusCountSchema),
  by_source: z.array(sourceCountSchema),
  by_interest: z.array(z.object({ interest: z.enum(['hot', 'warm', 'cold', 'none']), count })),
  average_score: z.number().nonnegative(),
  speed_to_lead: speedToLeadSchema,
});
export type LeadsOverview = z.infer<typeof leadsOverviewSchema>;

/** An event's funnel figures over a period (the same counting as the events list). */
export const eventFiguresSchema = z.object({
  page_views: count,
  submissions: count,
  qualified: count,
  converted: count,
  conversion_rate: rate,
});

/** GET /analytics/dashboard/events_summary/: every event compared over the period. */
export const eventsSummarySchema = z.object({
  period: analyticsPeriodSchema,
  events: z.array(
    eventFiguresSchema.extend({
      id: z.uuid(),
      name: z.string(),
      status: z.enum(EVENT_STATUSES),
      /** All-time leads, exactly as the events list shows them. */
      leads_captured: count,
      speed_to_lead: speedToLeadSchema,
    }),
  ),
});
export type EventsSummary = z.infer<typeof eventsSummarySchema>;

/** GET /analytics/dashboard/team-summary/: each member's leads of the period. */
export const teamSummarySchema = z.object({
  period: analyticsPeriodSchema,
  members: z.array(
    z.object({
      user_id: z.uuid(),
      name: z.string(),
      email: z.string(),
      role: z.string(),
      /** Leads of the period assigned to the member. */
      assigned: count,
      /** Leads of the period the member contacted first (speed to lead is theirs). */
      handled: count,
      /** Assigned leads of the period that became customers. */
      converted: count,
      conversion_rate: rate,
      speed_to_lead: speedToLeadSchema,
    }),
  ),
  /** Leads of the period nobody is assigned to. */
  unassigned: count,
  speed_to_lead: speedToLeadSchema,
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

/** GET /analytics/events/{id}/metrics/: one event over the period. */
export const eventMetricsSchema = eventFiguresSchema.extend({
  event_id: z.uuid(),
  name: z.string(),
  period: analyticsPeriodSchema,
  leads_captured: count,
  trend: z.array(z.object({ date: z.iso.date(), page_views: count, submissions: count })),
  by_source: z.array(sourceCountSchema),
  by_status: z.array(statusCountSchema),
  speed_to_lead: speedToLeadSchema,
});
export type EventMetrics = z.infer<typeof eventMetricsSchema>;

export const FUNNEL_STEPS = ['page_views', 'submissions', 'qualified', 'converted'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** GET /analytics/events/{id}/funnel/: page views -> submissions -> qualified -> converted. */
export const eventFunnelSchema = z.object({
  event_id: z.uuid(),
  name: z.string(),
  period: analyticsPeriodSchema,
  steps: z.array(
    z.object({
      step: z.enum(FUNNEL_STEPS),
      count,
      /** Of the step before (100 for the first); never above 100. */
      rate_from_previous: rate,
      /** Of the first step; never above 100. */
      rate_from_start: rate,
    }),
  ),
});
export type EventFunnel = z.infer<typeof eventFunnelSchema>;

/** GET /analytics/real-time/metrics/: now, in the organisation's timezone. */
export const realTimeMetricsSchema = z.object({
  at: z.iso.datetime(),
  timezone: z.string(),
  leads_today: count,
  leads_last_hour: count,
  /** Leads per minute over the last hour, one decimal. */
  leads_per_minute: z.number().nonnegative(),
  /** The last 60 minutes, oldest first: the minute's start and its leads. */
  by_minute: z.array(z.object({ minute: z.iso.datetime(), count })),
  page_views_today: count,
  active_events: count,
});
export type RealTimeMetrics = z.infer<typeof realTimeMetricsSchema>;

/** GET /analytics/reports/: the period summed up as a manager would print it. */
export const analyticsReportSchema = z.object({
  period: analyticsPeriodSchema,
  organization: z.string(),
  generated_at: z.iso.datetime(),
  totals: z.object({
    new_leads: count,
    previous_leads: count,
    converted_leads: count,
    conversion_rate: rate,
    page_views: count,
    active_events: count,
  }),
  trend: z.array(trendPointSchema),
  by_source: z.array(sourceCountSchema),
  by_status: z.array(statusCountSchema),
  events: eventsSummarySchema.shape.events,
  team: teamSummarySchema.shape.members,
  speed_to_lead: speedToLeadSchema,
});
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;
