import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type {
  NotificationCategory,
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
