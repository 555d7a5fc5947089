import { sql } from 'drizzle-orm';
import { index, inet, jsonb, pgPolicy, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { currentOrganizationId, id, timestamps } from '../../db/columns.ts';

/**
 * Who did what, when, from where: every authentication event and every change to an
 * organisation or its memberships. Sign-ins and failed sign-ins belong to the organisation they
 * open (its owners read them); the account's other authentication events belong to no
 * organisation (organization_id null) and are visible to staff only. Append-only, so it has no updated_at.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: id(),
    organizationId: uuid('organization_id'),
    userId: uuid('user_id'),
    /** The staff member who acted (staff actions, and requests made under impersonation). */
    staffUserId: uuid('staff_user_id'),
    /** The impersonation a request was made under (staff_impersonations.id). */
    impersonationId: uuid('impersonation_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull().default(''),
    targetId: text('target_id').notNull().default(''),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: inet('ip_address'),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('audit_logs_organization_created_idx').on(t.organizationId, t.createdAt),
    index('audit_logs_user_created_idx').on(t.userId, t.createdAt),
    index('audit_logs_created_idx').on(t.createdAt),
    pgPolicy('audit_logs_tenant_read', {
      for: 'select',
      using: sql`${t.organizationId} = ${currentOrganizationId}`,
    }),
    pgPolicy('audit_logs_insert', {
      for: 'insert',
      withCheck: sql`${t.organizationId} is null or ${t.organizationId} = ${currentOrganizationId}`,
    }),
  ],
).enableRLS();
