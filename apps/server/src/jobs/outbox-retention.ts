import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/database.ts';
import { outbox } from './outbox.table.ts';

/** The scheduled task that removes finished outbox rows (its advisory lock is named after it). */
export const OUTBOX_RETENTION_TASK = 'outbox_retention';

/**
 * Delivered rows are kept this long: their payload is already redacted, so all they still say is
 * that a message went out and when, which is what someone tracing "did the mail leave?" asks
 * within days, not months.
 */
export const DELIVERED_RETENTION_DAYS = 7;
/**
 * Dead rows (failed MAX_ATTEMPTS times) keep their payload and last error for someone to look at
 * and replay by hand; after this long nobody will, and a payload may hold a one-time link.
 */
export const DEAD_RETENTION_DAYS = 30;
/** Rows deleted per statement: each its own short transaction, so PGlite answers requests in between. */
export const RETENTION_BATCH = 1000;

/** Deletes up to `batch` rows whose `column` is older than `days`; answers how many it deleted. */
async function deleteBatch(db: Database, column: 'delivered_at' | 'failed_at', days: number, batch: number) {
  const finishedAt = sql.identifier(column);
  // The partial indexes of migration 0030 (outbox_delivered_idx, outbox_failed_idx) find them
  // without reading the pending rows; SKIP LOCKED leaves a row a worker holds to that worker.
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`
      with doomed as (
        select id from ${outbox}
        where ${finishedAt} is not null and ${finishedAt} < now() - make_interval(days => ${days})
        order by ${finishedAt}
        limit ${batch}
        for update skip locked
      ),
      deleted as (delete from ${outbox} o using doomed where o.id = doomed.id returning 1)
      select count(*)::int as n from deleted`,
  );
  return row?.n ?? 0;
}

async function deleteAll(db: Database, column: 'delivered_at' | 'failed_at', days: number, batch: number) {
  let total = 0;
  for (;;) {
    const n = await deleteBatch(db, column, days, batch);
    total += n;
    if (n < batch) return total;
  }
}

/**
 * Removes delivered rows after DELIVERED_RETENTION_DAYS and dead rows after DEAD_RETENTION_DAYS,
 * in batches (docs/jobs.md, "Outbox"). Pending rows are never touched, however old.
 */
export async function purgeOutbox(
  db: Database,
  opts: { deliveredDays?: number; deadDays?: number; batch?: number } = {},
): Promise<{ delivered: number; dead: number }> {
  const batch = opts.batch ?? RETENTION_BATCH;
  const delivered = await deleteAll(db, 'delivered_at', opts.deliveredDays ?? DELIVERED_RETENTION_DAYS, batch);
  const dead = await deleteAll(db, 'failed_at', opts.deadDays ?? DEAD_RETENTION_DAYS, batch);
  return { delivered, dead };
}
