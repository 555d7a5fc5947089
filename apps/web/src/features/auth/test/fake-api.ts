import { vi } from 'vitest';

// Envelope answers come from the shared page-test server stand-in, so both speak one format.
export { fail, ok } from '../../../test/fake-server.ts';

type FetchArgs = [string, RequestInit];

/** Stubs fetch with answers given in order (the last one repeats); returns the mock to read calls from. */
export function answerWith(...responses: Response[]) {
  let index = 0;
  const mock = vi.fn<(...args: FetchArgs) => Promise<Response>>(() => {
    const next = responses[Math.min(index, responses.length - 1)];
    index += 1;
    if (next === undefined) throw new Error('no answer');
    return Promise.resolve(next.clone());
  });
  vi.stubGlobal('fetch', mock);
  return {
    mock,
    /** The JSON body of the n-th call. */
    body: (n = 0): unknown => {
      const body = mock.mock.calls[n]?.[1].body;
      return typeof body === 'string' ? JSON.parse(body) : undefined;
    },
    url: (n = 0): string => mock.mock.calls[n]?.[0] ?? '',
  };
}

export const authResult = {
  access: 'a.b.c',
  refresh: 'd.e.f',
  user: {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    phone: '',
    job_title: '',
    timezone: 'Europe/Stockholm',
    language: 'en',
    date_joined: '2026-01-01T00:00:00.000Z',
    email_verified: false,
  },
  organization: { id: '00000000-0000-4000-8000-000000000002', name: 'Booth AB', slug: 'booth-ab', role: 'owner' },
};
