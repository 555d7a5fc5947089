import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcTestProvider, type OidcTestProvider } from '../../../../../e2e/oidc-test-provider.mjs';
import {
  PASSWORD,
  bearer,
  createTestApp,
  registerUser,
  uniqueAddress,
  uniqueEmail,
  type TestApp,
} from '../../../test/helpers.ts';

/*
 * Social sign-in end to end (03-decisions §4d): the app through app.inject, a real OpenID provider
 * (oidc-provider) over real HTTP on 127.0.0.1, configured as both `google` and `microsoft`.
 */

const PUBLIC_URL = 'http://localhost:3000';
let op: OidcTestProvider;
let t: TestApp;
let subjects = 0;

beforeAll(async () => {
  op = await startOidcTestProvider({ redirectBase: PUBLIC_URL });
  t = await createTestApp({ env: { PUBLIC_URL, ...op.clientEnv('google'), ...op.clientEnv('microsoft') } });
});

afterAll(async () => {
  await t.close();
  await op.close();
});

/** `name=value` of each Set-Cookie of an answer (attributes dropped). */
function setCookies(header: string | string[] | undefined): Map<string, string> {
  const jar = new Map<string, string>();
  for (const line of header === undefined ? [] : Array.isArray(header) ? header : [header]) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return jar;
}

/** Starts a sign-in: the provider URL and this browser's flow cookie. */
async function start(provider: 'google' | 'microsoft', redirect?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/auth/social/${provider}/start/${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`,
    remoteAddress: uniqueAddress(),
  });
  expect(res.statusCode).toBe(302);
  const flow = setCookies(res.headers['set-cookie']).get('lc_social');
  expect(flow).toBeTruthy();
  return { url: new URL(String(res.headers.location)), flow: flow ?? '' };
}

/** Follows the provider's redirects (with its cookies) until it sends the browser back to the app. */
async function atProvider(url: URL): Promise<URL> {
  const jar = new Map<string, string>();
  let next = url;
  for (let hop = 0; hop < 10; hop++) {
    if (next.href.startsWith(PUBLIC_URL)) return next;
    const res = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const [k, v] of setCookies(res.headers.getSetCookie())) jar.set(k, v);
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status}: ${await res.text()}`);
    next = new URL(location, next);
  }
  throw new Error('too many redirects at the provider');
}

async function callback(back: URL, flow: string | undefined) {
  return t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    remoteAddress: uniqueAddress(),
    headers: flow === undefined ? {} : { cookie: `lc_social=${flow}` },
  });
}

function person(overrides: Record<string, unknown> = {}) {
  subjects += 1;
  return {
    id: `person-${subjects}-${Date.now()}`,
    claims: { email: uniqueEmail(), email_verified: true, given_name: 'Ada', family_name: 'Lovelace', ...overrides },
  };
}

/** One whole journey: start, the provider, the callback. */
async function signInWith(provider: 'google' | 'microsoft', who: ReturnType<typeof person>, redirect?: string) {
  op.signInAs(who.id, who.claims);
  const { url, flow } = await start(provider, redirect);
  return callback(await atProvider(url), flow);
}

type Data<T> = { data: T };

async function refreshWith(cookies: Map<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh/',
    headers: { cookie: `lc_refresh=${cookies.get('lc_refresh')}`, 'x-requested-with': 'test' },
    payload: {},
  });
}

describe('social sign-in providers', () => {
  it('lists the configured providers with where to start', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/social/' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.providers).toEqual([
      { id: 'google', name: 'Google', start_url: '/api/v1/auth/social/google/start/' },
      { id: 'microsoft', name: 'Microsoft', start_url: '/api/v1/auth/social/microsoft/start/' },
    ]);
  });

  it('hides a provider that is not configured: not listed, its start and callback are 404', async () => {
    const bare = await createTestApp({ env: { PUBLIC_URL, ...op.clientEnv('microsoft') } });
    try {
      const list = await bare.app.inject({ method: 'GET', url: '/api/v1/auth/social/' });
      expect(list.json<Data<{ providers: { id: string }[] }>>().data.providers.map((p) => p.id)).toEqual(['microsoft']);
      for (const url of ['/api/v1/auth/social/google/start/', '/api/v1/auth/social/google/callback/?state=x']) {
        const res = await bare.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
      const unknown = await bare.app.inject({ method: 'GET', url: '/api/v1/auth/social/github/start/' });
      expect(unknown.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce', async () => {
    const { url } = await start('google');
    expect(url.origin).toBe(op.issuer);
    expect(url.searchParams.get('client_id')).toBe('google-client');
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/v1/auth/social/google/callback/`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
  });
});

describe('social sign-up and sign-in', () => {
  it('signs up a new person with an organisation, lands on /onboarding, and signs them in again later', async () => {
    const who = person();
    const res = await signInWith('google', who, '/leads');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/onboarding');
    const cookies = setCookies(res.headers['set-cookie']);
    expect(cookies.get('lc_social')).toBe('');
    expect(cookies.get('signed_in')).toBe('1');
    expect(cookies.get('organization_id')).toMatch(/^[0-9a-f-]{36}$/);

    const refreshed = await refreshWith(cookies);
    expect(refreshed.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me/',
      headers: bearer(refreshed.json<Data<{ access: string }>>().data.access),
    });
    expect(me.json().data).toMatchObject({
      email: who.claims.email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email_verified: true,
      onboarding_completed: false,
    });
    expect(me.json().data.organizations).toHaveLength(1);
    expect(me.json().data.organizations[0]).toMatchObject({ name: 'Ada Lovelace', role: 'owner' });

    // No password was set: a password sign-in fails like a wrong one.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      remoteAddress: uniqueAddress(),
      payload: { email: who.claims.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);

    // Again: the same subject signs in to the same account and lands where it asked to.
    const again = await signInWith('google', who, '/leads');
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/leads');
    const second = await refreshWith(setCookies(again.headers['set-cookie']));
    const me2 = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me/',
      headers: bearer(second.json<Data<{ access: string }>>().data.access),
    });
    expect(me2.json().data.id).toBe(me.json().data.id);
  });

  it('lands a Swedish journey on the Swedish pages and never on another site', async () => {
    const who = person();
    const res = await signInWith('google', who, '/sv/dashboard');
    expect(res.headers.location).toBe('/sv/onboarding');
    const again = await signInWith('google', who, 'https://evil.example/');
    expect(again.headers.location).toBe('/sv/dashboard');
    const slashes = await signInWith('google', who, '//evil.example/');
    expect(slashes.headers.location).toBe('/sv/dashboard');
  });

  it('refuses an email the provider does not vouch for', async () => {
    const who = person({ email_verified: false });
    const res = await signInWith('google', who);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/auth/login?social_error=SOCIAL_EMAIL_UNVERIFIED&provider=google');
    expect(setCookies(res.headers['set-cookie']).has('lc_refresh')).toBe(false);
  });

  it('takes a Microsoft email when xms_edov says the domain owner verified it, and not otherwise', async () => {
    const unverified = await signInWith('microsoft', person({ email_verified: undefined }));
    expect(unverified.headers.location).toContain('social_error=SOCIAL_EMAIL_UNVERIFIED');
    const verified = await signInWith('microsoft', person({ email_verified: undefined, xms_edov: true }));
    expect(verified.headers.location).toBe('/onboarding');
    // Google has no such claim: xms_edov counts only for Microsoft.
    const google = await signInWith('google', person({ email_verified: undefined, xms_edov: true }));
    expect(google.headers.location).toContain('social_error=SOCIAL_EMAIL_UNVERIFIED');
  });
});

describe('forged or broken answers', () => {
  it('refuses a state that is not this browser’s flow', async () => {
    const who = person();
    op.signInAs(who.id, who.claims);
    const mine = await start('google');
    const theirs = await start('google');
    // The provider's answer to their flow, brought back with my flow's cookie.
    const back = await atProvider(theirs.url);
    const res = await callback(back, mine.flow);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/auth/login?social_error=SOCIAL_STATE_MISMATCH&provider=google');
    expect(setCookies(res.headers['set-cookie']).has('lc_refresh')).toBe(false);
    // And with no flow cookie at all (a link opened in another browser).
    const none = await callback(back, undefined);
    expect(none.headers.location).toContain('social_error=SOCIAL_STATE_MISMATCH');
    // Nobody was signed up by either.
    const check = await signInWith('google', { ...who });
    expect(check.headers.location).toBe('/onboarding');
  });

  it('refuses an ID token whose nonce is not the flow’s', async () => {
    const who = person();
    op.signInAs(who.id, who.claims);
    const { url, flow } = await start('google');
    url.searchParams.set('nonce', 'a-nonce-this-flow-never-sent-0123456789');
    const res = await callback(await atProvider(url), flow);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/auth/login?social_error=SOCIAL_NONCE_MISMATCH&provider=google');
    expect(setCookies(res.headers['set-cookie']).has('lc_refresh')).toBe(false);
  });

  it('answers a provider error (access denied) and a code used twice with SOCIAL_PROVIDER_ERROR', async () => {
    const { url, flow } = await start('google');
    const state = url.searchParams.get('state') ?? '';
    const denied = await callback(
      new URL(`${PUBLIC_URL}/api/v1/auth/social/google/callback/?error=access_denied&state=${state}`),
      flow,
    );
    expect(denied.headers.location).toBe('/auth/login?social_error=SOCIAL_PROVIDER_ERROR&provider=google');

    const who = person();
    op.signInAs(who.id, who.claims);
    const second = await start('google');
    const back = await atProvider(second.url);
    expect((await callback(back, second.flow)).headers.location).toBe('/onboarding');
    const replay = await callback(back, second.flow);
    expect(replay.headers.location).toContain('social_error=SOCIAL_PROVIDER_ERROR');
  });
});

describe('linking an existing account', () => {
  it('links only after the owner signs in with the password', async () => {
    const owner = await registerUser(t);
    const who = person({ email: owner.email });
    const res = await signInWith('google', who, '/leads');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      '/auth/login?social_error=SOCIAL_ACCOUNT_EXISTS&provider=google&redirect=%2Fleads',
    );
    const cookies = setCookies(res.headers['set-cookie']);
    expect(cookies.has('lc_refresh')).toBe(false);
    const link = cookies.get('lc_social_link') ?? '';
    expect(link).not.toBe('');

    // Not signed in: nothing is linked.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/social/link/',
      headers: { cookie: `lc_social_link=${link}` },
    });
    expect(anonymous.statusCode).toBe(401);

    // Signed in to another account: refused, nothing linked.
    const other = await registerUser(t);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/social/link/',
      headers: { ...bearer(other.access), cookie: `lc_social_link=${link}` },
    });
    expect(wrong.statusCode).toBe(403);

    // Before linking, the provider still cannot sign in to the account.
    expect((await signInWith('google', who)).headers.location).toContain('SOCIAL_ACCOUNT_EXISTS');

    // The owner signs in with the password, then confirms.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      remoteAddress: uniqueAddress(),
      payload: { email: owner.email, password: owner.password },
    });
    expect(login.statusCode).toBe(200);
    const linked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/social/link/',
      headers: { ...bearer(login.json<Data<{ access: string }>>().data.access), cookie: `lc_social_link=${link}` },
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().data).toEqual({ provider: 'google', email: owner.email });
    expect(setCookies(linked.headers['set-cookie']).get('lc_social_link')).toBe('');

    // From now on the provider signs in to that account.
    const after = await signInWith('google', who, '/leads');
    expect(after.headers.location).toBe('/leads');
    const refreshed = await refreshWith(setCookies(after.headers['set-cookie']));
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me/',
      headers: bearer(refreshed.json<Data<{ access: string }>>().data.access),
    });
    expect(me.json().data.id).toBe(owner.user.id);

    // The same link twice: the identity is taken.
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/social/link/',
      headers: { ...bearer(login.json<Data<{ access: string }>>().data.access), cookie: `lc_social_link=${link}` },
    });
    expect(twice.statusCode).toBe(409);
  });

  it('refuses a link without its cookie or with a forged one', async () => {
    const owner = await registerUser(t);
    for (const headers of [{}, { cookie: 'lc_social_link=not-a-sealed-token' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/social/link/',
        headers: { ...bearer(owner.access), ...headers },
      });
      expect(res.statusCode).toBe(404);
    }
  });
});
