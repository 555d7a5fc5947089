import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client.ts';
import { meQueryKey } from '../features/auth/api/me.ts';
import { configureApiClient, resetApiClient } from '../lib/api-client.ts';
import { writeCookie } from '../lib/cookies.ts';
import { recallUser, rememberUser } from '../lib/offline-snapshot.ts';
import { clearSession, hasSession, saveAccessToken, SESSION_COOKIES } from '../lib/session.ts';
import { requireUser } from './guards.ts';

const me = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: '',
  job_title: '',
  timezone: 'UTC',
  language: 'en',
  date_joined: '2026-01-01T00:00:00.000Z',
  email_verified: true,
  organizations: [],
  current_organization: null,
};

/** Runs the guard for `path` with the user already cached (no API call). */
async function guard(path: string, onboardingCompleted: boolean, language: 'en' | 'sv' = 'en') {
  saveAccessToken('a.b.c');
  const queryClient = createQueryClient();
  queryClient.setQueryData(meQueryKey, { ...me, onboarding_completed: onboardingCompleted });
  const url = new URL(`http://localhost${path}`);
  const result: unknown = await requireUser(
    language,
    queryClient,
  )({
    request: new Request(url),
    url,
    pattern: path,
    params: {},
    context: undefined,
  });
  return result instanceof Response ? result.headers.get('Location') : null;
}

describe('requireUser: the onboarding detour', () => {
  it('sends an unfinished user from /dashboard to /onboarding once per session', async () => {
    expect(await guard('/dashboard', false)).toBe('/onboarding');
    // Second visit in the same session: no loop.
    expect(await guard('/dashboard', false)).toBeNull();
  });

  it('keeps the language', async () => {
    expect(await guard('/sv/dashboard', false, 'sv')).toBe('/sv/onboarding');
  });

  it('leaves finished users and other pages alone', async () => {
    expect(await guard('/dashboard', true)).toBeNull();
    expect(await guard('/settings', false)).toBeNull();
    expect(await guard('/onboarding', false)).toBeNull();
  });
});

describe('requireUser: no network (the booth screen reloaded offline)', () => {
  const user = { ...me, onboarding_completed: true };

  async function guardOffline(path: string, answer: () => Promise<Response>) {
    vi.stubGlobal('fetch', vi.fn(answer));
    configureApiClient({ sleep: () => Promise.resolve() });
    writeCookie(SESSION_COOKIES.signedIn, '1', { maxAge: 60 });
    const queryClient = createQueryClient();
    const url = new URL(`http://localhost${path}`);
    const result: unknown = await requireUser(
      'en',
      queryClient,
    )({ request: new Request(url), url, pattern: path, params: {}, context: undefined });
    return { location: result instanceof Response ? result.headers.get('Location') : null, queryClient };
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    resetApiClient();
    clearSession();
  });

  it('opens the page with the last known user when the server cannot be reached', async () => {
    clearSession();
    rememberUser(user);
    const { location, queryClient } = await guardOffline('/events/e1/booth', () =>
      Promise.reject(new TypeError('Failed to fetch')),
    );
    expect(location).toBeNull();
    expect(queryClient.getQueryData(meQueryKey)).toEqual(user);
    // Stale at once: the network back, the server is asked again.
    expect(queryClient.getQueryState(meQueryKey)?.dataUpdatedAt).toBe(0);
    expect(hasSession()).toBe(true);
  });

  it('goes to sign-in when no user was kept', async () => {
    const { location } = await guardOffline('/events/e1/booth', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(location).toBe(`/auth/login?redirect=${encodeURIComponent('/events/e1/booth')}`);
  });

  it('trusts the server over the kept user: a 401 signs out and forgets it', async () => {
    rememberUser(user);
    const { location } = await guardOffline('/leads', () =>
      Promise.resolve(
        new Response(JSON.stringify({ status: 'error', error: { code: 'NOT_AUTHENTICATED', message: 'no' } }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    expect(location).toBe(`/auth/login?redirect=${encodeURIComponent('/leads')}`);
    expect(recallUser()).toBeNull();
  });

  it('a kept user that no longer reads as one is not used', async () => {
    rememberUser({ ...user, organizations: 'tampered' });
    const { location } = await guardOffline('/leads', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(location).not.toBeNull();
  });
});
