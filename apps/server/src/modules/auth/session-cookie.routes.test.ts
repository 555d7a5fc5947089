import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResultSchema, detailSchema, meSchema, refreshResultSchema } from '@leadcapture/contracts/auth';
import { PASSWORD, bearer, createTestApp, registerUser, uniqueAddress, type TestApp } from '../../../test/helpers.ts';
import { expectData, expectError, expectValidation, type Response } from '../../../test/envelope.ts';
import { cookieIsSecure } from './session-cookie.ts';

/** The web app's refresh token is an HttpOnly cookie; API clients keep the body (03-decisions §3). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CSRF = { 'x-requested-with': 'fetch' };

function post(url: string, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload, headers, remoteAddress: uniqueAddress() });
}

/** The `lc_refresh` Set-Cookie of an answer, split into its value and attributes. */
function refreshCookie(res: Response): { value: string; attributes: string[] } {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header === undefined ? [] : [header];
  const cookie = all.find((c) => c.startsWith('lc_refresh='));
  expect(cookie, 'lc_refresh Set-Cookie').toBeDefined();
  const [pair = '', ...attributes] = (cookie ?? '').split(';').map((p) => p.trim());
  return { value: pair.slice('lc_refresh='.length), attributes };
}

async function signIn() {
  const reg = await registerUser(t);
  const res = await post('login/', { email: reg.email, password: PASSWORD });
  const data = expectData(authResultSchema, res);
  return { reg, data, cookie: refreshCookie(res) };
}

describe('the session cookie', () => {
  it('is set by login, HttpOnly, Secure, SameSite=Lax and scoped to the auth routes; the body keeps its tokens', async () => {
    const { data, cookie } = await signIn();
    expect(cookie.value).toBe(data.refresh);
    expect(cookie.attributes).toEqual(['Max-Age=604800', 'Path=/api/v1/auth/', 'HttpOnly', 'SameSite=Lax', 'Secure']);
    expect(Object.keys(data).sort()).toEqual(['access', 'organization', 'refresh', 'user']);
  });

  it('is set by registration too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register/',
      remoteAddress: uniqueAddress(),
      payload: {
        first_name: 'Ada',
        last_name: 'L',
        email: `cookie.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`,
        company_name: 'Cookie AB',
        password: PASSWORD,
        password_confirm: PASSWORD,
        terms_accepted: true,
      },
    });
    const data = expectData(authResultSchema, res, 201);
    expect(refreshCookie(res).value).toBe(data.refresh);
  });

  it('refreshes with the cookie and the CSRF header: a new access token, the rotated token in the cookie only', async () => {
    const { reg, cookie } = await signIn();
    const res = await post('refresh/', {}, { cookie: `lc_refresh=${cookie.value}`, ...CSRF });
    const data = expectData(refreshResultSchema, res);
    expect(Object.keys(data)).toEqual(['access']);
    const rotated = refreshCookie(res);
    expect(rotated.value).not.toBe(cookie.value);
    expect(rotated.attributes).toContain('HttpOnly');
    expect(
      expectData(meSchema, await t.app.inject({ method: 'GET', url: '/api/v1/auth/me/', headers: bearer(data.access) }))
        .id,
    ).toBe(reg.user.id);
    // The rotated cookie works in turn; the old one is a reuse, which ends the session and clears the cookie.
    expectData(refreshResultSchema, await post('refresh/', {}, { cookie: `lc_refresh=${rotated.value}`, ...CSRF }));
    const reuse = await post('refresh/', {}, { cookie: `lc_refresh=${cookie.value}`, ...CSRF });
    expectError(reuse, 401, 'TOKEN_INVALID');
    expect(refreshCookie(reuse).attributes).toContain('Max-Age=0');
  });

  it('survives a refresh whose answer never arrived: the previous cookie, sent again at once, rotates again', async () => {
    const { reg, cookie } = await signIn();
    // The page reloads before the answer lands: its rotated cookie is never stored.
    expectData(refreshResultSchema, await post('refresh/', {}, { cookie: `lc_refresh=${cookie.value}`, ...CSRF }));
    const retried = await post('refresh/', {}, { cookie: `lc_refresh=${cookie.value}`, ...CSRF });
    const data = expectData(refreshResultSchema, retried);
    const next = refreshCookie(retried);
    expect(next.value).not.toBe(cookie.value);
    expect(
      expectData(meSchema, await t.app.inject({ method: 'GET', url: '/api/v1/auth/me/', headers: bearer(data.access) }))
        .id,
    ).toBe(reg.user.id);
    expectData(refreshResultSchema, await post('refresh/', {}, { cookie: `lc_refresh=${next.value}`, ...CSRF }));
  });

  it('refuses a cookie-authenticated refresh without the CSRF header, and rotates nothing', async () => {
    const { cookie } = await signIn();
    const error = expectError(
      await post('refresh/', {}, { cookie: `lc_refresh=${cookie.value}` }),
      403,
      'PERMISSION_DENIED',
    );
    expect(error.message).toMatch(/X-Requested-With/);
    expectData(refreshResultSchema, await post('refresh/', {}, { cookie: `lc_refresh=${cookie.value}`, ...CSRF }));
  });

  it('answers 422 when there is neither a body token nor a cookie', async () => {
    expectValidation(await post('refresh/', {}, CSRF), 'refresh');
  });

  it('logs out with the cookie: the session ends and the cookie is cleared', async () => {
    const { data, cookie } = await signIn();
    expectError(
      await post('logout/', {}, { ...bearer(data.access), cookie: `lc_refresh=${cookie.value}` }),
      403,
      'PERMISSION_DENIED',
    );
    const res = await post('logout/', {}, { ...bearer(data.access), cookie: `lc_refresh=${cookie.value}`, ...CSRF });
    expect(expectData(detailSchema, res)).toEqual({ detail: 'Logged out' });
    expect(refreshCookie(res)).toEqual({
      value: '',
      attributes: ['Max-Age=0', 'Path=/api/v1/auth/', 'HttpOnly', 'SameSite=Lax', 'Secure'],
    });
    expectError(await post('refresh/', {}, { cookie: `lc_refresh=${cookie.value}`, ...CSRF }), 401, 'TOKEN_INVALID');
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/v1/auth/me/', headers: bearer(data.access) }),
      401,
      'TOKEN_INVALID',
    );
  });

  it('a body token wins over the cookie (API clients), and answers it rotated in the body', async () => {
    const { data } = await signIn();
    const res = await post('refresh/', { refresh: data.refresh }, { cookie: 'lc_refresh=unrelated' });
    expect(Object.keys(expectData(refreshResultSchema, res)).sort()).toEqual(['access', 'refresh']);
  });
});

describe('Cache-Control on auth answers', () => {
  it('is no-store on sign-in, refresh, me and errors', async () => {
    const { data } = await signIn();
    const answers = [
      await post('login/', { email: 'nobody@example.com', password: 'Wrong-password-1' }),
      await post('refresh/', { refresh: data.refresh }),
      await t.app.inject({ method: 'GET', url: '/api/v1/auth/me/', headers: bearer(data.access) }),
      await t.app.inject({ method: 'GET', url: '/api/v1/auth/me/' }),
    ];
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('cookieIsSecure', () => {
  it.each([
    ['https://leads.example.com', true],
    ['http://localhost:3000', true],
    ['http://127.0.0.1:3000', true],
    ['http://192.168.1.20:3000', false],
    ['http://leads.lan', false],
  ])('%s → %s', (url, secure) => {
    expect(cookieIsSecure(url)).toBe(secure);
  });
});
