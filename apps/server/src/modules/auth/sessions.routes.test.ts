import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResultSchema, detailSchema, meSchema, refreshResultSchema } from '@leadcapture/contracts/auth';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import {
  PASSWORD,
  TEST_JWT_SECRET,
  bearer,
  createTestApp,
  mailsTo,
  memoryMailer,
  openTestDatabase,
  registerUser,
  uniqueAddress,
  type TestApp,
} from '../../../test/helpers.ts';
import { expectData, expectError } from '../../../test/envelope.ts';

/**
 * Sessions end when they should (ASVS V7): an access token stops working the moment the
 * session it names ends, not when the token expires 15 minutes later.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type App = TestApp['app'];

const post = (app: App, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/auth/${url}`,
    payload: payload as object,
    headers,
    remoteAddress: uniqueAddress(),
  });
const me = (app: App, access: string) =>
  app.inject({ method: 'GET', url: '/api/v1/auth/me/', headers: bearer(access), remoteAddress: uniqueAddress() });

/** Signed in: answers 200, and the session is now in the process's cache of open sessions. */
async function expectSignedIn(app: App, access: string) {
  expectData(meSchema, await me(app, access));
}
async function expectSessionEnded(app: App, access: string) {
  const error = expectError(await me(app, access), 401, 'TOKEN_INVALID');
  expect(error.message).toBe('The session has ended. Please sign in again.');
}

function sessionOf(access: string): string {
  const payload = JSON.parse(Buffer.from(access.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sid: string };
  return payload.sid;
}

function craft(userId: string, sid: string, opts: { iat?: number; nbf?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({ sid, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer('leadcapture')
    .setAudience('leadcapture-api')
    .setIssuedAt(opts.iat ?? now)
    .setExpirationTime(now + 7200);
  if (opts.nbf !== undefined) jwt.setNotBefore(opts.nbf);
  return jwt.sign(new TextEncoder().encode(TEST_JWT_SECRET));
}

describe('an access token stops working when its session ends', () => {
  it('after logout', async () => {
    const reg = await registerUser(t);
    await expectSignedIn(t.app, reg.access);
    expectData(detailSchema, await post(t.app, 'logout/', { refresh: reg.refresh }, bearer(reg.access)));
    await expectSessionEnded(t.app, reg.access);
  });

  it('after a reused refresh token revoked its family (both holders are out)', async () => {
    const reg = await registerUser(t);
    const rotated = expectData(refreshResultSchema, await post(t.app, 'refresh/', { refresh: reg.refresh }));
    await expectSignedIn(t.app, reg.access);
    await expectSignedIn(t.app, rotated.access);
    // The successor was presented, so the first token coming back is a copy.
    expectData(refreshResultSchema, await post(t.app, 'refresh/', { refresh: rotated.refresh }));
    expectError(await post(t.app, 'refresh/', { refresh: reg.refresh }), 401, 'TOKEN_INVALID');
    await expectSessionEnded(t.app, reg.access);
    await expectSessionEnded(t.app, rotated.access);
  });

  it('after a password change, for every other session; the caller stays signed in', async () => {
    const reg = await registerUser(t);
    const other = expectData(authResultSchema, await post(t.app, 'login/', { email: reg.email, password: PASSWORD }));
    await expectSignedIn(t.app, other.access);
    const changed = await post(
      t.app,
      'change-password/',
      { current_password: PASSWORD, new_password: 'Kiosk-Quiet-4471', new_password_confirm: 'Kiosk-Quiet-4471' },
      bearer(reg.access),
    );
    expectData(detailSchema, changed);
    await expectSessionEnded(t.app, other.access);
    await expectSignedIn(t.app, reg.access);
  });

  it('after a password reset, for every session', async () => {
    const reg = await registerUser(t);
    await expectSignedIn(t.app, reg.access);
    expectData(detailSchema, await post(t.app, 'password/reset/', { email: reg.email }));
    const mails = await mailsTo(t, reg.email, { atLeast: 2 });
    const link = /http:\/\/localhost:3000\/auth\/reset-password\?token=([\w%-]+)/.exec(
      mails.map((m) => m.text).join('\n'),
    );
    const token = decodeURIComponent(link?.[1] ?? '');
    const password = 'Harbour-Lantern-8812';
    expectData(
      detailSchema,
      await post(t.app, 'password/reset/confirm/', { token, password, password_confirm: password }),
    );
    await expectSessionEnded(t.app, reg.access);
  });

  it('refuses a well-signed token naming a session that does not exist', async () => {
    const reg = await registerUser(t);
    expectError(await me(t.app, await craft(reg.user.id, randomUUID())), 401, 'TOKEN_INVALID');
    // Nor another user's session.
    const other = await registerUser(t);
    expectError(await me(t.app, await craft(reg.user.id, sessionOf(other.access))), 401, 'TOKEN_INVALID');
    // The same token with the user's own session is accepted: only the session id was at fault.
    await expectSignedIn(t.app, await craft(reg.user.id, sessionOf(reg.access)));
  });

  it('refuses a token issued (iat) or valid from (nbf) more than a minute in the future', async () => {
    const reg = await registerUser(t);
    const sid = sessionOf(reg.access);
    const now = Math.floor(Date.now() / 1000);
    for (const token of [
      await craft(reg.user.id, sid, { iat: now + 3600 }),
      await craft(reg.user.id, sid, { nbf: now + 3600 }),
    ]) {
      expectError(await me(t.app, token), 401, 'TOKEN_INVALID');
      expectError(await post(t.app, 'token/verify/', { token }), 401, 'TOKEN_INVALID');
    }
    // Clock skew between processes is tolerated.
    await expectSignedIn(t.app, await craft(reg.user.id, sid, { iat: now + 30, nbf: now + 30 }));
  });

  it('token/verify/ refuses a token whose session ended', async () => {
    const reg = await registerUser(t);
    expectData(detailSchema, await post(t.app, 'logout/', { refresh: reg.refresh }, bearer(reg.access)));
    expectError(await post(t.app, 'token/verify/', { token: reg.access }), 401, 'TOKEN_INVALID');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('across API processes sharing Redis', () => {
  it('a session ended on one process is refused at once on the other', async () => {
    const database = await openTestDatabase();
    const connections = [new Redis(redisUrl ?? ''), new Redis(redisUrl ?? '')];
    const apps = await Promise.all(
      connections.map(async (redis) => {
        const config = loadConfig(
          { NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000' },
          { dataDir: mkdtempSync(path.join(tmpdir(), 'leadcapture-app-')), jwtSecret: TEST_JWT_SECRET },
        );
        const app = await buildApp({
          config,
          database,
          mailer: memoryMailer(),
          redis,
          runOutbox: false,
          runScheduler: false,
          logger: false,
        });
        await app.ready();
        return app;
      }),
    );
    const [a, b] = apps as [App, App];
    try {
      const reg = await registerUser({ app: a } as TestApp);
      // Process B has the session cached as open.
      await expectSignedIn(b, reg.access);
      await expectSignedIn(b, reg.access);
      expectData(detailSchema, await post(a, 'logout/', { refresh: reg.refresh }, bearer(reg.access)));
      // The pub/sub message crosses in milliseconds; B's cache would otherwise answer for 10 s.
      const deadline = Date.now() + 1000;
      let status = 0;
      while (Date.now() < deadline) {
        status = (await me(b, reg.access)).statusCode;
        if (status === 401) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(status).toBe(401);
      await expectSessionEnded(b, reg.access);
    } finally {
      for (const app of apps) await app.close();
      for (const redis of connections) await redis.quit();
      await database.close();
    }
  });
});
