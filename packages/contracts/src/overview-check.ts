/**
 * `dashboardOverviewSchema` (analytics.ts) without zod: the check of the Lobby's figures, the
 * first thing a signed-in visit shows and the only answer the Lobby checks while it first draws,
 * so the Lobby does not download and run zod (shape-check.ts). It accepts and answers exactly
 * what `dashboardOverviewSchema.parse` does, unknown keys dropped; overview-check.test.ts holds
 * the two together input by input. A change to the figures' shape changes both.
 */
import type { DashboardOverview } from './analytics.ts';
import { APPROVAL_STATUSES, EVENT_STATUSES, LEAD_SOURCES, LEAD_STATUSES } from './constants.ts';
import { shapeOf } from './shape-check.ts';

const overviewFields = shapeOf('overview');

/** What `dashboardOverviewSchema.parse(data)` answers, or throws when it would. */
export function parseDashboardOverview(data: unknown): DashboardOverview {
  const fields = overviewFields(data);
  return {
    period: fields.object('period', (period) => ({
      days: period.integer('days'),
      start: period.datetime('start'),
      end: period.datetime('end'),
    })),
    total_leads: fields.count('total_leads'),
    new_leads: fields.count('new_leads'),
    new_leads_previous: fields.count('new_leads_previous'),
    active_events: fields.count('active_events'),
    conversion_rate: fields.between('conversion_rate', 0, 100),
    converted_leads: fields.count('converted_leads'),
    leads_by_day: fields.list('leads_by_day', (day) => ({ date: day.date('date'), count: day.count('count') })),
    recent_leads: fields.list('recent_leads', (lead) => ({
      id: lead.uuid('id'),
      first_name: lead.text('first_name'),
      last_name: lead.text('last_name'),
      email: lead.text('email'),
      company: lead.text('company'),
      status: lead.oneOf('status', LEAD_STATUSES),
      approval_status: lead.oneOf('approval_status', APPROVAL_STATUSES),
      source: lead.oneOf('source', LEAD_SOURCES),
      event: lead.objectOrNull('event', (event) => ({ id: event.uuid('id'), name: event.text('name') })),
      created_at: lead.datetime('created_at'),
    })),
    upcoming_events: fields.list('upcoming_events', (event) => ({
      id: event.uuid('id'),
      name: event.text('name'),
      slug: event.text('slug'),
      location: event.text('location'),
      start_date: event.datetimeOrNull('start_date'),
      end_date: event.datetimeOrNull('end_date'),
      status: event.oneOf('status', EVENT_STATUSES),
      leads_captured: event.count('leads_captured'),
    })),
  };
}

/** For the API client's `schema` option. */
export const dashboardOverviewParser = { parse: parseDashboardOverview };
