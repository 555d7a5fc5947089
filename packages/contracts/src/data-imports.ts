import { z } from 'zod';
import { createClientSchema } from './clients.ts';
import {
  IMPORT_COLUMN_MAX_LENGTH,
  IMPORT_MAX_COLUMNS,
  importOptionsSchema,
  importPreviewSchema,
  leadImportSchema,
} from './lead-imports.ts';

/**
 * The data centre's imports (issue 26; 03-decisions §4b): POST /data/imports/ takes a CSV or
 * XLSX file (judged by its content), maps its columns, and runs in the background; a dry run
 * checks every row and writes nothing; a completed import can be undone within a day.
 */

/** Resources a file can be imported into. */
export const IMPORT_RESOURCES = ['leads', 'clients'] as const;
export type ImportResource = (typeof IMPORT_RESOURCES)[number];

/** One row of a clients file, checked by the client create rules; a company name is required. */
export const clientImportRowSchema = createClientSchema.pick({
  company_name: true,
  contact_first_name: true,
  contact_last_name: true,
  contact_email: true,
  contact_phone: true,
  contact_job_title: true,
  client_type: true,
  priority: true,
  status: true,
  organization_number: true,
  vat_id: true,
  website: true,
  industry: true,
  currency: true,
  estimated_value: true,
  tags: true,
  notes: true,
  next_follow_up_date: true,
});
export type ClientImportRow = z.output<typeof clientImportRowSchema>;

/** A mapping of the data centre: column -> field of the import's resource (checked by resource). */
export type DataImportMapping = Record<string, string | null>;

/** How long after it finished an import can still be undone. */
export const IMPORT_UNDO_HOURS = 24;

/** Kinds of file an import reads, told apart by their bytes. */
export const IMPORT_FILE_KINDS = ['csv', 'xlsx'] as const;
export type ImportFileKind = (typeof IMPORT_FILE_KINDS)[number];

/** Live message of a data-centre job's progress (on /ws/leads/ and /ws/organizations/{id}/). */
export const DATA_PROGRESS_MESSAGE = 'data.progress';

/**
 * The fixed reasons a data-centre job (import, export, bulk) gives in its `failure`. The API
 * sends them in English; the web app shows each in the reader's language.
 */
export const DATA_JOB_FAILURES = {
  importInterrupted:
    'The import was interrupted (the server stopped) before it finished. Nothing of it was kept: start it again.',
  importShutdown: 'The import was interrupted by a server shutdown. Nothing of it was kept: start it again.',
  exportRestarted: 'The server restarted during the export. Start it again.',
  exportUnwritten:
    'The export could not be written. Try again; if it fails again, export fewer rows with a narrower filter.',
  bulkGaveUp: 'The job was interrupted too many times (the server stopped while it ran). Start it again.',
  bulkMemberGone: 'The member who started the job is gone. Start it again.',
} as const;

const booleanField = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === true ? true : v === 'false' || v === '0' || v === false ? false : v),
  z.boolean({ error: 'Send true or false' }),
);

/** The multipart fields of POST /data/imports/ besides the file. */
export const dataImportOptionsSchema = importOptionsSchema.extend({
  // A field of the chosen resource; which ones is checked with the resource (data-imports.service).
  mapping: z
    .record(
      z.string().max(IMPORT_COLUMN_MAX_LENGTH),
      z.union([z.string().max(64), z.null()]).transform((v) => (v === '' ? null : v)),
    )
    .refine((m) => Object.keys(m).length <= IMPORT_MAX_COLUMNS, `Use at most ${IMPORT_MAX_COLUMNS} columns`)
    .optional(),
  resource: z.enum(IMPORT_RESOURCES, { error: `Choose one of ${IMPORT_RESOURCES.join(', ')}` }).default('leads'),
  dry_run: booleanField.default(false),
  template_id: z.uuid({ error: 'Choose one of your templates' }).optional(),
});
export type DataImportOptions = z.output<typeof dataImportOptionsSchema>;

/** The multipart fields of POST /data/imports/preview/ besides the file: whose fields to guess. */
export const dataImportPreviewOptionsSchema = z.object({
  resource: z.enum(IMPORT_RESOURCES, { error: `Choose one of ${IMPORT_RESOURCES.join(', ')}` }).default('leads'),
});

/**
 * POST /data/imports/preview/: the file's columns, the mapping guessed for the resource's fields
 * (synonyms in English and Swedish, our own exports' headers), the first rows.
 */
export const dataImportPreviewSchema = importPreviewSchema.extend({
  resource: z.enum(IMPORT_RESOURCES),
  mapping: z.record(z.string(), z.string().nullable()),
});
export type DataImportPreview = z.infer<typeof dataImportPreviewSchema>;

/** GET /data/imports/{id}/: the import record with its resource, kind of run and progress. */
export const dataImportSchema = leadImportSchema.extend({
  resource: z.enum(IMPORT_RESOURCES),
  mapping: z.record(z.string(), z.string().nullable()),
  file_kind: z.enum(IMPORT_FILE_KINDS),
  dry_run: z.boolean(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  /** Until when POST {id}/undo/ is accepted (null: not undoable, e.g. a dry run or a failure). */
  undo_until: z.iso.datetime().nullable(),
  undone_at: z.iso.datetime().nullable(),
});
export type DataImport = z.infer<typeof dataImportSchema>;

/** Outcomes of one row, as in the downloadable results (GET {id}/results/). */
export const IMPORT_ROW_OUTCOMES = ['created', 'updated', 'skipped', 'failed'] as const;
export type ImportRowOutcome = (typeof IMPORT_ROW_OUTCOMES)[number];

export const DATA_IMPORT_MESSAGES = {
  notUndoable: 'Only a completed import (not a dry run) can be undone',
  undoExpired: `An import can be undone within ${IMPORT_UNDO_HOURS} hours of finishing`,
  templateUnknown: 'There is no such import template',
  templateOtherResource: 'This template maps another kind of record',
  templateNotImport: 'This template is not an import mapping',
  templateAndMapping: 'Send a mapping or a template, not both',
  unknownField: 'There is no such field',
  clientIdentity: 'Map a column to the company name',
  xlsxTooLarge: 'The spreadsheet unpacks to more than the import accepts',
  xlsxTooWide: 'The spreadsheet declares more rows or columns than the import accepts',
  xlsxBroken: 'This spreadsheet cannot be read',
} as const;
