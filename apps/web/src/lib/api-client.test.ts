import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  INVALID_RESPONSE_MESSAGE,
  MAX_ATTEMPTS,
  REFRESH_RETRY_DELAY_MS,
  REQUEST_TIMEOUT_MS,
  RETRY_DELAY_MS,
  api,
  buildUrl,
  configureApiClient,
  filenameFromDisposition,
  resetApiClient,
  retryDelay,
  validationDetails,
  type ApiClientHooks,
} from './api-client.ts';
import type { Paywall } from './paywall.ts';
import type { ToastInput } from './toast.ts';

const meta = { timestamp: '2026-01-01T00:00:00.000Z' };
const ok = (data: unknown, status = 200) => ({ status: 'success', status_code: status, data, meta });
const fail = (status: number, code: string, message = 'Nope', details?: unknown) => ({
  status: 'error',
  status_code: status,
  error: { message, code, ...(details === undefined ? {} : { details }) },
  meta,
});

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText: status === 200 ? 'OK' : 'Status',
    headers: { 'content-type': 'application/json', ...headers },
  });
}

type FetchArgs = [string, RequestInit];
let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;
let toasts: ToastInput[];
let paywalls: Paywall[];
let sleeps: number[];
let hooks: {
  onLogout: ReturnType<typeof vi.fn<ApiClientHooks['onLogout']>>;
  refresh: ReturnType<typeof vi.fn<ApiClientHooks['refresh']>>;
};
let accessToken: string | null;

/** Answers fetch calls in order; the last answer repeats. */
function answer(...responses: (Response | (() => Response | Promise<Response>))[]): void {
  let index = 0;
  fetchMock.mockImplementation(() => {
    const next = responses[Math.min(index, responses.length - 1)];
    index += 1;
    if (next === undefined) throw new Error('no answer');
    return Promise.resolve(typeof next === 'function' ? next() : next.clone());
  });
}

function call(n: number): { url: string; init: RequestInit; headers: Headers } {
  const args = fetchMock.mock.calls[n];
  if (args === undefined) throw new Error(`fetch was called ${fetchMock.mock.calls.length} times, not ${n + 1}`);
  return { url: args[0], init: args[1], headers: new Headers(args[1].headers) };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

beforeEach(() => {
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  toasts = [];
  paywalls = [];
  sleeps = [];
  accessToken = 'access-1';
  hooks = {
    onLogout: vi.fn<ApiClientHooks['onLogout']>(),
    refresh: vi.fn<ApiClientHooks['refresh']>(() => {
      accessToken = 'access-2';
      return Promise.resolve(true);
    }),
  };
  configureApiClient({
    getAccessToken: () => accessToken,
    getOrganizationId: () => 'org-1',
    refresh: hooks.refresh,
    onLogout: hooks.onLogout,
    onPaywall: (p) => paywalls.push(p),
    notify: (t) => toasts.push(t),
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
  });
});

afterEach(() => {
  resetApiClient();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

describe('requests (spec 01 §7)', () => {
  it('prefixes /api/v1, adds the trailing slash and omits empty query parameters', () => {
    expect(buildUrl('/leads', { search: '', status: null, page: 2, tag: ['a', '', 'b'], x: undefined })).toBe(
      '/api/v1/leads/?page=2&tag=a&tag=b',
    );
    expect(buildUrl('auth/me/')).toBe('/api/v1/auth/me/');
  });

  it('honours VITE_API_BASE', () => {
    vi.stubEnv('VITE_API_BASE', 'https://api.example.com/');
    expect(buildUrl('/status/')).toBe('https://api.example.com/api/v1/status/');
  });

  it('sends JSON with the bearer token and the organisation header', async () => {
    answer(json(ok({ id: 1 })));
    await api.post('/leads/', { first_name: 'Ada' });
    const { url, init, headers } = call(0);
    expect(url).toBe('/api/v1/leads/');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"first_name":"Ada"}');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.get('authorization')).toBe('Bearer access-1');
    expect(headers.get('x-organization-id')).toBe('org-1');
  });

  it('sends no content type without a body', async () => {
    answer(json(ok(null)));
    await api.delete('/leads/1/');
    expect(call(0).headers.has('content-type')).toBe(false);
  });

  it.each([
    '/auth/login/',
    '/auth/register/',
    '/auth/refresh/',
    '/auth/password/reset/',
    '/auth/password/reset/confirm/',
    '/auth/verify-email/',
    '/auth/resend-verification/',
    '/auth/token/verify/',
    '/public/events/x/',
    '/status/',
  ])('sends no token on the skip-auth call %s', async (path) => {
    answer(json(ok({})));
    await api.post(path, {});
    expect(call(0).headers.has('authorization')).toBe(false);
    expect(call(0).headers.has('x-organization-id')).toBe(false);
  });

  it('returns data validated by the schema', async () => {
    answer(json(ok({ hello: 'world' })));
    await expect(api.get('/x/', { schema: z.object({ hello: z.string() }) })).resolves.toEqual({ hello: 'world' });
  });

  it('sends the request without waiting for a schema that is still loading, then validates with it', async () => {
    let loaded: (schema: z.ZodType<{ hello: string }>) => void = () => undefined;
    const schema = new Promise<z.ZodType<{ hello: string }>>((resolve) => (loaded = resolve));
    answer(json(ok({ hello: 1 })));
    const result = failure(api.get('/x/', { schema }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    loaded(z.object({ hello: z.string() }));
    expect((await result).code).toBe('INVALID_RESPONSE');
  });

  it('uploads a multipart form with a file field and no JSON content type', async () => {
    answer(json(ok({ id: 'f1' }), 201));
    const file = new Blob(['png'], { type: 'image/png' });
    await api.upload('/files/upload/', file, { filename: 'logo.png', fields: { purpose: 'logo' } });
    const { init, headers } = call(0);
    expect(init.body).toBeInstanceOf(FormData);
    const form = init.body as FormData;
    expect(form.get('file')).toBeInstanceOf(Blob);
    expect(form.get('purpose')).toBe('logo');
    expect(headers.has('content-type')).toBe(false);
  });

  it('downloads a blob with its file name', async () => {
    answer(
      new Response('a,b\n1,2\n', {
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="leads.csv"' },
      }),
    );
    const download = await api.download('/data/exports/1/download/');
    expect(await download.blob.text()).toBe('a,b\n1,2\n');
    expect(download.filename).toBe('leads.csv');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''r%C3%A4kning.pdf")).toBe('räkning.pdf');
  });

  it('reads a failed download as an envelope', async () => {
    answer(json(fail(404, 'NOT_FOUND', 'No such file'), 404));
    const error = await failure(api.download('/files/1/download/'));
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'No such file' });
  });
});

describe('time-out', () => {
  it(`aborts after ${REQUEST_TIMEOUT_MS} ms`, async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = failure(api.post('/leads/', {}));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(fetchMock.mock.calls[0]?.[1].signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toMatchObject({ status: 0, code: 'TIMEOUT' });
  });

  it('passes a caller abort through untouched', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = api.get('/x/', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await pending;
    expect(error).toBeInstanceOf(DOMException);
    expect(toasts).toEqual([]);
  });
});

describe('envelope and error object (spec 01 §8)', () => {
  it.each([
    ['an HTML page', '<!doctype html><html></html>'],
    ['a bare object', JSON.stringify({ hello: 'world' })],
    ['an envelope without meta', JSON.stringify({ status: 'success', status_code: 200, data: 1 })],
    ['an unknown status', JSON.stringify({ status: 'ok', status_code: 200, data: 1, meta })],
    ['an error envelope on HTTP 200', JSON.stringify(fail(400, 'BAD_REQUEST'))],
  ])('rejects %s with "Invalid API response format"', async (_name, body) => {
    answer(new Response(body, { status: 200 }));
    const error = await failure(api.get('/x/'));
    expect(error.message).toBe(INVALID_RESPONSE_MESSAGE);
    expect(error.code).toBe('INVALID_RESPONSE');
  });

  it('rejects data of the wrong shape', async () => {
    answer(json(ok({ hi: 1 })));
    const error = await failure(api.get('/x/', { schema: z.object({ hello: z.string() }) }));
    expect(error.message).toBe('Invalid API response format');
  });

  it('carries message, status, code, details and timestamp of an error envelope', async () => {
    answer(json(fail(409, 'CONFLICT', 'Slug taken', { slug: ['taken'] }), 409));
    const error = await failure(api.post('/events/', {}));
    expect(error).toMatchObject({
      message: 'Slug taken',
      status: 409,
      code: 'CONFLICT',
      details: { slug: ['taken'] },
      timestamp: meta.timestamp,
    });
  });

  it('says "An error occurred" when the envelope has no message', async () => {
    answer(json({ status: 'error', status_code: 409, error: { code: 'CONFLICT' }, meta }, 409));
    expect((await failure(api.post('/x/', {}))).message).toBe('An error occurred');
  });

  it.each([
    ['message', { message: 'Bad gateway upstream' }, 'Bad gateway upstream'],
    ['detail', { detail: 'Not allowed here' }, 'Not allowed here'],
  ])('takes a non-envelope failure message from %s', async (_field, body, expected) => {
    answer(json(body, 400));
    expect((await failure(api.post('/x/', {}))).message).toBe(expected);
  });

  it('falls back to "HTTP {status}: {text}"', async () => {
    answer(new Response('<h1>teapot</h1>', { status: 418, statusText: "I'm a teapot" }));
    const error = await failure(api.post('/x/', {}));
    expect(error).toMatchObject({ message: "HTTP 418: I'm a teapot", status: 418, code: 'HTTP_ERROR' });
  });

  it('reads 422 details as field messages', async () => {
    answer(json(fail(422, 'VALIDATION_ERROR', 'Validation failed', { email: ['Enter a valid email address'] }), 422));
    const error = await failure(api.post('/x/', {}, { quiet: true }));
    expect(validationDetails(error)).toEqual({ email: ['Enter a valid email address'] });
  });
});

describe('401: one shared refresh, one retry, else logout', () => {
  it('refreshes, pauses ~10 ms and retries with the new token', async () => {
    answer(json(fail(401, 'TOKEN_INVALID'), 401), json(ok({ id: 'me' })));
    await expect(api.get('/auth/me/')).resolves.toEqual({ id: 'me' });
    expect(hooks.refresh).toHaveBeenCalledTimes(1);
    expect(sleeps).toEqual([REFRESH_RETRY_DELAY_MS]);
    expect(call(1).headers.get('authorization')).toBe('Bearer access-2');
    expect(hooks.onLogout).not.toHaveBeenCalled();
  });

  it('renews the in-memory access token from the session cookie before the first call after a reload', async () => {
    accessToken = null;
    hooks.refresh.mockImplementation(() => {
      accessToken = 'access-2';
      return Promise.resolve(true);
    });
    configureApiClient({ canRefresh: () => true });
    fetchMock.mockImplementation((_url, init) => {
      const auth = new Headers(init.headers).get('authorization');
      return Promise.resolve(auth === 'Bearer access-2' ? json(ok('fine')) : json(fail(401, 'TOKEN_INVALID'), 401));
    });
    await expect(api.get('/auth/me/')).resolves.toBe('fine');
    expect(hooks.refresh).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // With a token in memory, no renewal comes first.
    await api.get('/auth/me/');
    expect(hooks.refresh).toHaveBeenCalledTimes(1);
  });

  it('logs out at the 401 when the renewal at start failed, without trying it twice', async () => {
    accessToken = null;
    hooks.refresh.mockResolvedValue(false);
    configureApiClient({ canRefresh: () => true });
    fetchMock.mockResolvedValue(json(fail(401, 'NOT_AUTHENTICATED'), 401));
    await expect(api.get('/auth/me/')).rejects.toMatchObject({ status: 401 });
    expect(hooks.refresh).toHaveBeenCalledTimes(1);
    expect(hooks.onLogout).toHaveBeenCalledTimes(1);
  });

  it('shares one refresh between concurrent 401s', async () => {
    let release: (value: boolean) => void = () => undefined;
    hooks.refresh.mockImplementation(
      () =>
        new Promise((resolve) => {
          release = (value) => {
            accessToken = 'access-2';
            resolve(value);
          };
        }),
    );
    fetchMock.mockImplementation((_url, init) => {
      const auth = new Headers(init.headers).get('authorization');
      return Promise.resolve(auth === 'Bearer access-2' ? json(ok('fine')) : json(fail(401, 'TOKEN_INVALID'), 401));
    });
    // Each request reads the token once to send and once more after its 401: six reads means all
    // three are waiting on the refresh before it completes.
    let reads = 0;
    configureApiClient({
      getAccessToken: () => {
        reads += 1;
        return accessToken;
      },
    });
    const all = Promise.all([api.get('/a/'), api.get('/b/'), api.post('/c/', {})]);
    await vi.waitFor(() => expect(reads).toBe(6));
    release(true);
    await expect(all).resolves.toEqual(['fine', 'fine', 'fine']);
    expect(hooks.refresh).toHaveBeenCalledTimes(1);
  });

  it('logs out when the refresh fails', async () => {
    hooks.refresh.mockResolvedValue(false);
    answer(json(fail(401, 'TOKEN_INVALID'), 401));
    const error = await failure(api.get('/auth/me/'));
    expect(error.status).toBe(401);
    expect(hooks.onLogout).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('logs out when the refresh throws', async () => {
    hooks.refresh.mockRejectedValue(new Error('offline'));
    answer(json(fail(401, 'TOKEN_INVALID'), 401));
    await failure(api.get('/auth/me/'));
    expect(hooks.onLogout).toHaveBeenCalledTimes(1);
  });

  it('logs out on a second 401 after the retry', async () => {
    answer(json(fail(401, 'TOKEN_INVALID'), 401));
    await failure(api.get('/auth/me/'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(hooks.refresh).toHaveBeenCalledTimes(1);
    expect(hooks.onLogout).toHaveBeenCalledTimes(1);
  });

  it('neither refreshes nor logs out on a skip-auth 401 (wrong password)', async () => {
    answer(json(fail(401, 'INVALID_CREDENTIALS', 'Invalid email or password'), 401));
    const error = await failure(api.post('/auth/login/', {}));
    expect(error.message).toBe('Invalid email or password');
    expect(hooks.refresh).not.toHaveBeenCalled();
    expect(hooks.onLogout).not.toHaveBeenCalled();
  });

  it('skips the refresh when another request already renewed the token', async () => {
    fetchMock.mockImplementationOnce(() => {
      accessToken = 'access-3';
      return Promise.resolve(json(fail(401, 'TOKEN_INVALID'), 401));
    });
    fetchMock.mockImplementationOnce(() => Promise.resolve(json(ok('fine'))));
    await expect(api.get('/x/')).resolves.toBe('fine');
    expect(hooks.refresh).not.toHaveBeenCalled();
    expect(call(1).headers.get('authorization')).toBe('Bearer access-3');
  });
});

describe('402 paywall (spec 02 §4)', () => {
  it.each([
    ['USAGE_LIMIT_REACHED', 'limit_reached'],
    ['LIMIT_REACHED', 'limit_reached'],
    ['FEATURE_LOCKED', 'feature_locked'],
    ['PREMIUM_FEATURE', 'feature_locked'],
    ['TRIAL_ENDING', 'trial_ending'],
    ['USAGE_WARNING', 'usage_warning'],
    ['APPROACHING_LIMIT', 'usage_warning'],
    ['SUBSCRIPTION_REQUIRED', 'subscription_required'],
    ['SOMETHING_ELSE', 'subscription_required'],
  ])('%s opens the %s paywall', async (code, kind) => {
    answer(json(fail(402, code, 'Pay up'), 402));
    await failure(api.post('/events/', {}, { quiet: true }));
    expect(paywalls).toHaveLength(1);
    expect(paywalls[0]?.kind).toBe(kind);
  });

  it('reads the payload from error.details', async () => {
    const details = {
      code: 'USAGE_LIMIT_REACHED',
      resource: 'leads',
      current_usage: 100,
      limit: 100,
      feature: null,
      subscription_status: 'trialing',
      trial_days_remaining: 3,
      detail: 'Monthly lead limit reached',
    };
    answer(json(fail(402, 'USAGE_LIMIT_REACHED', 'Usage limit reached for your plan.', details), 402));
    await failure(api.post('/leads/', {}));
    expect(paywalls[0]).toMatchObject({
      kind: 'limit_reached',
      resource: 'leads',
      currentUsage: 100,
      limit: 100,
      subscriptionStatus: 'trialing',
      trialDaysRemaining: 3,
      detail: 'Monthly lead limit reached',
    });
    expect(toasts).toEqual([]);
  });
});

describe('toasts by status (spec 01 §8)', () => {
  it.each([
    [403, 'PERMISSION_DENIED', 'You do not have permission to perform this action.'],
    [404, 'NOT_FOUND', 'Resource not found'],
    [500, 'INTERNAL_ERROR', 'Server error. Please try again later.'],
  ])('%s shows "%s"', async (status, code, title) => {
    answer(json(fail(status, code), status));
    await failure(api.post('/x/', {}));
    expect(toasts).toEqual([{ type: 'error', title }]);
  });

  it('422 lists "field: messages"', async () => {
    const details = { email: ['Enter a valid email address'], 'form_fields.2.label': ['Required', 'Too long'] };
    answer(json(fail(422, 'VALIDATION_ERROR', 'Validation failed', details), 422));
    await failure(api.post('/x/', {}));
    expect(toasts).toEqual([
      {
        type: 'error',
        title: 'Please correct the following',
        message: 'email: Enter a valid email address\nform_fields.2.label: Required, Too long',
      },
    ]);
  });

  it('422 without details shows no toast', async () => {
    answer(json(fail(422, 'VALIDATION_ERROR'), 422));
    await failure(api.post('/x/', {}));
    expect(toasts).toEqual([]);
  });

  it('translates through the configured translate hook', async () => {
    configureApiClient({ translate: (key) => `sv:${key}` });
    answer(json(fail(403, 'PERMISSION_DENIED'), 403));
    await failure(api.post('/x/', {}));
    expect(toasts[0]?.title).toBe('sv:api.forbidden');
  });

  it('stays quiet when asked', async () => {
    answer(json(fail(404, 'NOT_FOUND'), 404));
    await failure(api.get('/x/', { quiet: true }));
    expect(toasts).toEqual([]);
  });
});

describe('retries (docs/decisions/007-web-retries.md)', () => {
  it.each([408, 425, 429, 500, 502, 503, 504])(
    'retries a GET answered %s up to 3 attempts, 1 s apart',
    async (status) => {
      answer(json(fail(status, 'X'), status));
      const error = await failure(api.get('/x/'));
      expect(error.status).toBe(status);
      expect(fetchMock).toHaveBeenCalledTimes(MAX_ATTEMPTS);
      expect(sleeps).toEqual([RETRY_DELAY_MS, RETRY_DELAY_MS]);
    },
  );

  it('returns the answer of a successful retry', async () => {
    answer(json(fail(503, 'SERVICE_UNAVAILABLE'), 503), json(ok('up')));
    await expect(api.get('/x/')).resolves.toBe('up');
    expect(toasts).toEqual([]);
  });

  it('retries a GET after a network error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchMock.mockResolvedValueOnce(json(ok('back')));
    await expect(api.get('/x/')).resolves.toBe('back');
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('never retries a %s', async (method) => {
    answer(json(fail(503, 'SERVICE_UNAVAILABLE'), 503));
    const calls = {
      POST: () => api.post('/x/', {}),
      PUT: () => api.put('/x/', {}),
      PATCH: () => api.patch('/x/', {}),
      DELETE: () => api.delete('/x/'),
    };
    await failure(calls[method]());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each([400, 404, 409, 422])('does not retry a GET answered %s', async (status) => {
    answer(json(fail(status, 'X'), status));
    await failure(api.get('/x/', { quiet: true }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('honours Retry-After in seconds and as a date', async () => {
    answer(json(fail(429, 'RATE_LIMITED'), 429, { 'retry-after': '3' }), json(ok('ok')));
    await api.get('/x/');
    expect(sleeps).toEqual([3000]);
    const now = Date.parse('2026-01-01T00:00:00Z');
    const dated = new Response(null, { status: 503, headers: { 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' } });
    expect(retryDelay(dated, now)).toBe(5000);
  });

  it('gives up at once when Retry-After is longer than 10 s', async () => {
    answer(json(fail(429, 'RATE_LIMITED'), 429, { 'retry-after': '600' }));
    await failure(api.get('/x/'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('usage warning headers (spec 02 §9)', () => {
  const usage = (percentage: string) => ({
    'x-usage-warning': 'true',
    'x-usage-resource': 'leads',
    'x-usage-percentage': percentage,
  });

  it('shows a 4 s warning from 80 %', async () => {
    answer(json(ok({}), 201, usage('85')));
    await api.post('/leads/', {});
    expect(toasts).toEqual([{ type: 'warning', title: '85% of leads limit used', duration: 4000 }]);
  });

  it('stays silent below 80 %', async () => {
    answer(json(ok({}), 201, usage('79')));
    await api.post('/leads/', {});
    expect(toasts).toEqual([]);
  });
});
