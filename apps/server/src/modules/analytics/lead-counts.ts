import type { LeadStatus } from '@leadcapture/contracts/constants';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database, type Tx } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { CONVERTED_STATUSES } from '../events/events.service.ts';
import {
  leadCountDeltas,
  leadDayCounts,
  leadDayStageCounts,
  leadDayTotals,
  leadEventTotals,
} from './analytics.table.ts';

/**
 * The leads rollup of decision 029 (lead_day_counts, lead_count_deltas, migration 0051, and its
 * coarser levels lead_day_stage_counts, lead_day_totals, lead_event_totals, migration 0059): live leads per organisation, local day,
 * event, status and source, and per organisation, event, local day and funnel stage. The
 * triggers on leads append deltas; the scheduler folds them into every level here, in one
 * statement; a timezone change rebuilds the organisation's rows of all of them.
 */

/**
 * Statuses at or past "qualified" in the pipeline (spec 01 §4): the funnel's third step. The
 * converted statuses are among them, so converted <= qualified <= submissions by construction.
 */
export const QUALIFIED_STATUSES = [
  'qualified',
  'demo_scheduled',
  'proposal_sent',
  ...CONVERTED_STATUSES,
] as const satisfies readonly LeadStatus[];

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * A status's funnel stage (analytics.table.ts LeadStage). Migration 0059 fills the table with the
 * same CASE written out: a change of these lists must rebuild lead_day_stage_counts.
 */
export function leadStage(status: SQL): SQL {
  return sql`(case when ${status} in (${inList(CONVERTED_STATUSES)}) then 'converted'
    when ${status} in (${inList(QUALIFIED_STATUSES)}) then 'qualified' else 'captured' end)`;
}

/** Fold and rebuild of one organisation take turns, so neither counts a delta the other moved. */
async function lockCounts(tx: Tx, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lead_counts'), hashtext(${organizationId}))`);
}

const orgTimezone = (organizationId: string) =>
  sql`(select coalesce(settings->>'timezone', 'UTC') from organizations where id = ${organizationId})`;

/** Moves the organisation's deltas into its day counts (in its scope); answers how many moved. */
export async function foldLeadCounts(tx: Tx, organizationId: string): Promise<number> {
  await lockCounts(tx, organizationId);
  const [row] = await queryRows<{ moved: number }>(
    tx,
    sql`with moved as (
        delete from ${leadCountDeltas} where ${leadCountDeltas.organizationId} = ${organizationId}
        returning organization_id, created_at, event_id, status, source, delta
      ), local as (
        select organization_id, (created_at at time zone ${orgTimezone(organizationId)})::date as day,
          event_id, status, source, delta from moved
      ), folded as (
        insert into ${leadDayCounts} (organization_id, day, event_id, status, source, leads)
        select organization_id, day, event_id, status, source, sum(delta)::int
        from local group by 1, 2, 3, 4, 5
        on conflict on constraint lead_day_counts_key do update set leads = ${leadDayCounts}.leads + excluded.leads
        returning 1
      ), staged as (
        insert into ${leadDayStageCounts} (organization_id, event_id, day, stage, leads)
        select organization_id, event_id, day, ${leadStage(sql`status`)}, sum(delta)::int
        from local group by 1, 2, 3, 4
        on conflict on constraint lead_day_stage_counts_key do update set leads = ${leadDayStageCounts}.leads + excluded.leads
        returning 1
      ), totals as (
        insert into ${leadDayTotals} (organization_id, day, stage, leads)
        select organization_id, day, ${leadStage(sql`status`)}, sum(delta)::int
        from local group by 1, 2, 3
        on conflict on constraint lead_day_totals_key do update set leads = ${leadDayTotals}.leads + excluded.leads
        returning 1
      ), per_event as (
        insert into ${leadEventTotals} (organization_id, event_id, leads)
        select organization_id, event_id, sum(delta)::int
        from local where event_id is not null group by 1, 2
        on conflict on constraint lead_event_totals_key do update set leads = ${leadEventTotals}.leads + excluded.leads
        returning 1
      )
      select count(*)::int as moved from moved`,
  );
  await tx.execute(
    sql`delete from ${leadDayCounts} where ${leadDayCounts.organizationId} = ${organizationId} and ${leadDayCounts.leads} = 0`,
  );
  for (const table of [leadDayStageCounts, leadDayTotals, leadEventTotals]) {
    await tx.execute(
      sql`delete from ${table} where ${table.organizationId} = ${organizationId} and ${table.leads} = 0`,
    );
  }
  return row?.moved ?? 0;
}

/**
 * Counts the organisation's leads again from the leads table, in its timezone of now: after a
 * timezone change the local days are cut differently. The deltas are dropped in the statement
 * that reads the leads (a data-modifying WITH always runs), so both see the same commits.
 */
export async function rebuildLeadCounts(tx: Tx, organizationId: string): Promise<void> {
  await lockCounts(tx, organizationId);
  await tx.execute(sql`delete from ${leadDayCounts} where ${leadDayCounts.organizationId} = ${organizationId}`);
  await tx.execute(
    sql`with dropped as (
        delete from ${leadCountDeltas} where ${leadCountDeltas.organizationId} = ${organizationId} returning 1
      )
      insert into ${leadDayCounts} (organization_id, day, event_id, status, source, leads)
      select organization_id, (created_at at time zone ${orgTimezone(organizationId)})::date, event_id, status, source, count(*)::int
      from leads
      where organization_id = ${organizationId} and deleted_at is null and approval_status <> 'rejected'
      group by 1, 2, 3, 4, 5`,
  );
  for (const table of [leadDayStageCounts, leadDayTotals, leadEventTotals]) {
    await tx.execute(sql`delete from ${table} where ${table.organizationId} = ${organizationId}`);
  }
  await tx.execute(
    sql`insert into ${leadDayStageCounts} (organization_id, event_id, day, stage, leads)
      select organization_id, event_id, day, ${leadStage(sql`status`)}, sum(leads)::int
      from ${leadDayCounts} where ${leadDayCounts.organizationId} = ${organizationId}
      group by 1, 2, 3, 4`,
  );
  await tx.execute(
    sql`insert into ${leadDayTotals} (organization_id, day, stage, leads)
      select organization_id, day, stage, sum(leads)::int
      from ${leadDayStageCounts} where ${leadDayStageCounts.organizationId} = ${organizationId}
      group by 1, 2, 3`,
  );
  await tx.execute(
    sql`insert into ${leadEventTotals} (organization_id, event_id, leads)
      select organization_id, event_id, sum(leads)::int
      from ${leadDayStageCounts} where ${leadDayStageCounts.organizationId} = ${organizationId} and event_id is not null
      group by 1, 2`,
  );
}

/** The scheduled fold: every organisation with deltas, each in its own scoped transaction. */
export async function foldAllLeadCounts(db: Database): Promise<{ organizations: number; moved: number }> {
  const orgs = await queryRows<{ id: string }>(db, sql`select lead_count_delta_organizations() as id`);
  let moved = 0;
  for (const { id: organizationId } of orgs) {
    moved += await inScope(db, { organizationId }, (tx) => foldLeadCounts(tx, organizationId));
  }
  return { organizations: orgs.length, moved };
}

/**
 * The organisation's counted leads as rows (event, local day, funnel stage, leads) of the coarse
 * level: the folded counts and the deltas not folded yet, in one statement, so a fold in between
 * cannot hide or double any. `where` filters the union's columns (event_id, day, stage).
 * The fine level (status, source) is read today only to cut this one again at a rebuild; it is
 * kept for the per-status and per-source figures decision 029 names as its next readers.
 */
export function leadStageRows(organizationId: string, timezone: string): SQL {
  return sql`(
    select event_id, day, stage, leads from ${leadDayStageCounts} where ${leadDayStageCounts.organizationId} = ${organizationId}
    union all
    select event_id, (created_at at time zone ${timezone})::date, ${leadStage(sql`status`)}, delta::int
    from ${leadCountDeltas} where ${leadCountDeltas.organizationId} = ${organizationId}
  )`;
}

/** The organisation's counted leads by local day and funnel stage (day, stage, leads), as leadStageRows. */
export function leadDayTotalRows(organizationId: string, timezone: string): SQL {
  return sql`(
    select day, stage, leads from ${leadDayTotals} where ${leadDayTotals.organizationId} = ${organizationId}
    union all
    select (created_at at time zone ${timezone})::date, ${leadStage(sql`status`)}, delta::int
    from ${leadCountDeltas} where ${leadCountDeltas.organizationId} = ${organizationId}
  )`;
}

/** Each event's counted leads of all time (event_id, leads), as leadStageRows. */
export function leadEventTotalRows(organizationId: string): SQL {
  return sql`(
    select event_id, leads from ${leadEventTotals} where ${leadEventTotals.organizationId} = ${organizationId}
    union all
    select event_id, delta::int from ${leadCountDeltas}
    where ${leadCountDeltas.organizationId} = ${organizationId} and ${leadCountDeltas.eventId} is not null
  )`;
}
