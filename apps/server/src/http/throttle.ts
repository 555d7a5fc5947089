import type { Redis } from 'ioredis';
import { AppError } from './errors.ts';

/** A named limit: at most `limit` hits per `windowSeconds`. */
export interface ThrottleRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface ThrottleStore {
  /** Counts one hit; answers the count in the current window and the seconds it has left. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }>;
  /** Reads without counting. */
  peek(key: string): Promise<{ count: number; resetInSeconds: number }>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** In-process fixed windows: one API process. */
export function memoryThrottleStore(): ThrottleStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
  }, 60_000);
  sweep.unref();
  const read = (key: string) => {
    const w = windows.get(key);
    const now = Date.now();
    return w && w.resetAt > now ? w : undefined;
  };
  return {
    async hit(key, windowSeconds) {
      const now = Date.now();
      let w = read(key);
      if (!w) {
        w = { count: 0, resetAt: now + windowSeconds * 1000 };
        windows.set(key, w);
      }
      w.count += 1;
      return { count: w.count, resetInSeconds: Math.ceil((w.resetAt - now) / 1000) };
    },
    async peek(key) {
      const w = read(key);
      return w
        ? { count: w.count, resetInSeconds: Math.ceil((w.resetAt - Date.now()) / 1000) }
        : { count: 0, resetInSeconds: 0 };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

/** Shared fixed windows in Redis (INCR + PEXPIRE in one MULTI): several API processes. */
export function redisThrottleStore(redis: Redis, prefix = 'throttle:'): ThrottleStore {
  return {
    async hit(key, windowSeconds) {
      const k = prefix + key;
      const res = await redis
        .multi()
        .incr(k)
        .pexpire(k, windowSeconds * 1000, 'NX')
        .pttl(k)
        .exec();
      const count = Number(res?.[0]?.[1] ?? 1);
      const ttl = Number(res?.[2]?.[1] ?? windowSeconds * 1000);
      return { count, resetInSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    async peek(key) {
      const k = prefix + key;
      const [count, ttl] = await Promise.all([redis.get(k), redis.pttl(k)]);
      return { count: Number(count ?? 0), resetInSeconds: Math.max(0, Math.ceil(ttl / 1000)) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {},
  };
}

export function createThrottle(store: ThrottleStore) {
  const tooMany = (resetInSeconds: number) =>
    new AppError(
      'RATE_LIMITED',
      'Too many attempts. Please try again later.',
      { retry_after: resetInSeconds },
      {
        'Retry-After': String(Math.max(1, resetInSeconds)),
      },
    );
  return {
    store,
    /** Counts a hit and throws RATE_LIMITED (429 + Retry-After) past the limit. */
    async consume(rule: ThrottleRule, subject: string): Promise<void> {
      const { count, resetInSeconds } = await store.hit(`${rule.name}:${subject}`, rule.windowSeconds);
      if (count > rule.limit) throw tooMany(resetInSeconds);
    },
    /** Throws when the limit is already used up, without counting (failure-only limits). */
    async check(rule: ThrottleRule, subject: string): Promise<void> {
      const { count, resetInSeconds } = await store.peek(`${rule.name}:${subject}`);
      if (count >= rule.limit) throw tooMany(resetInSeconds);
    },
    /** Counts a hit without refusing it (failure-only limits); answers the count in the window. */
    async record(rule: ThrottleRule, subject: string): Promise<number> {
      return (await store.hit(`${rule.name}:${subject}`, rule.windowSeconds)).count;
    },
    /**
     * Refuses the subject for the next `seconds` (progressive delays: the caller picks the wait
     * from a failure count), replacing any shorter or longer wait already running; `check` with
     * the same rule (limit 1) then answers RATE_LIMITED with the time left.
     */
    async hold(rule: ThrottleRule, subject: string, seconds: number): Promise<void> {
      const key = `${rule.name}:${subject}`;
      await store.reset(key);
      await store.hit(key, Math.max(1, Math.ceil(seconds)));
    },
    async clear(rule: ThrottleRule, subject: string): Promise<void> {
      await store.reset(`${rule.name}:${subject}`);
    },
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
