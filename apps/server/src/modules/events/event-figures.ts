import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { leads } from '../leads/leads.table.ts';
import { events } from './events.table.ts';

/**
 * The one definition of an event's leads, shared by the events list, an event's detail and its
 * analytics and the Lobby: its live leads, not deleted and not rejected at approval (pending
 * ones count: they were captured and wait for a decision). Leads added to the event by hand, by
 * import or by moving count too, so the list and the event's page cannot disagree.
 */
export function eventLeadsWhere(eventId: SQL | string): SQL {
  const condition = and(eq(leads.eventId, eventId), isNull(leads.deletedAt), ne(leads.approvalStatus, 'rejected'));
  if (condition === undefined) throw new Error('an event lead condition is never empty');
  return condition;
}

/** Statuses that mean a lead became a customer (spec 01 §4), as the Lobby counts them. */
export const CONVERTED_STATUSES = ['converted', 'closed_won'] as const;

/** Whether a lead counts as converted, for a `count(*) filter (where …)`. */
export const leadConverted = sql`${leads.status} in (${sql.join(
  CONVERTED_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)})`;

/** The event's lead count as a column of a select over `events` (the list, its ordering, the Lobby). */
export const leadsCapturedOf = sql<number>`(select count(*)::int from ${leads} where ${eventLeadsWhere(sql`${events.id}`)})`;

/**
 * Conversion in percent with one decimal: the part of the event's leads that became customers.
 * Bounded by construction (converted leads are some of the leads), 0 when there are none.
 */
export function conversionRate(converted: number, leadCount: number): number {
  return leadCount > 0 ? Math.round((Math.min(converted, leadCount) / leadCount) * 1000) / 10 : 0;
}
