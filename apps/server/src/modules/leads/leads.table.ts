import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  ApprovalStatus,
  BudgetRange,
  DecisionRole,
  DecisionTimeline,
  LeadInterest,
  LeadSource,
  LeadStatus,
} from '@leadcapture/contracts/constants';
import type { SubmissionValue } from '@leadcapture/contracts/form-fields';
import type { ScoringRules } from '@leadcapture/contracts/lead-scoring';
import type { LeadActivityType } from '@leadcapture/contracts/leads';
import { id, tenantPolicies, timestamps } from '../../db/columns.ts';
import { users } from '../auth/auth.table.ts';
import { clients } from '../clients/clients.table.ts';
import { events, publicLookup } from '../events/events.table.ts';
import { offers } from '../offers/offers.table.ts';
import { organizations } from '../organizations/organizations.table.ts';

/** Where a captured lead came from, kept as the visitor's browser told us. */
export interface LeadAttribution {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_term?: string;
  utm_content?: string;
  referrer?: string;
}

/**
 * Leads of an organisation: captured on a public page, created by hand, imported or sent by the
 * API. Enumerations are lower snake_case (03-decisions §2); custom form answers are kept under
 * `custom_fields` keyed by form field id. `deleted_at` keeps a deleted lead restorable for 30 days.
 */
export const leads = pgTable(
  'leads',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    // The offer page the lead came from; deleting the offer keeps its leads, without the offer.
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    company: text('company').notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    companySize: text('company_size').notNull().default(''),
    source: text('source').$type<LeadSource>().notNull(),
    status: text('status').$type<LeadStatus>().notNull().default('new'),
    interest: text('interest').$type<LeadInterest>(),
    // The score in force (manual when set, else automatic), stored for ordering and filtering.
    score: integer('score').notNull().default(0),
    autoScore: integer('auto_score').notNull().default(0),
    manualScore: integer('manual_score'),
    // Engagement activities (note, call, email, meeting): the scoring rules' activity factor.
    activityCount: integer('activity_count').notNull().default(0),
    // The points of the event's answer rules its form answers match (modules/qualification):
    // kept so that a change of the organisation's rules rescores in SQL without the event's rules.
    answerPoints: integer('answer_points').notNull().default(0),
    budgetRange: text('budget_range').$type<BudgetRange>().notNull().default('not_specified'),
    decisionTimeline: text('decision_timeline').$type<DecisionTimeline>().notNull().default('not_specified'),
    decisionRole: text('decision_role').$type<DecisionRole>().notNull().default('not_specified'),
    interestedProducts: jsonb('interested_products').$type<string[]>().notNull().default([]),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    // The tags lowered, kept by the database for the list's tags filter (which matches without
    // case): testing a stored jsonb is cheap, re-lowering and re-parsing every row's tags is not
    // (decision 017). No index: under row-level security the planner may not use one for `?|`.
    tagsLower: jsonb('tags_lower')
      .$type<string[]>()
      .generatedAlwaysAs(sql`lower(tags::text)::jsonb`),
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    followUpDate: timestamp('follow_up_date', { withTimezone: true, mode: 'date' }),
    // When the reminder of the current follow-up date went out (null: not yet); a new date
    // clears it, so each date reminds once (jobs: follow-up reminders).
    followUpRemindedAt: timestamp('follow_up_reminded_at', { withTimezone: true, mode: 'date' }),
    // Who set the follow-up date: reminded when nobody is assigned.
    followUpSetBy: uuid('follow_up_set_by').references(() => users.id, { onDelete: 'set null' }),
    customFields: jsonb('custom_fields').$type<Record<string, SubmissionValue>>().notNull().default({}),
    approvalStatus: text('approval_status').$type<ApprovalStatus>().notNull().default('approved'),
    // Double opt-in: set when the visitor follows the confirmation link (event setting
    // email_verification); null while unconfirmed or when the event does not ask for it.
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    // The exact consent text the visitor agreed to, as shown to them, and when.
    consentText: text('consent_text').notNull().default(''),
    consentGivenAt: timestamp('consent_given_at', { withTimezone: true, mode: 'date' }),
    attribution: jsonb('attribution').$type<LeadAttribution>().notNull().default({}),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    // The client the lead was converted to (decision 014: deleting the client clears it, the
    // lead stays converted).
    clientId: uuid('client_id').references((): AnyPgColumn => clients.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    // Speed to lead: when and by whom the lead was first worked (a note, call, email or meeting
    // logged, or its status moved on from new), set once by the lead_activities trigger
    // (db/functions/leads_first_contact.sql) whichever path wrote the activity.
    firstContactedAt: timestamp('first_contacted_at', { withTimezone: true, mode: 'date' }),
    firstContactedBy: uuid('first_contacted_by').references(() => users.id, { onDelete: 'set null' }),
    // Set when this lead was merged into another (POST /leads/{id}/merge/): it went to the bin
    // then, and its history now lives on that lead (decision 017).
    mergedIntoId: uuid('merged_into_id').references((): AnyPgColumn => leads.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => {
    // The list's filters and orderings, each within one organisation, over the leads not in the
    // bin (the bin is small and read rarely; it uses the first index).
    const live = sql`${t.deletedAt} is null`;
    return [
      index('leads_organization_created_idx').on(t.organizationId, t.createdAt),
      index('leads_event_created_idx').on(t.eventId, t.createdAt),
      // An address's leads (duplicates, import de-duplication, search) use the hand-written
      // (organization_id, lower(email) text_pattern_ops) index of migration leads_email_prefix:
      // its operator class answers = as well as prefixes, so a second one only cost every insert.
      // A capture's duplicate check looks its addresses up by their key instead, through the
      // hand-written leads_address_key_idx of migration capture_address_plan, which no other
      // plan can take for it whatever the statistics (decision 023).
      index('leads_live_status_idx').on(t.organizationId, t.status, t.createdAt).where(live),
      index('leads_live_assigned_idx').on(t.organizationId, t.assignedTo, t.createdAt).where(live),
      // A rep's own leads in one status ("my contacted leads"), the list people live in: its page
      // and its capped count read the index alone (migration leads_assigned_status INCLUDEs the
      // score, which the list's score filter tests), not every lead of the assignee.
      index('leads_live_assigned_status_idx').on(t.organizationId, t.assignedTo, t.status, t.createdAt).where(live),
      // With the id, the list's order (the id breaks ties) comes straight from the index, and a
      // deep page skips over index entries only (leads.service.ts listLeads). Migration
      // leads_list_speed adds the searched columns (INCLUDE, which drizzle-kit cannot say), so a
      // searched list's walk reads the index alone.
      index('leads_live_created_idx').on(t.organizationId, t.createdAt, t.id).where(live),
      index('leads_live_score_idx').on(t.organizationId, t.score, t.id).where(live),
      index('leads_live_source_idx').on(t.organizationId, t.source, t.createdAt).where(live),
      index('leads_live_follow_up_idx')
        .on(t.organizationId, t.followUpDate)
        .where(sql`${t.deletedAt} is null and ${t.followUpDate} is not null`),
      // The reminders' scan across organisations (jobs: follow-up reminders).
      // Partial on a date being set: most leads have none, and a capture writes no entry here.
      index('leads_follow_up_due_idx')
        .on(t.followUpDate)
        .where(sql`${t.deletedAt} is null and ${t.followUpRemindedAt} is null and ${t.followUpDate} is not null`),
      // An offer's leads; an event's capture (no offer) writes no entry here.
      index('leads_offer_created_idx')
        .on(t.offerId, t.createdAt)
        .where(sql`${t.offerId} is not null`),
      // The free-text search's trigram index (pg_trgm) is hand-written in migration leads_at_scale: the
      // extension must exist before it, which drizzle-kit cannot order.
      // The purge of the bin after 30 days.
      index('leads_deleted_idx')
        .on(t.deletedAt)
        .where(sql`${t.deletedAt} is not null`),
      ...tenantPolicies('leads', t.organizationId),
    ];
  },
).enableRLS();

/**
 * A lead's timeline: what people logged (notes, calls, emails, meetings) and what the product
 * did (created, status changed, assigned, captured again, merged …). Notes are activities of
 * type `note` whose text their author may edit. `user_id` is who did it; null for a visitor or
 * the product itself.
 */
export const leadActivities = pgTable(
  'lead_activities',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    type: text('type').$type<LeadActivityType>().notNull(),
    description: text('description').notNull().default(''),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('lead_activities_lead_created_idx').on(t.leadId, t.createdAt),
    ...tenantPolicies('lead_activities', t.organizationId),
  ],
).enableRLS();

/** An organisation's scoring rules; an organisation without a row scores by the defaults. */
export const leadScoringRules = pgTable(
  'lead_scoring_rules',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    rules: jsonb('rules').$type<ScoringRules>().notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [...tenantPolicies('lead_scoring_rules', t.organizationId)],
).enableRLS();

/**
 * Double opt-in links mailed to a visitor who left a lead on an event with email_verification.
 * Stored as SHA-256 hashes, single use. The visitor has no tenant: the confirm route sets
 * `app.public_lookup` to the hash, which admits exactly that row, then takes the tenant from it.
 */
export const leadEmailConfirmations = pgTable(
  'lead_email_confirmations',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lead_email_confirmations_token_hash_key').on(t.tokenHash),
    index('lead_email_confirmations_lead_idx').on(t.leadId),
    ...tenantPolicies('lead_email_confirmations', t.organizationId, sql`${t.tokenHash} = ${publicLookup}`),
  ],
).enableRLS();

/**
 * Captures past the monthly lead limit (03-decisions §4, docs/billing.md "Held leads"): the
 * visitor's lead is kept whole, as `capture_leads` would have written it (`capture`: the lead's
 * columns, its further outbox messages and its double opt-in), out of every list, count, export
 * and side effect until an upgrade releases it into `leads` under the same id. `created_at` is
 * the capture's time, which the released lead keeps.
 */
export const heldLeads = pgTable(
  'held_leads',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    capture: jsonb('capture').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('held_leads_organization_created_idx').on(t.organizationId, t.createdAt),
    ...tenantPolicies('held_leads', t.organizationId),
  ],
).enableRLS();
