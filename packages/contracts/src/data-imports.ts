import { z } from 'zod';
import { importOptionsSchema, leadImportSchema } from './lead-imports.ts';

/**
 * The data centre's imports (issue 26; 03-decisions §4b): POST /data/imports/ takes a CSV or
 * XLSX file (judged by its content), maps its columns, and runs in the background; a dry run
 * checks every row and writes nothing; a completed import can be undone within a day.
 */

/** Resources a file can be imported into. */
export const IMPORT_RESOURCES = ['leads'] as const;
export type ImportResource = (typeof IMPORT_RESOURCES)[number];

/** How long after it finished an import can still be undone. */
export const IMPORT_UNDO_HOURS = 24;

/** Kinds of file an import reads, told apart by their bytes. */
export const IMPORT_FILE_KINDS = ['csv', 'xlsx'] as const;
export type ImportFileKind = (typeof IMPORT_FILE_KINDS)[number];

/** Live message of a data-centre job's progress (on /ws/leads/ and /ws/organizations/{id}/). */
export const DATA_PROGRESS_MESSAGE = 'data.progress';

const booleanField = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === true ? true : v === 'false' || v === '0' || v === false ? false : v),
  z.boolean({ error: 'Send true or false' }),
);

/** The multipart fields of POST /data/imports/ besides the file. */
export const dataImportOptionsSchema = importOptionsSchema.extend({
  resource: z.enum(IMPORT_RESOURCES, { error: `Choose one of ${IMPORT_RESOURCES.join(', ')}` }).default('leads'),
  dry_run: booleanField.default(false),
  template_id: z.uuid({ error: 'Choose one of your templates' }).optional(),
});
export type DataImportOptions = z.output<typeof dataImportOptionsSchema>;

/** GET /data/imports/{id}/: the import record with its resource, kind of run and progress. */
export const dataImportSchema = leadImportSchema.extend({
  resource: z.enum(IMPORT_RESOURCES),
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
  xlsxTooLarge: 'The spreadsheet unpacks to more than the import accepts',
  xlsxTooWide: 'The spreadsheet declares more rows or columns than the import accepts',
  xlsxBroken: 'This spreadsheet cannot be read',
} as const;
