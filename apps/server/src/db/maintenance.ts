import { sql } from 'drizzle-orm';
import { queryRows, type Database } from './database.ts';

/**
 * Autovacuum's thresholds (PostgreSQL's defaults): a table is analysed once more than
 * 50 + 10 % of its rows changed since its last ANALYZE, and vacuumed once more than 50 + 20 %
 * of them are dead.
 */
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;
const VACUUM_BASE = 50;
const VACUUM_SCALE = 0.2;

/**
 * The sample of PGlite's ANALYZE: 300 rows per unit, so 9,000 rows and 30 histogram buckets
 * and common values per column. ANALYZE runs in the event loop there and holds every request:
 * at PostgreSQL's default (100, a 30,000-row sample) it took 370-600 ms on 100,000 leads, here
 * about 110 ms, and the sample stops growing with the table.
 */
export const MAINTENANCE_STATISTICS_TARGET = 30;

/** The scheduler's name for this work (docs/jobs.md). */
export const MAINTENANCE_TASK = 'database_maintenance';

interface StaleTable {
  name: string;
  vacuum: boolean;
}

/**
 * What autovacuum does on PostgreSQL, for PGlite, which has no autovacuum (it runs PostgreSQL
 * as a single process): ANALYZE the tables whose contents changed enough since their last
 * statistics, and VACUUM those with enough dead rows (decision 017). Without it PGlite's
 * planner never has statistics and its tables only grow. The app role may do this through
 * pg_maintain, granted on PGlite only (db/client.ts). Each table is its own statement: PGlite
 * serves nothing else while one runs, so the work comes in small pieces and only when due.
 */
export async function maintainTables(db: Database): Promise<Record<string, number>> {
  const stale = await queryRows<StaleTable>(
    db,
    sql`select s.relname as name,
        s.n_dead_tup > ${VACUUM_BASE} + ${VACUUM_SCALE} * greatest(c.reltuples, 0) as vacuum
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = 'public'
        and (s.n_dead_tup > ${VACUUM_BASE} + ${VACUUM_SCALE} * greatest(c.reltuples, 0)
          or s.n_mod_since_analyze > ${ANALYZE_BASE} + ${ANALYZE_SCALE} * greatest(c.reltuples, 0))
      order by s.relname`,
  );
  let vacuumed = 0;
  for (const table of stale) {
    const name = quoteIdentifier(table.name);
    // VACUUM cannot run in a transaction, and the ANALYZE's SET LOCAL needs one.
    if (table.vacuum) await db.execute(sql.raw(`VACUUM ${name}`));
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`SET LOCAL default_statistics_target = ${MAINTENANCE_STATISTICS_TARGET}`));
      await tx.execute(sql.raw(`ANALYZE ${name}`));
    });
    if (table.vacuum) vacuumed += 1;
  }
  return { analyzed: stale.length, vacuumed };
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
