import { index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.ts';
import { users } from '../auth/auth.table.ts';

/**
 * A browser's push subscription (spec 02 §3): one per endpoint, owned by the user who made it,
 * whatever organisation they act in; a notice of any of their organisations reaches it. Like
 * the user's other own rows (refresh tokens) it has no organisation and no row-level security:
 * the service keeps each user to their own rows, and delivery reads the recipients' rows
 * (decision 034).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret, base64url (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    userAgent: text('user_agent').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * The VAPID key pair generated at first use when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are not
 * set: one row (id 1), so every process of a deployment signs with the same pair. Kept plain, not
 * sealed under ENCRYPTION_KEY: whoever reads this table also reads the subscriptions it signs for
 * (decision 034).
 */
export const pushVapidKeys = pgTable('push_vapid_keys', {
  id: smallint('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
