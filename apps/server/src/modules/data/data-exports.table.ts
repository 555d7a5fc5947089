import { sql } from 'drizzle-orm';
import { boolean, bigint, index, integer, jsonb, pgPolicy, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type {
  DataExportFormat,
  DataExportStatus,
  DataResource,
  ExportFilters,
} from '@leadcapture/contracts/data-exports';
import { id, tenantPolicies, timestamps } from '../../db/columns.ts';
import { users } from '../auth/auth.table.ts';
import { organizations } from '../organizations/organizations.table.ts';

/**
 * The scheduled sweep (expired files, exports whose process died) runs without a tenant: it
 * sets `app.export_sweep` to 'on' in its own transaction, which admits reading and updating the
 * export records of every organisation, and nothing else.
 */
const exportSweep = sql`current_setting('app.export_sweep', true) = 'on'`;

/**
 * An export of the data centre and its progress (docs/data-centre.md). The file lives in the
 * file storage under `file_key` until `expires_at`; its size counts against the plan's storage
 * while it exists. `heartbeat_at` moves with every batch: a running export whose heartbeat stopped
 * belongs to a process that died and is marked failed by the sweep.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    resource: text('resource').$type<DataResource>().notNull(),
    format: text('format').$type<DataExportFormat>().notNull(),
    status: text('status').$type<DataExportStatus>().notNull().default('queued'),
    filters: jsonb('filters').$type<ExportFilters>().notNull().default({}),
    columns: jsonb('columns').$type<string[] | null>(),
    forReimport: boolean('for_reimport').notNull().default(false),
    /** The author's language when the export was asked for: its labels. */
    language: text('language').notNull().default('en'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    fileName: text('file_name').notNull(),
    /** Null until the file is written, and again once it is removed. */
    fileKey: text('file_key'),
    failure: text('failure').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('data_exports_organization_created_idx').on(t.organizationId, t.createdAt),
    index('data_exports_expiring_idx')
      .on(t.expiresAt)
      .where(sql`${t.fileKey} is not null`),
    ...tenantPolicies('data_exports', t.organizationId, exportSweep),
    pgPolicy('data_exports_sweep_update', { for: 'update', using: exportSweep, withCheck: exportSweep }),
  ],
).enableRLS();
