import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadSchema, type Lead } from '@leadcapture/contracts/leads';
import { expectData } from '../../test/envelope.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/helpers.ts';
import { WEBHOOK_EVENT_TYPES } from '@leadcapture/contracts/webhooks';
import { startReceiver, type Receiver } from '../../test/webhook-receiver.ts';
import { queryRows } from '../db/database.ts';

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

/** This organisation's outbox rows that nobody has delivered or given up on yet, by kind. */
async function pending(organizationId: string) {
  return queryRows<{ kind: string; n: number }>(
    t.database.db,
    sql`select kind, count(*)::int as n from outbox
        where organization_id = ${organizationId} and delivered_at is null and failed_at is null
        group by kind order by kind`,
  );
}

describe('outbox kinds', () => {
  it('delivers every kind a lead writes (created, updated, bulk, merged, deleted): none waits forever', async () => {
    const user = await registerUser(t);
    const org = user.organization?.id ?? '';
    const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
      t.app.inject({
        method,
        url: `/api/v1/${url}`,
        headers: { ...bearer(user.access), 'x-organization-id': org },
        ...(payload === undefined ? {} : { payload }),
      });
    const create = async (): Promise<Lead> =>
      expectData(
        leadSchema,
        await call('POST', 'leads/', { first_name: 'Greta', last_name: 'Berg', email: `${randomUUID()}@example.com` }),
        201,
      );
    const [a, b, c] = [await create(), await create(), await create()];
    expect((await call('PATCH', `leads/${a.id}/`, { company: 'Fjord AB' })).statusCode).toBe(200);
    expect((await call('POST', 'leads/bulk/', { action: 'status', status: 'contacted', ids: [a.id] })).statusCode).toBe(
      200,
    );
    expect((await call('POST', `leads/${a.id}/merge/`, { source: b.id })).statusCode).toBe(200);
    expect((await call('DELETE', `leads/${c.id}/`)).statusCode).toBe(200);
    const written = await queryRows<{ kind: string }>(
      t.database.db,
      sql`select distinct kind from outbox where organization_id = ${org} order by kind`,
    );
    expect(written.map((r) => r.kind)).toEqual(['lead.created', 'lead.deleted', 'lead.updated', 'leads.bulk_updated']);
    // On a shared PostgreSQL another test process may deliver some of them: either way, every
    // one is delivered, which a kind without a handler in the app never is.
    const deadline = Date.now() + 5000;
    let left = await pending(org);
    while (left.length > 0 && Date.now() < deadline) {
      await t.app.deps.outbox.drain();
      left = await pending(org);
    }
    expect(left).toEqual([]);
  });

  it('delivers the webhook kinds too (webhook.event, webhook.deliver) when a webhook listens', async () => {
    const user = await registerUser(t);
    const org = user.organization?.id ?? '';
    const call = (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) =>
      t.app.inject({
        method,
        url: `/api/v1/${url}`,
        headers: { ...bearer(user.access), 'x-organization-id': org },
        payload,
      });
    const hook = await call('POST', 'integrations/webhooks/', {
      name: 'All',
      url: receiver.url,
      events: [...WEBHOOK_EVENT_TYPES],
    });
    expect(hook.statusCode).toBe(201);
    const lead = expectData(
      leadSchema,
      await call('POST', 'leads/', { first_name: 'Greta', last_name: 'Berg', email: `${randomUUID()}@example.com` }),
      201,
    );
    expect((await call('POST', `leads/${lead.id}/status/`, { status: 'contacted' })).statusCode).toBe(200);
    expect((await call('POST', `leads/${lead.id}/convert_to_client/`, {})).statusCode).toBe(201);
    const deadline = Date.now() + 5000;
    let left = await pending(org);
    while (left.length > 0 && Date.now() < deadline) {
      await t.app.deps.outbox.drain();
      await t.app.deps.webhookDeliveries.drain();
      left = await pending(org);
    }
    expect(left).toEqual([]);
    const written = await queryRows<{ kind: string }>(
      t.database.db,
      sql`select distinct kind from outbox where organization_id = ${org} order by kind`,
    );
    expect(written.map((r) => r.kind)).toEqual(
      expect.arrayContaining(['lead.created', 'lead.updated', 'webhook.deliver', 'webhook.event']),
    );
  });
});
