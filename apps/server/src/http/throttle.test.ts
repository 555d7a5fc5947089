import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createThrottle, memoryThrottleStore, redisThrottleStore, type ThrottleStore } from './throttle.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl) : undefined;
afterAll(async () => {
  await redis?.quit();
});

const stores: [string, () => ThrottleStore][] = [['memory', memoryThrottleStore]];
if (redis) stores.push(['redis', () => redisThrottleStore(redis, `test:${Math.random().toString(36).slice(2)}:`)]);

describe.each(stores)('throttle on %s', (_name, makeStore) => {
  const rule = { name: 'login', limit: 3, windowSeconds: 60 };

  it('allows up to the limit, then answers RATE_LIMITED with Retry-After', async () => {
    const throttle = createThrottle(makeStore());
    for (let i = 0; i < 3; i++) await throttle.consume(rule, 'a@example.com');
    const err = await throttle.consume(rule, 'a@example.com').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'RATE_LIMITED' });
    const retryAfter = Number((err as { headers: Record<string, string> }).headers['Retry-After']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another subject is not affected.
    await expect(throttle.consume(rule, 'b@example.com')).resolves.toBeUndefined();
  });

  it('counts failures only when recorded, and clears on success', async () => {
    const throttle = createThrottle(makeStore());
    for (let i = 0; i < 3; i++) await throttle.record(rule, 'c@example.com');
    await expect(throttle.check(rule, 'c@example.com')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await throttle.clear(rule, 'c@example.com');
    await expect(throttle.check(rule, 'c@example.com')).resolves.toBeUndefined();
  });

  it('holds a subject for the given seconds, then lets it through', async () => {
    const throttle = createThrottle(makeStore());
    const wait = { name: 'wait', limit: 1, windowSeconds: 1 };
    expect(await throttle.record(rule, 'd@example.com')).toBe(1);
    expect(await throttle.record(rule, 'd@example.com')).toBe(2);
    await throttle.hold(wait, 'd@example.com', 1);
    const err = await throttle.check(wait, 'd@example.com').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'RATE_LIMITED', details: { retry_after: 1 } });
    await new Promise((r) => setTimeout(r, 1100));
    await expect(throttle.check(wait, 'd@example.com')).resolves.toBeUndefined();
    // A longer hold replaces a running one.
    await throttle.hold(wait, 'd@example.com', 1);
    await throttle.hold(wait, 'd@example.com', 30);
    const longer = await throttle.check(wait, 'd@example.com').catch((e: unknown) => e);
    expect((longer as { details: { retry_after: number } }).details.retry_after).toBeGreaterThan(20);
  });
});
