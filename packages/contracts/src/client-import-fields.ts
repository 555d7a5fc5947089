// Zod-free, so the web's import screen reads the field list without the contract's schemas.

/**
 * Client fields a column can fill: the columns of a clients export "for re-import" less its id,
 * relationship manager and timestamps (data-exports.resources.ts IMPORT_TEMPLATE_COLUMNS).
 */
export const CLIENT_IMPORT_FIELDS = [
  'company_name',
  'contact_first_name',
  'contact_last_name',
  'contact_email',
  'contact_phone',
  'contact_job_title',
  'client_type',
  'priority',
  'status',
  'organization_number',
  'vat_id',
  'website',
  'industry',
  'currency',
  'estimated_value',
  'tags',
  'notes',
  'next_follow_up_date',
] as const;
export type ClientImportField = (typeof CLIENT_IMPORT_FIELDS)[number];
