import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnswerRule } from '@leadcapture/contracts/answer-rules';
import type { FormField } from '@leadcapture/contracts/form-fields';
import type { EventAssignment } from '@leadcapture/contracts/qualification';
import type { OfferSettings, OfferStatus } from '@leadcapture/contracts/offers';
import { id, shortCode, tenantPolicies, timestamps } from '../../db/columns.ts';
import { users } from '../auth/auth.table.ts';
import { publicLookup } from '../events/events.table.ts';
import { organizations } from '../organizations/organizations.table.ts';

/**
 * Offer pages of an organisation (docs/offers.md). `slug` is unique across the product: it is
 * the public address /show/{slug}. Only an active offer may be published; the check constraint
 * keeps that rule true whatever path writes the row.
 */
export const offers = pgTable(
  'offers',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    successMessage: text('success_message').notNull().default(''),
    consentText: text('consent_text').notNull().default(''),
    status: text('status').$type<OfferStatus>().notNull().default('draft'),
    isPublished: boolean('is_published').notNull().default(false),
    formFields: jsonb('form_fields').$type<FormField[]>().notNull().default([]),
    /** Who new captures go to, as an event's (modules/qualification, docs/leads-scoring.md). */
    assignment: jsonb('assignment').$type<EventAssignment>().notNull().default({ mode: 'none', user_ids: [] }),
    /** Scoring rules over this offer's form answers (contracts/answer-rules.ts). */
    answerRules: jsonb('answer_rules').$type<AnswerRule[]>().notNull().default([]),
    settings: jsonb('settings').$type<OfferSettings>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    shortCode: shortCode('o'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('offers_slug_key').on(t.slug),
    uniqueIndex('offers_short_code_key').on(t.shortCode),
    index('offers_organization_created_idx').on(t.organizationId, t.createdAt),
    check('offers_status_check', sql`${t.status} in ('draft', 'active', 'archived')`),
    check('offers_published_active_check', sql`not ${t.isPublished} or ${t.status} = 'active'`),
    // The public offer routes and short links read exactly the offer named in the URL.
    ...tenantPolicies(
      'offers',
      t.organizationId,
      sql`${t.id}::text = ${publicLookup} or ${t.slug} = ${publicLookup} or ${t.shortCode} = ${publicLookup}`,
    ),
  ],
).enableRLS();

/**
 * Views of public offer pages per UTC day, without cookies or any visitor identifier: a counter
 * row the public page increments with an upsert, as capture_page_views for events.
 */
export const offerPageViews = pgTable(
  'offer_page_views',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.offerId, t.day] }),
    index('offer_page_views_organization_idx').on(t.organizationId, t.day),
    ...tenantPolicies('offer_page_views', t.organizationId),
  ],
).enableRLS();
