import type { AnalyticsPeriod, AnalyticsRange, TrendBucket } from '@leadcapture/contracts/analytics';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/database.ts';
import type { TenantContext } from '../../db/tenant.ts';
import { AppError } from '../../http/errors.ts';
import { leads } from '../leads/leads.table.ts';

/** Day arithmetic shared by the analytics answers. Calendar dates are YYYY-MM-DD strings. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of the UTC day `date` falls in. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A calendar date moved by `days` (date-only arithmetic: no timezone, no daylight saving). */
export function addDays(date: string, days: number): string {
  return utcDay(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS));
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The last `days` UTC days up to and including today's: first day's start, and each date. */
export function lastDays(days: number, now: Date = new Date()): { start: Date; dates: string[] } {
  const start = new Date(Date.parse(utcDay(now)) - (days - 1) * DAY_MS);
  const dates = Array.from({ length: days }, (_, i) => utcDay(new Date(start.getTime() + i * DAY_MS)));
  return { start, dates };
}

/** part / whole as a percentage with one decimal; 0 when there is nothing to divide by; at most 100. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((Math.min(part, whole) / whole) * 1000) / 10 : 0;
}

const RANGE_DAYS: Record<Exclude<AnalyticsRange, 'all' | 'custom'>, number> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
  '1y': 365,
};

/** The range named by the Lobby's `days`. */
export function rangeOfDays(days: 7 | 30 | 90 | 365): AnalyticsRange {
  return days === 365 ? '1y' : `${days}d`;
}

/** Local days up to 92 (a quarter), ISO weeks up to two years, months beyond. */
export function bucketFor(days: number): TrendBucket {
  if (days <= 92) return 'day';
  if (days <= 731) return 'week';
  return 'month';
}

/** The first day of the bucket `date` falls in: itself, its week's Monday, its month's 1st. */
export function bucketStart(date: string, bucket: TrendBucket): string {
  if (bucket === 'day') return date;
  if (bucket === 'month') return `${date.slice(0, 7)}-01`;
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** Every bucket's first day from `from` to `to`, oldest first. */
export function bucketDates(from: string, to: string, bucket: TrendBucket): string[] {
  const dates: string[] = [];
  let d = bucketStart(from, bucket);
  while (d <= to) {
    dates.push(d);
    if (bucket === 'day') d = addDays(d, 1);
    else if (bucket === 'week') d = addDays(d, 7);
    else {
      const [y, m] = d.split('-').map(Number) as [number, number];
      d = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    }
  }
  return dates;
}

/**
 * A period resolved for one organisation: its timezone, the local first and last day, and the
 * instants between which a lead's created_at counts (start included, end excluded).
 */
export interface Period extends AnalyticsPeriod {
  startAt: Date;
  endAt: Date;
}

export interface RangeInput {
  range: AnalyticsRange;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * Resolves a range in the organisation's timezone (its settings; UTC when unset). PostgreSQL
 * turns local midnights into instants (`timestamp AT TIME ZONE`), so a day across a daylight
 * saving change is 23 or 25 hours long, as it is on the wall clock. "All" starts at the
 * organisation's first live lead (today when it has none).
 */
export async function resolvePeriod(ctx: TenantContext, input: RangeInput, now: Date = new Date()): Promise<Period> {
  const [org] = await queryRows<{ tz: string; today: string; first_day: string | null }>(
    ctx.tx,
    sql`select o.tz,
        to_char((${now.toISOString()}::timestamptz at time zone o.tz)::date, 'YYYY-MM-DD') as today,
        ${
          input.range === 'all'
            ? sql`(select to_char((min(${leads.createdAt}) at time zone o.tz)::date, 'YYYY-MM-DD') from ${leads}
                where ${leads.organizationId} = ${ctx.organizationId} and ${leads.deletedAt} is null
                  and ${leads.approvalStatus} <> 'rejected')`
            : sql`null::text`
        } as first_day
      from (select coalesce(settings->>'timezone', 'UTC') as tz from organizations where id = ${ctx.organizationId}) o`,
  );
  if (!org) throw new AppError('NOT_FOUND', 'Organization not found');
  let from: string;
  let to = org.today;
  if (input.range === 'custom') {
    // The schema refuses a custom range without both days (analyticsRangeQuerySchema).
    if (!input.from || !input.to) throw new AppError('VALIDATION_ERROR', 'A custom range needs from and to');
    from = input.from;
    to = input.to;
  } else if (input.range === 'all') {
    from = org.first_day && org.first_day < org.today ? org.first_day : org.today;
  } else {
    from = addDays(org.today, -(RANGE_DAYS[input.range] - 1));
  }
  const [bounds] = await queryRows<{ start_at: string; end_at: string }>(
    ctx.tx,
    sql`select to_char(${from}::date::timestamp at time zone ${org.tz} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as start_at,
      to_char((${to}::date + 1)::timestamp at time zone ${org.tz} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as end_at`,
  );
  if (!bounds) throw new Error('no period bounds');
  const days = daysBetween(from, to);
  const startAt = new Date(bounds.start_at);
  const endAt = new Date(bounds.end_at);
  return {
    range: input.range,
    from,
    to,
    start: startAt.toISOString(),
    end: endAt.toISOString(),
    timezone: org.tz,
    days,
    bucket: bucketFor(days),
    startAt,
    endAt,
  };
}

/** The public part of a period (the answer's `period`). */
export function periodOf(p: Period): AnalyticsPeriod {
  return {
    range: p.range,
    from: p.from,
    to: p.to,
    start: p.start,
    end: p.end,
    timezone: p.timezone,
    days: p.days,
    bucket: p.bucket,
  };
}

/** The period of the same length just before `p` (for "compared with the previous period"). */
export function previousRange(p: Period): RangeInput {
  return { range: 'custom', from: addDays(p.from, -p.days), to: addDays(p.from, -1) };
}

/** The local bucket (its first day, YYYY-MM-DD) of an instant column, in the period's timezone. */
export function localBucket(column: SQL, p: Period, bucket: TrendBucket = p.bucket): SQL {
  return sql`to_char(date_trunc(${sql.raw(`'${bucket}'`)}, ${column} at time zone ${p.timezone}), 'YYYY-MM-DD')`;
}
