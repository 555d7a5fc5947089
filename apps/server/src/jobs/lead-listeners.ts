import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/database.ts';
import type { OutboxItem } from './outbox.ts';

/**
 * Who in an organisation listens to its lead events: the event types its active webhooks and
 * its Zaps take, and whether an integration pushes. The consumers of a lead event (webhooks,
 * Zapier, integrations) each ask before opening a transaction, and the answer is read once per
 * outbox row however many of them ask (they get the same row object from `allOf`), and rows of
 * one organisation that ask while a read for it is under way share that read: under a rush of
 * captures an organisation that listens with none of them costs one query at a time, not one
 * per lead.
 */
export interface LeadListeners {
  webhookEvents: ReadonlySet<string>;
  zapierEvents: ReadonlySet<string>;
  integrations: boolean;
}

const read = new WeakMap<OutboxItem, Promise<LeadListeners>>();
/** Per database and organisation: the read under way, and the one that starts when it ends. */
interface Reads {
  current?: Promise<LeadListeners>;
  next?: Promise<LeadListeners>;
}
const reads = new WeakMap<Database, Map<string, Reads>>();

/**
 * The organisation's listeners as read after this call: a read already under way may have
 * started before the caller's change committed, so the caller joins the read that starts when
 * it ends, which everyone asking meanwhile shares.
 */
function readNow(db: Database, organizationId: string): Promise<LeadListeners> {
  let byOrganization = reads.get(db);
  if (!byOrganization) reads.set(db, (byOrganization = new Map<string, Reads>()));
  let state = byOrganization.get(organizationId);
  if (!state) byOrganization.set(organizationId, (state = {}));
  const own = state;
  const start = (): Promise<LeadListeners> => {
    const answer = queryRows<{ webhook_events: string[]; zapier_events: string[]; integrations: boolean }>(
      db,
      sql`select * from lead_event_listeners(${organizationId}::uuid)`,
    ).then(([row]) => ({
      webhookEvents: new Set(row?.webhook_events ?? []),
      zapierEvents: new Set(row?.zapier_events ?? []),
      integrations: row?.integrations ?? false,
    }));
    own.current = answer;
    const ended = () => {
      if (own.current === answer) own.current = undefined;
      if (!own.current && !own.next) byOrganization.delete(organizationId);
    };
    answer.then(ended, ended);
    return answer;
  };
  if (own.next) return own.next;
  if (!own.current) return start();
  const waitFor = own.current;
  own.next = waitFor
    .then(
      () => undefined,
      () => undefined,
    )
    .then(() => {
      own.next = undefined;
      return start();
    });
  return own.next;
}

/** `item` keys the answer (the row all consumers got); `organizationId` is its organisation. */
export function leadListeners(db: Database, item: OutboxItem, organizationId: string): Promise<LeadListeners> {
  let answer = read.get(item);
  if (!answer) {
    answer = readNow(db, organizationId);
    // A failed read is not kept: the retry of the row asks again.
    answer.catch(() => read.delete(item));
    read.set(item, answer);
  }
  return answer;
}
