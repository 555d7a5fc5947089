import type { DatabaseHandle } from '../../db/database.ts';

/** How long an answer of the database probe stands: load balancers may ask many times a second. */
export const DATABASE_PROBE_TTL_MS = 1000;

/**
 * Whether the database answers, asked at most once per DATABASE_PROBE_TTL_MS whatever the
 * number of callers: those that come while a probe is out share its answer.
 */
export function createDatabaseProbe(ping: DatabaseHandle['ping'], ttlMs = DATABASE_PROBE_TTL_MS) {
  let last: { up: boolean; at: number } | undefined;
  let pending: Promise<boolean> | undefined;
  return (): Promise<boolean> => {
    if (last && Date.now() - last.at < ttlMs) return Promise.resolve(last.up);
    pending ??= ping()
      .then((up) => {
        last = { up, at: Date.now() };
        return up;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
}
