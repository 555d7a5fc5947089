import type {
  AnalyticsReport,
  DashboardOverview,
  EventFunnel,
  EventMetrics,
  EventsSummary,
  LeadsOverview,
  LeadsSummary,
  RealTimeMetrics,
  SpeedToLead,
  TeamSummary,
} from '@leadcapture/contracts/analytics';
import { LEAD_SOURCES, LEAD_STATUSES, type LeadSource, type LeadStatus } from '@leadcapture/contracts/constants';
import { deriveEventStatus } from '@leadcapture/contracts/event-status';
import { and, asc, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/database.ts';
import type { TenantContext } from '../../db/tenant.ts';
import { assertCan } from '../../http/permissions.ts';
import { users } from '../auth/auth.table.ts';
import {
  conversionRate,
  eventLeadsWhere,
  eventNotFound,
  leadConverted,
  leadsCapturedOf,
} from '../events/events.service.ts';
import { capturePageViews, events } from '../events/events.table.ts';
import { leads } from '../leads/leads.table.ts';
import { QUALIFIED_STATUSES, leadDayTotalRows, leadEventTotalRows, leadStageRows } from './lead-counts.ts';

// The module's public surface for other modules: the rollup's rebuild on a timezone change.
export { QUALIFIED_STATUSES, rebuildLeadCounts } from './lead-counts.ts';
import { memberships, organizations } from '../organizations/organizations.table.ts';
import {
  bucketDates,
  localBucket,
  percent,
  periodOf,
  previousRange,
  rangeOfDays,
  resolvePeriod,
  type Period,
  type RangeInput,
} from './periods.ts';

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const leadQualified = sql`${leads.status} in (${inList(QUALIFIED_STATUSES)})`;

/** The organisation's live leads (not deleted, not rejected at approval), as every figure counts them. */
function liveLeads(ctx: TenantContext): SQL {
  return sql`${leads.organizationId} = ${ctx.organizationId} and ${leads.deletedAt} is null and ${leads.approvalStatus} <> 'rejected'`;
}

/** Live leads created within the period. */
function leadsIn(ctx: TenantContext, p: Period): SQL {
  return sql`${liveLeads(ctx)} and ${leads.createdAt} >= ${p.startAt} and ${leads.createdAt} < ${p.endAt}`;
}

// --- speed to lead -------------------------------------------------------------------------

interface SpeedRow {
  contacted: number;
  uncontacted: number;
  median: number | string | null;
  p90: number | string | null;
}

/** Median and p90 of created_at -> first_contacted_at, and the contacted/uncontacted counts. */
const SPEED_COLUMNS = sql`count(${leads.firstContactedAt})::int as contacted,
  (count(*) - count(${leads.firstContactedAt}))::int as uncontacted,
  percentile_cont(0.5) within group (order by extract(epoch from ${leads.firstContactedAt} - ${leads.createdAt})) as median,
  percentile_cont(0.9) within group (order by extract(epoch from ${leads.firstContactedAt} - ${leads.createdAt})) as p90`;

const seconds = (v: number | string | null): number | null => (v === null ? null : Math.max(0, Math.round(Number(v))));

function toSpeed(row: SpeedRow | undefined): SpeedToLead {
  return {
    contacted: row?.contacted ?? 0,
    uncontacted: row?.uncontacted ?? 0,
    median_seconds: seconds(row?.median ?? null),
    p90_seconds: seconds(row?.p90 ?? null),
  };
}

const NO_SPEED: SpeedToLead = { contacted: 0, uncontacted: 0, median_seconds: null, p90_seconds: null };

// --- shared figures --------------------------------------------------------------------------

/** New leads per bucket of the period, every bucket listed (zeros included), oldest first. */
async function leadTrend(ctx: TenantContext, p: Period, where: SQL = leadsIn(ctx, p)) {
  const rows = await queryRows<{ bucket: string; n: number }>(
    ctx.tx,
    sql`select ${localBucket(sql`${leads.createdAt}`, p)} as bucket, count(*)::int as n
      from ${leads} where ${where} group by 1`,
  );
  const countOn = new Map(rows.map((r) => [r.bucket, r.n]));
  return bucketDates(p.from, p.to, p.bucket).map((date) => ({ date, count: countOn.get(date) ?? 0 }));
}

async function sourceMix(ctx: TenantContext, where: SQL) {
  const rows = await queryRows<{ source: LeadSource; n: number }>(
    ctx.tx,
    sql`select ${leads.source} as source, count(*)::int as n from ${leads} where ${where} group by 1`,
  );
  return rows
    .filter((r) => (LEAD_SOURCES as readonly string[]).includes(r.source))
    .map((r) => ({ source: r.source, count: r.n }))
    .sort((a, b) => b.count - a.count || a.source.localeCompare(b.source));
}

/** Every status in the pipeline's order, zeros included. */
async function statusPipeline(ctx: TenantContext, where: SQL) {
  const rows = await queryRows<{ status: LeadStatus; n: number }>(
    ctx.tx,
    sql`select ${leads.status} as status, count(*)::int as n from ${leads} where ${where} group by 1`,
  );
  const countOf = new Map(rows.map((r) => [r.status, r.n]));
  return LEAD_STATUSES.map((status) => ({ status, count: countOf.get(status) ?? 0 }));
}

async function countLeads(ctx: TenantContext, where: SQL): Promise<{ total: number; converted: number }> {
  const [row] = await queryRows<{ total: number; converted: number }>(
    ctx.tx,
    sql`select count(*)::int as total, count(*) filter (where ${leadConverted})::int as converted
      from ${leads} where ${where}`,
  );
  return { total: row?.total ?? 0, converted: row?.converted ?? 0 };
}

async function activeEventCount(ctx: TenantContext, now: Date): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.tx,
    sql`select count(*)::int as n from ${events}
      where ${events.organizationId} = ${ctx.organizationId} and ${events.status} = 'active'
        and (${events.endDate} is null or ${events.endDate} > ${now})`,
  );
  return row?.n ?? 0;
}

/**
 * Page views of the organisation's capture pages within the period's days. The counters are kept
 * per UTC day (events.table.ts capturePageViews), so a period's views are those of the UTC days
 * bearing its local dates: off by the timezone's offset at each end, never counted twice.
 */
function viewsIn(ctx: TenantContext, p: Period): SQL {
  return sql`${capturePageViews.organizationId} = ${ctx.organizationId}
    and ${capturePageViews.day} >= ${p.from} and ${capturePageViews.day} <= ${p.to}`;
}

// --- dashboard/overview ----------------------------------------------------------------------

export interface OverviewInput {
  days?: 7 | 30 | 90 | 365 | undefined;
  range?: RangeInput['range'] | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The Lobby's figures (spec 01 §2) over a range (or the Lobby's `days`), counted in the
 * organisation's timezone. Counted leads are the organisation's live ones.
 */
export async function dashboardOverview(
  ctx: TenantContext,
  input: OverviewInput,
  now: Date = new Date(),
): Promise<DashboardOverview> {
  assertCan(ctx, 'records.read');
  const range: RangeInput = input.range
    ? { range: input.range, from: input.from, to: input.to }
    : { range: rangeOfDays(input.days ?? 30) };
  const p = await resolvePeriod(ctx, range, now);
  const previous = input.range === 'all' ? null : await resolvePeriod(ctx, previousRange(p), now);
  const live = liveLeads(ctx);

  // Totals and days from the rollup's per-day totals (decision 029): all time in a few rows per
  // day, exact. Grouped on the date, formatted after: to_char per row costs more than the sum.
  const counted = await queryRows<{ day: string; converted: boolean; n: number }>(
    ctx.tx,
    sql`select to_char(day, 'YYYY-MM-DD') as day, converted, n from (
        select day, stage = 'converted' as converted, sum(leads)::int as n
        from ${leadDayTotalRows(ctx.organizationId, p.timezone)} c group by 1, 2
      ) d`,
  );
  let total = 0;
  let converted = 0;
  let current = 0;
  let previousCount = 0;
  const countOn = new Map<string, number>();
  for (const row of counted) {
    total += row.n;
    if (row.converted) converted += row.n;
    if (row.day >= p.from && row.day <= p.to) {
      current += row.n;
      countOn.set(row.day, (countOn.get(row.day) ?? 0) + row.n);
    }
    if (previous && row.day >= previous.from && row.day <= previous.to) previousCount += row.n;
  }
  const activeEvents = await activeEventCount(ctx, now);

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
    .select()
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
  // Their leads_captured (event-figures.ts's definition: live leads) from the rollup too.
  const capturedRows =
    upcoming.length === 0
      ? []
      : await queryRows<{ event_id: string; n: number }>(
          ctx.tx,
          sql`select event_id, sum(leads)::int as n from ${leadEventTotalRows(ctx.organizationId)} c
            where event_id in (${inList(upcoming.map((e) => e.id))}) group by 1`,
        );
  const capturedOf = new Map(capturedRows.map((r) => [r.event_id, r.n]));

  return {
    period: { days: p.days, start: p.start, end: p.end },
    total_leads: total,
    new_leads: current,
    new_leads_previous: previousCount,
    active_events: activeEvents,
    conversion_rate: percent(converted, total),
    converted_leads: converted,
    leads_by_day: bucketDates(p.from, p.to, 'day').map((date) => ({ date, count: countOn.get(date) ?? 0 })),
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
      leads_captured: capturedOf.get(e.id) ?? 0,
    })),
  };
}

// --- dashboard/leads_summary, leads/overview -------------------------------------------------

async function leadsSummaryIn(ctx: TenantContext, p: Period, now: Date): Promise<LeadsSummary> {
  const where = leadsIn(ctx, p);
  const { total, converted } = await countLeads(ctx, where);
  let previousLeads = 0;
  if (p.range !== 'all') {
    const prev = await resolvePeriod(ctx, previousRange(p), now);
    previousLeads = (await countLeads(ctx, leadsIn(ctx, prev))).total;
  }
  return {
    period: periodOf(p),
    new_leads: total,
    previous_leads: previousLeads,
    converted_leads: converted,
    conversion_rate: percent(converted, total),
    trend: await leadTrend(ctx, p, where),
    by_source: await sourceMix(ctx, where),
    by_status: await statusPipeline(ctx, where),
  };
}

/** The period's new leads: how many, against the period before, their trend, sources and statuses. */
export async function leadsSummary(ctx: TenantContext, range: RangeInput, now = new Date()): Promise<LeadsSummary> {
  assertCan(ctx, 'records.read');
  return leadsSummaryIn(ctx, await resolvePeriod(ctx, range, now), now);
}

/** What the period's leads are now: pipeline, sources, interest, score, approval, speed to lead. */
export async function leadsOverview(ctx: TenantContext, range: RangeInput, now = new Date()): Promise<LeadsOverview> {
  assertCan(ctx, 'records.read');
  const p = await resolvePeriod(ctx, range, now);
  const where = leadsIn(ctx, p);
  const [figures] = await queryRows<{ total: number; pending: number; score: number | string | null }>(
    ctx.tx,
    sql`select count(*)::int as total,
        count(*) filter (where ${leads.approvalStatus} = 'pending')::int as pending,
        avg(${leads.score}) as score
      from ${leads} where ${where}`,
  );
  const interest = await queryRows<{ interest: 'hot' | 'warm' | 'cold' | null; n: number }>(
    ctx.tx,
    sql`select ${leads.interest} as interest, count(*)::int as n from ${leads} where ${where} group by 1`,
  );
  const interestOf = new Map(interest.map((r) => [r.interest ?? 'none', r.n]));
  const [speed] = await queryRows<SpeedRow>(ctx.tx, sql`select ${SPEED_COLUMNS} from ${leads} where ${where}`);
  return {
    period: periodOf(p),
    total: figures?.total ?? 0,
    pending_approval: figures?.pending ?? 0,
    by_status: await statusPipeline(ctx, where),
    by_source: await sourceMix(ctx, where),
    by_interest: (['hot', 'warm', 'cold', 'none'] as const).map((i) => ({
      interest: i,
      count: interestOf.get(i) ?? 0,
    })),
    average_score: Math.round(Number(figures?.score ?? 0) * 10) / 10,
    speed_to_lead: toSpeed(speed),
  };
}

// --- events ----------------------------------------------------------------------------------

/** Every event of the organisation compared over the period, most submissions first. */
async function eventsSummaryIn(ctx: TenantContext, p: Period, now: Date): Promise<EventsSummary['events']> {
  const list = await ctx.tx
    .select({
      id: events.id,
      name: events.name,
      status: events.status,
      startDate: events.startDate,
      endDate: events.endDate,
      leadsCaptured: leadsCapturedOf,
    })
    .from(events)
    .where(eq(events.organizationId, ctx.organizationId));
  const figures = await queryRows<
    SpeedRow & { event_id: string; submissions: number; qualified: number; converted: number }
  >(
    ctx.tx,
    sql`select ${leads.eventId} as event_id, count(*)::int as submissions,
        count(*) filter (where ${leadQualified})::int as qualified,
        count(*) filter (where ${leadConverted})::int as converted,
        ${SPEED_COLUMNS}
      from ${leads} where ${leadsIn(ctx, p)} and ${leads.eventId} is not null group by 1`,
  );
  const views = await queryRows<{ event_id: string; views: number }>(
    ctx.tx,
    sql`select ${capturePageViews.eventId} as event_id, sum(${capturePageViews.views})::int as views
      from ${capturePageViews} where ${viewsIn(ctx, p)} group by 1`,
  );
  const figuresOf = new Map(figures.map((f) => [f.event_id, f]));
  const viewsOf = new Map(views.map((v) => [v.event_id, v.views]));
  return list
    .map((e) => {
      const f = figuresOf.get(e.id);
      const submissions = f?.submissions ?? 0;
      const converted = f?.converted ?? 0;
      return {
        id: e.id,
        name: e.name,
        status: deriveEventStatus(e.status, e.startDate, e.endDate, now),
        leads_captured: e.leadsCaptured,
        page_views: viewsOf.get(e.id) ?? 0,
        submissions,
        qualified: f?.qualified ?? 0,
        converted,
        conversion_rate: conversionRate(converted, submissions),
        speed_to_lead: f ? toSpeed(f) : NO_SPEED,
      };
    })
    .sort(
      (a, b) => b.submissions - a.submissions || b.leads_captured - a.leads_captured || a.name.localeCompare(b.name),
    );
}

export async function eventsSummary(ctx: TenantContext, range: RangeInput, now = new Date()): Promise<EventsSummary> {
  assertCan(ctx, 'events.read');
  const p = await resolvePeriod(ctx, range, now);
  return { period: periodOf(p), events: await eventsSummaryIn(ctx, p, now) };
}

async function loadEvent(ctx: TenantContext, id: string) {
  const [row] = await ctx.tx
    .select({ id: events.id, name: events.name, leadsCaptured: leadsCapturedOf })
    .from(events)
    .where(and(eq(events.id, id), eq(events.organizationId, ctx.organizationId)));
  if (!row) throw eventNotFound();
  return row;
}

/** The event's id and name only (no count of its leads), or 404 for another organisation's. */
async function loadEventName(ctx: TenantContext, id: string) {
  const [row] = await ctx.tx
    .select({ id: events.id, name: events.name })
    .from(events)
    .where(and(eq(events.id, id), eq(events.organizationId, ctx.organizationId)));
  if (!row) throw eventNotFound();
  return row;
}

/** The event's leads within the period, counted as the events list counts them (event-figures.ts). */
function eventLeadsIn(ctx: TenantContext, eventId: string, p: Period): SQL {
  return sql`${leads.organizationId} = ${ctx.organizationId} and ${eventLeadsWhere(eventId)}
    and ${leads.createdAt} >= ${p.startAt} and ${leads.createdAt} < ${p.endAt}`;
}

async function eventCounts(ctx: TenantContext, eventId: string, p: Period) {
  const [row] = await queryRows<
    SpeedRow & { submissions: number; qualified: number; converted: number; views: number }
  >(
    ctx.tx,
    sql`select count(*)::int as submissions,
        count(*) filter (where ${leadQualified})::int as qualified,
        count(*) filter (where ${leadConverted})::int as converted,
        ${SPEED_COLUMNS},
        (select coalesce(sum(${capturePageViews.views}), 0)::int from ${capturePageViews}
          where ${viewsIn(ctx, p)} and ${capturePageViews.eventId} = ${eventId}) as views
      from ${leads} where ${eventLeadsIn(ctx, eventId, p)}`,
  );
  return {
    page_views: row?.views ?? 0,
    submissions: row?.submissions ?? 0,
    qualified: row?.qualified ?? 0,
    converted: row?.converted ?? 0,
    speed: toSpeed(row),
  };
}

/** One event over the period: its funnel figures, trend of views and submissions, sources, statuses. */
export async function eventMetrics(
  ctx: TenantContext,
  eventId: string,
  range: RangeInput,
  now = new Date(),
): Promise<EventMetrics> {
  assertCan(ctx, 'events.read');
  const event = await loadEvent(ctx, eventId);
  const p = await resolvePeriod(ctx, range, now);
  const where = eventLeadsIn(ctx, eventId, p);
  const counts = await eventCounts(ctx, eventId, p);
  const submissions = await leadTrend(ctx, p, where);
  const viewRows = await queryRows<{ bucket: string; n: number }>(
    ctx.tx,
    sql`select to_char(date_trunc(${sql.raw(`'${p.bucket}'`)}, ${capturePageViews.day}::timestamp), 'YYYY-MM-DD') as bucket,
        sum(${capturePageViews.views})::int as n
      from ${capturePageViews} where ${viewsIn(ctx, p)} and ${capturePageViews.eventId} = ${eventId} group by 1`,
  );
  const viewsOn = new Map(viewRows.map((r) => [r.bucket, r.n]));
  return {
    event_id: event.id,
    name: event.name,
    period: periodOf(p),
    leads_captured: event.leadsCaptured,
    page_views: counts.page_views,
    submissions: counts.submissions,
    qualified: counts.qualified,
    converted: counts.converted,
    conversion_rate: conversionRate(counts.converted, counts.submissions),
    trend: submissions.map((s) => ({ date: s.date, page_views: viewsOn.get(s.date) ?? 0, submissions: s.count })),
    by_source: await sourceMix(ctx, where),
    by_status: await statusPipeline(ctx, where),
    speed_to_lead: counts.speed,
  };
}

/**
 * The event's funnel: page views -> submissions -> qualified -> converted. Each rate is a part of
 * the step before and of the first, capped at 100: leads added by hand or imported have no page
 * view, so submissions can outnumber views.
 */
export async function eventFunnel(
  ctx: TenantContext,
  eventId: string,
  range: RangeInput,
  now = new Date(),
): Promise<EventFunnel> {
  assertCan(ctx, 'events.read');
  const event = await loadEventName(ctx, eventId);
  const p = await resolvePeriod(ctx, range, now);
  // From the rollup's coarse level (decision 029): the event's leads of the period by funnel
  // stage, a few rows per local day, and its page views, in one statement. The same leads as
  // eventLeadsIn counts (live, of the event, created within the period's local days).
  const [c] = await queryRows<{ submissions: number; qualified: number; converted: number; views: number }>(
    ctx.tx,
    sql`select coalesce(sum(leads), 0)::int as submissions,
        coalesce(sum(leads) filter (where stage <> 'captured'), 0)::int as qualified,
        coalesce(sum(leads) filter (where stage = 'converted'), 0)::int as converted,
        (select coalesce(sum(${capturePageViews.views}), 0)::int from ${capturePageViews}
          where ${viewsIn(ctx, p)} and ${capturePageViews.eventId} = ${eventId}) as views
      from ${leadStageRows(ctx.organizationId, p.timezone)} c
      where event_id = ${eventId} and day >= ${p.from} and day <= ${p.to}`,
  );
  const counts = [c?.views ?? 0, c?.submissions ?? 0, c?.qualified ?? 0, c?.converted ?? 0];
  const names = ['page_views', 'submissions', 'qualified', 'converted'] as const;
  const first = counts[0] ?? 0;
  return {
    event_id: event.id,
    name: event.name,
    period: periodOf(p),
    steps: names.map((step, i) => {
      const count = counts[i] ?? 0;
      const before = i === 0 ? count : (counts[i - 1] ?? 0);
      return {
        step,
        count,
        rate_from_previous: i === 0 ? (count > 0 ? 100 : 0) : percent(count, before),
        rate_from_start: i === 0 ? (count > 0 ? 100 : 0) : percent(count, first),
      };
    }),
  };
}

// --- team ------------------------------------------------------------------------------------

async function teamSummaryIn(ctx: TenantContext, p: Period): Promise<Omit<TeamSummary, 'period'>> {
  const where = leadsIn(ctx, p);
  const members = await ctx.tx
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, ctx.organizationId), eq(memberships.status, 'joined')))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  const assigned = await queryRows<{
    user_id: string | null;
    assigned: number;
    converted: number;
    uncontacted: number;
  }>(
    ctx.tx,
    sql`select ${leads.assignedTo} as user_id, count(*)::int as assigned,
        count(*) filter (where ${leadConverted})::int as converted,
        count(*) filter (where ${leads.firstContactedAt} is null)::int as uncontacted
      from ${leads} where ${where} group by 1`,
  );
  // Speed is the contacting person's: who made the first contact, whoever the lead is assigned to.
  const handled = await queryRows<SpeedRow & { user_id: string }>(
    ctx.tx,
    sql`select ${leads.firstContactedBy} as user_id, ${SPEED_COLUMNS}
      from ${leads} where ${where} and ${leads.firstContactedBy} is not null group by 1`,
  );
  const [overall] = await queryRows<SpeedRow>(ctx.tx, sql`select ${SPEED_COLUMNS} from ${leads} where ${where}`);
  const assignedOf = new Map(assigned.map((r) => [r.user_id, r]));
  const handledOf = new Map(handled.map((r) => [r.user_id, r]));
  return {
    members: members.map((m) => {
      const a = assignedOf.get(m.userId);
      const h = handledOf.get(m.userId);
      const speed = toSpeed(h);
      return {
        user_id: m.userId,
        name: `${m.firstName} ${m.lastName}`.trim(),
        email: m.email,
        role: m.role,
        assigned: a?.assigned ?? 0,
        handled: speed.contacted,
        converted: a?.converted ?? 0,
        conversion_rate: percent(a?.converted ?? 0, a?.assigned ?? 0),
        // Uncontacted: the member's assigned leads nobody has contacted yet.
        speed_to_lead: { ...speed, uncontacted: a?.uncontacted ?? 0 },
      };
    }),
    unassigned: assignedOf.get(null)?.assigned ?? 0,
    speed_to_lead: toSpeed(overall),
  };
}

/** Each member's leads of the period: assigned, handled (first contact), converted, speed to lead. */
export async function teamSummary(ctx: TenantContext, range: RangeInput, now = new Date()): Promise<TeamSummary> {
  assertCan(ctx, 'records.read');
  const p = await resolvePeriod(ctx, range, now);
  return { period: periodOf(p), ...(await teamSummaryIn(ctx, p)) };
}

// --- real time -------------------------------------------------------------------------------

const MINUTE_MS = 60_000;

/** Today (local) and the last hour, minute by minute. */
export async function realTimeMetrics(ctx: TenantContext, now = new Date()): Promise<RealTimeMetrics> {
  assertCan(ctx, 'records.read');
  const today = await resolvePeriod(ctx, { range: '7d' }, now);
  // The current minute and the 59 before it.
  const thisMinute = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  const hourAgo = new Date(thisMinute - 59 * MINUTE_MS);
  const [figures] = await queryRows<{ today: number }>(
    ctx.tx,
    sql`select count(*)::int as today from ${leads}
      where ${liveLeads(ctx)} and ${leads.createdAt} >= (${today.to}::date::timestamp at time zone ${today.timezone})
        and ${leads.createdAt} <= ${now}`,
  );
  const perMinute = await queryRows<{ minute: string; n: number }>(
    ctx.tx,
    sql`select to_char(date_trunc('minute', ${leads.createdAt} at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:MI:00.000"Z"') as minute,
        count(*)::int as n
      from ${leads} where ${liveLeads(ctx)} and ${leads.createdAt} >= ${hourAgo} and ${leads.createdAt} <= ${now} group by 1`,
  );
  const countAt = new Map(perMinute.map((r) => [r.minute, r.n]));
  const [views] = await queryRows<{ n: number }>(
    ctx.tx,
    sql`select coalesce(sum(${capturePageViews.views}), 0)::int as n from ${capturePageViews}
      where ${capturePageViews.organizationId} = ${ctx.organizationId} and ${capturePageViews.day} = ${now.toISOString().slice(0, 10)}`,
  );
  const lastHour = perMinute.reduce((n, r) => n + r.n, 0);
  return {
    at: now.toISOString(),
    timezone: today.timezone,
    leads_today: figures?.today ?? 0,
    leads_last_hour: lastHour,
    leads_per_minute: Math.round((lastHour / 60) * 10) / 10,
    by_minute: Array.from({ length: 60 }, (_, i) => {
      const minute = new Date(hourAgo.getTime() + i * MINUTE_MS).toISOString();
      return { minute, count: countAt.get(minute) ?? 0 };
    }),
    page_views_today: views?.n ?? 0,
    active_events: await activeEventCount(ctx, now),
  };
}

// --- reports ---------------------------------------------------------------------------------

/** The period summed up for a manager: totals, trend, sources, pipeline, events, team, speed. */
export async function analyticsReport(
  ctx: TenantContext,
  range: RangeInput,
  now = new Date(),
): Promise<AnalyticsReport> {
  assertCan(ctx, 'records.read');
  const p = await resolvePeriod(ctx, range, now);
  const summary = await leadsSummaryIn(ctx, p, now);
  const eventRows = await eventsSummaryIn(ctx, p, now);
  const team = await teamSummaryIn(ctx, p);
  const [views] = await queryRows<{ n: number }>(
    ctx.tx,
    sql`select coalesce(sum(${capturePageViews.views}), 0)::int as n from ${capturePageViews} where ${viewsIn(ctx, p)}`,
  );
  const [org] = await ctx.tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, ctx.organizationId));
  return {
    period: periodOf(p),
    organization: org?.name ?? '',
    generated_at: now.toISOString(),
    totals: {
      new_leads: summary.new_leads,
      previous_leads: summary.previous_leads,
      converted_leads: summary.converted_leads,
      conversion_rate: summary.conversion_rate,
      page_views: views?.n ?? 0,
      active_events: await activeEventCount(ctx, now),
    },
    trend: summary.trend,
    by_source: summary.by_source,
    by_status: summary.by_status,
    events: eventRows,
    team: team.members,
    speed_to_lead: team.speed_to_lead,
  };
}

/** The language of an export: the one asked for, else the caller's own (en unless sv). */
export async function exportLanguage(ctx: TenantContext, asked: 'en' | 'sv' | undefined): Promise<'en' | 'sv'> {
  if (asked) return asked;
  const [row] = await ctx.tx.select({ language: users.language }).from(users).where(eq(users.id, ctx.userId));
  return row?.language === 'sv' ? 'sv' : 'en';
}
