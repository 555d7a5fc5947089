import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database, type Tx } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { leadCountDeltas, leadDayCounts } from './analytics.table.ts';

/**
 * The leads rollup of decision 029 (lead_day_counts, lead_count_deltas, migration 0051): live
 * leads per organisation, local day, event, status and source. The triggers on leads append
 * deltas; the scheduler folds them here; a timezone change rebuilds the organisation's rows.
 */

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
      ), folded as (
        insert into ${leadDayCounts} (organization_id, day, event_id, status, source, leads)
        select organization_id, (created_at at time zone ${orgTimezone(organizationId)})::date, event_id, status, source, sum(delta)::int
        from moved group by 1, 2, 3, 4, 5
        on conflict on constraint lead_day_counts_key do update set leads = ${leadDayCounts}.leads + excluded.leads
        returning 1
      )
      select count(*)::int as moved from moved`,
  );
  await tx.execute(
    sql`delete from ${leadDayCounts} where ${leadDayCounts.organizationId} = ${organizationId} and ${leadDayCounts.leads} = 0`,
  );
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
 * The organisation's counted leads as rows (local day, event, status, source, leads): the folded
 * counts and the deltas not folded yet, in one statement so a fold in between cannot hide or
 * double any. `where` filters the union's columns (day, event_id, status, source).
 */
export function leadCountRows(organizationId: string, timezone: string): SQL {
  return sql`(
    select day, event_id, status, source, leads from ${leadDayCounts} where ${leadDayCounts.organizationId} = ${organizationId}
    union all
    select (created_at at time zone ${timezone})::date, event_id, status, source, delta::int
    from ${leadCountDeltas} where ${leadCountDeltas.organizationId} = ${organizationId}
  )`;
}
