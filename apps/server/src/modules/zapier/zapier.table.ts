import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ZapierEvent } from '@leadcapture/contracts/zapier';
import { id, tenantPolicies, timestamps } from '../../db/columns.ts';
import { users } from '../auth/auth.table.ts';
import { organizations } from '../organizations/organizations.table.ts';

/**
 * Zapier REST hooks: one row per Zap subscribed to an event of the organisation's leads. A
 * subscribe repeated with the same URL and event (Zapier retries one that timed out) finds its
 * row rather than making a second, which would deliver every lead twice.
 */
export const zapierHooks = pgTable(
  'zapier_hooks',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    targetUrl: text('target_url').notNull(),
    event: text('event').$type<ZapierEvent>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The last 2xx from the target; the integrations page shows it as "last synced". */
    lastDeliveredAt: timestamp('last_delivered_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // Also the fan-out's index: its question for every lead event (does this organisation have
    // a hook for this event?) reads the first two columns.
    uniqueIndex('zapier_hooks_target_idx').on(t.organizationId, t.event, t.targetUrl),
    check('zapier_hooks_event_check', sql`${t.event} in ('lead.created', 'lead.updated', 'lead.status_changed')`),
    ...tenantPolicies('zapier_hooks', t.organizationId),
  ],
).enableRLS();
