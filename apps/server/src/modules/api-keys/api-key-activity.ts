import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { isConnectionError, type Database } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { apiKeyUsage } from './api-keys.table.ts';

const FLUSH_INTERVAL_MS = 60_000;

interface Pending {
  keyId: string;
  organizationId: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  requests: number;
}

/**
 * Requests per key and UTC day. Counting in the database on every request would make each
 * keyed request a write (and a hot row per key); instead each API process counts in memory and
 * adds its counts to `api_key_usage` every minute and when it closes (`requests = requests +
 * n`, so processes never overwrite each other). A process killed outright loses at most its
 * last minute of counts: usage is a report, not a bill.
 */
export function createApiKeyActivity(db: Database, log: FastifyBaseLogger, intervalMs = FLUSH_INTERVAL_MS) {
  let pending = new Map<string, Pending>();
  let flushing: Promise<void> = Promise.resolve();

  async function write(batch: Pending[]): Promise<void> {
    const byOrganization = new Map<string, Pending[]>();
    for (const row of batch)
      byOrganization.set(row.organizationId, [...(byOrganization.get(row.organizationId) ?? []), row]);
    for (const [organizationId, rows] of byOrganization) {
      try {
        await inScope(db, { organizationId }, (tx) =>
          tx
            .insert(apiKeyUsage)
            .values(rows.map((r) => ({ keyId: r.keyId, organizationId, day: r.day, requests: r.requests })))
            .onConflictDoUpdate({
              target: [apiKeyUsage.keyId, apiKeyUsage.day],
              set: { requests: sql`${apiKeyUsage.requests} + excluded.requests` },
            }),
        );
      } catch (err) {
        // The database away for a moment: kept for the next flush. Anything else (the
        // organisation deleted meanwhile) would fail again: dropped.
        if (isConnectionError(err)) for (const row of rows) count(row, row.requests);
        log.warn({ err }, 'could not record API key usage');
      }
    }
  }

  function count(row: Omit<Pending, 'requests'>, n: number) {
    const k = `${row.keyId}|${row.day}`;
    const entry = pending.get(k);
    if (entry) entry.requests += n;
    else pending.set(k, { ...row, requests: n });
  }

  function flush(): Promise<void> {
    // One flush at a time; a flush asked for meanwhile waits for it, then writes what came since.
    flushing = flushing.then(async () => {
      if (pending.size === 0) return;
      const batch = [...pending.values()];
      pending = new Map();
      await write(batch);
    });
    return flushing;
  }

  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();

  return {
    /** Counts one request of the key, today (UTC). */
    record(key: { id: string; organizationId: string }) {
      count({ keyId: key.id, organizationId: key.organizationId, day: new Date().toISOString().slice(0, 10) }, 1);
    },
    /** Writes this process's counts now (the usage route reads after it, so its own are there). */
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
export type ApiKeyActivity = ReturnType<typeof createApiKeyActivity>;
