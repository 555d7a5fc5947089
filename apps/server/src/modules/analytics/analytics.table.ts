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

/** Where a lead stands in the funnel: converted, else qualified (at or past it), else captured. */
export type LeadStage = 'captured' | 'qualified' | 'converted';

/**
 * The rollup's second, coarser level (decision 029): the same live leads per organisation,
 * event, local day and funnel stage only, so the Lobby's all-time totals and an event's funnel
 * sum a few rows per day instead of one per day, event, status and source. Folded from the same
 * deltas in the same statement as lead_day_counts, and rebuilt with it; readers add the deltas
 * not folded yet, mapped to their stage, as for the fine level.
 * The key leads with (organization, event, day): an event's funnel over a range reads one slice.
 */
export const leadDayStageCounts = pgTable(
  'lead_day_stage_counts',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id'),
    day: date('day', { mode: 'string' }).notNull(),
    stage: text('stage').$type<LeadStage>().notNull(),
    leads: integer('leads').notNull(),
  },
  (t) => [
    unique('lead_day_stage_counts_key').on(t.organizationId, t.eventId, t.day, t.stage).nullsNotDistinct(),
    ...tenantPolicies('lead_day_stage_counts', t.organizationId),
  ],
).enableRLS();

/**
 * The coarse level without the event (decision 029): live leads per organisation, local day and
 * funnel stage, a few rows per day whatever the number of events, for the Lobby's all-time
 * totals, conversion and leads per day. Folded, rebuilt and read as lead_day_stage_counts.
 */
export const leadDayTotals = pgTable(
  'lead_day_totals',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    stage: text('stage').$type<LeadStage>().notNull(),
    leads: integer('leads').notNull(),
  },
  (t) => [
    unique('lead_day_totals_key').on(t.organizationId, t.day, t.stage),
    ...tenantPolicies('lead_day_totals', t.organizationId),
  ],
).enableRLS();

/**
 * Each event's live leads of all time (decision 029): its `leads_captured` in one row (the
 * Lobby's upcoming events). Folded, rebuilt and read as lead_day_stage_counts; leads of no
 * event have no row.
 */
export const leadEventTotals = pgTable(
  'lead_event_totals',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    leads: integer('leads').notNull(),
  },
  (t) => [
    unique('lead_event_totals_key').on(t.organizationId, t.eventId),
    ...tenantPolicies('lead_event_totals', t.organizationId),
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
