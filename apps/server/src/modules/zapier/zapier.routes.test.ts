import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paginated } from '@leadcapture/contracts/envelope';
import { leadSchema, type Lead } from '@leadcapture/contracts/leads';
import { zapierHookSchema, zapierLeadSchema, zapierMeSchema, type ZapierHook } from '@leadcapture/contracts/zapier';
import { z } from 'zod';
import { createEvent, postCapture, visitor } from '../../../test/capture.ts';
import { startZapierDouble, type ZapierDouble } from '../../../test/doubles/zapier-double.ts';
import { expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { inScope } from '../../db/tenant.ts';
import { outbox } from '../../jobs/outbox.table.ts';
import { zapierHooks } from './zapier.table.ts';
import { WEBHOOK_EVENT_KIND } from '../webhooks/webhooks.service.ts';
import { deliveryId, ZAPIER_DELIVER, zapierFanOut, zapierStatus } from './zapier.service.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

let t: TestApp;
let zapier: ZapierDouble;
let owner: User;
let stranger: User;
const orgOf = (u: User) => u.organization?.id ?? '';

/** How Zapier's platform authenticates: an API key of the user, in a header (docs/zapier.md). */
const keys = new Map<string, string>();
const credentials = (u: User): Record<string, string> => ({ 'x-api-key': keys.get(u.access) ?? '' });

async function keyFor(user: User): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/api-keys/',
    headers: bearer(user.access),
    payload: { name: 'Zapier', permissions: ['leads:read', 'leads:write'] },
  });
  keys.set(user.access, expectData(z.object({ key: z.string() }), res, 201).key);
}

beforeAll(async () => {
  [t, zapier] = await Promise.all([createTestApp(), startZapierDouble()]);
  [owner, stranger] = await Promise.all([registerUser(t), registerUser(t)]);
  await Promise.all([keyFor(owner), keyFor(stranger)]);
});
afterAll(async () => {
  await t.close();
  await zapier.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
async function call(method: Method, path: string, user: User, payload?: unknown) {
  if (!keys.has(user.access)) await keyFor(user);
  return t.app.inject({
    method,
    url: `/api/v1/${path}`,
    headers: credentials(user),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function subscribe(user: User, event = 'lead.created', url = zapier.catchUrl()): Promise<ZapierHook> {
  return expectData(
    zapierHookSchema,
    await call('POST', 'integrations/zapier/hooks/', user, { target_url: url, event }),
    201,
  );
}

async function createLead(user: User, input: Record<string, unknown> = {}): Promise<Lead> {
  const body = { first_name: 'Greta', last_name: 'Berg', email: `${randomUUID().slice(0, 8)}@example.com`, ...input };
  return expectData(leadSchema, await call('POST', 'leads/', user, body), 201);
}

/** Delivers the outbox until `done` holds (another test process may deliver on PostgreSQL). */
async function until(done: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the delivery');
    await t.app.deps.outbox.drain();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Delivers the outbox until `find` answers something, and answers it. */
async function eventually<T>(find: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await t.app.deps.outbox.drain();
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('timed out waiting for the outbox');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function deliveryRows(organizationId: string) {
  return inScope(t.database.db, {}, (tx) =>
    tx
      .select()
      .from(outbox)
      .where(and(eq(outbox.organizationId, organizationId), eq(outbox.kind, ZAPIER_DELIVER))),
  );
}

async function hooksOf(organizationId: string) {
  return inScope(t.database.db, { organizationId }, (tx) =>
    tx.select().from(zapierHooks).where(eq(zapierHooks.organizationId, organizationId)),
  );
}

describe('GET /integrations/zapier/me/', () => {
  it("answers the organization the credentials act for (Zapier's connection label)", async () => {
    const me = expectData(zapierMeSchema, await call('GET', 'integrations/zapier/me/', owner));
    expect(me.organization.id).toBe(orgOf(owner));
    expect(me.organization.name).toBe(owner.organization?.name);
  });

  it('refuses a request without credentials', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/integrations/zapier/me/' });
    expectError(res, 401, 'NOT_AUTHENTICATED');
  });
});

describe('POST /integrations/zapier/hooks/', () => {
  it('subscribes a URL to an event; the same URL and event again answers the same hook', async () => {
    const url = zapier.catchUrl();
    const first = await subscribe(owner, 'lead.created', url);
    expect(first).toMatchObject({ target_url: url, event: 'lead.created', last_delivered_at: null });
    const again = await subscribe(owner, 'lead.created', url);
    expect(again.id).toBe(first.id);
    const other = await subscribe(owner, 'lead.updated', url);
    expect(other.id).not.toBe(first.id);
    const list = expectData(paginated(zapierHookSchema), await call('GET', 'integrations/zapier/hooks/', owner));
    expect(list.results.map((h) => h.id)).toEqual(expect.arrayContaining([first.id, other.id]));
  });

  it("takes Zapier's own field name hookUrl", async () => {
    const url = zapier.catchUrl();
    const res = await call('POST', 'integrations/zapier/hooks/', owner, { hookUrl: url, event: 'lead.updated' });
    expect(expectData(zapierHookSchema, res, 201).target_url).toBe(url);
  });

  it('refuses bad input with field errors and keeps nothing', async () => {
    const before = (await hooksOf(orgOf(stranger))).length;
    const post = (body: unknown) => call('POST', 'integrations/zapier/hooks/', stranger, body);
    expectValidation(await post({ event: 'lead.created' }), 'target_url');
    expectValidation(await post({ target_url: zapier.catchUrl(), event: 'lead.exploded' }), 'event');
    expectValidation(await post({ target_url: 'ftp://files.example.com/x', event: 'lead.created' }), 'target_url');
    expectValidation(await post({ target_url: 'not a url', event: 'lead.created' }), 'target_url');
    expectValidation(
      await post({ target_url: `https://x.test/${'a'.repeat(2000)}`, event: 'lead.created' }),
      'target_url',
    );
    expect((await hooksOf(orgOf(stranger))).length).toBe(before);
  });

  it('refuses a private address when the outbound guard is on (422)', async () => {
    const guarded = await createTestApp({ env: { OUTBOUND_ALLOW_PRIVATE: 'false' } });
    try {
      const user = await registerUser(guarded);
      for (const url of ['http://127.0.0.1:8080/hook', 'http://169.254.169.254/latest/', 'http://[::1]/x']) {
        const res = await guarded.app.inject({
          method: 'POST',
          url: '/api/v1/integrations/zapier/hooks/',
          headers: bearer(user.access),
          payload: { target_url: url, event: 'lead.created' },
        });
        expectValidation(res, 'target_url');
      }
    } finally {
      await guarded.close();
    }
  });
});

describe('delivery', () => {
  it('POSTs each new lead to the subscribed URL after commit, as samples/ shows it', async () => {
    const user = await registerUser(t);
    const url = zapier.catchUrl();
    const hook = await subscribe(user, 'lead.created', url);
    const updatedOnly = zapier.catchUrl();
    await subscribe(user, 'lead.updated', updatedOnly);
    const lead = await createLead(user, { company: 'Fjord AB' });
    await until(() => zapier.caughtAt(url).length === 1);
    const [caught] = zapier.caughtAt(url);
    const body = zapierLeadSchema.parse(caught?.body);
    expect(body).toMatchObject({ id: lead.id, email: lead.email, company: 'Fjord AB', previous_status: null });
    expect(caught?.headers['x-leadcapture-event']).toBe('lead.created');
    expect(caught?.headers['content-type']).toBe('application/json');
    // A new lead is not an update.
    expect(zapier.caughtAt(updatedOnly)).toHaveLength(0);
    const [row] = await hooksOf(orgOf(user)).then((rows) => rows.filter((r) => r.id === hook.id));
    expect(row?.lastDeliveredAt).toBeInstanceOf(Date);
  });

  it('delivers a captured lead and a changed lead to the hooks of their events', async () => {
    const user = await registerUser(t);
    const created = zapier.catchUrl();
    const updated = zapier.catchUrl();
    await subscribe(user, 'lead.created', created);
    await subscribe(user, 'lead.updated', updated);
    const event = await createEvent(t, orgOf(user));
    const res = await postCapture(t, event.slug, visitor({ email: `${randomUUID().slice(0, 8)}@example.com` }));
    expect(res.statusCode, res.body).toBe(201);
    await until(() => zapier.caughtAt(created).length === 1);
    const lead = zapierLeadSchema.parse(zapier.caughtAt(created)[0]?.body);
    const patch = await call('PATCH', `leads/${lead.id}/`, user, { company: 'Renamed AB' });
    expect(patch.statusCode, patch.body).toBe(200);
    await until(() => zapier.caughtAt(updated).length === 1);
    expect(zapier.caughtAt(updated)[0]?.body).toMatchObject({ id: lead.id, company: 'Renamed AB' });
  });

  it('a status change reaches the lead.status_changed hooks with the status it left, and only a change does', async () => {
    const user = await registerUser(t);
    const url = zapier.catchUrl();
    await subscribe(user, 'lead.status_changed', url);
    const lead = await createLead(user);
    const renamed = await call('PATCH', `leads/${lead.id}/`, user, { company: 'Same Status AB' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const moved = await call('PATCH', `leads/${lead.id}/`, user, { status: 'contacted' });
    expect(moved.statusCode, moved.body).toBe(200);
    await until(() => zapier.caughtAt(url).length === 1);
    const [caught] = zapier.caughtAt(url);
    expect(caught?.headers['x-leadcapture-event']).toBe('lead.status_changed');
    expect(zapierLeadSchema.parse(caught?.body)).toMatchObject({
      id: lead.id,
      status: 'contacted',
      previous_status: 'new',
    });
    await t.app.deps.outbox.drain();
    expect(zapier.caughtAt(url)).toHaveLength(1);
  });

  it('a repeat of the same lead event queues one delivery per hook', async () => {
    const user = await registerUser(t);
    const org = orgOf(user);
    const url = zapier.catchUrl();
    const hook = await subscribe(user, 'lead.status_changed', url);
    const lead = await createLead(user);
    const item = {
      id: randomUUID(),
      kind: WEBHOOK_EVENT_KIND,
      organizationId: org,
      payload: { type: 'lead.status_changed', data: { ...lead, status: 'contacted', previous_status: 'new' } },
      attempts: 1,
    };
    const fanOut = zapierFanOut(t.database.db);
    await fanOut(item);
    await fanOut(item);
    const rows = (await deliveryRows(org)).filter((r) => r.id === deliveryId(item.id, hook.id));
    expect(rows).toHaveLength(1);
    await until(() => zapier.caughtAt(url).length === 1);
    expect(zapier.caughtAt(url)[0]?.body).toMatchObject({ id: lead.id, status: 'contacted', previous_status: 'new' });
  });

  it('a 410 from Zapier unsubscribes the hook', async () => {
    const user = await registerUser(t);
    const url = zapier.catchUrl();
    zapier.setMode(url, 'gone');
    const hook = await subscribe(user, 'lead.created', url);
    await createLead(user);
    await until(() => zapier.attemptsAt(url) === 1);
    const hooks = await hooksOf(orgOf(user));
    expect(hooks.map((h) => h.id)).not.toContain(hook.id);
    const res = await call('DELETE', `integrations/zapier/hooks/${hook.id}/`, user);
    expectError(res, 404, 'NOT_FOUND');
  });

  it('a 429 waits the Retry-After, then delivers', async () => {
    const user = await registerUser(t);
    const org = orgOf(user);
    const url = zapier.catchUrl();
    zapier.setMode(url, 'rate_limited');
    zapier.retryAfterSeconds = 120;
    await subscribe(user, 'lead.created', url);
    const lead = await createLead(user);
    await until(() => zapier.attemptsAt(url) === 1);
    // The attempt is delivered (it was answered), and the same delivery waits for its time.
    const retry = await eventually(async () => {
      const rows = await deliveryRows(org);
      return rows.length === 2 ? rows.find((r) => !r.deliveredAt && !r.failedAt) : undefined;
    });
    const wait = retry.availableAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(100_000);
    expect(wait).toBeLessThanOrEqual(121_000);
    expect(zapier.caughtAt(url)).toHaveLength(0);
    // The wait is over.
    zapier.setMode(url, 'ok');
    await inScope(t.database.db, {}, (tx) =>
      tx.update(outbox).set({ availableAt: new Date() }).where(eq(outbox.id, retry.id)),
    );
    await until(() => zapier.caughtAt(url).length === 1);
    expect(zapier.caughtAt(url)[0]?.body).toMatchObject({ id: lead.id });
  });

  it('any other failure is retried with the outbox backoff, the hook kept', async () => {
    const user = await registerUser(t);
    const org = orgOf(user);
    const url = zapier.catchUrl();
    zapier.setMode(url, 'down');
    const hook = await subscribe(user, 'lead.created', url);
    await createLead(user);
    await until(() => zapier.attemptsAt(url) >= 1);
    const failed = await eventually(async () => (await deliveryRows(org)).find((r) => r.lastError !== null));
    expect(failed.lastError).toContain('503');
    expect(failed.deliveredAt).toBeNull();
    expect(failed.availableAt.getTime()).toBeGreaterThan(Date.now());
    expect((await hooksOf(org)).map((h) => h.id)).toContain(hook.id);
  });

  it('an unsubscribed hook gets nothing more, and zapierStatus follows the hooks', async () => {
    const user = await registerUser(t);
    const org = orgOf(user);
    const status = () =>
      inScope(t.database.db, { organizationId: org }, (tx) =>
        zapierStatus({ organizationId: org, userId: user.user.id, role: 'owner', tx }),
      );
    expect(await status()).toEqual({ active: false, hooks: 0, last_delivered_at: null });
    const url = zapier.catchUrl();
    const hook = await subscribe(user, 'lead.created', url);
    await createLead(user);
    await until(() => zapier.caughtAt(url).length === 1);
    const active = await status();
    expect(active).toMatchObject({ active: true, hooks: 1 });
    expect(active.last_delivered_at).not.toBeNull();
    // The integrations list shows the Zapier card active while a Zap listens.
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/integrations/', headers: bearer(user.access) });
    const card = expectData(
      z.array(z.object({ kind: z.string(), status: z.string(), last_synced_at: z.string().nullable() })),
      list,
    ).find((i) => i.kind === 'zapier');
    expect(card).toEqual({ kind: 'zapier', status: 'active', last_synced_at: active.last_delivered_at });
    const res = await call('DELETE', `integrations/zapier/hooks/${hook.id}/`, user);
    expect(res.statusCode, res.body).toBe(200);
    await createLead(user);
    await t.app.deps.outbox.drain();
    expect(zapier.caughtAt(url)).toHaveLength(1);
    expect(await status()).toEqual({ active: false, hooks: 0, last_delivered_at: null });
  });
});

describe('GET /integrations/zapier/samples/{event}/', () => {
  const samples = z.array(zapierLeadSchema);

  it('answers one example lead when the organization has none, so a Zap can be built', async () => {
    const user = await registerUser(t);
    const [example, ...rest] = expectData(
      samples,
      await call('GET', 'integrations/zapier/samples/lead.created/', user),
    );
    expect(rest).toHaveLength(0);
    expect(example).toMatchObject({ first_name: 'Example', previous_status: null });
  });

  it('answers the latest real leads, at most three, in the delivery shape', async () => {
    const user = await registerUser(t);
    const made: Lead[] = [];
    for (let i = 0; i < 4; i += 1) made.push(await createLead(user, { first_name: `Lead${i}` }));
    const list = expectData(samples, await call('GET', 'integrations/zapier/samples/lead.created/', user));
    expect(list.map((l) => l.id)).toEqual(
      made
        .slice(1)
        .reverse()
        .map((l) => l.id),
    );
    const changed = expectData(samples, await call('GET', 'integrations/zapier/samples/lead.status_changed/', user));
    expect(changed.every((l) => l.previous_status === 'new')).toBe(true);
  });

  it('refuses an unknown event', async () => {
    expectValidation(await call('GET', 'integrations/zapier/samples/lead.vanished/', owner), 'event');
  });
});

describe('another organization', () => {
  it('gets 404 for a hook that is not its own, and sees none of them', async () => {
    const hook = await subscribe(owner);
    expectError(await call('DELETE', `integrations/zapier/hooks/${hook.id}/`, stranger), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `integrations/zapier/hooks/${randomUUID()}/`, owner), 404, 'NOT_FOUND');
    const list = expectData(paginated(zapierHookSchema), await call('GET', 'integrations/zapier/hooks/', stranger));
    expect(list.results.map((h) => h.id)).not.toContain(hook.id);
    expect((await hooksOf(orgOf(owner))).map((h) => h.id)).toContain(hook.id);
  });
});
