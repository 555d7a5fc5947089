import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { OUTBOX_RETENTION_TASK, purgeOutbox } from './outbox-retention.ts';
import { outbox } from './outbox.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const kind = () => `test.${Math.random().toString(36).slice(2)}`;

/** A row of `k` as the worker leaves it: delivered, dead or pending, `daysAgo` days ago. */
async function row(k: string, state: 'delivered' | 'dead' | 'pending', daysAgo: number) {
  const at = sql`now() - make_interval(days => ${daysAgo})`;
  const [r] = await t.database.db
    .insert(outbox)
    .values({
      kind: k,
      payload: {},
      createdAt: at,
      availableAt: at,
      ...(state === 'delivered' ? { deliveredAt: at } : {}),
      ...(state === 'dead' ? { failedAt: at, attempts: 8 } : {}),
    })
    .returning({ id: outbox.id });
  if (!r) throw new Error('no row');
  return r.id;
}

async function left(k: string) {
  const rows = await t.database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.kind, k));
  return rows.map((r) => r.id).sort();
}

describe('outbox retention', () => {
  it('runs as a scheduled task and removes delivered rows after 7 days and dead rows after 30', async () => {
    const k = kind();
    await row(k, 'delivered', 8);
    const recent = await row(k, 'delivered', 6);
    await row(k, 'dead', 31);
    const recentDead = await row(k, 'dead', 29);
    // Pending is never removed, however old: it has still to be delivered.
    const pending = await row(k, 'pending', 90);
    expect(await t.app.deps.scheduler.run(OUTBOX_RETENTION_TASK)).toBe('ran');
    expect(await left(k)).toEqual([recent, recentDead, pending].sort());
  });

  it('deletes in batches until nothing is due', async () => {
    const k = kind();
    const old: string[] = [];
    for (let i = 0; i < 5; i++) old.push(await row(k, 'delivered', 10));
    for (let i = 0; i < 3; i++) old.push(await row(k, 'dead', 40));
    const kept = await row(k, 'pending', 10);
    // Other test files share the table on PostgreSQL: count only this test's rows.
    const mine = async () =>
      (await t.database.db.select({ id: outbox.id }).from(outbox).where(inArray(outbox.id, old))).length;
    const result = await purgeOutbox(t.database.db, { batch: 2 });
    expect(result.delivered).toBeGreaterThanOrEqual(5);
    expect(result.dead).toBeGreaterThanOrEqual(3);
    expect(await mine()).toBe(0);
    expect(await left(k)).toEqual([kept]);
  });
});
