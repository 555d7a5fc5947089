import type { Me } from '@leadcapture/contracts/auth';
import type { Redis } from 'ioredis';

/**
 * Short-lived per-user caches of what every request asks the database again and again:
 * - GET /auth/me/, which every page load and route guard of the web app calls (entries live a
 *   few seconds; nothing authorises from it: tenant routes read memberships live);
 * - whether the session an access token names is still open, which every authenticated request
 *   checks (ASVS V7: a signed token alone does not outlive its session).
 * Both are dropped together by `invalidate(userId)`, which every change of the user's profile or
 * sessions calls after its commit; with Redis the drop reaches every API process at once, so a
 * session ended on one process is refused by all. The TTL only bounds a missed message.
 */
export interface MeCache {
  get(userId: string, load: () => Promise<Me>): Promise<Me>;
  /** Whether the session is open; `load` asks the database when the answer is not cached. */
  sessionOpen(userId: string, sessionId: string, load: () => Promise<boolean>): Promise<boolean>;
  invalidate(userId: string): void;
  close(): Promise<void>;
}

const CHANNEL = 'leadcapture:me-invalidate';

interface Entry<V> {
  userId: string;
  value: V;
  expiresAt: number;
}

export function createMeCache(
  opts: { ttlMs?: number; sessionTtlMs?: number; maxEntries?: number; redis?: Redis } = {},
): MeCache {
  const ttlMs = opts.ttlMs ?? 5_000;
  const sessionTtlMs = opts.sessionTtlMs ?? 10_000;
  const maxEntries = opts.maxEntries ?? 10_000;
  const entries = new Map<string, Entry<Me>>();
  const sessions = new Map<string, Entry<boolean>>();
  // Bumped by every invalidation: a load that overlapped one is not stored (it may be stale).
  let generation = 0;

  const drop = (userId: string) => {
    generation += 1;
    entries.delete(userId);
    // A linear pass over at most maxEntries: invalidations are rare (profile edits, sign-outs)
    // next to the lookups, which stay one Map read.
    for (const [sessionId, entry] of sessions) if (entry.userId === userId) sessions.delete(sessionId);
  };

  const subscriber = opts.redis?.duplicate();
  if (subscriber) {
    void subscriber.subscribe(CHANNEL);
    subscriber.on('message', (_channel: string, userId: string) => drop(userId));
  }

  async function cached<V>(
    map: Map<string, Entry<V>>,
    key: string,
    userId: string,
    ttl: number,
    load: () => Promise<V>,
  ): Promise<V> {
    const hit = map.get(key);
    if (hit && hit.userId === userId && hit.expiresAt > Date.now()) return hit.value;
    const seen = generation;
    const value = await load();
    if (seen === generation) {
      if (map.size >= maxEntries) {
        const oldest = map.keys().next().value;
        if (oldest !== undefined) map.delete(oldest);
      }
      map.set(key, { userId, value, expiresAt: Date.now() + ttl });
    }
    return value;
  }

  return {
    get(userId, load) {
      return cached(entries, userId, userId, ttlMs, load);
    },
    sessionOpen(userId, sessionId, load) {
      return cached(sessions, sessionId, userId, sessionTtlMs, load);
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
