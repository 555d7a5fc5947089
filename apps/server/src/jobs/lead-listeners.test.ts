import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../test/helpers.ts';
import type { Database } from '../db/database.ts';
import { inScope } from '../db/tenant.ts';
import { webhooks } from '../modules/webhooks/webhooks.table.ts';
import { leadListeners } from './lead-listeners.ts';
import type { OutboxItem } from './outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const item = (organizationId: string): OutboxItem => ({
  id: crypto.randomUUID(),
  kind: 'lead.created',
  organizationId,
  payload: {},
  attempts: 1,
});

/** The test database, counting its reads and holding each answer until `open()`. */
function heldDatabase(db: Database) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const counted = { reads: 0 };
  const held = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
      return async (query: Parameters<Database['execute']>[0]) => {
        counted.reads += 1;
        const answer = await target.execute(query);
        await gate;
        return answer;
      };
    },
  });
  return { held, counted, open };
}

describe('leadListeners', () => {
  it('gives rows that ask while a read is under way one read started after they asked, shared by all of them', async () => {
    const owner = await registerUser(t);
    const organizationId = owner.organization?.id ?? '';
    const { held, counted, open } = heldDatabase(t.database.db);

    const first = leadListeners(held, item(organizationId), organizationId);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // A webhook made after the first read ran: rows asking from now on must see it.
    await inScope(t.database.db, { organizationId }, (tx) =>
      tx.insert(webhooks).values({
        organizationId,
        name: 'Receiver',
        url: 'https://hooks.example.com/in',
        events: ['lead.created'],
        secretSealed: 'sealed',
      }),
    );
    const later = [item(organizationId), item(organizationId), item(organizationId)].map((row) =>
      leadListeners(held, row, organizationId),
    );
    open();
    expect([...(await first).webhookEvents]).toEqual([]);
    for (const answer of await Promise.all(later)) expect([...answer.webhookEvents]).toEqual(['lead.created']);
    expect(counted.reads).toBe(2);
  });

  it('reads once per row however many consumers ask', async () => {
    const owner = await registerUser(t);
    const organizationId = owner.organization?.id ?? '';
    const { held, counted, open } = heldDatabase(t.database.db);
    open();
    const row = item(organizationId);
    const answers = await Promise.all([1, 2, 3].map(() => leadListeners(held, row, organizationId)));
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]?.integrations).toBe(false);
    expect(counted.reads).toBe(1);
  });
});
