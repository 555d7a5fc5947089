import { z } from 'zod';
import { APPROVAL_STATUSES, EVENT_STATUSES, LEAD_SOURCES, LEAD_STATUSES, OVERVIEW_PERIODS } from './constants.ts';

export { OVERVIEW_PERIODS, type OverviewPeriod } from './constants.ts';

export const overviewQuerySchema = z.object({
  days: z.coerce
    .number()
    .pipe(z.literal(OVERVIEW_PERIODS, { error: `Choose one of ${OVERVIEW_PERIODS.join(', ')} days` }))
    .default(30),
});

export const leadsByDaySchema = z.array(z.object({ date: z.iso.date(), count: z.number().int().nonnegative() }));

/** GET /analytics/dashboard/overview/: the Lobby's figures for the current organisation. */
export const dashboardOverviewSchema = z.object({
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
  /** New leads per UTC day of the period, oldest first, days without leads included as 0. */
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
