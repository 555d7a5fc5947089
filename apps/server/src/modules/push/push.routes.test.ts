import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@leadcapture/contracts/constants';
import { anyData } from '../../../test/envelope.ts';
import { leadSchema, type Lead } from '@leadcapture/contracts/leads';
import { pushMessageSchema, pushSubscriptionResultSchema, vapidPublicKeySchema } from '@leadcapture/contracts/push';
import { expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import { PushServiceDouble, type Browser } from '../../../test/doubles/push-service-double.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { users } from '../auth/auth.table.ts';
import { notificationLogs } from '../notifications/notifications.table.ts';
import { memberships } from '../organizations/organizations.table.ts';
import { pushSubscriptions } from './push.table.ts';

type User = Awaited<ReturnType<typeof registerUser>>;
const orgOf = (u: User) => u.organization?.id ?? '';

let t: TestApp;
let pushService: PushServiceDouble;
beforeAll(async () => {
  t = await createTestApp();
  pushService = await new PushServiceDouble().start();
});
afterAll(async () => {
  await pushService.close();
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
function call(method: Method, url: string, user: User | null, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: user ? { ...bearer(user.access), 'x-organization-id': orgOf(user) } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function addMember(owner: User, role: Role): Promise<User> {
  const user = await registerUser(t);
  const organizationId = orgOf(owner);
  await inScope(t.database.db, { organizationId }, (tx) =>
    tx.insert(memberships).values({ organizationId, userId: user.user.id, role }),
  );
  return { ...user, organization: { ...user.organization, id: organizationId } } as User;
}

async function subscribed(user: User): Promise<Browser> {
  const browser = pushService.browser();
  expectData(pushSubscriptionResultSchema, await call('POST', 'push/subscribe/', user, browser.subscription), 201);
  return browser;
}

async function createLead(user: User, input: Record<string, unknown>): Promise<Lead> {
  const body = { first_name: 'Greta', last_name: 'Berg', email: `${randomUUID().slice(0, 8)}@example.com`, ...input };
  return expectData(leadSchema, await call('POST', 'leads/', user, body), 201);
}

const subscriptionRows = (endpoint: string) =>
  t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

async function pushLogs(user: User) {
  const organizationId = orgOf(user);
  return inScope(t.database.db, { organizationId }, (tx) =>
    tx
      .select()
      .from(notificationLogs)
      .where(and(eq(notificationLogs.userId, user.user.id), eq(notificationLogs.channel, 'push'))),
  );
}

/** Polls until `check` passes: on PostgreSQL another test file's process may deliver the row. */
async function eventually(check: () => Promise<void>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await t.app.deps.outbox.drain();
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

describe('VAPID public key', () => {
  it('answers a P-256 public key, base64url, the same every time, without sign-in', async () => {
    const first = expectData(vapidPublicKeySchema, await call('GET', 'push/vapid-public-key/', null));
    const raw = Buffer.from(first.public_key, 'base64url');
    expect(raw).toHaveLength(65);
    expect(raw[0]).toBe(4);
    expect(first.public_key).toMatch(/^[A-Za-z0-9_-]+$/);
    const again = expectData(vapidPublicKeySchema, await call('GET', 'push/vapid-public-key', null));
    expect(again.public_key).toBe(first.public_key);
  });

  it('uses the configured pair when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set', async () => {
    const { default: webpush } = await import('web-push');
    const pair = webpush.generateVAPIDKeys();
    const other = await createTestApp({
      env: { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey },
    });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/api/v1/push/vapid-public-key/' });
      expect(expectData(vapidPublicKeySchema, res).public_key).toBe(pair.publicKey);
    } finally {
      await other.close();
    }
  });
});

describe('subscriptions', () => {
  it('keeps the browser subscription as sent, once per endpoint: again updates it, another user takes it over', async () => {
    const user = await registerUser(t);
    const browser = pushService.browser();
    const created = expectData(
      pushSubscriptionResultSchema,
      await call('POST', 'push/subscribe/', user, browser.subscription),
      201,
    );
    expect(created).toMatchObject({ endpoint: browser.subscription.endpoint, expiration_time: null });

    const renewed = {
      ...browser.subscription,
      expirationTime: Date.UTC(2027, 0, 1),
      keys: pushService.browser().subscription.keys,
    };
    const updated = expectData(pushSubscriptionResultSchema, await call('POST', 'push/subscribe', user, renewed), 200);
    expect(updated.id).toBe(created.id);
    expect(updated.expiration_time).toBe('2027-01-01T00:00:00.000Z');
    const [row] = await subscriptionRows(browser.subscription.endpoint);
    expect(row).toMatchObject({ userId: user.user.id, p256dh: renewed.keys.p256dh, auth: renewed.keys.auth });

    // Someone else signs in on the same browser: the subscription is now theirs.
    const next = await registerUser(t);
    expectData(pushSubscriptionResultSchema, await call('POST', 'push/subscribe/', next, renewed), 200);
    const rows = await subscriptionRows(browser.subscription.endpoint);
    expect(rows.map((r) => r.userId)).toEqual([next.user.id]);
  });

  it('refuses what is not a browser subscription with 422 and keeps nothing', async () => {
    const user = await registerUser(t);
    const good = pushService.browser().subscription;
    const cases: [unknown, string][] = [
      [{ ...good, endpoint: 'not a url' }, 'endpoint'],
      [{ ...good, endpoint: 'ftp://push.example/x' }, 'endpoint'],
      [{ ...good, endpoint: `https://push.example/${'x'.repeat(2100)}` }, 'endpoint'],
      [{ endpoint: good.endpoint }, 'keys'],
      [{ ...good, keys: { auth: good.keys.auth } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, p256dh: 'short' } }, 'keys.p256dh'],
      // 65 bytes, but not a point on the curve.
      [{ ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, auth: Buffer.alloc(8).toString('base64url') } }, 'keys.auth'],
      [{ ...good, keys: { ...good.keys, auth: '***' } }, 'keys.auth'],
    ];
    for (const [body, field] of cases) {
      expectValidation(await call('POST', 'push/subscribe/', user, body), field);
    }
    const mine = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.user.id));
    expect(mine).toHaveLength(0);
    expectError(await call('POST', 'push/subscribe/', null, good), 401, 'NOT_AUTHENTICATED');
  });

  it('refuses plain http endpoints and private addresses outside development', async () => {
    const strict = await createTestApp({ env: { OUTBOUND_ALLOW_PRIVATE: 'false' } });
    try {
      const user = await registerUser(strict);
      const good = pushService.browser().subscription;
      const post = (endpoint: string) =>
        strict.app.inject({
          method: 'POST',
          url: '/api/v1/push/subscribe/',
          headers: bearer(user.access),
          payload: { ...good, endpoint },
        });
      expectValidation(await post('http://push.example.com/x'), 'endpoint');
      expectValidation(await post('https://127.0.0.1/x'), 'endpoint');
    } finally {
      await strict.close();
    }
  });

  it("ends the caller's own subscription by endpoint; another user's or an unknown one is 404", async () => {
    const user = await registerUser(t);
    const other = await registerUser(t);
    const browser = await subscribed(user);
    const { endpoint } = browser.subscription;
    expectError(await call('DELETE', 'push/subscribe/', other, { endpoint }), 404, 'NOT_FOUND');
    expectError(await call('DELETE', 'push/subscribe/', user, { endpoint: `${endpoint}-x` }), 404, 'NOT_FOUND');
    expectValidation(await call('DELETE', 'push/subscribe/', user, {}), 'endpoint');
    expect(await subscriptionRows(endpoint)).toHaveLength(1);
    expectData(anyData, await call('DELETE', 'push/subscribe/', user, { endpoint }));
    expect(await subscriptionRows(endpoint)).toHaveLength(0);
    expectError(await call('DELETE', 'push/subscribe/', user, { endpoint }), 404, 'NOT_FOUND');
  });
});

describe('delivery', () => {
  it('sends a hot lead to each device of the rep, encrypted (aes128gcm), VAPID-signed, in their language', async () => {
    const owner = await registerUser(t);
    const rep = await addMember(owner, 'member');
    await t.database.db.update(users).set({ language: 'sv' }).where(eq(users.id, rep.user.id));
    const phone = await subscribed(rep);
    const laptop = await subscribed(rep);
    const ownerDevice = await subscribed(owner);

    const lead = await createLead(owner, { assigned_to: rep.user.id, interest: 'hot', company: 'Värme AB' });
    for (const device of [phone, laptop]) {
      const [request, ...more] = await pushService.waitFor(device.subscription.endpoint);
      expect(more).toHaveLength(0);
      if (!request) throw new Error('no push request');
      expect(request.headers).toMatchObject({
        ttl: '86400',
        urgency: 'high',
        'content-encoding': 'aes128gcm',
        'content-type': 'application/octet-stream',
      });
      const message = pushMessageSchema.parse(JSON.parse(device.decrypt(request.body)));
      expect(message).toEqual({
        title: 'En het lead har precis kommit in',
        body: expect.stringContaining('Värme AB') as string,
        url: `http://localhost:3000/sv/leads/${lead.id}`,
        tag: `lead_hot:/leads/${lead.id}`,
      });

      // RFC 8292: a JWT for the push service's origin, signed by the key the browser subscribed with.
      const { public_key } = expectData(vapidPublicKeySchema, await call('GET', 'push/vapid-public-key/', null));
      const auth = /^vapid t=([^,]+), k=(.+)$/.exec(request.headers.authorization ?? '');
      expect(auth?.[2]).toBe(public_key);
      const point = Buffer.from(public_key, 'base64url');
      const key = await importJWK(
        {
          kty: 'EC',
          crv: 'P-256',
          x: point.subarray(1, 33).toString('base64url'),
          y: point.subarray(33).toString('base64url'),
        },
        'ES256',
      );
      const { payload } = await jwtVerify(auth?.[1] ?? '', key, { audience: pushService.url });
      expect(payload.sub).toBe('mailto:support@leadcapture.local');
      expect((payload.exp ?? 0) * 1000).toBeGreaterThan(Date.now());
    }
    // The creator of a lead assigned to someone else is not told.
    expect(pushService.to(ownerDevice.subscription.endpoint)).toHaveLength(0);
    await eventually(async () => {
      expect((await pushLogs(rep)).map((l) => [l.template, l.status])).toEqual([['lead_hot', 'sent']]);
    });
  });

  it('sends nothing by push when the member turned push off for the category, or has no device', async () => {
    const owner = await registerUser(t);
    const rep = await addMember(owner, 'member');
    const device = await subscribed(rep);
    const res = await call('PATCH', 'notifications/preferences/me/', rep, {
      preferences: [{ category: 'leads', push: false }],
    });
    expect(res.statusCode).toBe(200);
    const quiet = await addMember(owner, 'member');
    await createLead(owner, { assigned_to: rep.user.id, interest: 'hot' });
    await createLead(owner, { assigned_to: quiet.user.id, interest: 'hot' });
    await t.app.deps.outbox.drain();
    const queued = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from outbox where kind = 'push.send' and organization_id = ${orgOf(owner)}`,
    );
    expect(queued[0]?.n).toBe(0);
    expect(pushService.to(device.subscription.endpoint)).toHaveLength(0);
    expect(await pushLogs(rep)).toHaveLength(0);
    expect(await pushLogs(quiet)).toHaveLength(0);
  });

  it('removes a subscription its push service answers 410 or 404 for, and retries a 500', async () => {
    const owner = await registerUser(t);
    for (const status of [410, 404]) {
      const rep = await addMember(owner, 'member');
      const device = await subscribed(rep);
      pushService.answers.push(status);
      await createLead(owner, { assigned_to: rep.user.id, interest: 'hot' });
      await pushService.waitFor(device.subscription.endpoint);
      await eventually(async () => {
        expect(await subscriptionRows(device.subscription.endpoint)).toHaveLength(0);
      });
    }

    const rep = await addMember(owner, 'member');
    const device = await subscribed(rep);
    pushService.answers.push(500);
    await createLead(owner, { assigned_to: rep.user.id, interest: 'hot' });
    await pushService.waitFor(device.subscription.endpoint);
    await eventually(async () => {
      const rows = await queryRows<{ attempts: number; last_error: string | null; failed_at: string | null }>(
        t.database.db,
        sql`select attempts, last_error, failed_at from outbox
            where kind = 'push.send' and payload->>'subscription_id' = ${(await subscriptionRows(device.subscription.endpoint))[0]?.id ?? ''}`,
      );
      expect(rows).toEqual([{ attempts: 1, last_error: 'The push service answered 500.', failed_at: null }]);
    });
    expect(await subscriptionRows(device.subscription.endpoint)).toHaveLength(1);
    expect((await pushLogs(rep)).map((l) => l.status)).toEqual(['failed']);
  });
});
