import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, INVALID_RESPONSE_MESSAGE, InvalidResponseError, apiGet } from './api-client.ts';

type Greeting = { hello: string };
const isGreeting = (data: unknown): data is Greeting =>
  typeof data === 'object' && data !== null && 'hello' in data && typeof data.hello === 'string';

const meta = { timestamp: '2025-01-01T00:00:00.000Z' };

function respondWith(body: string, status = 200): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(body, { status, headers: { 'content-type': 'application/json' } }))),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiGet', () => {
  it('returns data of a success envelope', async () => {
    respondWith(JSON.stringify({ status: 'success', status_code: 200, data: { hello: 'world' }, meta }));
    await expect(apiGet('/api/v1/x/', isGreeting)).resolves.toEqual({ hello: 'world' });
  });

  it('sends a same-origin JSON GET', async () => {
    respondWith(JSON.stringify({ status: 'success', status_code: 200, data: { hello: 'world' }, meta }));
    await apiGet('/api/v1/x/', isGreeting);
    const fetchMock = vi.mocked(fetch);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/x/',
      expect.objectContaining({ method: 'GET', headers: { Accept: 'application/json' } }),
    );
  });

  it('throws ApiError with the code of an error envelope', async () => {
    respondWith(
      JSON.stringify({ status: 'error', status_code: 404, error: { message: 'Not found', code: 'not_found' }, meta }),
      404,
    );
    const error: unknown = await apiGet('/api/v1/x/', isGreeting).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Not found', code: 'not_found', statusCode: 404 });
  });

  it.each([
    ['an HTML page', '<!doctype html><html></html>', 200],
    ['a bare object', JSON.stringify({ hello: 'world' }), 200],
    ['an envelope without meta', JSON.stringify({ status: 'success', status_code: 200, data: { hello: 'x' } }), 200],
    ['an unknown status', JSON.stringify({ status: 'ok', status_code: 200, data: { hello: 'x' }, meta }), 200],
    ['data of the wrong shape', JSON.stringify({ status: 'success', status_code: 200, data: { hi: 1 }, meta }), 200],
    [
      'a success envelope on HTTP 502',
      JSON.stringify({ status: 'success', status_code: 200, data: { hello: 'x' }, meta }),
      502,
    ],
    [
      'an error envelope without a code',
      JSON.stringify({ status: 'error', status_code: 500, error: { message: 'x' }, meta }),
      500,
    ],
  ])('rejects %s as an invalid response', async (_name, body, status) => {
    respondWith(body, status);
    const error: unknown = await apiGet('/api/v1/x/', isGreeting).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toHaveProperty('message', INVALID_RESPONSE_MESSAGE);
  });
});
