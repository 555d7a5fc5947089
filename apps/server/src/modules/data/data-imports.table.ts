import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgPolicy, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type {
  DataImportMapping,
  ImportFileKind,
  ImportResource,
  ImportRowOutcome,
} from '@leadcapture/contracts/data-imports';
import type { ImportError, ImportOptions, ImportStatus } from '@leadcapture/contracts/lead-imports';

/** A row error as kept; those written before issue 26's codes have no code or params. */
export type StoredImportError = Omit<ImportError, 'code' | 'params'> & Partial<Pick<ImportError, 'code' | 'params'>>;
import { id, tenantPolicies, timestamps } from '../../db/columns.ts';
import { users } from '../auth/auth.table.ts';
import { organizations } from '../organizations/organizations.table.ts';

/**
 * The sweep of interrupted imports (data-imports.service.ts) runs without a tenant: it sets
 * `app.import_sweep` to 'on' in its own transaction, which admits reading and updating the
 * import records of every organisation, and nothing else.
 */
const importSweep = sql`current_setting('app.import_sweep', true) = 'on'`;

/**
 * An import (CSV or XLSX) and its progress (decisions 015 and 032). The table keeps its first
 * name, lead_imports, from when leads were the only resource. The file waits under
 * DATA_DIR/imports while the import runs in the background; the counters move batch by batch
 * in the same transaction as the leads, so they are always exactly what was written.
 * `heartbeat_at` moves with every batch: a processing import whose heartbeat stopped belongs to
 * a process that died and is marked failed by the sweep.
 */
export const leadImports = pgTable(
  'lead_imports',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status').$type<ImportStatus>().notNull().default('queued'),
    resource: text('resource').$type<ImportResource>().notNull().default('leads'),
    fileKind: text('file_kind').$type<ImportFileKind>().notNull().default('csv'),
    dryRun: boolean('dry_run').notNull().default(false),
    undoneAt: timestamp('undone_at', { withTimezone: true, mode: 'date' }),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    errors: jsonb('errors').$type<StoredImportError[]>().notNull().default([]),
    errorCount: integer('error_count').notNull().default(0),
    mapping: jsonb('mapping').$type<DataImportMapping>().notNull(),
    options: jsonb('options').$type<ImportOptions>().notNull(),
    failure: text('failure').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('lead_imports_organization_created_idx').on(t.organizationId, t.createdAt),
    index('lead_imports_unfinished_idx')
      .on(t.heartbeatAt)
      .where(sql`${t.status} in ('queued', 'processing')`),
    ...tenantPolicies('lead_imports', t.organizationId, importSweep),
    pgPolicy('lead_imports_sweep_update', { for: 'update', using: importSweep, withCheck: importSweep }),
  ],
).enableRLS();

/**
 * What each row of an import did, for its downloadable results and its undo: the record it
 * created or updated (with the values an update replaced), or why it was skipped or failed.
 */
export const dataImportRows = pgTable(
  'data_import_rows',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    importId: uuid('import_id')
      .notNull()
      .references(() => leadImports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    outcome: text('outcome').$type<ImportRowOutcome>().notNull(),
    recordId: uuid('record_id'),
    /** The columns an update replaced, as they were (column name -> value). */
    previous: jsonb('previous').$type<Record<string, unknown>>(),
    message: text('message').notNull().default(''),
  },
  (t) => [
    index('data_import_rows_import_line_idx').on(t.importId, t.line),
    ...tenantPolicies('data_import_rows', t.organizationId),
  ],
).enableRLS();
