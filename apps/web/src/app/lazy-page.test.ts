import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_WINDOW_MS, lazyPage, shouldReloadAfterChunkError } from './lazy-page.ts';

describe('failed page chunks (spec 01 §8)', () => {
  it('reload at most once per 10 s per path', () => {
    const t0 = 1_000_000;
    expect(shouldReloadAfterChunkError('/leads', t0)).toBe(true);
    expect(shouldReloadAfterChunkError('/leads', t0 + CHUNK_RELOAD_WINDOW_MS - 1)).toBe(false);
    expect(shouldReloadAfterChunkError('/events', t0 + 1)).toBe(true);
    expect(shouldReloadAfterChunkError('/leads', t0 + CHUNK_RELOAD_WINDOW_MS)).toBe(true);
  });

  it('reloads on the first failure and lets the second reach the error page', async () => {
    const reload = vi.fn();
    const failing = lazyPage(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      reload,
    );
    void failing();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    await expect(failing()).rejects.toThrow('dynamically imported module');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('passes a successful import through', async () => {
    await expect(lazyPage(() => Promise.resolve({ Component: 'x' }))()).resolves.toEqual({ Component: 'x' });
  });
});
