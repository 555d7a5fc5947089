import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authResultSchema,
  detailSchema,
  meSchema,
  preferencesSchema,
  refreshResultSchema,
  tokenVerifyResultSchema,
  type AuthResult,
  type Me,
} from '@leadcapture/contracts/auth';
import {
  PASSWORD,
  TEST_JWT_SECRET,
  bearer,
  createTestApp,
  mailsTo,
  registerUser,
  uniqueAddress,
  uniqueEmail,
  type TestApp,
} from '../../../test/helpers.ts';
import { queryRows, type Tx } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { subscriptions } from '../billing/billing.table.ts';
import { THROTTLES } from './auth.service.ts';
import { refreshTokens, userTokens } from './auth.table.ts';
import { REFRESH_REUSE_GRACE_SECONDS, hashToken } from './tokens.ts';
import { expectError, expectData, expectValidation, anyData, type Response } from '../../../test/envelope.ts';

// --- request helpers -------------------------------------------------------------------------

/** The session (`sid`) an access token names. */
function sessionOf(access: string): string {
  const payload = JSON.parse(Buffer.from(access.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sid: string };
  return payload.sid;
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Payload = InjectOptions['payload'];

/** One request to /api/v1/auth/…, from its own client address unless one is given. */
function call(
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  opts: { payload?: Payload; headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<Response> {
  return t.app.inject({
    method,
    url: `/api/v1/auth/${path}`,
    ...(opts.payload === undefined ? {} : { payload: opts.payload }),
    headers: opts.headers ?? {},
    remoteAddress: opts.remoteAddress ?? uniqueAddress(),
  });
}
const post = (path: string, payload: Payload, headers?: Record<string, string>) =>
  call('POST', path, { payload, headers });

function registration(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Ada',
    last_name: 'Lindqvist',
    email: uniqueEmail('reg'),
    company_name: 'Nordic Booths AB',
    password: PASSWORD,
    password_confirm: PASSWORD,
    terms_accepted: true,
    ...overrides,
  };
}

async function login(email: string, password = PASSWORD): Promise<AuthResult> {
  return expectData(authResultSchema, await post('login/', { email, password }));
}

async function getMe(access: string): Promise<Me> {
  return expectData(meSchema, await call('GET', 'me/', { headers: bearer(access) }));
}

/** The token in the link of a mail: `<public url><path>?token=…`. */
function linkToken(mail: MailMessage, linkPath: string): string {
  const escaped = linkPath.replace(/[/.?]/g, (c) => `\\${c}`);
  const match = new RegExp(`http://localhost:3000${escaped}\\?token=([A-Za-z0-9_%-]+)`).exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return decodeURIComponent(match?.[1] ?? '');
}

/**
 * Actions of the audit log for a user that belong to no organisation. The app role can never
 * read those rows (RLS admits only the current tenant's), so this reads them as the session
 * user (a superuser in tests) for one transaction only.
 */
async function authAuditOf(userId: string): Promise<{ action: string; metadata: Record<string, unknown> }[]> {
  return inScope(t.database.db, {}, async (tx: Tx) => {
    await tx.execute(sql`set local role none`);
    return queryRows<{ action: string; metadata: Record<string, unknown> }>(
      tx,
      sql`select action, metadata from audit_logs where user_id = ${userId}`,
    );
  });
}

async function currentRole(): Promise<string | undefined> {
  const [row] = await queryRows<{ current_user: string }>(t.database.db, sql`select current_user`);
  return row?.current_user;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// --- register --------------------------------------------------------------------------------

describe('POST /auth/register/', () => {
  it('creates the user, an organisation named after the company with the user as owner, and a session', async () => {
    const input = registration({
      email: uniqueEmail('Mixed.Case').replace('mixed', 'MIXED'),
      company_name: '  Fika & Leads AB ',
    });
    const res = await post('register/', input);
    const data = expectData(authResultSchema, res, 201);
    expect(Object.keys(data).sort()).toEqual(['access', 'organization', 'refresh', 'user']);
    expect(data.user).toMatchObject({
      email: input.email.toLowerCase(),
      first_name: 'Ada',
      last_name: 'Lindqvist',
      phone: '',
      job_title: '',
      timezone: 'UTC',
      language: 'en',
      email_verified: false,
    });
    expect(data.user.id).toMatch(UUID);
    expect(Date.now() - Date.parse(data.user.date_joined)).toBeLessThan(60_000);
    expect(data.organization).toMatchObject({ name: 'Fika & Leads AB', role: 'owner' });
    expect(data.organization?.slug).toMatch(/^fika-leads-ab/);
    expect(data.access.split('.')).toHaveLength(3);
    expect(data.refresh.length).toBeGreaterThanOrEqual(40);
    // The password never leaves the server in any form.
    expect(res.body).not.toContain(PASSWORD);
    expect(res.body).not.toContain('argon2');

    const me = await getMe(data.access);
    expect(me.id).toBe(data.user.id);
    expect(me.organizations).toEqual([data.organization]);
    expect(me.current_organization).toEqual(data.organization);
  });

  it('starts a 14-day professional trial for the new organisation', async () => {
    const user = await registerUser(t);
    const organizationId = user.organization?.id ?? '';
    const rows = await inScope(t.database.db, { organizationId }, (tx) => tx.select().from(subscriptions));
    expect(rows).toHaveLength(1);
    const [sub] = rows;
    expect(sub).toMatchObject({ organizationId, planId: 'professional', status: 'trialing', cancelAtPeriodEnd: false });
    const trialDays = ((sub?.trialEnd?.getTime() ?? 0) - (sub?.currentPeriodStart.getTime() ?? 0)) / 86_400_000;
    expect(trialDays).toBeCloseTo(14, 3);
    expect(Math.abs((sub?.trialEnd?.getTime() ?? 0) - (Date.now() + 14 * 86_400_000))).toBeLessThan(120_000);
  });

  it('records organization.created and membership.created in the organisation’s audit log', async () => {
    const user = await registerUser(t);
    const organizationId = user.organization?.id ?? '';
    const rows = await inScope(t.database.db, { organizationId }, (tx) =>
      queryRows<{ action: string; user_id: string }>(
        tx,
        sql`select action, user_id from audit_logs where organization_id = ${organizationId} order by action`,
      ),
    );
    expect(rows).toEqual([
      { action: 'membership.created', user_id: user.user.id },
      { action: 'organization.created', user_id: user.user.id },
    ]);
  });

  it('answers 422 with a message per missing field', async () => {
    const details = expectValidation(
      await post('register/', {}),
      'first_name',
      'last_name',
      'email',
      'company_name',
      'password',
      'password_confirm',
      'terms_accepted',
    );
    expect(details.first_name).toEqual(['This field is required']);
    expect(details.email).toEqual(['This field is required']);
    expect(details.password).toEqual(['This field is required']);
  });

  it('answers 422 for blank names (whitespace is not a value)', async () => {
    const details = expectValidation(
      await post('register/', registration({ first_name: '   ', company_name: '' })),
      'first_name',
      'company_name',
    );
    expect(details.first_name).toEqual(['This field is required']);
  });

  it('answers 422 for an invalid email', async () => {
    const details = expectValidation(await post('register/', registration({ email: 'not-an-email' })), 'email');
    expect(details.email).toEqual(['Enter a valid email address']);
    expect(Object.keys(details)).toEqual(['email']);
  });

  it.each([
    ['no digit', 'BoothLeadsNoDigit', 'Password must contain uppercase, lowercase and numbers'],
    ['no uppercase', 'booth2026leads', 'Password must contain uppercase, lowercase and numbers'],
    ['no lowercase', 'BOOTH2026LEADS', 'Password must contain uppercase, lowercase and numbers'],
    ['too short', 'Bo0th', 'Password must be at least 8 characters'],
    ['longer than 128', `Aa1${'x'.repeat(126)}`, 'Password must be at most 128 characters'],
  ])('answers 422 for a weak password (%s)', async (_why, password, message) => {
    const details = expectValidation(
      await post('register/', registration({ password, password_confirm: password })),
      'password',
    );
    expect(details.password).toContain(message);
  });

  it('accepts a password of exactly 128 characters', async () => {
    const password = `Aa1${'x'.repeat(125)}`;
    expect(password).toHaveLength(128);
    expectData(authResultSchema, await post('register/', registration({ password, password_confirm: password })), 201);
  });

  it('answers 422 for a common password, compared case-insensitively', async () => {
    const list = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8').split('\n');
    expect(list).toContain('password1');
    expect(list).not.toContain('Password1');
    const email = uniqueEmail('common');
    const details = expectValidation(
      await post('register/', registration({ email, password: 'Password1', password_confirm: 'Password1' })),
      'password',
    );
    expect(details.password).toEqual(['This password is too common or easy to guess. Choose another one.']);
    // Nothing was written: the email is still free.
    expectData(authResultSchema, await post('register/', registration({ email })), 201);
  });

  it.each(['Password1!', 'Passw0rd!', 'Summer2026!', 'P@ssword123'])(
    'answers 422 for %s, a common password that fits the rules once decorated',
    async (password) => {
      const details = expectValidation(
        await post('register/', registration({ password, password_confirm: password })),
        'password',
      );
      expect(details.password).toEqual(['This password is too common or easy to guess. Choose another one.']);
    },
  );

  it('answers 422 for a password that is the email’s local part', async () => {
    const local = `Booth${Math.random().toString(36).slice(2, 8)}X1`;
    const details = expectValidation(
      await post(
        'register/',
        registration({ email: `${local}@example.com`, password: local, password_confirm: local }),
      ),
      'password',
    );
    expect(details.password).toEqual(['This password is too common or easy to guess. Choose another one.']);
  });

  it('answers 422 when the confirmation does not match', async () => {
    const details = expectValidation(
      await post('register/', registration({ password_confirm: `${PASSWORD}x` })),
      'password_confirm',
    );
    expect(details.password_confirm).toEqual(['Passwords do not match']);
  });

  it.each([false, 'true', undefined])('answers 422 when the terms are not accepted (%s)', async (terms) => {
    const details = expectValidation(
      await post('register/', registration({ terms_accepted: terms })),
      'terms_accepted',
    );
    expect(details.terms_accepted).toEqual(['You must agree to the terms and conditions']);
  });

  it('answers 409 CONFLICT for an email that is taken, whatever its case', async () => {
    const email = uniqueEmail('dup');
    expectData(authResultSchema, await post('register/', registration({ email })), 201);
    const again = expectError(await post('register/', registration({ email })), 409, 'CONFLICT');
    expect(again.details).toEqual({ email: ['A user with this email already exists.'] });
    const upper = expectError(await post('register/', registration({ email: email.toUpperCase() })), 409, 'CONFLICT');
    expect(upper.details).toHaveProperty('email');
    // The first account is untouched.
    await login(email);
  });
});

// --- login -----------------------------------------------------------------------------------

describe('POST /auth/login/', () => {
  it('answers the user, the current organisation and a new session', async () => {
    const reg = await registerUser(t);
    const res = await post('login/', { email: reg.email.toUpperCase(), password: PASSWORD });
    const data = expectData(authResultSchema, res);
    expect(Object.keys(data).sort()).toEqual(['access', 'organization', 'refresh', 'user']);
    expect(data.user.id).toBe(reg.user.id);
    expect(data.user.email).toBe(reg.email);
    expect(data.organization).toEqual(reg.organization);
    expect(data.refresh).not.toBe(reg.refresh);
    expect((await getMe(data.access)).id).toBe(reg.user.id);
  });

  it('answers the same 401 INVALID_CREDENTIALS for a wrong password and an unknown email', async () => {
    const reg = await registerUser(t);
    const wrong = expectError(
      await post('login/', { email: reg.email, password: 'Wrong-password-1' }),
      401,
      'INVALID_CREDENTIALS',
    );
    const unknown = expectError(
      await post('login/', { email: uniqueEmail('nobody'), password: PASSWORD }),
      401,
      'INVALID_CREDENTIALS',
    );
    expect(wrong).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
    expect(unknown).toEqual(wrong);
  });

  it('answers 422 for a password shorter than 6 characters and for a missing email', async () => {
    const reg = await registerUser(t);
    const details = expectValidation(await post('login/', { email: reg.email, password: 'Ab1' }), 'password');
    expect(details.password).toEqual(['Password must be at least 6 characters']);
    expectValidation(await post('login/', { password: PASSWORD }), 'email');
  });

  it('records successful and failed sign-ins in the audit log, in the organisation they open', async () => {
    const reg = await registerUser(t);
    await login(reg.email);
    expectError(await post('login/', { email: reg.email, password: 'Wrong-password-1' }), 401, 'INVALID_CREDENTIALS');

    const rows = await authAuditOf(reg.user.id);
    expect(await currentRole()).toBe('leadcapture_app');
    const actions = rows.map((r) => r.action);
    expect(actions).toContain('auth.registered');
    expect(actions).toContain('auth.login');
    const failed = rows.filter((r) => r.action === 'auth.login_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.metadata).toMatchObject({ email: reg.email, reason: 'bad_password' });

    // The organisation's own view (its owners', issue 29) shows the sign-ins into it; other
    // authentication events of the account (registration) stay outside every tenant.
    const organizationId = reg.organization?.id ?? '';
    const visible = await inScope(t.database.db, { organizationId }, (tx) =>
      queryRows<{ action: string }>(
        tx,
        sql`select action from audit_logs where user_id = ${reg.user.id} and action like 'auth.%' order by action`,
      ),
    );
    expect(visible.map((r) => r.action)).toEqual(['auth.login', 'auth.login_failed']);
  });

  it('cannot be turned against the owner: wrong passwords from anyone never lock the account', async () => {
    const victim = await registerUser(t);
    const attacker = uniqueAddress();
    // Eleven wrong passwords from one address, and eleven more from eleven other addresses.
    for (let i = 0; i < 11; i++) {
      const res = await call('POST', 'login/', {
        payload: { email: victim.email, password: `Wrong-password-${i}` },
        remoteAddress: attacker,
      });
      expect([401, 429]).toContain(res.statusCode);
      expectError(
        await post('login/', { email: victim.email, password: `Wrong-password-${i}` }),
        401,
        'INVALID_CREDENTIALS',
      );
    }
    // The owner, from their own address, signs in at once.
    expect((await login(victim.email)).user.id).toBe(victim.user.id);
  });

  it('slows down guesses from one address with growing waits (429 + Retry-After), not a lock', async () => {
    const victim = await registerUser(t);
    const address = uniqueAddress();
    const attempt = (password: string) =>
      call('POST', 'login/', { payload: { email: victim.email, password }, remoteAddress: address });
    // Five free failures, then each failure holds the address back: 1 s after the sixth.
    for (let i = 0; i < 6; i++) expectError(await attempt(`Wrong-password-${i}`), 401, 'INVALID_CREDENTIALS');
    const held = await attempt(PASSWORD);
    const error = expectError(held, 429, 'RATE_LIMITED');
    expect(held.headers['retry-after']).toBe('1');
    expect(error.details).toEqual({ retry_after: 1 });
    // Also when the email is written in another case.
    expectError(
      await call('POST', 'login/', {
        payload: { email: victim.email.toUpperCase(), password: PASSWORD },
        remoteAddress: address,
      }),
      429,
      'RATE_LIMITED',
    );
    // The wait passes: the right password from the same address works again.
    await new Promise((r) => setTimeout(r, 1100));
    expectData(authResultSchema, await attempt(PASSWORD));
  });

  it('doubles the wait with each further failure, up to five minutes', async () => {
    const victim = await registerUser(t);
    const address = uniqueAddress();
    const store = t.app.deps.throttle;
    const pair = `${victim.email}|${address}`;
    for (let i = 0; i < 12; i++) await store.record(THROTTLES.loginFailuresPerAccountAddress, pair);
    const res = await call('POST', 'login/', {
      payload: { email: victim.email, password: 'Wrong-password-x' },
      remoteAddress: address,
    });
    expectError(res, 401, 'INVALID_CREDENTIALS');
    // The thirteenth failure: 2^(13-5-1) = 128 s.
    const held = await call('POST', 'login/', {
      payload: { email: victim.email, password: PASSWORD },
      remoteAddress: address,
    });
    expectError(held, 429, 'RATE_LIMITED');
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(120);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(128);
  });

  it('stops one address trying passwords across many accounts (20 failures per 15 minutes)', async () => {
    const address = uniqueAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await call('POST', 'login/', {
        payload: { email: uniqueEmail(`spray${i}`), password: 'Password1!' },
        remoteAddress: address,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
    // Other addresses are not affected.
    const reg = await registerUser(t);
    expect((await login(reg.email)).user.id).toBe(reg.user.id);
  });

  it('clears the failure count after a successful sign-in', async () => {
    const reg = await registerUser(t);
    for (let i = 0; i < 9; i++) {
      expectError(
        await post('login/', { email: reg.email, password: `Wrong-password-${i}` }),
        401,
        'INVALID_CREDENTIALS',
      );
    }
    await login(reg.email);
    for (let i = 0; i < 9; i++) {
      expectError(
        await post('login/', { email: reg.email, password: `Wrong-password-${i}` }),
        401,
        'INVALID_CREDENTIALS',
      );
    }
    await login(reg.email);
  });
});

// --- refresh and logout ----------------------------------------------------------------------

describe('POST /auth/refresh/', () => {
  it('rotates: answers a new access and a new refresh token', async () => {
    const reg = await registerUser(t);
    const data = expectData(refreshResultSchema, await post('refresh/', { refresh: reg.refresh }));
    expect(Object.keys(data).sort()).toEqual(['access', 'refresh']);
    expect(data.refresh).not.toBe(reg.refresh);
    expect((await getMe(data.access)).id).toBe(reg.user.id);
    // The rotated token rotates again.
    expectData(refreshResultSchema, await post('refresh/', { refresh: data.refresh }));
  });

  it('treats a reused refresh token as stolen once its successor was used: refused, and its whole family is revoked', async () => {
    const reg = await registerUser(t);
    const other = await login(reg.email); // another session of the same user
    const rotated = expectData(refreshResultSchema, await post('refresh/', { refresh: reg.refresh }));
    const next = expectData(refreshResultSchema, await post('refresh/', { refresh: rotated.refresh }));

    // Within the grace still, but the successor was presented: the old token is a copy.
    const reuse = expectError(await post('refresh/', { refresh: reg.refresh }), 401, 'TOKEN_INVALID');
    expect(reuse.message).toMatch(/already used/);
    expectError(await post('refresh/', { refresh: next.refresh }), 401, 'TOKEN_INVALID');
    // The user's other session is a different family and keeps working.
    expectData(refreshResultSchema, await post('refresh/', { refresh: other.refresh }));

    const audit = await authAuditOf(reg.user.id);
    expect(audit.map((r) => r.action)).toContain('auth.refresh_reuse_detected');
  });

  it('rotates a used token again within the grace while its successor was never presented (a lost answer)', async () => {
    const reg = await registerUser(t);
    const lost = expectData(refreshResultSchema, await post('refresh/', { refresh: reg.refresh }));
    // The answer never arrived: the client still holds the first token and presents it again.
    const retried = expectData(refreshResultSchema, await post('refresh/', { refresh: reg.refresh }));
    expect(retried.refresh).not.toBe(lost.refresh);
    expect((await getMe(retried.access)).id).toBe(reg.user.id);
    const onward = expectData(refreshResultSchema, await post('refresh/', { refresh: retried.refresh }));
    const audit = await authAuditOf(reg.user.id);
    expect(audit.filter((r) => r.action === 'auth.token_refreshed' && r.metadata.within_grace === true)).toHaveLength(
      1,
    );
    expect(audit.map((r) => r.action)).not.toContain('auth.refresh_reuse_detected');

    // The successor whose answer was lost was retired: presented after all, it reads as reuse.
    expectError(await post('refresh/', { refresh: lost.refresh }), 401, 'TOKEN_INVALID');
    expectError(await post('refresh/', { refresh: onward.refresh }), 401, 'TOKEN_INVALID');
    expect((await authAuditOf(reg.user.id)).map((r) => r.action)).toContain('auth.refresh_reuse_detected');
  });

  it('revokes the family when a used token comes back after the grace, its successor unused', async () => {
    const reg = await registerUser(t);
    const rotated = expectData(refreshResultSchema, await post('refresh/', { refresh: reg.refresh }));
    await t.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - (REFRESH_REUSE_GRACE_SECONDS + 1) * 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(reg.refresh)));
    const reuse = expectError(await post('refresh/', { refresh: reg.refresh }), 401, 'TOKEN_INVALID');
    expect(reuse.message).toMatch(/already used/);
    expectError(await post('refresh/', { refresh: rotated.refresh }), 401, 'TOKEN_INVALID');
  });

  it('answers 401 TOKEN_INVALID for an unknown token and 422 for an empty one', async () => {
    expectError(await post('refresh/', { refresh: 'garbage-token' }), 401, 'TOKEN_INVALID');
    expectError(await post('refresh/', { refresh: randomUUID() }), 401, 'TOKEN_INVALID');
    expectValidation(await post('refresh/', { refresh: '' }), 'refresh');
    expectValidation(await post('refresh/', {}), 'refresh');
  });

  it('does not accept an access token as a refresh token', async () => {
    const reg = await registerUser(t);
    expectError(await post('refresh/', { refresh: reg.access }), 401, 'TOKEN_INVALID');
  });
});

describe('POST /auth/logout/', () => {
  it('needs a bearer token', async () => {
    const reg = await registerUser(t);
    expectError(await post('logout/', { refresh: reg.refresh }), 401, 'NOT_AUTHENTICATED');
    // Nothing happened: the session still refreshes.
    expectData(refreshResultSchema, await post('refresh/', { refresh: reg.refresh }));
  });

  it('ends the session of the refresh token', async () => {
    const reg = await registerUser(t);
    const res = await post('logout/', { refresh: reg.refresh }, bearer(reg.access));
    expect(expectData(detailSchema, res)).toEqual({ detail: 'Logged out' });
    expectError(await post('refresh/', { refresh: reg.refresh }), 401, 'TOKEN_INVALID');
  });

  it('cannot end another user’s session', async () => {
    const alice = await registerUser(t);
    const mallory = await registerUser(t);
    expectData(detailSchema, await post('logout/', { refresh: alice.refresh }, bearer(mallory.access)));
    expectData(refreshResultSchema, await post('refresh/', { refresh: alice.refresh }));
  });
});

// --- access tokens ---------------------------------------------------------------------------

describe('POST /auth/token/verify/', () => {
  const key = new TextEncoder().encode(TEST_JWT_SECRET);

  /** A token for the session `reg` signed in with, crafted with the test secret. */
  function accessToken(
    reg: AuthResult,
    opts: { exp?: number; iat?: number; iss?: string; aud?: string; typ?: string; secret?: Uint8Array } = {},
  ) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ sid: sessionOf(reg.access), typ: opts.typ ?? 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(reg.user.id)
      .setIssuer(opts.iss ?? 'leadcapture')
      .setAudience(opts.aud ?? 'leadcapture-api')
      .setIssuedAt(opts.iat ?? now)
      .setExpirationTime(opts.exp ?? now + 600)
      .sign(opts.secret ?? key);
  }

  it('answers 200 with the user id for a valid token', async () => {
    const reg = await registerUser(t);
    const data = expectData(tokenVerifyResultSchema, await post('token/verify/', { token: reg.access }));
    expect(data.valid).toBe(true);
    expect(data.user_id).toBe(reg.user.id);
    const now = Date.now() / 1000;
    expect(data.exp).toBeGreaterThan(now + 800);
    expect(data.exp).toBeLessThanOrEqual(now + 901);
  });

  it('accepts a token crafted with the test secret (so the refusals below are about the flaw alone)', async () => {
    const reg = await registerUser(t);
    const token = await accessToken(reg);
    expect(expectData(tokenVerifyResultSchema, await post('token/verify/', { token })).user_id).toBe(reg.user.id);
    expect((await getMe(token)).id).toBe(reg.user.id);
  });

  it('refuses a token whose signature was tampered with', async () => {
    const reg = await registerUser(t);
    const [header, payload, signature = ''] = reg.access.split('.');
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    expectError(await post('token/verify/', { token: `${header}.${payload}.${flipped}` }), 401, 'TOKEN_INVALID');
  });

  it('refuses a token whose payload was changed (another user id)', async () => {
    const reg = await registerUser(t);
    const other = await registerUser(t);
    const [header, payload = '', signature] = reg.access.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: other.user.id })).toString('base64url');
    const token = `${header}.${forged}.${signature}`;
    expectError(await post('token/verify/', { token }), 401, 'TOKEN_INVALID');
    expectError(await call('GET', 'me/', { headers: bearer(token) }), 401, 'TOKEN_INVALID');
  });

  it('refuses an unsigned token (alg "none")', async () => {
    const reg = await registerUser(t);
    const now = Math.floor(Date.now() / 1000);
    const token = new UnsecuredJWT({ sid: randomUUID(), typ: 'access' })
      .setSubject(reg.user.id)
      .setIssuer('leadcapture')
      .setAudience('leadcapture-api')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .encode();
    expect(JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8'))).toEqual({ alg: 'none' });
    expectError(await post('token/verify/', { token }), 401, 'TOKEN_INVALID');
    expectError(await call('GET', 'me/', { headers: bearer(token) }), 401, 'TOKEN_INVALID');
  });

  it('refuses a token signed with another secret', async () => {
    const reg = await registerUser(t);
    const token = await accessToken(reg, {
      secret: new TextEncoder().encode('another-secret-that-is-long-enough-0123456789'),
    });
    expectError(await post('token/verify/', { token }), 401, 'TOKEN_INVALID');
    expectError(await call('GET', 'me/', { headers: bearer(token) }), 401, 'TOKEN_INVALID');
  });

  it('refuses an expired token', async () => {
    const reg = await registerUser(t);
    const now = Math.floor(Date.now() / 1000);
    const token = await accessToken(reg, { iat: now - 3600, exp: now - 60 });
    const error = expectError(await post('token/verify/', { token }), 401, 'TOKEN_INVALID');
    expect(error.message).toBe('Token has expired');
    expectError(await call('GET', 'me/', { headers: bearer(token) }), 401, 'TOKEN_INVALID');
  });

  it.each([
    ['another issuer', { iss: 'someone-else' }],
    ['another audience', { aud: 'another-api' }],
    ['not an access token', { typ: 'refresh' }],
  ])('refuses a token with %s', async (_why, opts) => {
    const reg = await registerUser(t);
    const token = await accessToken(reg, opts);
    expectError(await post('token/verify/', { token }), 401, 'TOKEN_INVALID');
  });

  it('refuses garbage and answers 422 for a missing token', async () => {
    expectError(await post('token/verify/', { token: 'not.a.jwt' }), 401, 'TOKEN_INVALID');
    expectError(await post('token/verify/', { token: 'garbage' }), 401, 'TOKEN_INVALID');
    expectValidation(await post('token/verify/', {}), 'token');
  });
});

// --- the signed-in user ----------------------------------------------------------------------

describe('GET and PATCH /auth/me/', () => {
  it('answers the user fields, organisations with roles and the current organisation', async () => {
    const reg = await registerUser(t);
    const me = await getMe(reg.access);
    expect(Object.keys(me).sort()).toEqual(
      [
        'current_organization',
        'date_joined',
        'email',
        'email_verified',
        'first_name',
        'id',
        'job_title',
        'language',
        'last_name',
        'onboarding_completed',
        'organizations',
        'phone',
        'timezone',
      ].sort(),
    );
    expect(me).toMatchObject({ id: reg.user.id, email: reg.email, email_verified: false, onboarding_completed: false });
    expect(me.organizations).toEqual([
      { id: reg.organization?.id, name: reg.organization?.name, slug: reg.organization?.slug, role: 'owner' },
    ]);
    expect(me.current_organization?.id).toBe(reg.organization?.id);
  });

  it('changes the whitelisted fields', async () => {
    const reg = await registerUser(t);
    const changes = {
      first_name: 'Astrid',
      last_name: 'Berg',
      phone: '+46 70 123 45 67',
      job_title: 'Head of Events',
      timezone: 'Europe/Stockholm',
      language: 'sv',
    };
    const updated = expectData(meSchema, await call('PATCH', 'me/', { payload: changes, headers: bearer(reg.access) }));
    expect(updated).toMatchObject(changes);
    expect(await getMe(reg.access)).toMatchObject({ ...changes, email: reg.email });
  });

  it('changes one field and leaves the others', async () => {
    const reg = await registerUser(t);
    expectData(meSchema, await call('PATCH', 'me/', { payload: { job_title: 'CTO' }, headers: bearer(reg.access) }));
    expect(await getMe(reg.access)).toMatchObject({
      job_title: 'CTO',
      first_name: 'Ada',
      last_name: 'Lindqvist',
      timezone: 'UTC',
    });
  });

  it.each([
    ['email', { email: 'new@example.com' }],
    ['id', { id: randomUUID() }],
    ['an unknown field', { is_staff: true }],
    ['email_verified', { email_verified: true }],
  ])('answers 422 for %s (the schema is strict) and changes nothing', async (_what, payload) => {
    const reg = await registerUser(t);
    expectError(
      await call('PATCH', 'me/', { payload: { ...payload, first_name: 'Changed' }, headers: bearer(reg.access) }),
      422,
      'VALIDATION_ERROR',
    );
    expect(await getMe(reg.access)).toMatchObject({
      id: reg.user.id,
      email: reg.email,
      first_name: 'Ada',
      email_verified: false,
    });
  });

  it.each([
    ['timezone', { timezone: 'Mars/Olympus_Mons' }],
    ['language', { language: 'xx' }],
    ['phone', { phone: 'call me maybe' }],
    ['first_name', { first_name: '' }],
    ['job_title', { job_title: 'x'.repeat(151) }],
  ])('answers 422 for an invalid %s', async (field, payload) => {
    const reg = await registerUser(t);
    expectValidation(await call('PATCH', 'me/', { payload, headers: bearer(reg.access) }), field);
  });
});

describe('PATCH /auth/preferences/', () => {
  it('sets the language', async () => {
    const reg = await registerUser(t);
    const res = await call('PATCH', 'preferences/', { payload: { language: 'sv' }, headers: bearer(reg.access) });
    expect(expectData(preferencesSchema, res)).toEqual({ language: 'sv' });
    expect((await getMe(reg.access)).language).toBe('sv');
  });

  it('answers 422 for an unknown language or field', async () => {
    const reg = await registerUser(t);
    expectValidation(
      await call('PATCH', 'preferences/', { payload: { language: 'xx' }, headers: bearer(reg.access) }),
      'language',
    );
    expectError(
      await call('PATCH', 'preferences/', { payload: { language: 'sv', theme: 'dark' }, headers: bearer(reg.access) }),
      422,
      'VALIDATION_ERROR',
    );
    expect((await getMe(reg.access)).language).toBe('en');
  });
});

describe('the language shown by /auth/me/', () => {
  it('changes at once after PATCH /auth/preferences/ and PATCH /auth/me/, though /auth/me/ is cached', async () => {
    const reg = await registerUser(t);
    // Read first, so the answer is in the /auth/me/ cache when the language changes.
    expect((await getMe(reg.access)).language).toBe('en');
    expectData(
      preferencesSchema,
      await call('PATCH', 'preferences/', { payload: { language: 'sv' }, headers: bearer(reg.access) }),
    );
    expect((await getMe(reg.access)).language).toBe('sv');
    const patched = expectData(
      meSchema,
      await call('PATCH', 'me/', { payload: { language: 'de' }, headers: bearer(reg.access) }),
    );
    expect(patched.language).toBe('de');
    expect((await getMe(reg.access)).language).toBe('de');
  });
});

describe('POST /auth/switch-organization/', () => {
  it('answers 404 for an organisation the user does not belong to, and changes nothing', async () => {
    const reg = await registerUser(t);
    const other = await registerUser(t);
    const error = expectError(
      await post('switch-organization/', { organization_id: other.organization?.id }, bearer(reg.access)),
      404,
      'NOT_FOUND',
    );
    expect(error.message).toBe('Organization not found');
    expectError(
      await post('switch-organization/', { organization_id: randomUUID() }, bearer(reg.access)),
      404,
      'NOT_FOUND',
    );
    expectValidation(
      await post('switch-organization/', { organization_id: 'not-a-uuid' }, bearer(reg.access)),
      'organization_id',
    );
    expect((await getMe(reg.access)).current_organization?.id).toBe(reg.organization?.id);
  });

  it('switches to the user’s own organisation', async () => {
    const reg = await registerUser(t);
    const me = expectData(
      meSchema,
      await post('switch-organization/', { organization_id: reg.organization?.id }, bearer(reg.access)),
    );
    expect(me.current_organization?.id).toBe(reg.organization?.id);
  });
});

// --- passwords -------------------------------------------------------------------------------

describe('POST /auth/change-password/', () => {
  const NEW_PASSWORD = 'Fresh2026Booth';
  const change = (access: string, body: Record<string, unknown>) => post('change-password/', body, bearer(access));

  it('needs a bearer token', async () => {
    expectError(
      await post('change-password/', {
        current_password: PASSWORD,
        new_password: NEW_PASSWORD,
        new_password_confirm: NEW_PASSWORD,
      }),
      401,
      'NOT_AUTHENTICATED',
    );
  });

  it('answers 422 on current_password when it is wrong', async () => {
    const reg = await registerUser(t);
    const details = expectValidation(
      await change(reg.access, {
        current_password: 'Wrong-password-1',
        new_password: NEW_PASSWORD,
        new_password_confirm: NEW_PASSWORD,
      }),
      'current_password',
    );
    expect(details.current_password).toEqual(['Current password is incorrect']);
    await login(reg.email); // unchanged
  });

  it.each([
    [
      'a mismatched confirmation',
      { new_password: NEW_PASSWORD, new_password_confirm: 'Other2026Booth' },
      'new_password_confirm',
    ],
    ['a weak new password', { new_password: 'weak', new_password_confirm: 'weak' }, 'new_password'],
    ['a common new password', { new_password: 'Password1', new_password_confirm: 'Password1' }, 'new_password'],
    [
      'a decorated common new password',
      { new_password: 'Passw0rd!', new_password_confirm: 'Passw0rd!' },
      'new_password',
    ],
    ['the same password', { new_password: PASSWORD, new_password_confirm: PASSWORD }, 'new_password'],
  ])('answers 422 for %s', async (_why, body, field) => {
    const reg = await registerUser(t);
    expectValidation(await change(reg.access, { current_password: PASSWORD, ...body }), field);
    await login(reg.email);
  });

  it('changes the password, keeps the calling session and ends the others', async () => {
    const reg = await registerUser(t); // session A: the caller
    const other = await login(reg.email); // session B
    const res = await change(reg.access, {
      current_password: PASSWORD,
      new_password: NEW_PASSWORD,
      new_password_confirm: NEW_PASSWORD,
    });
    expect(expectData(detailSchema, res)).toEqual({ detail: 'Password changed' });

    expectData(refreshResultSchema, await post('refresh/', { refresh: reg.refresh }));
    expectError(await post('refresh/', { refresh: other.refresh }), 401, 'TOKEN_INVALID');
    expectError(await post('login/', { email: reg.email, password: PASSWORD }), 401, 'INVALID_CREDENTIALS');
    expect((await login(reg.email, NEW_PASSWORD)).user.id).toBe(reg.user.id);

    expect((await authAuditOf(reg.user.id)).map((r) => r.action)).toContain('auth.password_changed');
  });
});

describe('password reset', () => {
  const NEW_PASSWORD = 'Reset2026Booth';
  const resetMails = async (email: string, atLeast = 1) =>
    (await mailsTo(t, email, { atLeast })).filter((m) => /reset-password/.test(m.text));
  const confirm = (token: string, password = NEW_PASSWORD) =>
    post('password/reset/confirm/', { token, password, password_confirm: password });

  it('answers the same for a known and an unknown email, and mails only the known one', async () => {
    const reg = await registerUser(t);
    const unknown = uniqueEmail('ghost');
    const known = await post('password/reset/', { email: reg.email });
    const other = await post('password/reset/', { email: unknown });
    const a = expectData(detailSchema, known);
    const b = expectData(detailSchema, other);
    expect(a).toEqual(b);
    expect(a.detail).toBe('If an account exists for this email, we have sent instructions to reset the password.');

    const mails = await resetMails(reg.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Reset your password');
    expect(mails[0]?.text).toMatch(/http:\/\/localhost:3000\/auth\/reset-password\?token=[\w%-]+/);
    expect(mails[0]?.html).toContain('http://localhost:3000/auth/reset-password?token=');
    expect(await mailsTo(t, unknown, { atLeast: 0 })).toEqual([]);
  });

  it('sets the new password with the mailed token and ends every session', async () => {
    const reg = await registerUser(t);
    const other = await login(reg.email);
    expectData(anyData, await post('password/reset/', { email: reg.email }));
    const [mail] = await resetMails(reg.email);
    expect(mail).toBeDefined();
    const token = linkToken(mail as MailMessage, '/auth/reset-password');

    expect(expectData(detailSchema, await confirm(token))).toEqual({
      detail: 'Password has been reset. Please sign in.',
    });
    expectError(await post('login/', { email: reg.email, password: PASSWORD }), 401, 'INVALID_CREDENTIALS');
    const session = await login(reg.email, NEW_PASSWORD);
    expectError(await post('refresh/', { refresh: reg.refresh }), 401, 'TOKEN_INVALID');
    expectError(await post('refresh/', { refresh: other.refresh }), 401, 'TOKEN_INVALID');
    // The mailbox was proven, so the address counts as verified.
    expect((await getMe(session.access)).email_verified).toBe(true);

    // The token is single-use.
    const again = expectValidation(await confirm(token, 'Another2026Booth'), 'token');
    expect(again.token).toEqual(['Reset link is invalid or has expired']);
    await login(reg.email, NEW_PASSWORD);
  });

  it('keeps the token usable when the new password is refused', async () => {
    const reg = await registerUser(t);
    expectData(anyData, await post('password/reset/', { email: reg.email }));
    const [mail] = await resetMails(reg.email);
    const token = linkToken(mail as MailMessage, '/auth/reset-password');
    expectValidation(await confirm(token, 'Password1'), 'password');
    expectValidation(await confirm(token, 'Password1!'), 'password');
    expectValidation(
      await post('password/reset/confirm/', { token, password: NEW_PASSWORD, password_confirm: 'Mismatch2026' }),
      'password_confirm',
    );
    expectData(anyData, await confirm(token));
    await login(reg.email, NEW_PASSWORD);
  });

  it('refuses a token older than one hour', async () => {
    const reg = await registerUser(t);
    expectData(anyData, await post('password/reset/', { email: reg.email }));
    const [mail] = await resetMails(reg.email);
    const token = linkToken(mail as MailMessage, '/auth/reset-password');
    const aged = await inScope(t.database.db, {}, (tx) =>
      tx
        .update(userTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(and(eq(userTokens.userId, reg.user.id), eq(userTokens.purpose, 'password_reset')))
        .returning({ id: userTokens.id }),
    );
    expect(aged).toHaveLength(1);
    expectValidation(await confirm(token), 'token');
    await login(reg.email); // the old password still works
  });

  it('issues one valid link at a time: a newer request voids the older link', async () => {
    const reg = await registerUser(t);
    expectData(anyData, await post('password/reset/', { email: reg.email }));
    const [first] = await resetMails(reg.email);
    expectData(anyData, await post('password/reset/', { email: reg.email }));
    const mails = await resetMails(reg.email, 2);
    expect(mails).toHaveLength(2);
    const oldToken = linkToken(first as MailMessage, '/auth/reset-password');
    const newToken = linkToken(mails[1] as MailMessage, '/auth/reset-password');
    expect(newToken).not.toBe(oldToken);
    expectValidation(await confirm(oldToken), 'token');
    expectData(anyData, await confirm(newToken));
  });

  it('refuses garbage tokens with 422 on token', async () => {
    expectValidation(await confirm('not-a-real-token'), 'token');
    expectValidation(
      await post('password/reset/confirm/', { password: NEW_PASSWORD, password_confirm: NEW_PASSWORD }),
      'token',
    );
  });

  it('mails a Swedish user in Swedish with a link under /sv', async () => {
    const reg = await registerUser(t, { language: 'sv' });
    expectData(anyData, await post('password/reset/', { email: reg.email }));
    const mails = await resetMails(reg.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Återställ ditt lösenord');
    expect(mails[0]?.text).toContain('Hej Ada,');
    const token = linkToken(mails[0] as MailMessage, '/sv/auth/reset-password');
    expectData(anyData, await confirm(token));
  });

  it('limits reset requests per account (429 with Retry-After)', async () => {
    const reg = await registerUser(t);
    for (let i = 0; i < 3; i++) expectData(anyData, await post('password/reset/', { email: reg.email }));
    const res = await post('password/reset/', { email: reg.email });
    expectError(res, 429, 'RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 422 for an invalid email', async () => {
    expectValidation(await post('password/reset/', { email: 'nope' }), 'email');
  });
});

describe('email verification', () => {
  const verifyMails = async (email: string, atLeast = 1) =>
    (await mailsTo(t, email, { atLeast })).filter((m) => /verify-email/.test(m.text));

  it('mails a verification link at registration; the token verifies once', async () => {
    const reg = await registerUser(t);
    const mails = await verifyMails(reg.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Confirm your email address');
    const token = linkToken(mails[0] as MailMessage, '/auth/verify-email');
    expect((await getMe(reg.access)).email_verified).toBe(false);

    expect(expectData(detailSchema, await post('verify-email/', { token }))).toEqual({
      detail: 'Email address verified',
    });
    expect((await getMe(reg.access)).email_verified).toBe(true);

    const reuse = expectValidation(await post('verify-email/', { token }), 'token');
    expect(reuse.token).toEqual(['Verification failed. The link may have expired or is invalid.']);
    expect((await getMe(reg.access)).email_verified).toBe(true);
  });

  it('resends to an unverified user; the older link stops working', async () => {
    const reg = await registerUser(t);
    const [first] = await verifyMails(reg.email);
    const oldToken = linkToken(first as MailMessage, '/auth/verify-email');

    const res = await post('resend-verification/', { email: reg.email });
    const mails = await verifyMails(reg.email, 2);
    expect(mails).toHaveLength(2);
    const newToken = linkToken(mails[1] as MailMessage, '/auth/verify-email');
    expect(newToken).not.toBe(oldToken);

    expectValidation(await post('verify-email/', { token: oldToken }), 'token');
    expect((await getMe(reg.access)).email_verified).toBe(false);
    expectData(anyData, await post('verify-email/', { token: newToken }));
    expect((await getMe(reg.access)).email_verified).toBe(true);

    // The same answer for an unknown email, and nothing is mailed there.
    const unknown = uniqueEmail('ghost');
    const other = await post('resend-verification/', { email: unknown });
    expect(expectData(detailSchema, other)).toEqual(expectData(detailSchema, res));
    expect(await mailsTo(t, unknown, { atLeast: 0 })).toEqual([]);
  });

  it('sends nothing to a user who is already verified', async () => {
    const reg = await registerUser(t);
    const [first] = await verifyMails(reg.email);
    expectData(anyData, await post('verify-email/', { token: linkToken(first as MailMessage, '/auth/verify-email') }));
    expectData(anyData, await post('resend-verification/', { email: reg.email }));
    expect(await verifyMails(reg.email, 1)).toHaveLength(1);
  });

  it('refuses an unknown token', async () => {
    expectValidation(await post('verify-email/', { token: 'forged-token' }), 'token');
    expectValidation(await post('verify-email/', {}), 'token');
  });
});

// --- authentication of protected endpoints ---------------------------------------------------

describe('protected endpoints', () => {
  const protectedCalls: ['GET' | 'POST' | 'PATCH' | 'DELETE', string][] = [
    ['GET', '/api/v1/auth/me/'],
    ['PATCH', '/api/v1/auth/me/'],
    ['PATCH', '/api/v1/auth/preferences/'],
    ['GET', '/api/v1/auth/onboarding/'],
    ['PATCH', '/api/v1/auth/onboarding/'],
    ['POST', '/api/v1/auth/delete-account/'],
    ['POST', '/api/v1/files/upload/'],
    ['GET', `/api/v1/files/${randomUUID()}/`],
    ['GET', `/api/v1/files/${randomUUID()}/download/`],
    ['DELETE', `/api/v1/files/${randomUUID()}/`],
    ['POST', `/api/v1/organizations/${randomUUID()}/logo/`],
    ['DELETE', `/api/v1/organizations/${randomUUID()}/logo/`],
    ['POST', '/api/v1/auth/switch-organization/'],
    ['POST', '/api/v1/auth/change-password/'],
    ['POST', '/api/v1/auth/logout/'],
    ['GET', '/api/v1/organizations/'],
    ['GET', '/api/v1/organizations/current/settings/'],
    ['PATCH', `/api/v1/organizations/${randomUUID()}/`],
  ];

  it.each(protectedCalls)('%s %s answers 401 NOT_AUTHENTICATED without credentials', async (method, url) => {
    const res = await t.app.inject({ method, url, ...(method === 'GET' ? {} : { payload: {} }) });
    const error = expectError(res, 401, 'NOT_AUTHENTICATED');
    expect(error.message).toBe('Authentication credentials were not provided.');
  });

  it.each(['Token abc', 'Bearer', 'Bearer ', 'Bearer a b', 'Basic dXNlcjpwYXNz', 'bearer'])(
    'answers 401 NOT_AUTHENTICATED for the malformed Authorization header %j',
    async (authorization) => {
      expectError(await call('GET', 'me/', { headers: { authorization } }), 401, 'NOT_AUTHENTICATED');
    },
  );

  it('answers 401 TOKEN_INVALID for a bearer token that is not a valid JWT', async () => {
    expectError(await call('GET', 'me/', { headers: bearer('garbage') }), 401, 'TOKEN_INVALID');
  });

  it('answers 401 for a valid token of a user who no longer exists', async () => {
    const token = await new SignJWT({ sid: randomUUID(), typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(randomUUID())
      .setIssuer('leadcapture')
      .setAudience('leadcapture-api')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expectError(await call('GET', 'me/', { headers: bearer(token) }), 401, 'TOKEN_INVALID');
  });

  it('accepts the scheme name in any case', async () => {
    const reg = await registerUser(t);
    const me = expectData(meSchema, await call('GET', 'me/', { headers: { authorization: `bearer ${reg.access}` } }));
    expect(me.id).toBe(reg.user.id);
  });
});
