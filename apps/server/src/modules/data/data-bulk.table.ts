import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgPolicy, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '@leadcapture/contracts/constants';
import type { BulkAction, BulkResource, BulkStatus } from '@leadcapture/contracts/data-bulk';
import { id, tenantPolicies, timestamps } from '../../db/columns.ts';
import { users } from '../auth/auth.table.ts';
import { organizations } from '../organizations/organizations.table.ts';

/**
 * The sweep of bulk jobs whose process died (data-bulk.service.ts) runs without a tenant: it sets
 * `app.bulk_sweep` to 'on' in its own transaction, which admits reading and updating the bulk
 * jobs of every organisation, and nothing else.
 */
const bulkSweep = sql`current_setting('app.bulk_sweep', true) = 'on'`;

/**
 * A bulk job of the bulk centre (decisions 032 and 042): one action over a selection of ids
 * or a filter, done in batches; `done` and `changed` move with each batch in its transaction, and
 * `updated_at` with them is the job's heartbeat. The selection, read once, is kept in id order
 * (`selected_ids`), so a job whose process died is resumed by another at `done`, exactly where
 * the last committed batch ended.
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
    /** The selection in id order, fixed when the job starts (null while queued). */
    selectedIds: jsonb('selected_ids').$type<string[]>(),
    /** The role of the member who started it: a resumed job acts with it. */
    role: text('role').$type<Role>().notNull().default('member'),
    /** The request that started it (ip, user agent), for the job's audit entry. */
    requestMeta: jsonb('request_meta').$type<{ ip: string | null; userAgent: string }>(),
    /** Runs of the job: 1 when started, one more each time the sweep resumes it. */
    attempts: integer('attempts').notNull().default(0),
    /** Leads the job assigned to each member so far (assign): one notice each at the end. */
    assignees: jsonb('assignees').$type<Record<string, number>>().notNull().default({}),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('data_bulk_jobs_organization_created_idx').on(t.organizationId, t.createdAt),
    index('data_bulk_jobs_unfinished_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} in ('queued', 'running')`),
    ...tenantPolicies('data_bulk_jobs', t.organizationId, bulkSweep),
    pgPolicy('data_bulk_jobs_sweep_update', { for: 'update', using: bulkSweep, withCheck: bulkSweep }),
  ],
).enableRLS();
