import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE } from '@leadcapture/contracts/live';
import { leadSchema } from '@leadcapture/contracts/leads';
import { expectData, expectError } from '../../../test/envelope.ts';
import { bearer, createTestApp, registerUser, TEST_JWT_SECRET, type TestApp } from '../../../test/helpers.ts';
import { openSocket, settle, type TestSocket } from '../../../test/live.ts';
import { and, eq } from 'drizzle-orm';
import { inScope } from '../../db/tenant.ts';
import type { LiveEvent } from '../../jobs/live-events.ts';
import { memberships } from '../organizations/organizations.table.ts';

type User = Awaited<ReturnType<typeof registerUser>>;
const orgOf = (u: User) => u.organization?.id ?? '';

let t: TestApp;
let ada: User;
let bo: User;
let other: User;
const open: TestSocket[] = [];

async function socket(...args: Parameters<typeof openSocket>) {
  const s = await openSocket(...args);
  open.push(s);
  return s;
}

/** Every line the app logged: no access token may be among them (the URL carries it). */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});

beforeAll(async () => {
  // Heartbeats every 100 ms so a dead socket is found within the test; a 1 MB buffer by default.
  t = await createTestApp({
    env: { LOG_LEVEL: 'debug' },
    logStream,
    liveChannels: { heartbeatMs: 100, recheckMs: 200, analyticsThrottleMs: 200, closeGraceMs: 200 },
  });
  [ada, other] = await Promise.all([registerUser(t), registerUser(t)]);
  // Bo joins Ada's organisation as a member (and keeps his own).
  bo = await registerUser(t);
  await inScope(t.database.db, { organizationId: orgOf(ada) }, (tx) =>
    tx.insert(memberships).values({ organizationId: orgOf(ada), userId: bo.user.id, role: 'member' }),
  );
});
afterAll(async () => {
  for (const s of open) s.ws.terminate();
  await t.close();
});

function craft(userId: string, sid: string, exp: number) {
  return new SignJWT({ sid, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer('leadcapture')
    .setAudience('leadcapture-api')
    .setIssuedAt(Math.floor(Date.now() / 1000) - 5)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));
}
const sessionOf = (access: string) =>
  (JSON.parse(Buffer.from(access.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sid: string }).sid;

const publish = (event: LiveEvent) => t.app.deps.live.publish(event);

describe('authentication, decided before the upgrade completes', () => {
  it('closes with 4001 without a token, with a malformed, forged or expired one, and with an API key', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await craft(ada.user.id, sessionOf(ada.access), now - 600);
    const forged = `${ada.access.slice(0, -4)}AAAA`;
    for (const token of [undefined, 'not-a-jwt', forged, expired, 'lc_live_0123456789abcdef']) {
      const s = await socket(t.app, '/ws/leads/', token ? { token } : {});
      const closed = await s.closed;
      expect(closed.code, String(token)).toBe(LIVE_CLOSE.UNAUTHORIZED);
      expect(s.messages).toEqual([]);
    }
  });

  it('closes with 4001 once the session ended (sign-out), though the token has not expired', async () => {
    const reg = await registerUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout/',
      headers: bearer(reg.access),
      payload: { refresh: reg.refresh },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect((await (await socket(t.app, '/ws/leads/', { token: reg.access })).closed).code).toBe(
      LIVE_CLOSE.UNAUTHORIZED,
    );
  });

  it('takes the token in an Authorization header too, and both paths with and without a trailing slash', async () => {
    const s = await socket(t.app, '/ws/leads', { headers: bearer(ada.access) });
    expect(s.ws.readyState).toBe(s.ws.OPEN);
    const q = await socket(t.app, '/ws/analytics', { token: ada.access });
    expect(q.ws.readyState).toBe(q.ws.OPEN);
    s.close();
    q.close();
  });

  it('closes with 4001 when the token expires while the socket is open', async () => {
    const exp = Math.floor(Date.now() / 1000) + 2;
    const s = await socket(t.app, '/ws/leads/', { token: await craft(ada.user.id, sessionOf(ada.access), exp) });
    expect(s.ws.readyState).toBe(s.ws.OPEN);
    const started = Date.now();
    const closed = await s.closed;
    expect(closed).toEqual({ code: LIVE_CLOSE.UNAUTHORIZED, reason: 'Token expired' });
    expect(Date.now() - started).toBeLessThan(3500);
  });

  it('answers a plain GET (no upgrade) with 404 in the envelope, and never logs the token', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/ws/leads/?token=secret' }), 404, 'NOT_FOUND');
  });
});

describe('while a socket is open', () => {
  it('closes with 4001 when its session ends (sign-out elsewhere)', async () => {
    const reg = await registerUser(t);
    const s = await socket(t.app, '/ws/leads/', { token: reg.access });
    expect(s.ws.readyState).toBe(s.ws.OPEN);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout/',
      headers: bearer(reg.access),
      payload: { refresh: reg.refresh },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect((await s.closed).code).toBe(LIVE_CLOSE.UNAUTHORIZED);
  });

  it('closes with 4004 when the member is removed from the organisation, and only their sockets', async () => {
    const carl = await registerUser(t);
    await inScope(t.database.db, { organizationId: orgOf(ada) }, (tx) =>
      tx.insert(memberships).values({ organizationId: orgOf(ada), userId: carl.user.id, role: 'member' }),
    );
    const removed = await socket(t.app, `/ws/organizations/${orgOf(ada)}/`, { token: carl.access });
    const own = await socket(t.app, '/ws/leads/', { token: carl.access });
    const stays = await socket(t.app, `/ws/organizations/${orgOf(ada)}/`, { token: ada.access });
    await settle(300);
    expect(removed.ws.readyState).toBe(removed.ws.OPEN);
    await inScope(t.database.db, { organizationId: orgOf(ada) }, (tx) =>
      tx
        .delete(memberships)
        .where(and(eq(memberships.organizationId, orgOf(ada)), eq(memberships.userId, carl.user.id))),
    );
    expect((await removed.closed).code).toBe(LIVE_CLOSE.NOT_FOUND);
    await settle(300);
    // His own organisation's socket and Ada's stay open.
    expect([own.ws.readyState, stays.ws.readyState]).toEqual([own.ws.OPEN, stays.ws.OPEN]);
    own.close();
    stays.close();
  });
});

describe('the organisation of a socket', () => {
  it('/ws/organizations/{id}/ takes only an organisation of the user: 4004 otherwise, malformed ids too', async () => {
    for (const id of [orgOf(other), randomUUID(), 'nope']) {
      const s = await socket(t.app, `/ws/organizations/${id}/`, { token: ada.access });
      expect((await s.closed).code, id).toBe(LIVE_CLOSE.NOT_FOUND);
    }
    const mine = await socket(t.app, `/ws/organizations/${orgOf(bo)}/`, { token: bo.access });
    const joined = await socket(t.app, `/ws/organizations/${orgOf(ada)}/`, { token: bo.access });
    expect([mine.ws.readyState, joined.ws.readyState]).toEqual([mine.ws.OPEN, joined.ws.OPEN]);
    await publish({ type: 'lead.created', organizationId: orgOf(ada), data: { id: 'ada-lead' } });
    await joined.until((m) => m.some((x) => x.type === 'lead.created'));
    await settle();
    expect(mine.messages).toEqual([]);
    mine.close();
    joined.close();
  });

  it('the other paths follow X-Organization-Id or ?organization_id= when a member, else the current organisation', async () => {
    const current = await socket(t.app, '/ws/leads/', { token: bo.access });
    const byHeader = await socket(t.app, '/ws/leads/', {
      token: bo.access,
      headers: { 'x-organization-id': orgOf(ada) },
    });
    const byQuery = await socket(t.app, '/ws/leads/', { token: bo.access, query: { organization_id: orgOf(ada) } });
    const refused = await socket(t.app, '/ws/leads/', { token: bo.access, query: { organization_id: orgOf(other) } });
    expect((await refused.closed).code).toBe(LIVE_CLOSE.NOT_FOUND);
    await publish({ type: 'lead.updated', organizationId: orgOf(ada), data: { id: 'x' } });
    await publish({ type: 'lead.updated', organizationId: orgOf(bo), data: { id: 'y' } });
    await byHeader.until((m) => m.length === 1);
    await byQuery.until((m) => m.length === 1);
    await current.until((m) => m.length === 1);
    expect(byHeader.messages).toEqual([{ type: 'lead.updated', data: { id: 'x' } }]);
    expect(byQuery.messages).toEqual([{ type: 'lead.updated', data: { id: 'x' } }]);
    expect(current.messages).toEqual([{ type: 'lead.updated', data: { id: 'y' } }]);
    for (const s of [current, byHeader, byQuery]) s.close();
  });
});

describe('what each path gets', () => {
  it('routes lead, notification and analytics messages by path, and notifications to their member only', async () => {
    const org = orgOf(ada);
    const notifications = await socket(t.app, '/ws/notifications/', { token: ada.access });
    const boNotifications = await socket(t.app, '/ws/notifications/', {
      token: bo.access,
      headers: { 'x-organization-id': org },
    });
    const leads = await socket(t.app, '/ws/leads/', { token: ada.access });
    const analytics = await socket(t.app, '/ws/analytics/', { token: ada.access });
    const everything = await socket(t.app, `/ws/organizations/${org}/`, { token: ada.access });
    const boEverything = await socket(t.app, `/ws/organizations/${org}/`, { token: bo.access });

    await publish({ type: 'notification.created', organizationId: org, userId: ada.user.id, data: { id: 'n1' } });
    await publish({ type: 'lead.created', organizationId: org, data: { id: 'l1' } });
    await publish({ type: 'leads.bulk_updated', organizationId: org, data: { action: 'tag', ids: ['l1'] } });

    await everything.until((m) => m.length === 4);
    await analytics.until((m) => m.length === 1);
    await settle(300);
    expect(notifications.messages).toEqual([{ type: 'notification.created', data: { id: 'n1' } }]);
    expect(boNotifications.messages).toEqual([]);
    expect(leads.messages.map((m) => m.type)).toEqual(['lead.created', 'leads.bulk_updated']);
    // The first at once, the second lead message coalesced into at most one more.
    expect(analytics.messages.length).toBeLessThanOrEqual(2);
    for (const m of analytics.messages) {
      expect(m).toEqual({
        type: 'analytics.updated',
        data: { reason: expect.stringMatching(/^leads?\./) as unknown, at: expect.any(String) as unknown },
      });
    }
    const types = (s: TestSocket) => [...new Set(s.messages.map((m) => m.type))].sort();
    expect(types(everything)).toEqual([
      'analytics.updated',
      'lead.created',
      'leads.bulk_updated',
      'notification.created',
    ]);
    // Bo is in the organisation, but Ada's notification is hers alone.
    expect(types(boEverything)).toEqual(['analytics.updated', 'lead.created', 'leads.bulk_updated']);
    for (const s of [notifications, boNotifications, leads, analytics, everything, boEverything]) s.close();
  });

  it('sends analytics.updated at most once per window per organisation, coalescing a burst', async () => {
    const analytics = await socket(t.app, '/ws/analytics/', { token: other.access });
    await settle(250); // past any window an earlier test opened
    for (let i = 0; i < 30; i += 1) {
      await publish({ type: 'lead.created', organizationId: orgOf(other), data: { id: `b${i}` } });
    }
    await settle(50);
    // The first at once; the rest of the burst waits for the window's end as one message.
    expect(analytics.messages).toHaveLength(1);
    await analytics.until((m) => m.length === 2, 1000);
    await settle(300);
    expect(analytics.messages).toHaveLength(2);
    analytics.close();
  });

  it('delivers a lead created over the API once its transaction committed, to its organisation only', async () => {
    const leads = await socket(t.app, '/ws/leads/', { token: ada.access });
    const elsewhere = await socket(t.app, '/ws/leads/', { token: other.access });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/leads/',
      headers: bearer(ada.access),
      payload: { first_name: 'Greta', last_name: 'Berg', email: `greta.${randomUUID().slice(0, 8)}@example.com` },
    });
    const lead = expectData(leadSchema, res, 201);
    // Delivered from the outbox after the commit (at once by its writer, or by the worker).
    await t.app.deps.outbox.drain();
    const seen = await leads.until((m) => m.some((x) => x.type === 'lead.created'));
    const created = seen.find((m) => m.type === 'lead.created');
    expect(leadSchema.parse(created?.data).id).toBe(lead.id);
    await settle();
    expect(elsewhere.messages).toEqual([]);
    leads.close();
    elsewhere.close();
  });

  it('1,000 mixed-organisation messages: none reaches a wrong tenant or a wrong member', async () => {
    const members = [ada, bo, other];
    const orgs = [orgOf(ada), orgOf(bo), orgOf(other)];
    const paths = ['/ws/notifications/', '/ws/leads/', '/ws/analytics/'] as const;
    const sockets: { s: TestSocket; user: User; org: string; path: string }[] = [];
    for (const user of members) {
      for (const org of orgs) {
        // Bo is a member of his organisation and Ada's; the others of their own alone.
        const isMember = org === orgOf(user) || (user === bo && org === orgOf(ada));
        if (!isMember) continue;
        for (const path of [...paths, `/ws/organizations/${org}/`]) {
          const headers = { 'x-organization-id': org };
          sockets.push({ s: await socket(t.app, path, { token: user.access, headers }), user, org, path });
        }
      }
    }
    const events: LiveEvent[] = [];
    const types = ['lead.created', 'lead.updated', 'lead.deleted', 'notification.created'];
    for (let i = 0; i < 1000; i += 1) {
      const organizationId = i % 7 === 6 ? randomUUID() : (orgs[i % 3] ?? '');
      const type = types[i % types.length] ?? 'lead.created';
      const userId = type === 'notification.created' ? members[(i >> 2) % 3]?.user.id : undefined;
      events.push({ type, organizationId, ...(userId ? { userId } : {}), data: { n: i } });
    }
    for (const event of events) await publish(event);
    const expected = (user: User, org: string, path: string) =>
      events
        .filter((e) => e.organizationId === org && (e.userId === undefined || e.userId === user.user.id))
        .filter((e) =>
          path === '/ws/notifications/'
            ? e.type === 'notification.created'
            : path === '/ws/leads/'
              ? e.type.startsWith('lead')
              : !path.startsWith('/ws/analytics'),
        )
        .map((e) => e.data);
    for (const { s, user, org, path } of sockets) {
      const want = expected(user, org, path);
      await s.until((m) => m.filter((x) => x.type !== 'analytics.updated').length >= want.length, 5000);
    }
    await settle(300);
    for (const { s, user, org, path } of sockets) {
      const got = s.messages.filter((m) => m.type !== 'analytics.updated').map((m) => m.data);
      expect(got, `${path} of ${user.email} in ${org}`).toEqual(expected(user, org, path));
      // An analytics socket gets analytics.updated alone, and only of its organisation's leads.
      if (path === '/ws/analytics/') expect(s.messages.every((m) => m.type === 'analytics.updated')).toBe(true);
    }
    for (const { s } of sockets) s.close();
  });
});

describe('heartbeats, slow clients and client messages', () => {
  it('answers {"type":"ping"} with pong, and bad messages with an error while the socket keeps serving', async () => {
    const s = await socket(t.app, '/ws/leads/', { token: ada.access });
    s.ws.send(JSON.stringify({ type: 'ping' }));
    s.ws.send('{not json');
    s.ws.send(JSON.stringify({ type: 'subscribe', channel: 'all' }));
    await s.until((m) => m.length === 3);
    expect(s.messages).toEqual([
      { type: 'pong', data: null },
      { type: 'error', data: { code: 'MALFORMED_MESSAGE', message: expect.any(String) as unknown } },
      { type: 'error', data: { code: 'UNKNOWN_MESSAGE', message: expect.any(String) as unknown } },
    ]);
    await publish({ type: 'lead.created', organizationId: orgOf(ada), data: { id: 'still' } });
    await s.until((m) => m.some((x) => x.type === 'lead.created'));
    s.close();
  });

  it('closes with 1009 on an oversize message and with 1003 on a binary one; others keep serving', async () => {
    const big = await socket(t.app, '/ws/leads/', { token: ada.access });
    big.ws.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(10_000) }));
    expect((await big.closed).code).toBe(LIVE_CLOSE.MESSAGE_TOO_BIG);
    const binary = await socket(t.app, '/ws/leads/', { token: ada.access });
    binary.ws.send(Buffer.from([1, 2, 3]));
    expect((await binary.closed).code).toBe(LIVE_CLOSE.UNSUPPORTED_DATA);
    const fine = await socket(t.app, '/ws/leads/', { token: ada.access });
    fine.ws.send(JSON.stringify({ type: 'ping' }));
    await fine.until((m) => m.some((x) => x.type === 'pong'));
    fine.close();
  });

  it('terminates a socket that stops answering pings', async () => {
    const s = await socket(t.app, '/ws/leads/', { token: ada.access });
    // ws answers pings by itself; a client that went away answers nothing.
    const pong = s.ws.pong.bind(s.ws);
    s.ws.pong = () => undefined;
    const gone = await s.closed;
    // Terminated, not closed: no close frame, so the client sees 1006.
    expect(gone.code).toBe(1006);
    s.ws.pong = pong;
  });

  it('keeps answering pings of a live client', async () => {
    const s = await socket(t.app, '/ws/leads/', { token: ada.access });
    await settle(500); // five heartbeats
    expect(s.ws.readyState).toBe(s.ws.OPEN);
    s.close();
  });
});

describe('the log', () => {
  it('answers an upgrade on any other path with 404 and closes the connection, and keeps serving', async () => {
    const { connect } = await import('node:net');
    const { wsBase } = await import('../../../test/live.ts');
    const port = Number(new URL(await wsBase(t.app)).port);
    for (const path of ['/api/v1/status/?token=secret-in-url', '/ws/nothing-here/?token=secret-in-url', '/']) {
      const conn = connect(port, '127.0.0.1');
      let answer = '';
      conn.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      conn.write(
        `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
          'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      );
      // The server ends the connection itself: nothing is left open on its side.
      await new Promise((resolve) => conn.once('close', resolve));
      expect(answer, path).toMatch(/^HTTP\/1\.1 404 /);
    }
    const s = await socket(t.app, '/ws/leads/', { token: ada.access });
    expect(s.ws.readyState).toBe(s.ws.OPEN);
    s.close();
    expect(logLines.join('')).not.toContain('secret-in-url');
  });

  it('names socket requests by path and never carries a token', async () => {
    const expired = await craft(ada.user.id, sessionOf(ada.access), Math.floor(Date.now() / 1000) - 600);
    const s = await socket(t.app, '/ws/leads/', { token: expired });
    await s.closed;
    const log = logLines.join('');
    expect(log).toContain('/ws/leads/?[redacted]');
    for (const token of [ada.access, bo.access, other.access, expired]) expect(log).not.toContain(token);
  });
});

describe('a capped send buffer per socket', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ liveChannels: { sendBufferBytes: 64 * 1024, closeGraceMs: 300 } });
  });
  afterAll(() => small.close());

  it('closes a client that stops reading instead of buffering for it; a reading client keeps everything', async () => {
    const reg = await registerUser(small);
    const slow = await openSocket(small.app, '/ws/leads/', { token: reg.access });
    const fast = await openSocket(small.app, '/ws/leads/', { token: reg.access });
    // The slow client stops reading from its TCP socket: the kernel's buffers fill, then ws's.
    const raw = (slow.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    raw.pause();
    const payload = 'x'.repeat(16 * 1024);
    const total = 1200; // 20 MB: far past the cap and what loopback's kernel buffers hold
    for (let n = 0; n < total; n += 1) {
      await small.app.deps.live.publish({ type: 'lead.updated', organizationId: orgOf(reg), data: { n, payload } });
      if (n % 20 === 0) await settle(5);
    }
    await fast.until((m) => m.length === total, 20_000);
    expect(fast.ws.readyState).toBe(fast.ws.OPEN);
    // The slow client reads again: it finds what was buffered before the cap, then the end.
    raw.resume();
    const closed = await slow.closed;
    // The close frame sits behind the unread bytes, so the cut after the grace (1006) may come first.
    expect([LIVE_CLOSE.SLOW_CONSUMER, 1006]).toContain(closed.code);
    expect(slow.messages.length).toBeLessThan(total);
    fast.close();
  }, 60_000);
});

describe('shutdown', () => {
  it('closes open sockets with 1001 before the server stops listening, so closing does not wait for them', async () => {
    const own = await createTestApp();
    const reg = await registerUser(own);
    const s = await openSocket(own.app, '/ws/leads/', { token: reg.access });
    const started = Date.now();
    await own.close();
    expect((await s.closed).code).toBe(LIVE_CLOSE.GOING_AWAY);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
