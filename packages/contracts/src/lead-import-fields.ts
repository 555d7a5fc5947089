import { MANUAL_SOURCES } from './constants.ts';

/**
 * The zod-free part of the import contract (lead-imports.ts): what the leads list page needs to
 * show the import dialog without loading zod with the page.
 */

/** 20 MiB: about 150,000 leads of ordinary width. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/**
 * Lead fields a CSV column can fill. `full_name` is split into first and last name at the
 * first space (a single "Name" column is common in exports of other tools).
 */
export const IMPORT_FIELDS = [
  'first_name',
  'last_name',
  'full_name',
  'email',
  'phone',
  'company',
  'job_title',
  'company_size',
  'status',
  'interest',
  'budget_range',
  'decision_timeline',
  'decision_role',
  'interested_products',
  'tags',
  'notes',
  'follow_up_date',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Sources an import may give its leads: the manual ones and `import` (the default). */
export const IMPORT_SOURCES = ['import', ...MANUAL_SOURCES] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** What a row whose email the organisation already has does: nothing, update that lead, or make another. */
export const DUPLICATE_MODES = ['skip', 'update', 'create'] as const;
export type DuplicateMode = (typeof DUPLICATE_MODES)[number];

export type ImportMapping = Record<string, ImportField | null>;

/** A mapping names an email or a name column: without one a row cannot make a lead. */
export function mappingIdentifiesLeads(mapping: ImportMapping): boolean {
  return Object.values(mapping).some(
    (f) => f === 'email' || f === 'first_name' || f === 'last_name' || f === 'full_name',
  );
}
