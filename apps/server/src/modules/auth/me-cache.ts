import type { Me } from '@leadcapture/contracts/auth';
import type { Redis } from 'ioredis';

/**
 * A short-lived cache of GET /auth/me/, which every page load and route guard of the web app
 * calls. Entries live a few seconds; the user's own changes invalidate at once (and, with
 * Redis, in every process). Nothing authorises from it: tenant routes read memberships live.
 */
export interface MeCache {
  get(userId: string, load: () => Promise<Me>): Promise<Me>;
  invalidate(userId: string): void;
  close(): Promise<void>;
}

const CHANNEL = 'leadcapture:me-invalidate';

export function createMeCache(opts: { ttlMs?: number; maxEntries?: number; redis?: Redis } = {}): MeCache {
  const ttlMs = opts.ttlMs ?? 5_000;
  const maxEntries = opts.maxEntries ?? 10_000;
  const entries = new Map<string, { value: Me; expiresAt: number }>();
  // Bumped by every invalidation: a load that overlapped one is not stored (it may be stale).
  let generation = 0;

  const drop = (userId: string) => {
    generation += 1;
    entries.delete(userId);
  };

  const subscriber = opts.redis?.duplicate();
  if (subscriber) {
    void subscriber.subscribe(CHANNEL);
    subscriber.on('message', (_channel: string, userId: string) => drop(userId));
  }

  return {
    async get(userId, load) {
      const hit = entries.get(userId);
      if (hit && hit.expiresAt > Date.now()) return hit.value;
      const seen = generation;
      const value = await load();
      if (seen === generation) {
        if (entries.size >= maxEntries) {
          const oldest = entries.keys().next().value;
          if (oldest !== undefined) entries.delete(oldest);
        }
        entries.set(userId, { value, expiresAt: Date.now() + ttlMs });
      }
      return value;
    },
    invalidate(userId) {
      drop(userId);
      if (opts.redis) void opts.redis.publish(CHANNEL, userId);
    },
    async close() {
      await subscriber?.quit();
    },
  };
}
