import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client.ts';
import { meQueryKey } from '../features/auth/api/me.ts';
import { saveAccessToken } from '../lib/session.ts';
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
