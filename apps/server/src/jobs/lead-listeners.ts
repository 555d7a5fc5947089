import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/database.ts';
import type { OutboxItem } from './outbox.ts';

/**
 * Who in an organisation listens to its lead events: the event types its active webhooks and
 * its Zaps take, and whether an integration pushes. The consumers of a lead event (webhooks,
 * Zapier, integrations) each ask before opening a transaction, and the answer is read once per
 * outbox row however many of them ask (they get the same row object from `allOf`), so an
 * organisation that listens with none of them costs one query per event.
 */
export interface LeadListeners {
  webhookEvents: ReadonlySet<string>;
  zapierEvents: ReadonlySet<string>;
  integrations: boolean;
}

const read = new WeakMap<OutboxItem, Promise<LeadListeners>>();

/** `item` keys the answer (the row all consumers got); `organizationId` is its organisation. */
export function leadListeners(db: Database, item: OutboxItem, organizationId: string): Promise<LeadListeners> {
  let answer = read.get(item);
  if (!answer) {
    answer = queryRows<{ webhook_events: string[]; zapier_events: string[]; integrations: boolean }>(
      db,
      sql`select * from lead_event_listeners(${organizationId}::uuid)`,
    ).then(([row]) => ({
      webhookEvents: new Set(row?.webhook_events ?? []),
      zapierEvents: new Set(row?.zapier_events ?? []),
      integrations: row?.integrations ?? false,
    }));
    // A failed read is not kept: the retry of the row asks again.
    answer.catch(() => read.delete(item));
    read.set(item, answer);
  }
  return answer;
}
