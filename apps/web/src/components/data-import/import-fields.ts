import { CLIENT_IMPORT_FIELDS, type ClientImportField } from '@leadcapture/contracts/client-import-fields';
import type { ImportResource } from '@leadcapture/contracts/data-imports';
import { IMPORT_FIELDS, type ImportField } from '@leadcapture/contracts/lead-import-fields';
import { useTranslation } from 'react-i18next';

export const FIELDS: Record<ImportResource, readonly string[]> = {
  leads: IMPORT_FIELDS,
  clients: CLIENT_IMPORT_FIELDS,
};

const isLeadField = (field: string): field is ImportField => (IMPORT_FIELDS as readonly string[]).includes(field);
const isClientImportField = (field: string): field is ClientImportField =>
  (CLIENT_IMPORT_FIELDS as readonly string[]).includes(field);

/** The label of a field of a resource, in the page's language; an unknown code as it is. */
export function useFieldLabel(resource: ImportResource): (field: string) => string {
  const { t } = useTranslation('data-imports');
  return (field) => {
    if (resource === 'leads' && isLeadField(field)) return t(`fields.${field}`);
    if (resource === 'clients' && isClientImportField(field)) return t(`clientFields.${field}`);
    return field;
  };
}
