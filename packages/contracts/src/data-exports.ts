import { z } from 'zod';

/**
 * The data centre's exports and templates (03-decisions §4b, docs/data-centre.md): an export is
 * background work that writes a file, reported with progress and downloaded by a signed link
 * that expires; templates are saved export column sets and import mappings.
 */

export const DATA_RESOURCES = ['leads', 'clients', 'events', 'offers'] as const;
export type DataResource = (typeof DATA_RESOURCES)[number];

export const DATA_EXPORT_FORMATS = ['csv', 'xlsx', 'json'] as const;
export type DataExportFormat = (typeof DATA_EXPORT_FORMATS)[number];

export const DATA_EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** Resources a blank import template exists for (the ones that can be imported). */
export const IMPORTABLE_RESOURCES = ['leads', 'clients'] as const;
export type ImportableResource = (typeof IMPORTABLE_RESOURCES)[number];

/** A finished export's file is removed this long after it was made. */
export const EXPORT_RETENTION_DAYS = 7;
/** A download link is valid this long from when the record was read. */
export const EXPORT_LINK_MINUTES = 15;
/** The live message carrying an export's progress (to its author's sockets only). */
export const DATA_EXPORT_PROGRESS = 'data_export.progress';

export const EXPORT_COLUMN_MAX = 200;
const columnCode = z.string().min(1).max(120);

/**
 * The list's filters as the list sends them: leads take every filter of `GET /leads/`, the
 * others `search` and `status`. Checked against the resource when the export is created.
 */
export const exportFiltersSchema = z.record(
  z.string().max(60),
  z.union([z.string().max(500), z.number(), z.boolean(), z.array(z.string().max(200)).max(100)]),
);
export type ExportFilters = z.infer<typeof exportFiltersSchema>;

export const createDataExportSchema = z.object({
  resource: z.enum(DATA_RESOURCES),
  format: z.enum(DATA_EXPORT_FORMATS),
  filters: exportFiltersSchema.optional(),
  /** Column codes, in the order wanted; every column when absent. */
  columns: z.array(columnCode).min(1).max(EXPORT_COLUMN_MAX).optional(),
  /** Stable codes as headers and values (an import reads them back) instead of labels. */
  for_reimport: z.boolean().optional(),
});
export type CreateDataExportInput = z.input<typeof createDataExportSchema>;

export const exportProgressSchema = z.object({ done: z.number().int(), total: z.number().int() });
export type ExportProgress = z.infer<typeof exportProgressSchema>;

export const dataExportSchema = z.object({
  id: z.uuid(),
  resource: z.enum(DATA_RESOURCES),
  format: z.enum(DATA_EXPORT_FORMATS),
  status: z.enum(DATA_EXPORT_STATUSES),
  progress: exportProgressSchema,
  filters: exportFiltersSchema,
  columns: z.array(z.string()).nullable(),
  for_reimport: z.boolean(),
  row_count: z.number().int(),
  size: z.number().int(),
  file_name: z.string(),
  /** Why it failed, in words a person can act on; '' otherwise. */
  failure: z.string(),
  created_by: z.object({ id: z.uuid(), email: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** When the file is removed (done exports). */
  expires_at: z.string().nullable(),
  /** A signed link valid EXPORT_LINK_MINUTES, while the file exists; null otherwise. */
  download_url: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const dataExportCreatedSchema = z.object({ id: z.uuid(), status: z.enum(DATA_EXPORT_STATUSES) });

export const downloadQuerySchema = z.object({ token: z.string().max(200).optional() });

/** One column an export of a resource can have (the export dialog and templates list them). */
export const exportColumnSchema = z.object({ code: z.string(), label: z.string() });
export const exportColumnsQuerySchema = z.object({ resource: z.enum(DATA_RESOURCES) });
export type ExportColumn = z.infer<typeof exportColumnSchema>;

/** The progress message on the live channel (`data_export.progress`). */
export interface DataExportProgressData {
  id: string;
  status: DataExportStatus;
  progress: ExportProgress;
}

// --- templates -------------------------------------------------------------------------------

export const TEMPLATE_KINDS = ['export', 'import'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];
export const TEMPLATE_NAME_MAX = 120;

/** An import mapping: file column → field code (null: do not import). */
export const templateMappingSchema = z.record(z.string().min(1).max(200), columnCode.nullable());

const templateFields = {
  kind: z.enum(TEMPLATE_KINDS),
  resource: z.enum(DATA_RESOURCES),
  name: z.string().trim().min(1, 'Give the template a name').max(TEMPLATE_NAME_MAX),
  columns: z.array(columnCode).min(1).max(EXPORT_COLUMN_MAX).nullable().optional(),
  mapping: templateMappingSchema.nullable().optional(),
};

export const createDataTemplateSchema = z.object(templateFields);
export type CreateDataTemplateInput = z.input<typeof createDataTemplateSchema>;
export const updateDataTemplateSchema = z.object({
  name: templateFields.name.optional(),
  columns: templateFields.columns,
  mapping: templateFields.mapping,
});
export type UpdateDataTemplateInput = z.input<typeof updateDataTemplateSchema>;

export const dataTemplateSchema = z.object({
  id: z.uuid(),
  kind: z.enum(TEMPLATE_KINDS),
  resource: z.enum(DATA_RESOURCES),
  name: z.string(),
  columns: z.array(z.string()).nullable(),
  mapping: templateMappingSchema.nullable(),
  created_by: z.uuid().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DataTemplate = z.infer<typeof dataTemplateSchema>;

export const dataTemplateListQuerySchema = z.object({
  kind: z.enum(TEMPLATE_KINDS).optional(),
  resource: z.enum(DATA_RESOURCES).optional(),
});

export const blankTemplateQuerySchema = z.object({
  resource: z.enum(IMPORTABLE_RESOURCES),
  format: z.enum(['csv', 'xlsx']).default('csv'),
});
