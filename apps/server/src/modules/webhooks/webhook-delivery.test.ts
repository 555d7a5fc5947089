import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook as Verifier } from 'standardwebhooks';
import { leadSchema, type Lead } from '@leadcapture/contracts/leads';
import { paginated } from '@leadcapture/contracts/envelope';
import {
  WEBHOOK_RETRY_SECONDS,
  webhookDeliverySchema,
  webhookSchema,
  webhookWithSecretSchema,
  type WebhookDelivery,
  type WebhookEventType,
  type WebhookWithSecret,
} from '@leadcapture/contracts/webhooks';
import { createEvent, postCapture, visitor } from '../../../test/capture.ts';
import { expectData } from '../../../test/envelope.ts';
import { bearer, createTestApp, mailsTo, registerUser, type TestApp } from '../../../test/helpers.ts';
import { startReceiver, type Received, type Receiver } from '../../../test/webhook-receiver.ts';
import { queryRows } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { outbox } from '../../jobs/outbox.table.ts';
import { notifications } from '../notifications/notifications.table.ts';
import { attemptDelivery } from './webhook-delivery.ts';
import { webhookDeliveries, webhooks } from './webhooks.table.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

let t: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

/** Delivers what is due: the lead kinds (the fan-out), then the deliveries. */
async function flush() {
  await t.app.deps.outbox.drain();
  await t.app.deps.webhookDeliveries.drain();
}

const api = (user: User, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { ...bearer(user.access), 'x-organization-id': user.organization?.id ?? '' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function addWebhook(user: User, events: WebhookEventType[], url = receiver.url): Promise<WebhookWithSecret> {
  return expectData(
    webhookWithSecretSchema,
    await api(user, 'POST', 'integrations/webhooks/', { name: 'Receiver', url, events }),
    201,
  );
}

async function createLead(user: User, body: Record<string, unknown> = {}): Promise<Lead> {
  return expectData(
    leadSchema,
    await api(user, 'POST', 'leads/', {
      first_name: 'Greta',
      last_name: 'Berg',
      email: `${randomUUID()}@example.com`,
      ...body,
    }),
    201,
  );
}

/** The requests for one webhook (its path), each verified with the webhook's secret. */
function verified(got: Received[], hook: WebhookWithSecret) {
  return got.map((r) => ({
    id: String(r.headers['webhook-id']),
    body: new Verifier(hook.secret).verify(r.body, r.headers as Record<string, string>) as {
      type: string;
      timestamp: string;
      data: Record<string, unknown>;
    },
  }));
}

/** Requests arriving at `path` of the receiver (each test its own path, so tests never mix). */
async function arrivals(path: string, n: number, timeoutMs = 5000): Promise<Received[]> {
  const deadline = Date.now() + timeoutMs;
  const mine = () => receiver.received.filter((r) => r.headers['x-path'] === path);
  while (mine().length < n && Date.now() < deadline) {
    await flush();
    await new Promise((r) => setTimeout(r, 20));
  }
  return mine();
}

/** A URL of the receiver that tags its requests, by a query the receiver echoes into x-path. */
const pathUrl = (path: string) => `${receiver.url}?p=${path}`;

async function deliveries(user: User, webhookId: string): Promise<WebhookDelivery[]> {
  return expectData(
    paginated(webhookDeliverySchema),
    await api(user, 'GET', `integrations/webhooks/${webhookId}/deliveries/?page_size=100`),
  ).results;
}

describe('webhook deliveries', () => {
  it('a lead created by hand and a capture each arrive once, signed, with the lead as the API answers it', async () => {
    const user = await registerUser(t);
    const org = user.organization?.id ?? '';
    const hook = await addWebhook(user, ['lead.created'], pathUrl('created'));
    const lead = await createLead(user, { company: 'Fjord AB' });
    const event = await createEvent(t, org);
    const captured = await postCapture(t, event.slug, visitor({ first_name: 'Captured' }));
    expect(captured.statusCode).toBe(201);
    const got = verified(await arrivals('created', 2), hook);
    expect(got).toHaveLength(2);
    const byName = new Map(got.map((g) => [g.body.data.first_name, g]));
    const manual = byName.get('Greta');
    expect(manual?.body).toEqual({ type: 'lead.created', timestamp: lead.updated_at, data: lead });
    expect(manual?.id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(byName.get('Captured')?.body).toMatchObject({ type: 'lead.created', data: { event: event.id } });
    const log = await deliveries(user, hook.id);
    expect(log.map((d) => d.status)).toEqual(['delivered', 'delivered']);
    expect(log[0]?.attempt_log[0]).toMatchObject({ status_code: 200, trigger: 'automatic', error: '' });
    // Nothing more comes: a repeat of the outbox work does not write a second delivery.
    await flush();
    expect(await deliveries(user, hook.id)).toHaveLength(2);
  });

  it('a repeat of the same outbox row writes no second delivery and keeps the webhook-id', async () => {
    const user = await registerUser(t);
    const org = user.organization?.id ?? '';
    const hook = await addWebhook(user, ['lead.updated'], pathUrl('repeat'));
    const lead = await createLead(user);
    await flush();
    // An outbox row written as a lead change would, delivered, then offered again (a lost
    // delivered mark after a crash: at least once).
    const id = await inScope(t.database.db, { organizationId: org }, (tx) =>
      enqueue(tx, { kind: 'lead.updated', organizationId: org, payload: { data: lead } }),
    );
    await flush();
    await t.database.db.update(outbox).set({ deliveredAt: null, attempts: 0 }).where(eq(outbox.id, id));
    await flush();
    const got = await arrivals('repeat', 1);
    expect(got).toHaveLength(1);
    expect(got[0]?.headers['webhook-id']).toBe(`msg_${id.replaceAll('-', '')}`);
    expect(await deliveries(user, hook.id)).toHaveLength(1);
  });

  it('sends only the types a webhook listens to, only to active webhooks, and only its own organisation', async () => {
    const user = await registerUser(t);
    const other = await registerUser(t);
    await addWebhook(user, ['lead.deleted'], pathUrl('types-deleted'));
    const off = await addWebhook(user, ['lead.created'], pathUrl('types-off'));
    await api(user, 'PATCH', `integrations/webhooks/${off.id}/`, { is_active: false });
    await addWebhook(other, ['lead.created'], pathUrl('types-other'));
    const lead = await createLead(user);
    expect((await api(user, 'DELETE', `leads/${lead.id}/`)).statusCode).toBe(200);
    const got = await arrivals('types-deleted', 1);
    expect(got.map((r) => (JSON.parse(r.body) as { type: string }).type)).toEqual(['lead.deleted']);
    expect((JSON.parse(got[0]?.body ?? '{}') as { data: unknown }).data).toEqual({ id: lead.id });
    expect(receiver.received.filter((r) => r.headers['x-path'] === 'types-off')).toHaveLength(0);
    expect(receiver.received.filter((r) => r.headers['x-path'] === 'types-other')).toHaveLength(0);
  });

  it('status, assignment, conversion and a new client each send their event, with what was before', async () => {
    const user = await registerUser(t);
    const hook = await addWebhook(
      user,
      ['lead.status_changed', 'lead.assigned', 'lead.converted', 'client.created'],
      pathUrl('kinds'),
    );
    const lead = await createLead(user);
    await api(user, 'POST', `leads/${lead.id}/status/`, { status: 'contacted' });
    await api(user, 'PATCH', `leads/${lead.id}/`, { status: 'qualified', assigned_to: user.user.id });
    await api(user, 'POST', `leads/${lead.id}/assign/`, { assigned_to: null });
    expect((await api(user, 'POST', `leads/${lead.id}/convert_to_client/`, {})).statusCode).toBe(201);
    expect((await api(user, 'POST', 'clients/', { company_name: 'Direct AB' })).statusCode).toBe(201);
    const got = verified(await arrivals('kinds', 8), hook).map((g) => g.body);
    const seen = got.map((b) => {
      const d = b.data;
      switch (b.type) {
        case 'lead.status_changed':
          return `${b.type} ${String(d.previous_status)}>${String(d.status)}`;
        case 'lead.assigned':
          return `${b.type} ${String(d.previous_assigned_to)}>${String(d.assigned_to)}`;
        case 'lead.converted':
          return `${b.type} ${String(d.previous_status)}>${String(d.status)} client:${typeof d.client}`;
        default:
          return `${b.type} ${String(d.company_name)}`;
      }
    });
    const me = user.user.id;
    expect(seen.sort()).toEqual(
      [
        'lead.status_changed new>contacted',
        'lead.status_changed contacted>qualified',
        `lead.assigned null>${me}`,
        `lead.assigned ${me}>null`,
        'lead.status_changed qualified>converted',
        'lead.converted qualified>converted client:string',
        'client.created Greta Berg',
        'client.created Direct AB',
      ].sort(),
    );
  });

  it('a bulk change reaches webhooks lead by lead', async () => {
    const user = await registerUser(t);
    const hook = await addWebhook(user, ['lead.updated', 'lead.status_changed', 'lead.deleted'], pathUrl('bulk'));
    const [a, b] = [await createLead(user), await createLead(user)];
    await flush();
    const before = receiver.received.filter((r) => r.headers['x-path'] === 'bulk').length;
    await api(user, 'POST', 'leads/bulk/', { action: 'status', status: 'contacted', ids: [a.id, b.id] });
    await api(user, 'POST', 'leads/bulk/', { action: 'delete', ids: [a.id] });
    const got = verified((await arrivals('bulk', before + 5)).slice(before), hook).map((g) => g.body);
    const ids = (type: string) =>
      got
        .filter((g) => g.type === type)
        .map((g) => String(g.data.id))
        .sort();
    expect(ids('lead.updated')).toEqual([a.id, b.id].sort());
    expect(ids('lead.status_changed')).toEqual([a.id, b.id].sort());
    expect(ids('lead.deleted')).toEqual([a.id]);
    expect(got.find((g) => g.type === 'lead.status_changed')?.data).toMatchObject({
      previous_status: 'new',
      status: 'contacted',
    });
  });

  it('a change that rolls back sends nothing', async () => {
    const user = await registerUser(t);
    const org = user.organization?.id ?? '';
    const hook = await addWebhook(user, ['lead.created', 'client.created'], pathUrl('rollback'));
    await expect(
      inScope(t.database.db, { organizationId: org }, async (tx) => {
        await enqueue(tx, { kind: 'lead.created', organizationId: org, payload: { data: { id: randomUUID() } } });
        throw new Error('the change fails after its message was written');
      }),
    ).rejects.toThrow('the change fails');
    // A convert refused (the lead already converted) writes no client.created either.
    const lead = await createLead(user);
    expect((await api(user, 'POST', `leads/${lead.id}/convert_to_client/`, {})).statusCode).toBe(201);
    expect((await api(user, 'POST', `leads/${lead.id}/convert_to_client/`, {})).statusCode).toBe(409);
    const got = await arrivals('rollback', 3, 1000);
    expect(got.map((r) => (JSON.parse(r.body) as { type: string }).type).sort()).toEqual([
      'client.created',
      'lead.created',
    ]);
    expect((await deliveries(user, hook.id)).length).toBe(2);
  });
});

/** The owner's mail about a disabled webhook (the first mail is the address check). */
async function disabledMail(to: string) {
  const mails = await mailsTo(t, to, { atLeast: 2 });
  return mails.find((m) => m.subject === 'A webhook was disabled');
}

describe('webhook retries and failures', () => {
  /** The delivery's outbox row made due now: time moved forward instead of waited for. */
  async function makeDue(deliveryId: string) {
    await t.database.db
      .update(outbox)
      .set({ availableAt: sql`now()` })
      .where(and(eq(outbox.kind, 'webhook.deliver'), sql`${outbox.payload}->>'delivery_id' = ${deliveryId}`));
  }

  it('retries on 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h with the same webhook-id, then fails', async () => {
    const user = await registerUser(t);
    const hook = await addWebhook(user, ['lead.created'], pathUrl('retry'));
    receiver.always({ status: 200 });
    const failing = Array.from({ length: 8 }, () => ({ status: 503, body: 'busy' }));
    receiver.answer(...failing);
    await createLead(user);
    await arrivals('retry', 1);
    const [delivery] = await deliveries(user, hook.id);
    if (!delivery) throw new Error('no delivery');
    for (const [i, seconds] of WEBHOOK_RETRY_SECONDS.entries()) {
      const now = (await deliveries(user, hook.id))[0];
      expect(now?.status).toBe('pending');
      expect(now?.attempts).toBe(i + 1);
      const last = new Date(now?.attempt_log[0]?.attempted_at ?? 0).getTime();
      const next = new Date(now?.next_attempt_at ?? 0).getTime();
      expect(Math.abs(next - last - seconds * 1000), `retry ${i + 1}`).toBeLessThan(2000);
      // Not before it is due.
      await t.app.deps.webhookDeliveries.drain();
      expect((await deliveries(user, hook.id))[0]?.attempts).toBe(i + 1);
      await makeDue(delivery.id);
      await arrivals('retry', i + 2);
    }
    const done = (await deliveries(user, hook.id))[0];
    expect(done).toMatchObject({ status: 'failed', attempts: 8, last_status_code: 503, next_attempt_at: null });
    expect(done?.attempt_log.map((a) => a.trigger)).toEqual(Array(8).fill('automatic'));
    const got = receiver.received.filter((r) => r.headers['x-path'] === 'retry');
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(got).toHaveLength(8);
    await makeDue(delivery.id);
    await flush();
    expect(receiver.received.filter((r) => r.headers['x-path'] === 'retry')).toHaveLength(8);
    const webhook = expectData(webhookSchema, await api(user, 'GET', `integrations/webhooks/${hook.id}/`));
    expect(webhook).toMatchObject({ status: 'failing', is_active: true });
  });

  it('a success after failures delivers and clears the failing streak', async () => {
    const user = await registerUser(t);
    const hook = await addWebhook(user, ['lead.created'], pathUrl('recover'));
    receiver.answer({ status: 500 });
    await createLead(user);
    await arrivals('recover', 1);
    const [delivery] = await deliveries(user, hook.id);
    expect(expectData(webhookSchema, await api(user, 'GET', `integrations/webhooks/${hook.id}/`)).status).toBe(
      'failing',
    );
    await makeDue(delivery?.id ?? '');
    await arrivals('recover', 2);
    expect((await deliveries(user, hook.id))[0]).toMatchObject({ status: 'delivered', attempts: 2 });
    const webhook = expectData(webhookSchema, await api(user, 'GET', `integrations/webhooks/${hook.id}/`));
    expect(webhook).toMatchObject({ status: 'active', failing_since: null, last_delivery: { ok: true } });
  });

  it('a redirect is a failure: not followed, retried', async () => {
    const user = await registerUser(t);
    const hook = await addWebhook(user, ['lead.created'], pathUrl('redirect'));
    receiver.answer({ status: 302, headers: { location: `${receiver.url}?p=redirect-target` } });
    await createLead(user);
    await arrivals('redirect', 1);
    const [delivery] = await deliveries(user, hook.id);
    expect(delivery).toMatchObject({ status: 'pending', last_status_code: 302, attempts: 1 });
    expect(delivery?.last_error).toMatch(/redirects are not followed/);
    expect(receiver.received.filter((r) => r.headers['x-path'] === 'redirect-target')).toHaveLength(0);
  });

  it('410 disables the webhook at once and tells the owners, in the app and by mail', async () => {
    const user = await registerUser(t);
    const org = user.organization?.id ?? '';
    const hook = await addWebhook(user, ['lead.created'], pathUrl('gone'));
    receiver.answer({ status: 410, body: 'unsubscribed' });
    await createLead(user);
    await arrivals('gone', 1);
    const [delivery] = await deliveries(user, hook.id);
    expect(delivery).toMatchObject({ status: 'failed', last_status_code: 410, next_attempt_at: null });
    expect(delivery?.attempt_log[0]?.response_excerpt).toBe('unsubscribed');
    const webhook = expectData(webhookSchema, await api(user, 'GET', `integrations/webhooks/${hook.id}/`));
    expect(webhook).toMatchObject({ is_active: false, status: 'disabled', disabled_reason: 'gone' });
    const notes = await inScope(t.database.db, { organizationId: org }, (tx) =>
      tx.select().from(notifications).where(eq(notifications.organizationId, org)),
    );
    expect(notes).toEqual([
      expect.objectContaining({
        userId: user.user.id,
        type: 'webhook_disabled',
        category: 'system',
        data: { webhook_id: hook.id, webhook_name: 'Receiver', reason: 'gone' },
        link: '/settings/integrations',
      }),
    ]);
    const mail = await disabledMail(user.email);
    expect(mail?.subject).toBe('A webhook was disabled');
    expect(mail?.text).toContain('410 Gone');
    // Disabled: new events are not sent to it.
    await createLead(user);
    await flush();
    expect(receiver.received.filter((r) => r.headers['x-path'] === 'gone')).toHaveLength(1);
  });

  it('after 5 days of failures the webhook is disabled and the owners told', async () => {
    const user = await registerUser(t);
    const org = user.organization?.id ?? '';
    const hook = await addWebhook(user, ['lead.created'], pathUrl('five-days'));
    receiver.answer({ status: 500 }, { status: 500 });
    await createLead(user);
    await arrivals('five-days', 1);
    let webhook = expectData(webhookSchema, await api(user, 'GET', `integrations/webhooks/${hook.id}/`));
    expect(webhook).toMatchObject({ is_active: true, status: 'failing' });
    // Four days of failures: still on.
    const failingFor = (days: number) =>
      inScope(t.database.db, { organizationId: org }, (tx) =>
        tx
          .update(webhooks)
          .set({ failingSince: sql`now() - make_interval(days => ${days})` })
          .where(eq(webhooks.id, hook.id)),
      );
    await failingFor(4);
    const [delivery] = await deliveries(user, hook.id);
    await makeDue(delivery?.id ?? '');
    await arrivals('five-days', 2);
    webhook = expectData(webhookSchema, await api(user, 'GET', `integrations/webhooks/${hook.id}/`));
    expect(webhook.is_active).toBe(true);
    await failingFor(5);
    receiver.answer({ status: 500 });
    await makeDue(delivery?.id ?? '');
    await arrivals('five-days', 3);
    webhook = expectData(webhookSchema, await api(user, 'GET', `integrations/webhooks/${hook.id}/`));
    expect(webhook).toMatchObject({ is_active: false, disabled_reason: 'failing' });
    const [note] = await inScope(t.database.db, { organizationId: org }, (tx) =>
      tx.select().from(notifications).where(eq(notifications.organizationId, org)),
    );
    expect(note?.data).toMatchObject({ webhook_id: hook.id, reason: 'failing' });
    expect((await disabledMail(user.email))?.text).toContain('five days');
    // The queued retry finds the webhook disabled: the delivery fails, nothing is sent.
    await makeDue(delivery?.id ?? '');
    await flush();
    expect(receiver.received.filter((r) => r.headers['x-path'] === 'five-days')).toHaveLength(3);
    expect((await deliveries(user, hook.id))[0]).toMatchObject({
      status: 'failed',
      last_error: 'The webhook is disabled.',
    });
    // Enabled again, the streak starts over.
    webhook = expectData(
      webhookSchema,
      await api(user, 'PATCH', `integrations/webhooks/${hook.id}/`, { is_active: true }),
    );
    expect(webhook).toMatchObject({ is_active: true, status: 'active', failing_since: null });
  });

  it('an endpoint that does not answer in time fails the attempt (time-out), with its duration', async () => {
    const user = await registerUser(t);
    const org = user.organization?.id ?? '';
    const hook = await addWebhook(user, ['lead.created'], pathUrl('slow'));
    const deliveryId = await inScope(t.database.db, { organizationId: org }, async (tx) => {
      const [row] = await tx
        .insert(webhookDeliveries)
        .values({
          organizationId: org,
          webhookId: hook.id,
          messageId: 'msg_slow',
          eventType: 'lead.created',
          body: '{}',
        })
        .returning({ id: webhookDeliveries.id });
      return row?.id ?? '';
    });
    receiver.answer({ status: 200, delayMs: 3000 });
    const deps = t.app.deps;
    const outcome = await attemptDelivery(
      { db: deps.db, outbound: deps.outbound, sealedBox: deps.sealedBox, log: deps.log, timeoutMs: 300 },
      org,
      deliveryId,
      'automatic',
      1,
    );
    expect(outcome).toMatchObject({ kind: 'attempted', ok: false, retry: true, statusCode: null });
    const [delivery] = await deliveries(user, hook.id);
    expect(delivery?.attempt_log[0]?.error).toMatch(/^timeout: /);
    expect(delivery?.attempt_log[0]?.duration_ms).toBeGreaterThanOrEqual(250);
    expect(delivery?.attempt_log[0]?.duration_ms).toBeLessThan(2500);
  });

  it('keeps at most 1 KiB of an answer', async () => {
    const user = await registerUser(t);
    const hook = await addWebhook(user, ['lead.created'], pathUrl('long-answer'));
    receiver.answer({ status: 200, body: 'å'.repeat(4000) });
    await createLead(user);
    await arrivals('long-answer', 1);
    const excerpt = (await deliveries(user, hook.id))[0]?.attempt_log[0]?.response_excerpt ?? '';
    expect(Buffer.byteLength(excerpt)).toBeLessThanOrEqual(1024);
    expect(excerpt).toBe('å'.repeat(512));
  });

  it('deleting a webhook drops its queued retries: nothing more is sent', async () => {
    const user = await registerUser(t);
    const org = user.organization?.id ?? '';
    const hook = await addWebhook(user, ['lead.created'], pathUrl('deleted'));
    receiver.answer({ status: 500 });
    await createLead(user);
    await arrivals('deleted', 1);
    const [delivery] = await deliveries(user, hook.id);
    await api(user, 'DELETE', `integrations/webhooks/${hook.id}/`);
    await makeDue(delivery?.id ?? '');
    await flush();
    expect(receiver.received.filter((r) => r.headers['x-path'] === 'deleted')).toHaveLength(1);
    const pending = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from outbox where organization_id = ${org} and kind = 'webhook.deliver'
          and delivered_at is null and failed_at is null`,
    );
    expect(pending[0]?.n).toBe(0);
  });
});
