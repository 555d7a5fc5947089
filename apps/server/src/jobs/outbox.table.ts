import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../db/columns.ts';

/**
 * The transactional outbox: everything that leaves the process (mail and live events now;
 * webhooks and CRM sync later) is written here in the same transaction as the change it
 * announces, and delivered after commit by the outbox worker. It is infrastructure that
 * spans tenants, so it has no row-level security; organization_id records the owner.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    organizationId: uuid('organization_id'),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [
    index('outbox_pending_idx')
      .on(t.availableAt)
      .where(sql`${t.deliveredAt} is null and ${t.failedAt} is null`),
    // Retention (jobs/outbox-retention.ts) finds the finished rows without reading the rest.
    index('outbox_delivered_idx')
      .on(t.deliveredAt)
      .where(sql`${t.deliveredAt} is not null`),
    index('outbox_failed_idx')
      .on(t.failedAt)
      .where(sql`${t.failedAt} is not null`),
  ],
);
