import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook as Verifier } from 'standardwebhooks';
import { paginated } from '@leadcapture/contracts/envelope';
import {
  webhookDeliverySchema,
  webhookSchema,
  webhookWithSecretSchema,
  type WebhookWithSecret,
} from '@leadcapture/contracts/webhooks';
import { expectData, expectError } from '../../../test/envelope.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { startReceiver, type Receiver } from '../../../test/webhook-receiver.ts';
import { createOutbound } from '../../outbound/outbound.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

let t: TestApp;
let strict: TestApp;
let receiver: Receiver;
let owner: User;
let stranger: User;

beforeAll(async () => {
  t = await createTestApp();
  // The address guard as in production: private addresses refused at save and at connect. The
  // stub resolver answers a public address for hooks.example.test at save and loopback
  // afterwards (DNS rebinding), and a private one for private.example.test.
  let rebindLookups = 0;
  strict = await createTestApp({
    env: { OUTBOUND_ALLOW_PRIVATE: 'false' },
    outbound: createOutbound({
      allowPrivate: false,
      resolver: (host) => {
        if (host === 'private.example.test') return Promise.resolve([{ address: '10.1.2.3', family: 4 }]);
        if (host === 'hooks.example.test') {
          rebindLookups += 1;
          return Promise.resolve([{ address: rebindLookups === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }]);
        }
        return Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
      },
    }),
  });
  receiver = await startReceiver();
  [owner, stranger] = await Promise.all([registerUser(t), registerUser(t)]);
});
afterAll(async () => {
  await receiver.close();
  await Promise.all([t.close(), strict.close()]);
});

const call = (
  user: User,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  app = t,
) =>
  app.app.inject({
    method,
    url: `/api/v1/integrations/webhooks/${url}`,
    headers: bearer(user.access),
    ...(payload === undefined ? {} : { payload }),
  });

async function createWebhook(user: User, body: Record<string, unknown> = {}): Promise<WebhookWithSecret> {
  return expectData(
    webhookWithSecretSchema,
    await call(user, 'POST', '', { name: 'CRM', url: receiver.url, events: ['lead.created'], ...body }),
    201,
  );
}

const secretOf = (bytes: number) => `whsec_${randomBytes(bytes).toString('base64')}`;

describe('webhooks: create, read, change, delete', () => {
  it('creates with a generated secret shown once, and reads back without it', async () => {
    const created = await createWebhook(owner, { events: ['lead.updated', 'lead.created', 'lead.created'] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created).toMatchObject({
      name: 'CRM',
      url: receiver.url,
      // Once each, in the catalogue's order.
      events: ['lead.created', 'lead.updated'],
      is_active: true,
      status: 'active',
      disabled_reason: null,
      last_delivery: null,
    });
    const read = await call(owner, 'GET', `${created.id}/`);
    const webhook = expectData(webhookSchema, read);
    expect(read.json<{ data: Record<string, unknown> }>().data).not.toHaveProperty('secret');
    expect(read.body).not.toContain(created.secret.slice(6));
    expect(webhook.id).toBe(created.id);
    const list = expectData(paginated(webhookSchema), await call(owner, 'GET', ''));
    expect(list.results.map((w) => w.id)).toContain(created.id);
  });

  it('keeps a given secret of 24 to 64 bytes', async () => {
    for (const bytes of [24, 64]) {
      const secret = secretOf(bytes);
      expect((await createWebhook(owner, { secret })).secret).toBe(secret);
    }
  });

  it('changes name, URL and events, disables by hand and enables again', async () => {
    const { id } = await createWebhook(owner);
    const changed = expectData(
      webhookSchema,
      await call(owner, 'PATCH', `${id}/`, {
        name: 'Zapier',
        url: `${receiver.url}/v2`,
        events: ['client.created'],
        is_active: false,
      }),
    );
    expect(changed).toMatchObject({
      name: 'Zapier',
      url: `${receiver.url}/v2`,
      events: ['client.created'],
      is_active: false,
      status: 'disabled',
      disabled_reason: 'manual',
    });
    const enabled = expectData(webhookSchema, await call(owner, 'PATCH', `${id}/`, { is_active: true }));
    expect(enabled).toMatchObject({ is_active: true, status: 'active', disabled_reason: null, disabled_at: null });
  });

  it('deletes, with its log; the webhook is gone afterwards', async () => {
    const { id } = await createWebhook(owner);
    expect((await call(owner, 'POST', `${id}/test/`)).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', `${id}/`)).statusCode).toBe(200);
    expectError(await call(owner, 'GET', `${id}/`), 404, 'NOT_FOUND');
    expectError(await call(owner, 'GET', `${id}/deliveries/`), 404, 'NOT_FOUND');
    expectError(await call(owner, 'DELETE', `${id}/`), 404, 'NOT_FOUND');
  });
});

describe('webhooks: bad input is refused and nothing is written', () => {
  const bad: [string, Record<string, unknown>, string][] = [
    ['another scheme', { url: 'ftp://example.com/hook' }, 'url'],
    ['no URL', { url: '' }, 'url'],
    ['not a URL', { url: 'hooks please' }, 'url'],
    ['an overlong URL', { url: `https://example.com/${'a'.repeat(2001)}` }, 'url'],
    ['credentials in the URL', { url: 'http://user:pass@127.0.0.1:9/hook' }, 'url'],
    ['an unknown event type', { events: ['lead.created', 'lead.exploded'] }, 'events.1'],
    ['no events', { events: [] }, 'events'],
    ['events not a list', { events: 'lead.created' }, 'events'],
    ['a secret without the prefix', { secret: randomBytes(32).toString('base64') }, 'secret'],
    ['a secret that is not base64', { secret: 'whsec_not*base64*at*all!!' }, 'secret'],
    ['a secret too short (16 bytes)', { secret: secretOf(16) }, 'secret'],
    ['a secret too long (65 bytes)', { secret: secretOf(65) }, 'secret'],
    ['no name', { name: '  ' }, 'name'],
    ['an overlong name', { name: 'n'.repeat(101) }, 'name'],
  ];
  it.each(bad)('%s: 422 on its field', async (_what, body, field) => {
    const user = await registerUser(t);
    const res = await call(user, 'POST', '', { name: 'CRM', url: receiver.url, events: ['lead.created'], ...body });
    const error = expectError(res, 422, 'VALIDATION_ERROR');
    expect(Object.keys(error.details ?? {})).toContain(field);
    const list = expectData(paginated(webhookSchema), await call(user, 'GET', ''));
    expect(list.count).toBe(0);
  });

  it('refuses a bad change and keeps the webhook as it was', async () => {
    const created = await createWebhook(owner);
    for (const body of [{ url: 'gopher://x' }, { events: [] }, { events: ['nope'] }, { name: '' }]) {
      expectError(await call(owner, 'PATCH', `${created.id}/`, body), 422, 'VALIDATION_ERROR');
    }
    const read = expectData(webhookSchema, await call(owner, 'GET', `${created.id}/`));
    expect(read).toMatchObject({ name: created.name, url: created.url, events: created.events });
  });

  it('refuses loopback, private, link-local and metadata addresses at save (the guard on)', async () => {
    const user = await registerUser(strict);
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://10.0.0.7/hook',
      'http://192.168.1.1/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/hook',
      'http://[fd00::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://private.example.test/hook',
    ]) {
      const res = await call(user, 'POST', '', { name: 'x', url, events: ['lead.created'] }, strict);
      const error = expectError(res, 422, 'VALIDATION_ERROR');
      expect(error.details?.url, url).toBeDefined();
    }
    const list = expectData(paginated(webhookSchema), await call(user, 'GET', '', undefined, strict));
    expect(list.count).toBe(0);
  });

  it('refuses at connect an address that turned private after save (DNS rebinding)', async () => {
    const user = await registerUser(strict);
    const created = expectData(
      webhookWithSecretSchema,
      await call(
        user,
        'POST',
        '',
        { name: 'Rebinding', url: `http://hooks.example.test:${receiver.port}/hooks`, events: ['lead.created'] },
        strict,
      ),
      201,
    );
    const before = receiver.received.length;
    const delivery = expectData(webhookDeliverySchema, await call(user, 'POST', `${created.id}/test/`, {}, strict));
    expect(delivery.status).toBe('failed');
    expect(delivery.attempt_log[0]).toMatchObject({ status_code: null, trigger: 'test' });
    expect(delivery.attempt_log[0]?.error).toMatch(/^blocked: /);
    expect(receiver.received.length).toBe(before);
  });

  it('answers 422 for a malformed id and 404 for an unknown one', async () => {
    expectError(await call(owner, 'GET', 'not-a-uuid/'), 422, 'VALIDATION_ERROR');
    expectError(await call(owner, 'GET', `${randomUUID()}/`), 404, 'NOT_FOUND');
  });
});

describe('webhooks: another organisation', () => {
  it('answers 404 on every id route, and changes nothing', async () => {
    const created = await createWebhook(owner);
    const test = expectData(webhookDeliverySchema, await call(owner, 'POST', `${created.id}/test/`));
    const sent = receiver.received.length;
    const id = created.id;
    for (const [method, url, body] of [
      ['GET', `${id}/`],
      ['PATCH', `${id}/`, { name: 'Taken' }],
      ['PATCH', `${id}/`, { url: receiver.url }],
      ['DELETE', `${id}/`],
      ['POST', `${id}/test/`],
      ['POST', `${id}/rotate-secret/`],
      ['GET', `${id}/deliveries/`],
      ['POST', `${id}/deliveries/${test.id}/resend/`],
    ] as const) {
      expectError(await call(stranger, method, url, body), 404, 'NOT_FOUND');
    }
    expect(receiver.received.length).toBe(sent);
    expect(expectData(webhookSchema, await call(owner, 'GET', `${id}/`)).name).toBe(created.name);
    // A delivery of one webhook is not found under another of the same organisation either.
    const other = await createWebhook(owner);
    expectError(await call(owner, 'POST', `${other.id}/deliveries/${test.id}/resend/`), 404, 'NOT_FOUND');
    const strangers = expectData(paginated(webhookSchema), await call(stranger, 'GET', ''));
    expect(strangers.results.map((w) => w.id)).not.toContain(id);
  });
});

describe('webhooks: test, resend, rotate', () => {
  it('test sends a signed webhook.test now and logs it', async () => {
    const created = await createWebhook(owner);
    const before = receiver.received.length;
    receiver.answer({ status: 202, body: 'accepted here' });
    const delivery = expectData(webhookDeliverySchema, await call(owner, 'POST', `${created.id}/test/`));
    expect(delivery).toMatchObject({
      webhook: created.id,
      event_type: 'webhook.test',
      status: 'delivered',
      attempts: 1,
      last_status_code: 202,
    });
    expect(delivery.attempt_log).toEqual([
      expect.objectContaining({ status_code: 202, response_excerpt: 'accepted here', error: '', trigger: 'test' }),
    ]);
    const [got] = receiver.received.slice(before);
    expect(got).toBeDefined();
    const body = new Verifier(created.secret).verify(got?.body ?? '', got?.headers as Record<string, string>);
    expect(body).toMatchObject({ type: 'webhook.test', data: { webhook: created.id } });
    expect(got?.headers['webhook-id']).toBe(delivery.webhook_id);
    const read = expectData(webhookSchema, await call(owner, 'GET', `${created.id}/`));
    expect(read.last_delivery).toMatchObject({ status_code: 202, ok: true });
    const log = expectData(paginated(webhookDeliverySchema), await call(owner, 'GET', `${created.id}/deliveries/`));
    expect(log.results.map((d) => d.id)).toEqual([delivery.id]);
  });

  it('resend keeps the webhook-id and body, with a fresh timestamp and signature, logged as a resend', async () => {
    const created = await createWebhook(owner);
    receiver.answer({ status: 500, body: 'down' });
    const first = expectData(webhookDeliverySchema, await call(owner, 'POST', `${created.id}/test/`));
    expect(first).toMatchObject({ status: 'failed', last_status_code: 500 });
    const original = receiver.received.at(-1);
    await new Promise((r) => setTimeout(r, 1100));
    const again = expectData(
      webhookDeliverySchema,
      await call(owner, 'POST', `${created.id}/deliveries/${first.id}/resend/`),
    );
    const resent = receiver.received.at(-1);
    expect(resent?.headers['webhook-id']).toBe(original?.headers['webhook-id']);
    expect(resent?.body).toBe(original?.body);
    expect(Number(resent?.headers['webhook-timestamp'])).toBeGreaterThan(
      Number(original?.headers['webhook-timestamp']),
    );
    expect(resent?.headers['webhook-signature']).not.toBe(original?.headers['webhook-signature']);
    new Verifier(created.secret).verify(resent?.body ?? '', resent?.headers as Record<string, string>);
    expect(again).toMatchObject({ id: first.id, status: 'delivered', attempts: 2, last_status_code: 200 });
    expect(again.attempt_log.map((a) => a.trigger)).toEqual(['resend', 'test']);
  });

  it('rotation shows a new secret once; for 24 h both secrets sign, each verifies', async () => {
    const created = await createWebhook(owner);
    const rotated = expectData(webhookWithSecretSchema, await call(owner, 'POST', `${created.id}/rotate-secret/`));
    expect(rotated.secret).not.toBe(created.secret);
    expect(rotated.secret).toMatch(/^whsec_/);
    const overlap = new Date(rotated.previous_secret_expires_at ?? 0).getTime() - Date.now();
    expect(overlap).toBeGreaterThan(23.9 * 3600_000);
    expect(overlap).toBeLessThanOrEqual(24 * 3600_000);
    await call(owner, 'POST', `${created.id}/test/`);
    const got = receiver.received.at(-1);
    const signatures = String(got?.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    for (const s of signatures) expect(s).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    for (const secret of [created.secret, rotated.secret]) {
      expect(new Verifier(secret).verify(got?.body ?? '', got?.headers as Record<string, string>)).toMatchObject({
        type: 'webhook.test',
      });
    }
    // A receiver holding neither secret verifies nothing.
    expect(() => new Verifier(secretOf(32)).verify(got?.body ?? '', got?.headers as Record<string, string>)).toThrow();
    // The read answer never shows a secret.
    const read = await call(owner, 'GET', `${created.id}/`);
    expect(read.body).not.toContain(rotated.secret.slice(6));
  });
});
