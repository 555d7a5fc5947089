import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnswerRule } from '@leadcapture/contracts/answer-rules';
import type { EventManualStatus } from '@leadcapture/contracts/constants';
import type { EventAssignment } from '@leadcapture/contracts/qualification';
import type { FormField } from '@leadcapture/contracts/form-fields';
import { id, shortCode, tenantPolicies, timestamps } from '../../db/columns.ts';
import { users } from '../auth/auth.table.ts';
import { files } from '../files/files.table.ts';
import { organizations } from '../organizations/organizations.table.ts';

export interface EventSettings {
  start_active: boolean;
  email_verification: boolean;
  analytics_tracking: boolean;
  require_approval: boolean;
  quick_actions: boolean;
}

/**
 * The event (or other public page) a public request may see: set transaction-locally by the
 * public routes to the id, slug or short code in the URL, so an anonymous visitor's transaction can read
 * exactly that one event and nothing else (the tenant is then taken from the row).
 */
export const publicLookup = sql`nullif(current_setting('app.public_lookup', true), '')`;

/**
 * Events of an organisation. `status` holds the status set by hand (draft, active, inactive,
 * cancelled); upcoming and completed are read from the dates of an active event
 * (deriveEventStatus in packages/contracts/src/event-status.ts).
 * `slug` is unique across the product: it is the public address /capture/{slug}.
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }),
    endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }),
    location: text('location').notNull().default(''),
    website: text('website').notNull().default(''),
    primaryColor: text('primary_color').notNull().default('#2563eb'),
    welcomeMessage: text('welcome_message').notNull().default(''),
    // When set, the capture page shows an optional consent checkbox with exactly this text, and a
    // lead that ticks it keeps a copy of the text as it was agreed to.
    consentText: text('consent_text').notNull().default(''),
    logoFileId: uuid('logo_file_id').references(() => files.id, { onDelete: 'set null' }),
    status: text('status').$type<EventManualStatus>().notNull().default('draft'),
    formFields: jsonb('form_fields').$type<FormField[]>().notNull().default([]),
    settings: jsonb('settings').$type<EventSettings>().notNull(),
    /** Who new captures go to (modules/qualification, docs/leads-scoring.md). */
    assignment: jsonb('assignment').$type<EventAssignment>().notNull().default({ mode: 'none', user_ids: [] }),
    /** Scoring rules over this event's form answers (contracts/answer-rules.ts). */
    answerRules: jsonb('answer_rules').$type<AnswerRule[]>().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    shortCode: shortCode('e'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('events_slug_key').on(t.slug),
    uniqueIndex('events_short_code_key').on(t.shortCode),
    index('events_organization_created_idx').on(t.organizationId, t.createdAt),
    index('events_organization_start_idx').on(t.organizationId, t.startDate),
    ...tenantPolicies(
      'events',
      t.organizationId,
      sql`${t.id}::text = ${publicLookup} or ${t.slug} = ${publicLookup} or ${t.shortCode} = ${publicLookup}`,
    ),
  ],
).enableRLS();

/** Event templates an organisation saved (built-in ones live in code, events.templates.ts). */
export const eventTemplates = pgTable(
  'event_templates',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    primaryColor: text('primary_color').notNull().default('#2563eb'),
    welcomeMessage: text('welcome_message').notNull().default(''),
    formFields: jsonb('form_fields').$type<FormField[]>().notNull().default([]),
    settings: jsonb('settings').$type<EventSettings>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('event_templates_organization_idx').on(t.organizationId, t.name),
    ...tenantPolicies('event_templates', t.organizationId),
  ],
).enableRLS();

/**
 * Views of public capture pages, counted per page and UTC day without cookies or any visitor
 * identifier (a counter row, incremented with an upsert). Events now; offers add a column later.
 */
export const capturePageViews = pgTable(
  'capture_page_views',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.day] }),
    index('capture_page_views_organization_idx').on(t.organizationId, t.day),
    ...tenantPolicies('capture_page_views', t.organizationId),
  ],
).enableRLS();
