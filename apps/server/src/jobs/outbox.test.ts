import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { queryRows } from '../db/database.ts';
import {
  DeliverLater,
  LEASE_SECONDS,
  allOf,
  backoffSeconds,
  createOutboxWorker,
  enqueue,
  inBatches,
  type OutboxItem,
} from './outbox.ts';
import { outbox } from './outbox.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const kind = () => `test.${Math.random().toString(36).slice(2)}`;

function worker(handlers: Record<string, (item: OutboxItem) => Promise<void>>) {
  return createOutboxWorker({ db: t.database.db, handlers, log: t.app.log });
}

/** As if the lease's 60 seconds had passed: the process that held it died. */
async function expireLease(id: string) {
  await t.database.db
    .update(outbox)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(outbox.id, id));
}

async function row(id: string) {
  const [r] = await t.database.db.select().from(outbox).where(eq(outbox.id, id));
  return r;
}

describe('transactional outbox', () => {
  it('keeps nothing when the transaction that enqueued rolls back', async () => {
    const k = kind();
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueue(tx, { kind: k, payload: { n: 1 } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await t.database.db.select().from(outbox).where(eq(outbox.kind, k));
    expect(rows).toEqual([]);
  });

  it('delivers a committed item once and redacts its payload', async () => {
    const k = kind();
    const seen: OutboxItem[] = [];
    const id = await t.database.db.transaction((tx) => enqueue(tx, { kind: k, payload: { secret: 'link' } }));
    const w = worker({ [k]: async (item) => void seen.push(item) });
    await w.drain();
    await w.drain();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.payload).toEqual({ secret: 'link' });
    const r = await row(id);
    expect(r?.deliveredAt).toBeInstanceOf(Date);
    expect(r?.payload).toEqual({ redacted: true });
  });

  it('retries a failed delivery later with backoff, then delivers', async () => {
    const k = kind();
    let calls = 0;
    const id = await t.database.db.transaction((tx) => enqueue(tx, { kind: k, payload: {} }));
    const w = worker({
      [k]: async () => {
        calls += 1;
        if (calls === 1) throw new Error('SMTP unavailable');
      },
    });
    await w.drain();
    let r = await row(id);
    expect(r?.deliveredAt).toBeNull();
    expect(r?.attempts).toBe(1);
    expect(r?.lastError).toBe('SMTP unavailable');
    expect(r!.availableAt.getTime()).toBeGreaterThan(Date.now() + 5_000);
    // Not due yet: a drain now does nothing.
    await w.drain();
    expect(calls).toBe(1);
    await t.database.db
      .update(outbox)
      .set({ availableAt: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, id));
    await w.drain();
    r = await row(id);
    expect(calls).toBe(2);
    expect(r?.deliveredAt).toBeInstanceOf(Date);
  });

  it('redelivers an item whose worker died mid-delivery once its lease expires', async () => {
    const k = kind();
    const id = await t.database.db.transaction((tx) => enqueue(tx, { kind: k, payload: {} }));
    // A worker claimed it (lease set, attempt counted) and then the process died.
    await t.database.db
      .update(outbox)
      .set({ lockedUntil: sql`now() + interval '60 seconds'`, attempts: 1 })
      .where(eq(outbox.id, id));
    let calls = 0;
    const w = worker({ [k]: async () => void (calls += 1) });
    await w.drain();
    expect(calls).toBe(0);
    await expireLease(id);
    await w.drain();
    expect(calls).toBe(1);
    expect((await row(id))?.attempts).toBe(2);
  });

  it('gives up after the last attempt and keeps the error', async () => {
    const k = kind();
    const id = await t.database.db.transaction((tx) => enqueue(tx, { kind: k, payload: {} }));
    await t.database.db.update(outbox).set({ attempts: 7 }).where(eq(outbox.id, id));
    const w = worker({ [k]: () => Promise.reject(new Error('mailbox does not exist')) });
    await w.drain();
    const r = await row(id);
    expect(r?.failedAt).toBeInstanceOf(Date);
    expect(r?.attempts).toBe(8);
    expect(r?.lastError).toBe('mailbox does not exist');
  });

  it('lets two workers share the queue without delivering an item twice', async () => {
    const k = kind();
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 30; i++) await enqueue(tx, { kind: k, payload: { i } });
    });
    const delivered: number[] = [];
    const handler = async (item: OutboxItem) => void delivered.push(item.payload.i as number);
    await Promise.all([worker({ [k]: handler }).drain(), worker({ [k]: handler }).drain()]);
    expect(delivered.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    const [pending] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from outbox where kind = ${k} and delivered_at is null`,
    );
    expect(pending?.n).toBe(0);
  });

  /** A message as a writer leaves it when it delivers the message itself (capture_leads does). */
  async function leased(k: string, payload: Record<string, unknown>) {
    const [r] = await t.database.db
      .insert(outbox)
      .values({ kind: k, payload, attempts: 1, lockedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
      .returning();
    if (!r) throw new Error('no row');
    return { id: r.id, kind: k, organizationId: null, payload, attempts: 1 };
  }

  it("delivers a writer's leased messages at once, marks them delivered together, and the poller leaves them", async () => {
    const k = kind();
    const seen: unknown[] = [];
    const w = worker({ [k]: async (item) => void seen.push(item.payload.n) });
    const items = [await leased(k, { n: 1 }), await leased(k, { n: 2 })];
    w.deliverLeased(items.slice(0, 1));
    w.deliverLeased(items.slice(1));
    await w.drain();
    await w.drain();
    expect(seen).toEqual([1, 2]);
    for (const item of items) {
      const r = await row(item.id);
      expect(r?.deliveredAt).toBeInstanceOf(Date);
      expect(r?.lockedUntil).toBeNull();
      expect(r?.payload).toEqual({ redacted: true });
      expect(r?.attempts).toBe(1);
    }
  });

  it('delivers a leased message whose writer died once the lease expires', async () => {
    const k = kind();
    const item = await leased(k, { n: 1 });
    let calls = 0;
    const w = worker({ [k]: async () => void (calls += 1) });
    await w.drain();
    expect(calls).toBe(0);
    await expireLease(item.id);
    await w.drain();
    expect(calls).toBe(1);
    const r = await row(item.id);
    expect(r?.deliveredAt).toBeInstanceOf(Date);
    expect(r?.attempts).toBe(2);
  });

  it('leaves a failed leased delivery to the poller, which retries it with backoff', async () => {
    const k = kind();
    let calls = 0;
    const w = worker({
      [k]: async () => {
        calls += 1;
        if (calls === 1) throw new Error('Redis unavailable');
      },
    });
    const item = await leased(k, {});
    w.deliverLeased([item]);
    await w.drain();
    let r = await row(item.id);
    expect(calls).toBe(1);
    expect(r?.deliveredAt).toBeNull();
    expect(r?.lockedUntil).toBeNull();
    expect(r?.lastError).toBe('Redis unavailable');
    expect(r!.availableAt.getTime()).toBeGreaterThan(Date.now() + 5_000);
    await t.database.db
      .update(outbox)
      .set({ availableAt: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, item.id));
    await w.drain();
    r = await row(item.id);
    expect(calls).toBe(2);
    expect(r?.deliveredAt).toBeInstanceOf(Date);
    expect(r?.attempts).toBe(2);
  });

  it('makes a deferred item due again after the given seconds without counting the attempt', async () => {
    const k = kind();
    let calls = 0;
    const id = await t.database.db.transaction((tx) => enqueue(tx, { kind: k, payload: {} }));
    const w = worker({
      [k]: async () => {
        calls += 1;
        if (calls <= 3) throw new DeliverLater(90, 'HubSpot: too many requests.');
      },
    });
    for (let i = 0; i < 3; i += 1) {
      await w.drain();
      const r = await row(id);
      expect(r?.attempts).toBe(0);
      expect(r?.failedAt).toBeNull();
      expect(r?.lastError).toBe('HubSpot: too many requests.');
      expect((r?.availableAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(80_000);
      await t.database.db
        .update(outbox)
        .set({ availableAt: sql`now() - interval '1 second'` })
        .where(eq(outbox.id, id));
    }
    await w.drain();
    const r = await row(id);
    expect(calls).toBe(4);
    expect(r?.deliveredAt).toBeInstanceOf(Date);
    expect(r?.attempts).toBe(1);
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([10, 20, 40, 80]);
    expect(backoffSeconds(20)).toBe(3600);
  });
});

describe('allOf', () => {
  const item: OutboxItem = { id: 'x', kind: 'lead.created', organizationId: null, payload: {}, attempts: 1 };

  it('runs every consumer, and fails the item when one fails after all have run', async () => {
    const ran: string[] = [];
    const handler = allOf(
      async () => {
        ran.push('live');
      },
      async () => {
        throw new Error('receiver down');
      },
      async () => {
        ran.push('integrations');
      },
    );
    await expect(handler(item)).rejects.toThrow('receiver down');
    expect(ran.sort()).toEqual(['integrations', 'live']);
  });
});

describe('inBatches', () => {
  const item = (id: string): OutboxItem => ({
    id,
    kind: 'lead.created',
    organizationId: null,
    payload: {},
    attempts: 1,
  });

  it('takes the rows that come while a batch runs in the next batch, at most max, one batch at a time', async () => {
    const batches: string[][] = [];
    let running = 0;
    let most = 0;
    const handle = inBatches(async (items) => {
      running += 1;
      most = Math.max(most, running);
      batches.push(items.map((i) => i.id));
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return new Map();
    }, 3);
    await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => handle(item(id))));
    expect(batches).toEqual([['a'], ['b', 'c', 'd'], ['e', 'f']]);
    expect(most).toBe(1);
  });

  it('fails only the rows the batch names, and every row of a batch that throws, each with an Error', async () => {
    let calls = 0;
    const handle = inBatches(async (items) => {
      calls += 1;
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- what a careless library may throw
      if (calls === 2) throw 'connection lost';
      return new Map(items.filter((i) => i.id === 'bad').map((i) => [i.id, new Error('no such lead')]));
    });
    const first = handle(item('bad'));
    const rest = [handle(item('x')), handle(item('y'))];
    await expect(first).rejects.toThrow('no such lead');
    for (const row of rest) await expect(row).rejects.toThrow('connection lost');
    await expect(handle(item('z'))).resolves.toBeUndefined();
  });
});
