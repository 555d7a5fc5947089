import { PUBLIC_STATS_TTL_SECONDS, roundedFigure, type PublicStats } from '@leadcapture/contracts/public-stats';
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../../db/database.ts';

interface Totals {
  leads: string | number;
  events: string | number;
  organizations: string | number;
}

/**
 * The public figures, counted by `public_stats()` (db/functions/: totals across every
 * organisation, read as leadcapture_jobs, which sees only the columns it counts) and kept in
 * memory for PUBLIC_STATS_TTL_SECONDS: a landing page's traffic costs one count per process per
 * five minutes, and concurrent requests after expiry share one count.
 */
export function createPublicStats(db: Queryable, ttlMs = PUBLIC_STATS_TTL_SECONDS * 1000, now = () => Date.now()) {
  let cached: { stats: PublicStats; expiresAt: number } | undefined;
  let counting: Promise<PublicStats> | undefined;

  async function count(): Promise<PublicStats> {
    const [row] = await queryRows<Totals>(db, sql`select leads, events, organizations from public_stats()`);
    const stats: PublicStats = {
      leads_captured: roundedFigure(Number(row?.leads ?? 0)),
      events_run: roundedFigure(Number(row?.events ?? 0)),
      organizations: roundedFigure(Number(row?.organizations ?? 0)),
      updated_at: new Date(now()).toISOString(),
    };
    cached = { stats, expiresAt: now() + ttlMs };
    return stats;
  }

  return {
    /** The figures and how many seconds more they stay as they are. */
    async get(): Promise<{ stats: PublicStats; maxAge: number }> {
      const at = now();
      if (!cached || cached.expiresAt <= at) {
        counting ??= count().finally(() => {
          counting = undefined;
        });
        await counting;
      }
      const current = cached;
      if (!current) throw new Error('public stats were not counted');
      return { stats: current.stats, maxAge: Math.max(0, Math.ceil((current.expiresAt - now()) / 1000)) };
    },
  };
}
export type PublicStatsSource = ReturnType<typeof createPublicStats>;
