import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, NETWORK_ERROR, ok, publicEvent, stubCaptureApi } from '../test/capture-fetch.ts';
import { getPublicEvent, newIdempotencyKey, REQUEST_TIMEOUT_MS, submitCapture } from './api.ts';

const body = { first_name: 'A', last_name: 'B', company: 'C', email: 'a@example.com' };
const LEADS = 'POST /public/events/x/leads/';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the capture API client', () => {
  it('reads the success envelope', async () => {
    stubCaptureApi({ 'GET /public/events/x/': ok(publicEvent()) });
    const result = await getPublicEvent('x');
    expect(result.ok && result.data.name).toBe('Nordic Expo 2026');
  });

  it('encodes the slug into the path', async () => {
    const api = stubCaptureApi({});
    await getPublicEvent('a/b?c');
    expect(api.calls[0]?.path).toBe('/public/events/a%2Fb%3Fc/');
  });

  it('treats a success without the expected data as a server failure', async () => {
    stubCaptureApi({ 'GET /public/events/x/': ok({ nope: true }) });
    expect(await getPublicEvent('x')).toEqual({ ok: false, failure: { kind: 'server', status: 200 } });
  });

  it('retries once after a network failure, with the same Idempotency-Key, then gives up', async () => {
    const api = stubCaptureApi({ [LEADS]: NETWORK_ERROR });
    expect(await submitCapture('x', body, 'key-1')).toEqual({ ok: false, failure: { kind: 'network' } });
    expect(api.of(LEADS).map((c) => c.headers['idempotency-key'])).toEqual(['key-1', 'key-1']);
  });

  it('does not retry an answer the server gave', async () => {
    const api = stubCaptureApi({ [LEADS]: fail(500, 'INTERNAL_ERROR') });
    expect(await submitCapture('x', body, 'k')).toEqual({ ok: false, failure: { kind: 'server', status: 500 } });
    expect(api.of(LEADS)).toHaveLength(1);
  });

  it('maps 404, 422, 402 and 429 (with Retry-After) to what the page shows', async () => {
    stubCaptureApi({
      [LEADS]: [
        fail(404, 'NOT_FOUND'),
        fail(422, 'VALIDATION_ERROR', { email: ['Enter a valid email address'], junk: 'x' }),
        fail(402, 'USAGE_LIMIT_REACHED'),
        fail(429, 'RATE_LIMITED', undefined, { 'retry-after': '17' }),
      ],
    });
    expect((await submitCapture('x', body, 'k')).ok || 'not ok').toBe('not ok');
    expect(await submitCapture('x', body, 'k')).toEqual({
      ok: false,
      failure: { kind: 'validation', details: { email: ['Enter a valid email address'] } },
    });
    expect(await submitCapture('x', body, 'k')).toEqual({ ok: false, failure: { kind: 'limit_reached' } });
    expect(await submitCapture('x', body, 'k')).toEqual({
      ok: false,
      failure: { kind: 'rate_limited', retryAfterSeconds: 17 },
    });
  });

  it('gives up on a request after 15 s, and once more after the retry', async () => {
    vi.useFakeTimers();
    const calls: AbortSignal[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        const signal = init.signal as AbortSignal;
        calls.push(signal);
        return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted'))));
      }),
    );
    const pending = getPublicEvent('x');
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000 + REQUEST_TIMEOUT_MS);
    expect(await pending).toEqual({ ok: false, failure: { kind: 'timeout' } });
    expect(calls).toHaveLength(2);
  });

  it('makes UUID v4 keys, also without crypto.randomUUID (plain-HTTP kiosks)', () => {
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newIdempotencyKey()).toMatch(v4);
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array<ArrayBuffer>) => real.getRandomValues(a) });
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(v4);
  });
});
