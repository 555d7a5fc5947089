import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../test/helpers.ts';
import { queryRows, type DatabaseHandle } from './database.ts';
import { MAINTENANCE_STATISTICS_TARGET, maintainTables } from './maintenance.ts';
import { inScope } from './tenant.ts';

let t: TestApp;

/** Activity counters reach pg_stat_user_tables when a backend reports them; make it now. */
const reportStatistics = async () => {
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  await database.db.execute(sql`select 1`);
};
let database: DatabaseHandle;
beforeAll(async () => {
  t = await createTestApp();
  database = t.database;
});
afterAll(() => t.close());

const lastAnalyze = async (table: string) =>
  (
    await queryRows<{ at: Date | null }>(
      database.db,
      sql`select last_analyze as at from pg_stat_user_tables where relname = ${table}`,
    )
  )[0]?.at ?? null;

// The task runs on PGlite only: PostgreSQL has autovacuum, and there the app role may not
// maintain tables it does not own (app.ts registers the task by database kind).
it.runIf(!process.env.TEST_DATABASE_URL)(
  'analyses a table once enough of it changed, vacuums it once enough rows are dead, and rests otherwise',
  async () => {
    const organizationId = (await registerUser(t)).organization?.id ?? '';
    await inScope(database.db, { organizationId }, (tx) =>
      tx.execute(sql`insert into leads (organization_id, first_name, email, source)
        select ${organizationId}::uuid, 'Lead', 'lead' || g || '@example.com', 'import' from generate_series(1, 500) as g`),
    );
    await reportStatistics();
    const first = await maintainTables(database.db);
    expect(first.analyzed).toBeGreaterThan(0);
    expect(await lastAnalyze('leads')).not.toBeNull();
    // Nothing changed since: nothing is due.
    expect(await maintainTables(database.db)).toEqual({ analyzed: 0, vacuumed: 0 });

    await inScope(database.db, { organizationId }, (tx) =>
      tx.execute(sql`delete from leads where organization_id = ${organizationId}::uuid`),
    );
    await reportStatistics();
    const after = await maintainTables(database.db);
    expect(after.vacuumed).toBeGreaterThan(0);
    const [dead] = await queryRows<{ n: number }>(
      database.db,
      sql`select n_dead_tup::int as n from pg_stat_user_tables where relname = 'leads'`,
    );
    expect(dead?.n).toBe(0);
  },
);

it.runIf(!process.env.TEST_DATABASE_URL)(
  'analyses with a small sample: ANALYZE holds every request on PGlite',
  async () => {
    // The outbox: pg_stats hides the tables under row-level security. Delivered rows, 500
    // distinct texts: the histogram has one bound more than the statistics target.
    await database.db.execute(sql`insert into outbox (kind, payload, last_error, delivered_at)
      select 'maintenance.sample', '{}'::jsonb, 'text ' || g, now() from generate_series(1, 500) as g`);
    await reportStatistics();
    await maintainTables(database.db);
    const [column] = await queryRows<{ bounds: number }>(
      database.db,
      sql`select cardinality(histogram_bounds::text::text[]) as bounds from pg_stats
        where tablename = 'outbox' and attname = 'last_error'`,
    );
    expect(column?.bounds).toBe(MAINTENANCE_STATISTICS_TARGET + 1);
  },
);
