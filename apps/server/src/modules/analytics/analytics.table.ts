import type { LeadSource, LeadStatus } from '@leadcapture/contracts/constants';
import { date, index, integer, pgTable, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicies } from '../../db/columns.ts';
import { organizations } from '../organizations/organizations.table.ts';

/**
 * The leads rollup of decision 029: live leads (not deleted, not rejected) counted per
 * organisation, local day (the organisation's timezone), event, status and source. Folded from
 * lead_count_deltas by the scheduler and rebuilt for an organisation whose timezone changes; a
 * reader sums these rows and the deltas not folded yet in one statement, so figures are exact.
 * No foreign key on event_id: an event's removal reaches here through its leads' own update.
 */
export const leadDayCounts = pgTable(
  'lead_day_counts',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    eventId: uuid('event_id'),
    status: text('status').$type<LeadStatus>().notNull(),
    source: text('source').$type<LeadSource>().notNull(),
    leads: integer('leads').notNull(),
  },
  (t) => [
    unique('lead_day_counts_key').on(t.organizationId, t.day, t.eventId, t.status, t.source).nullsNotDistinct(),
    index('lead_day_counts_event_idx').on(t.organizationId, t.eventId),
    ...tenantPolicies('lead_day_counts', t.organizationId),
  ],
).enableRLS();

/**
 * +1/-1 per lead entering or leaving a count, appended by statement triggers on leads (no row
 * is shared between concurrent captures, so nothing queues), until the fold moves them into
 * lead_day_counts. `created_at` is the lead's: its local day is decided at fold or read time.
 */
export const leadCountDeltas = pgTable(
  'lead_count_deltas',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    eventId: uuid('event_id'),
    status: text('status').$type<LeadStatus>().notNull(),
    source: text('source').$type<LeadSource>().notNull(),
    delta: smallint('delta').notNull(),
  },
  (t) => [
    index('lead_count_deltas_org_idx').on(t.organizationId),
    ...tenantPolicies('lead_count_deltas', t.organizationId),
  ],
).enableRLS();
