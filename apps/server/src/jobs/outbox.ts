import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database, type Tx } from '../db/database.ts';
import { outbox } from './outbox.table.ts';

export interface OutboxItem {
  id: string;
  kind: string;
  organizationId: string | null;
  payload: Record<string, unknown>;
  attempts: number;
}

export type OutboxHandler = (item: OutboxItem) => Promise<void>;

/**
 * A kind whose retries keep their own schedule (webhook deliveries: 03-decisions §4a): the
 * seconds before each retry; after the last one the row is dead.
 */
export interface ScheduledHandler {
  handle: OutboxHandler;
  retrySeconds: readonly number[];
}

/**
 * One kind, several consumers (a lead change goes to the live channels, webhooks and
 * integrations): each runs; if any fails the item is retried for all of them, so each consumer
 * takes a repeat as at-least-once delivery already asks.
 */
export function allOf(...handlers: OutboxHandler[]): OutboxHandler {
  return async (item) => {
    const results = await Promise.allSettled(handlers.map((handle) => handle(item)));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  };
}

/**
 * A consumer that takes rows together: rows handed in while a batch runs go in the next one (at
 * most `max`), so a rush of captures costs the consumer one batch's statements per batch rather
 * than per row, and one connection. `handleBatch` answers the rows that failed, with why; each
 * row's delivery fails or succeeds with its own answer.
 */
export function inBatches(
  handleBatch: (items: OutboxItem[]) => Promise<ReadonlyMap<string, Error>>,
  max = 200,
): OutboxHandler {
  interface Waiting {
    item: OutboxItem;
    settle: (err?: Error) => void;
  }
  let waiting: Waiting[] = [];
  let running = false;
  async function run(): Promise<void> {
    running = true;
    while (waiting.length > 0) {
      const taken = waiting.slice(0, max);
      waiting = waiting.slice(max);
      try {
        const failed = await handleBatch(taken.map((w) => w.item));
        for (const w of taken) w.settle(failed.get(w.item.id));
      } catch (err) {
        const reason = err instanceof Error ? err : new Error(String(err));
        for (const w of taken) w.settle(reason);
      }
    }
    running = false;
  }
  return (item) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ item, settle: (err) => (err ? reject(err) : resolve()) });
      if (!running) void run();
    });
}

/**
 * Thrown by a handler to be called again in `seconds` without the attempt counting towards
 * MAX_ATTEMPTS: the other side asked us to wait (429 with Retry-After), nothing failed.
 */
export class DeliverLater extends Error {
  constructor(
    readonly seconds: number,
    message: string,
  ) {
    super(message);
    this.name = 'DeliverLater';
  }
}

const MAX_ATTEMPTS = 8;
/**
 * How long a claim (or a writer's own lease, see `deliverLeased`) keeps a row from every other
 * process: a process that dies holding it lets it go after this long.
 */
export const LEASE_SECONDS = 60;
const BATCH = 20;

/** Written in the caller's transaction: the message exists if and only if the change committed. */
export async function enqueue(
  tx: Tx,
  item: { kind: string; payload: Record<string, unknown>; organizationId?: string | null },
): Promise<string> {
  const [row] = await tx
    .insert(outbox)
    .values({ kind: item.kind, payload: item.payload, organizationId: item.organizationId ?? null })
    .returning({ id: outbox.id });
  if (!row) throw new Error('outbox insert returned no row');
  return row.id;
}

/** `enqueue` for several messages at once: one statement. */
export async function enqueueAll(
  tx: Tx,
  items: { kind: string; payload: Record<string, unknown>; organizationId?: string | null }[],
): Promise<void> {
  if (items.length === 0) return;
  await tx
    .insert(outbox)
    .values(
      items.map((item) => ({ kind: item.kind, payload: item.payload, organizationId: item.organizationId ?? null })),
    );
}

/**
 * Written in the caller's transaction and leased to the caller (`attempts` 1, `locked_until`
 * LEASE_SECONDS ahead): after the commit it hands them to `deliverLeased` at once, with no
 * claim; if it dies first, the lease expires and any poller delivers them.
 */
export async function enqueueLeased(
  tx: Tx,
  items: { kind: string; payload: Record<string, unknown>; organizationId: string }[],
): Promise<OutboxItem[]> {
  if (items.length === 0) return [];
  const rows = await tx
    .insert(outbox)
    .values(
      items.map((item) => ({
        kind: item.kind,
        payload: item.payload,
        organizationId: item.organizationId,
        attempts: 1,
        lockedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      })),
    )
    .returning({ id: outbox.id, kind: outbox.kind, organizationId: outbox.organizationId, payload: outbox.payload });
  return rows.map((r) => ({ ...r, attempts: 1 }));
}

/** 10 s, 20 s, 40 s … capped at one hour. */
export function backoffSeconds(attempt: number): number {
  return Math.min(3600, 10 * 2 ** Math.max(0, attempt - 1));
}

/**
 * Delivers outbox rows after commit. Rows are claimed with FOR UPDATE SKIP LOCKED and a lease,
 * so several processes share the work; a process that dies mid-delivery lets its lease expire
 * and the row is delivered again (at least once; handlers make a repeat recognisable).
 */
export function createOutboxWorker(opts: {
  db: Database;
  handlers: Record<string, OutboxHandler | ScheduledHandler>;
  log: FastifyBaseLogger;
  pollMs?: number;
  /**
   * Deliver a batch's rows at the same time rather than one after another: for handlers that
   * wait on other people's servers (webhooks), where one slow answer must not hold the rest.
   */
  parallel?: boolean;
}) {
  const { db, handlers, log } = opts;
  const each = async <T>(items: T[], fn: (item: T) => Promise<void>) => {
    if (opts.parallel) await Promise.all(items.map(fn));
    else for (const item of items) await fn(item);
  };
  // Only kinds this process can deliver: a process without a handler (an older version during
  // a rolling deploy, a worker for other kinds) must leave the row to one that has it, not
  // fail it towards MAX_ATTEMPTS.
  const kinds = Object.keys(handlers);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;
  // Read through a function: flow analysis cannot see that drain() sets it while we await.
  const rerunRequested = () => again && !stopped;

  async function claim(): Promise<OutboxItem[]> {
    const rows = await queryRows<{
      id: string;
      kind: string;
      organization_id: string | null;
      payload: Record<string, unknown>;
      attempts: number;
    }>(
      db,
      sql`
      update ${outbox} set locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = attempts + 1, updated_at = now()
      where id in (
        select id from ${outbox}
        where delivered_at is null and failed_at is null and available_at <= now()
          and (locked_until is null or locked_until < now())
          and ${inArray(outbox.kind, kinds)}
        order by available_at limit ${BATCH} for update skip locked)
      returning id, kind, organization_id, payload, attempts`,
    );
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      organizationId: r.organization_id,
      payload: r.payload,
      attempts: r.attempts,
    }));
  }

  /** Runs the item's handler; answers true when it was delivered (a failure is recorded). */
  async function deliver(item: OutboxItem): Promise<boolean> {
    const entry = handlers[item.kind];
    const schedule = entry && typeof entry !== 'function' ? entry.retrySeconds : undefined;
    try {
      if (!entry) throw new Error(`no handler for outbox kind ${item.kind}`);
      await (typeof entry === 'function' ? entry(item) : entry.handle(item));
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof DeliverLater) {
        log.info({ outboxId: item.id, kind: item.kind, seconds: err.seconds }, 'outbox delivery deferred');
        await db
          .update(outbox)
          .set({
            lockedUntil: null,
            lastError: message.slice(0, 2000),
            attempts: sql`greatest(${outbox.attempts} - 1, 0)`,
            availableAt: sql`now() + make_interval(secs => ${Math.max(1, err.seconds)})`,
          })
          .where(eq(outbox.id, item.id));
        return false;
      }
      const giveUp = item.attempts >= (schedule ? schedule.length + 1 : MAX_ATTEMPTS);
      const wait = schedule ? (schedule[item.attempts - 1] ?? 0) : backoffSeconds(item.attempts);
      log.warn({ outboxId: item.id, kind: item.kind, attempts: item.attempts, err, giveUp }, 'outbox delivery failed');
      await db
        .update(outbox)
        .set({
          lockedUntil: null,
          lastError: message.slice(0, 2000),
          ...(giveUp ? { failedAt: new Date() } : { availableAt: sql`now() + make_interval(secs => ${wait})` }),
        })
        .where(and(eq(outbox.id, item.id)));
      return false;
    }
  }

  /** Ids delivered by `deliverLeased`, marked delivered together by the next `flushAcks`. */
  let acks: string[] = [];
  let flushing: Promise<void> | undefined;
  /** Leased deliveries under way (their handlers are running). */
  const leased = new Set<Promise<void>>();

  /**
   * Marks delivered what `deliverLeased` delivered: one statement for all the ids that waited
   * while the previous one ran.
   */
  function flushAcks(): Promise<void> {
    flushing ??= (async () => {
      while (acks.length > 0) {
        const ids = acks;
        acks = [];
        await markDelivered(ids);
      }
    })()
      .catch((err: unknown) => {
        // The rows stay leased: when the lease expires the poller delivers them again (at
        // least once, as after a crash).
        log.error({ err }, 'outbox could not mark leased deliveries delivered');
      })
      .finally(() => {
        flushing = undefined;
        // Ids that came in as the loop ended.
        if (acks.length > 0) void flushAcks();
      });
    return flushing;
  }

  /**
   * Marks rows delivered without waiting for the WAL flush of its commit (synchronous_commit
   * off for this transaction alone): a mark lost in a crash only means the message is delivered
   * again once its lease runs out, which at-least-once delivery allows anyway, and under a rush
   * of captures every other commit was this mark, each waiting for its own flush.
   */
  async function markDelivered(ids: string[]): Promise<void> {
    await db.execute(sql`
      with no_flush_wait as materialized (select set_config('synchronous_commit', 'off', true))
      update ${outbox}
      -- Secrets in the payload (one-time links) are not kept once delivered.
      set delivered_at = now(), locked_until = null, payload = '{"redacted":true}'::jsonb, last_error = null,
          updated_at = now()
      from no_flush_wait
      where id = any(${`{${ids.join(',')}}`}::uuid[])`);
  }

  /** Delivers everything due now; answers how many rows were attempted. */
  async function drainOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const items = await claim();
      if (items.length === 0) return total;
      total += items.length;
      const delivered: string[] = [];
      await each(items, async (item) => {
        if (await deliver(item)) delivered.push(item.id);
      });
      // One update for the batch: under a burst of captures a row each would double the writes.
      // A crash before it lets the leases expire and the batch is delivered again (at least once).
      if (delivered.length > 0) await markDelivered(delivered);
    }
  }

  /** Lets the leased deliveries under way finish, and marks what they delivered. */
  async function settleLeased(): Promise<void> {
    while (leased.size > 0 || acks.length > 0 || flushing) {
      await Promise.all(leased);
      await flushAcks();
    }
  }

  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await drainOnce();
      } while (rerunRequested());
      await settleLeased();
      return total;
    })()
      .catch((err: unknown) => {
        log.error({ err }, 'outbox drain failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    start() {
      stopped = false;
      const tick = () => {
        if (stopped) return;
        void drain().finally(() => {
          if (!stopped) timer = setTimeout(tick, opts.pollMs ?? 1000);
        });
      };
      timer = setTimeout(tick, opts.pollMs ?? 1000);
    },
    /** Call after a commit that enqueued something: deliver now rather than at the next poll. */
    kick() {
      if (!stopped) setImmediate(() => void drain());
    },
    /**
     * Delivers messages that their writer leased at insert (`locked_until` LEASE_SECONDS ahead,
     * `attempts` 1) and hands over right after their commit, with the payload it has in memory:
     * no claim, and no reading back what was just written. Under a rush of captures the claims
     * cost PostgreSQL more than the captures' own leads (measured, decision 004). What was
     * delivered is marked delivered together, one statement for all that waited; a failure is
     * recorded as by the poller, which retries it. If the process dies first, the lease expires
     * and any process's poller delivers the message (at least once, as for a claimed row).
     */
    deliverLeased(items: OutboxItem[]): void {
      const delivery = (async () => {
        await each(items, async (item) => {
          if (await deliver(item)) acks.push(item.id);
        });
        void flushAcks();
      })().catch((err: unknown) => log.error({ err }, 'outbox leased delivery failed'));
      leased.add(delivery);
      void delivery.finally(() => leased.delete(delivery));
    },
    drain,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await settleLeased();
    },
  };
}
export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
