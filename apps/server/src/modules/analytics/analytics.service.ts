import type { DashboardOverview, OverviewPeriod } from '@leadcapture/contracts/analytics';
import { deriveEventStatus } from '@leadcapture/contracts/event-status';
import { and, asc, desc, eq, getTableColumns, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { queryRows } from '../../db/database.ts';
import type { TenantContext } from '../../db/tenant.ts';
import { assertCan } from '../../http/permissions.ts';
import { leadsCapturedOf } from '../events/events.service.ts';
import { events } from '../events/events.table.ts';
import { leads } from '../leads/leads.table.ts';
import { DAY_MS, lastDays, percent } from './periods.ts';

/** Statuses that mean a lead became a customer (spec 01 §4). */
const CONVERTED = ['converted', 'closed_won'] as const;

/**
 * The Lobby's figures (spec 01 §2): one tenant transaction, four small queries. Counted leads
 * are the organisation's live ones: not deleted, not rejected at approval.
 */
export async function dashboardOverview(
  ctx: TenantContext,
  days: OverviewPeriod,
  now: Date = new Date(),
): Promise<DashboardOverview> {
  assertCan(ctx, 'records.read');
  const { start, dates } = lastDays(days, now);
  const previousStart = new Date(start.getTime() - days * DAY_MS);
  const live = and(
    eq(leads.organizationId, ctx.organizationId),
    isNull(leads.deletedAt),
    ne(leads.approvalStatus, 'rejected'),
  );

  const [totals] = await queryRows<{
    total: number;
    converted: number;
    current: number;
    previous: number;
    active_events: number;
  }>(
    ctx.tx,
    sql`select
      count(*)::int as total,
      count(*) filter (where ${leads.status} in (${sql.join(
        CONVERTED.map((s) => sql`${s}`),
        sql`, `,
      )}))::int as converted,
      count(*) filter (where ${leads.createdAt} >= ${start})::int as current,
      count(*) filter (where ${leads.createdAt} >= ${previousStart} and ${leads.createdAt} < ${start})::int as previous,
      (select count(*)::int from ${events}
        where ${events.organizationId} = ${ctx.organizationId} and ${events.status} = 'active'
          and (${events.endDate} is null or ${events.endDate} > ${now})) as active_events
    from ${leads} where ${live}`,
  );

  const day = sql<string>`to_char((${leads.createdAt} at time zone 'UTC')::date, 'YYYY-MM-DD')`;
  const perDay = await ctx.tx
    .select({ day, n: sql<number>`count(*)::int` })
    .from(leads)
    .where(and(live, sql`${leads.createdAt} >= ${start}`))
    .groupBy(day);
  const countOn = new Map(perDay.map((r) => [r.day, r.n]));

  const recent = await ctx.tx
    .select({
      id: leads.id,
      first_name: leads.firstName,
      last_name: leads.lastName,
      email: leads.email,
      company: leads.company,
      status: leads.status,
      approval_status: leads.approvalStatus,
      source: leads.source,
      eventId: events.id,
      eventName: events.name,
      created_at: leads.createdAt,
    })
    .from(leads)
    .leftJoin(events, eq(events.id, leads.eventId))
    .where(live)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(5);

  // Running now or still to come, soonest first; events without dates last.
  const upcoming = await ctx.tx
    .select({ ...getTableColumns(events), leadsCaptured: leadsCapturedOf })
    .from(events)
    .where(
      and(
        eq(events.organizationId, ctx.organizationId),
        eq(events.status, 'active'),
        or(isNull(events.endDate), gt(events.endDate, now)),
      ),
    )
    .orderBy(sql`${events.startDate} asc nulls last`, asc(events.name))
    .limit(5);

  const total = totals?.total ?? 0;
  const converted = totals?.converted ?? 0;
  return {
    period: { days, start: start.toISOString(), end: now.toISOString() },
    total_leads: total,
    new_leads: totals?.current ?? 0,
    new_leads_previous: totals?.previous ?? 0,
    active_events: totals?.active_events ?? 0,
    conversion_rate: percent(converted, total),
    converted_leads: converted,
    leads_by_day: dates.map((date) => ({ date, count: countOn.get(date) ?? 0 })),
    recent_leads: recent.map(({ eventId, eventName, created_at, ...lead }) => ({
      ...lead,
      event: eventId && eventName !== null ? { id: eventId, name: eventName } : null,
      created_at: created_at.toISOString(),
    })),
    upcoming_events: upcoming.map((e) => ({
      id: e.id,
      name: e.name,
      slug: e.slug,
      location: e.location,
      start_date: e.startDate?.toISOString() ?? null,
      end_date: e.endDate?.toISOString() ?? null,
      status: deriveEventStatus(e.status, e.startDate, e.endDate, now),
      leads_captured: e.leadsCaptured,
    })),
  };
}
