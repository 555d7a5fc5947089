import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ApiKeyPermission } from '@leadcapture/contracts/api-keys';
import { id, tenantPolicies, timestamps } from '../../db/columns.ts';
import { users } from '../auth/auth.table.ts';
import { organizations } from '../organizations/organizations.table.ts';

/**
 * API keys (docs/api-keys.md, decision 025). The secret is never stored: only its HMAC under a
 * key derived from ENCRYPTION_KEY (`key_hash`), and for display its prefix and last four
 * characters. A key acts as its creator (`created_by`), so it goes with the account. Deleting a
 * key revokes it (`revoked_at`): the row stays for the audit log and its usage history.
 * Authentication finds a key before any tenant is known, through `api_key_authenticate`
 * (db/functions/api_key_authenticate.sql); everything else runs in the tenant's scope under RLS.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    lastFour: text('last_four').notNull(),
    permissions: text('permissions').array().$type<ApiKeyPermission[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_key').on(t.keyHash),
    index('api_keys_organization_idx').on(t.organizationId, t.createdAt),
    check('api_keys_permissions_check', sql`cardinality(${t.permissions}) >= 1`),
    ...tenantPolicies('api_keys', t.organizationId),
  ],
).enableRLS();

/**
 * Requests per key and UTC day, counted in each API process and added here every minute
 * (api-key-activity.ts): one row per key and day, whatever the traffic.
 */
export const apiKeyUsage = pgTable(
  'api_key_usage',
  {
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    requests: integer('requests').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'api_key_usage_pkey', columns: [t.keyId, t.day] }),
    ...tenantPolicies('api_key_usage', t.organizationId),
  ],
).enableRLS();
