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
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  NotificationCategory,
  NotificationLogStatus,
  NotificationPriority,
  NotificationType,
} from '@leadcapture/contracts/notifications';
import { id, tenantPolicies } from '../../db/columns.ts';
import { users } from '../auth/auth.table.ts';
import { organizations } from '../organizations/organizations.table.ts';

/**
 * A user's in-app notifications in one organisation. `data` holds what the web needs to write the
 * text in the reader's language (lead id and name …), never the text itself. Row-level security
 * keeps them in their organisation; the service keeps them to their user.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').$type<NotificationCategory>().notNull(),
    type: text('type').$type<NotificationType>().notNull(),
    priority: text('priority').$type<NotificationPriority>().notNull().default('normal'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    link: text('link').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // The inbox, newest first (scanned backward), and the bell's unread count.
    index('notifications_user_created_idx').on(t.organizationId, t.userId, t.createdAt),
    index('notifications_user_unread_idx')
      .on(t.organizationId, t.userId)
      .where(sql`${t.readAt} is null`),
    ...tenantPolicies('notifications', t.organizationId),
  ],
).enableRLS();

/**
 * A member's channels for one category (03-decisions §4b). No row means the category's defaults
 * (DEFAULT_NOTIFICATION_PREFERENCES), so a default change reaches everyone who never chose.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').$type<NotificationCategory>().notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    push: boolean('push').notNull(),
    digest: boolean('digest').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId, t.category] }),
    ...tenantPolicies('notification_preferences', t.organizationId),
  ],
).enableRLS();

/**
 * A member's own hour for the daily digest (0-23, the organisation's timezone); DIGEST_HOUR
 * until they choose (contracts/notifications.ts).
 */
export const notificationDigestHours = pgTable(
  'notification_digest_hours',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hour: smallint('hour').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    check('notification_digest_hours_hour', sql`${t.hour} between 0 and 23`),
    ...tenantPolicies('notification_digest_hours', t.organizationId),
  ],
).enableRLS();

/** The organisation's notification settings (one row once changed; defaults until then). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    hotLeadScoreThreshold: integer('hot_lead_score_threshold').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [...tenantPolicies('notification_settings', t.organizationId)],
).enableRLS();

/** An organisation's own wording of a mail in one language; used whenever that mail is sent. */
export const notificationTemplates = pgTable(
  'notification_templates',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    template: text('template').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.template, t.language] }),
    ...tenantPolicies('notification_templates', t.organizationId),
  ],
).enableRLS();

/**
 * Every notification and mail the organisation sent (GET /notifications/logs/). A row is also
 * the claim of a delivery: (user, channel, dedupe_key) is unique, so a consumer that runs again
 * for the same outbox row (at least once) finds its claim and sends nothing twice. A mail waiting
 * for the day's digest is a row with `digest` and no `digest_log_id`; the digest mail's own row
 * is then named by the rows it gathered.
 */
export const notificationLogs = pgTable(
  'notification_logs',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    recipient: text('recipient').notNull(),
    channel: text('channel').$type<'in_app' | 'email' | 'push'>().notNull(),
    template: text('template').notNull(),
    category: text('category').$type<NotificationCategory>(),
    subject: text('subject').notNull().default(''),
    status: text('status').$type<NotificationLogStatus>().notNull(),
    digest: boolean('digest').notNull().default(false),
    digestLogId: uuid('digest_log_id'),
    /** The mail's outbox row, for mail sent without a notification (confirmations, invitations). */
    outboxId: uuid('outbox_id'),
    dedupeKey: text('dedupe_key'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('notification_logs_org_created_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('notification_logs_dedupe_idx')
      .on(t.organizationId, t.userId, t.channel, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
    uniqueIndex('notification_logs_outbox_idx')
      .on(t.outboxId)
      .where(sql`${t.outboxId} is not null`),
    index('notification_logs_digest_idx')
      .on(t.organizationId, t.userId)
      .where(sql`${t.digest} and ${t.digestLogId} is null and ${t.status} = 'queued'`),
    index('notification_logs_digest_of_idx')
      .on(t.digestLogId)
      .where(sql`${t.digestLogId} is not null`),
    ...tenantPolicies('notification_logs', t.organizationId),
  ],
).enableRLS();

/** The day (organisation's calendar) a member's digest went out: at most one a day. */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId, t.day] }),
    ...tenantPolicies('notification_digests', t.organizationId),
  ],
).enableRLS();
