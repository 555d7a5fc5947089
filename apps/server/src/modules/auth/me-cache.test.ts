import type { Me } from '@leadcapture/contracts/auth';
import { describe, expect, it, vi } from 'vitest';
import { createMeCache } from './me-cache.ts';

const me = (first_name: string): Me => ({
  id: '6f1c1c52-3c5c-4c55-9e0b-1d2f3a4b5c6d',
  email: 'ada@example.com',
  first_name,
  last_name: 'L',
  phone: '',
  job_title: '',
  timezone: 'UTC',
  language: 'en',
  date_joined: '2026-11-21T08:00:00.000Z',
  email_verified: false,
  organizations: [],
  current_organization: null,
  onboarding_completed: false,
});

describe('me cache', () => {
  it('serves a fresh entry without loading again, and reloads after invalidation', async () => {
    const cache = createMeCache({ ttlMs: 60_000 });
    const load = vi.fn().mockResolvedValueOnce(me('Ada')).mockResolvedValueOnce(me('Ava'));
    expect((await cache.get('u1', load)).first_name).toBe('Ada');
    expect((await cache.get('u1', load)).first_name).toBe('Ada');
    expect(load).toHaveBeenCalledTimes(1);
    cache.invalidate('u1');
    expect((await cache.get('u1', load)).first_name).toBe('Ava');
  });

  it('expires entries after the TTL', async () => {
    vi.useFakeTimers();
    try {
      const cache = createMeCache({ ttlMs: 1_000 });
      const load = vi.fn().mockResolvedValue(me('Ada'));
      await cache.get('u1', load);
      vi.advanceTimersByTime(1_001);
      await cache.get('u1', load);
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep a load that raced an invalidation (it may hold the old row)', async () => {
    const cache = createMeCache({ ttlMs: 60_000 });
    let release: (v: Me) => void = () => {};
    const slow = new Promise<Me>((r) => (release = r));
    const pending = cache.get('u1', () => slow);
    cache.invalidate('u1');
    release(me('Old'));
    await pending;
    const load = vi.fn().mockResolvedValue(me('New'));
    expect((await cache.get('u1', load)).first_name).toBe('New');
  });

  it('stays within its size bound', async () => {
    const cache = createMeCache({ ttlMs: 60_000, maxEntries: 2 });
    const load = vi.fn().mockResolvedValue(me('Ada'));
    for (const id of ['a', 'b', 'c']) await cache.get(id, load);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('caches whether a session is open, and drops the user’s sessions on invalidation', async () => {
    const cache = createMeCache({ sessionTtlMs: 60_000 });
    const load = vi.fn().mockResolvedValueOnce(true).mockResolvedValueOnce(false);
    expect(await cache.sessionOpen('u1', 's1', load)).toBe(true);
    expect(await cache.sessionOpen('u1', 's1', load)).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
    cache.invalidate('u2');
    expect(await cache.sessionOpen('u1', 's1', load)).toBe(true);
    cache.invalidate('u1');
    expect(await cache.sessionOpen('u1', 's1', load)).toBe(false);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not answer for a session from an entry of another user', async () => {
    const cache = createMeCache({ sessionTtlMs: 60_000 });
    expect(await cache.sessionOpen('u1', 's1', async () => true)).toBe(true);
    expect(await cache.sessionOpen('u2', 's1', async () => false)).toBe(false);
  });
});
