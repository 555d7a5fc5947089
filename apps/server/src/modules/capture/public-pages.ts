import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/database.ts';
import { setScope } from '../../db/tenant.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { events } from '../events/events.table.ts';
import type { VisitorScope } from '../leads/leads.service.ts';
import { offers } from '../offers/offers.table.ts';

/**
 * The public pages a visitor reaches by id or slug: an event's capture page and an offer page.
 * Each is read in a transaction that names the one row it may see (the tables' public lookup
 * policy) and then acts as that row's organisation.
 */

export type PageKind = 'event' | 'offer';

type EventRow = typeof events.$inferSelect;
type OfferRow = typeof offers.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Opens the public lookup for `key` in this transaction (the read policies of events and offers
 * admit the row whose id, slug or short code equals it) and answers the condition that finds
 * that row by id or slug: either side alone can use its index (the primary key, the unique slug).
 */
export async function openPublicLookup(tx: Tx, key: string, id: PgColumn, slug: PgColumn): Promise<SQL> {
  await tx.execute(sql`select set_config('app.public_lookup', ${key}, true)`);
  const bySlug = eq(slug, key);
  return UUID.test(key) ? (or(eq(id, key), bySlug) ?? bySlug) : bySlug;
}

const eventNotFound = () => notFound('Event');
/** The catalogue's wording (spec 01 §8) for every offer that is not public. */
const offerNotFound = () => new AppError('NOT_FOUND', 'This offer was not found or is no longer available.');

/** Slugs are lower case and ids compare as text in the policy: one spelling for both. */
export const lookupKey = (idOrSlug: string) => idOrSlug.toLowerCase();

/**
 * Runs `fn` in one transaction that reads exactly the public event `idOrSlug` and then acts as
 * its organisation. An anonymous transaction sees no rows at all; the events read policy also
 * admits the one row whose id or slug equals the transaction-local `app.public_lookup`, so the
 * visitor's request names the row it may see, and the tenant scope comes from that row.
 * Only events set active by hand are public: draft, inactive, cancelled and unknown are 404.
 */
export async function inPublicEvent<T>(
  db: Database,
  idOrSlug: string,
  fn: (scope: VisitorScope, event: EventRow, version: string) => Promise<T>,
) {
  const key = lookupKey(idOrSlug);
  return db.transaction(async (tx) => {
    const match = await openPublicLookup(tx, key, events.id, events.slug);
    const [found] = await tx
      .select({ event: events, version: sql<string>`${events.updatedAt}::text` })
      .from(events)
      .where(and(match, eq(events.status, 'active')))
      // A slug that happens to spell another event's id loses to that id.
      .orderBy(sql`${events.slug} = ${key}`)
      .limit(1);
    if (!found) throw eventNotFound();
    const { event, version } = found;
    await setScope(tx, { organizationId: event.organizationId });
    return fn({ organizationId: event.organizationId, tx }, event, version);
  });
}

/**
 * Runs `fn` in one transaction that reads exactly the public offer `idOrSlug` (the public
 * lookup, as for events) and then acts as its organisation. Only an active, published offer is
 * public (docs/offers.md): draft, archived, unpublished and unknown are all 404.
 */
export async function inPublicOffer<T>(
  db: Database,
  idOrSlug: string,
  fn: (scope: VisitorScope, offer: OfferRow, version: string) => Promise<T>,
) {
  const key = lookupKey(idOrSlug);
  return db.transaction(async (tx) => {
    const match = await openPublicLookup(tx, key, offers.id, offers.slug);
    const [found] = await tx
      .select({ offer: offers, version: sql<string>`${offers.updatedAt}::text` })
      .from(offers)
      .where(and(match, eq(offers.status, 'active'), eq(offers.isPublished, true)))
      // A slug that happens to spell another offer's id loses to that id.
      .orderBy(sql`${offers.slug} = ${key}`)
      .limit(1);
    if (!found) throw offerNotFound();
    const { offer, version } = found;
    await setScope(tx, { organizationId: offer.organizationId });
    return fn({ organizationId: offer.organizationId, tx }, offer, version);
  });
}
