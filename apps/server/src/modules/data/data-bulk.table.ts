import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { BulkAction, BulkResource, BulkStatus } from '@leadcapture/contracts/data-bulk';
import { id, tenantPolicies, timestamps } from '../../db/columns.ts';
import { users } from '../auth/auth.table.ts';
import { organizations } from '../organizations/organizations.table.ts';

/**
 * A bulk job of the bulk centre (decision 032): one action over a selection of ids or a filter,
 * done in batches by the process that accepted it; `done` and `changed` move with each batch.
 */
export const dataBulkJobs = pgTable(
  'data_bulk_jobs',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    resource: text('resource').$type<BulkResource>().notNull(),
    action: text('action').$type<BulkAction>().notNull(),
    status: text('status').$type<BulkStatus>().notNull().default('queued'),
    /** The ids named, or null when the selection is a filter. */
    ids: jsonb('ids').$type<string[]>(),
    filters: jsonb('filters').$type<Record<string, unknown>>(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    failure: text('failure').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('data_bulk_jobs_organization_created_idx').on(t.organizationId, t.createdAt),
    ...tenantPolicies('data_bulk_jobs', t.organizationId),
  ],
).enableRLS();
