import { z } from 'zod';
import { optionalText } from './fields.ts';
import { DUPLICATE_MODES, IMPORT_FIELDS, IMPORT_MAX_BYTES, IMPORT_SOURCES } from './lead-import-fields.ts';
import { createLeadSchema, LEAD_LIMITS, leadListQuerySchema } from './leads.ts';

export * from './lead-import-fields.ts';

/**
 * Lead import and export (issue 5 point 5; docs/leads-data.md, decision 015). Exports stream
 * CSV or XLSX of the leads list's current filter; imports take a CSV, map its columns onto lead
 * fields and run in the background with a record the UI polls.
 */

// --- export ----------------------------------------------------------------------------------

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /leads/export/: every filter, search and ordering of GET /leads/, and the format. */
export const leadExportQuerySchema = leadListQuerySchema
  .omit({ page: true, page_size: true })
  .extend({ format: z.enum(EXPORT_FORMATS).default('csv') });
export type LeadExportQuery = z.output<typeof leadExportQuerySchema>;

/** The header carrying the number of rows an export will stream (for the UI's progress). */
export const EXPORT_TOTAL_HEADER = 'x-total-count';

/**
 * A spreadsheet treats a cell starting with one of these as a formula (tab and CR can hide
 * one). Such a cell is written with a leading single quote (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
/** The inverse for an import: a quote the export added before a formula character is dropped. */
export function unneutraliseCell(value: string): string {
  return value.length > 1 && value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

// --- import ----------------------------------------------------------------------------------

/** Errors kept on an import record; the total is counted beyond it. */
export const IMPORT_ERRORS_KEPT = 1000;
/** Rows a preview answers. */
export const IMPORT_PREVIEW_ROWS = 10;
/** Longest CSV header name accepted in a mapping. */
export const IMPORT_COLUMN_MAX_LENGTH = 200;
/** Most columns a file may have. */
export const IMPORT_MAX_COLUMNS = 200;

export const IMPORT_MESSAGES = {
  fileRequired: 'Choose a CSV file to import',
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  notCsv: 'This is not a CSV text file',
  empty: 'The file is empty',
  noHeader: 'The first line must name the columns',
  noIdentity: 'Map a column to email or to a name',
  unknownColumn: 'This column is not in the file',
  fieldTwice: 'Each lead field can take one column only',
  rowIdentity: 'Give an email or a name',
} as const;

/** The multipart fields of POST /leads/import_leads/ besides the file. */
export const importOptionsSchema = z
  .object({
    mapping: z
      .record(
        z.string().max(IMPORT_COLUMN_MAX_LENGTH),
        z.union([z.enum(IMPORT_FIELDS), z.literal('').transform(() => null), z.null()]),
      )
      .refine((m) => Object.keys(m).length <= IMPORT_MAX_COLUMNS, `Use at most ${IMPORT_MAX_COLUMNS} columns`)
      .optional(),
    duplicates: z.enum(DUPLICATE_MODES, { error: 'Choose skip, update or create' }).default('skip'),
    event: z.uuid({ error: 'Choose one of your events' }).nullish(),
    source: z.enum(IMPORT_SOURCES, { error: `Choose one of ${IMPORT_SOURCES.join(', ')}` }).default('import'),
  })
  .strict();
export type ImportOptionsInput = z.input<typeof importOptionsSchema>;
export type ImportOptions = z.output<typeof importOptionsSchema>;

/**
 * One row of a file, as lead fields, checked by the lead create rules (max lengths, email
 * format, enumerations). Unlike a lead typed by hand, an imported lead may have an email and
 * no name (lists of addresses are common); it needs one of them.
 */
export const importRowSchema = createLeadSchema
  .omit({ source: true, assigned_to: true, event: true, manual_score: true, custom_fields: true })
  .extend({
    first_name: optionalText(LEAD_LIMITS.name).optional(),
    last_name: optionalText(LEAD_LIMITS.name).optional(),
  })
  .refine((r) => Boolean(r.email || r.first_name || r.last_name), {
    message: IMPORT_MESSAGES.rowIdentity,
    path: ['email'],
  });
export type ImportRow = z.output<typeof importRowSchema>;

/**
 * Why a row was refused, as a code the web translates (with `params`); `message` says the same
 * in English for API users.
 */
export const IMPORT_ROW_ERROR_CODES = [
  'required',
  'too_long',
  'too_short',
  'too_large',
  'too_small',
  'invalid_email',
  'invalid_url',
  'invalid_date',
  'invalid_choice',
  'invalid_number',
  'identity_missing',
  'lead_limit',
  'invalid',
] as const;
export type ImportRowErrorCode = (typeof IMPORT_ROW_ERROR_CODES)[number];

export const importErrorSchema = z.object({
  /** The line of the file (the header is line 1). */
  row: z.number().int(),
  field: z.string(),
  code: z.enum(IMPORT_ROW_ERROR_CODES),
  /** What the code's sentence needs: `max`, `min` (numbers) or `values` (the choices, comma-separated). */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

/** `undone`: a completed import whose created rows were removed and updated rows restored. */
export const IMPORT_STATUSES = ['queued', 'processing', 'completed', 'failed', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** GET /data/imports/{id}/: an import's progress, counts and errors. */
export const leadImportSchema = z.object({
  id: z.uuid(),
  status: z.enum(IMPORT_STATUSES),
  file_name: z.string(),
  file_size: z.number().int(),
  /** Rows of the file (known once the file has been read through; 0 before). */
  total_rows: z.number().int(),
  processed_rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  /** The first IMPORT_ERRORS_KEPT errors; error_count counts them all. */
  errors: z.array(importErrorSchema),
  error_count: z.number().int(),
  mapping: z.record(z.string(), z.enum(IMPORT_FIELDS).nullable()),
  options: z.object({
    duplicates: z.enum(DUPLICATE_MODES),
    event: z.uuid().nullable(),
    source: z.enum(IMPORT_SOURCES),
  }),
  /** Why a failed import stopped ('' otherwise). */
  failure: z.string(),
  created_by: z.uuid().nullable(),
  started_at: z.iso.datetime().nullable(),
  finished_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type LeadImport = z.infer<typeof leadImportSchema>;

/** POST /leads/import_leads/preview/: what the file looks like and how it would be mapped. */
export const importPreviewSchema = z.object({
  columns: z.array(z.string()),
  mapping: z.record(z.string(), z.enum(IMPORT_FIELDS).nullable()),
  rows: z.array(z.array(z.string())),
  delimiter: z.enum([',', ';']),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;
