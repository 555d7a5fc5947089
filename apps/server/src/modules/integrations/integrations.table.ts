import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { IntegrationKind, IntegrationStatus } from '@leadcapture/contracts/integrations';
import { id, tenantPolicies, timestamps } from '../../db/columns.ts';
import { users } from '../auth/auth.table.ts';
import { leads } from '../leads/leads.table.ts';
import { organizations } from '../organizations/organizations.table.ts';

/** What a row stores: `available` is never stored (it is the answer for a kind without a row). */
export type StoredIntegrationStatus = Exclude<IntegrationStatus, 'available'>;

/**
 * One row per organisation and kind, made by the first connect. `settings` holds what is not
 * secret (an audience id, Salesforce's instance URL); `secrets` the credentials as one sealed
 * JSON value (secrets/sealed-box.ts), null once disconnected.
 */
export const integrations = pgTable(
  'integrations',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<IntegrationKind>().notNull(),
    status: text('status').$type<StoredIntegrationStatus>().notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    secrets: text('secrets'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    errorAt: timestamp('error_at', { withTimezone: true, mode: 'date' }),
    connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
    connectedAt: timestamp('connected_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('integrations_organization_kind_key').on(t.organizationId, t.kind),
    check(
      'integrations_kind_check',
      sql`${t.kind} in ('hubspot', 'salesforce', 'mailchimp', 'slack', 'microsoft_teams', 'zapier')`,
    ),
    check('integrations_status_check', sql`${t.status} in ('connected', 'error', 'active', 'inactive')`),
    ...tenantPolicies('integrations', t.organizationId),
  ],
).enableRLS();

/**
 * What an integration's provider holds of a lead: its id there (null for providers that keep no
 * record, such as a chat message), when it was last pushed, why the last push of it failed, and
 * when a chat provider was told the lead turned hot (once per lead).
 */
export const integrationRecords = pgTable(
  'integration_records',
  {
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    remoteId: text('remote_id'),
    syncedAt: timestamp('synced_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    hotNotifiedAt: timestamp('hot_notified_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.integrationId, t.leadId] }),
    // Purging a lead finds its records by this.
    index('integration_records_lead_idx').on(t.leadId),
    ...tenantPolicies('integration_records', t.organizationId),
  ],
).enableRLS();
