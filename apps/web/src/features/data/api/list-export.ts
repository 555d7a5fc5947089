import type { ExportFilters } from '@leadcapture/contracts/data-exports';
import { clientListParams, type ClientListFilters } from '../../clients/api/clients.ts';
import { leadListParams, type LeadListFilters } from '../../leads/api/leads.ts';

/**
 * Export from a list (the leads and clients lists' Export): the list's filters become the
 * export's, named as the list's own request names them (`GET /leads/`, `GET /clients/`), which
 * are the names `POST /data/exports/` checks them against. Written once, here: the list's
 * request and its export cannot drift apart. Paging is dropped (the export takes every row),
 * and so are empty filters.
 */
export function toExportFilters(params: Record<string, string | number | boolean | undefined>): ExportFilters {
  const filters: ExportFilters = {};
  for (const [name, value] of Object.entries(params)) {
    if (name === 'page' || name === 'page_size' || value === undefined || value === '') continue;
    filters[name] = value;
  }
  return filters;
}

export const leadExportFilters = (filters: LeadListFilters): ExportFilters => toExportFilters(leadListParams(filters));

export const clientExportFilters = (filters: ClientListFilters): ExportFilters =>
  toExportFilters(clientListParams(filters));

/** The data centre's export dialog, which the lists open with their filters. */
export { ExportDialog } from '../components/export-dialog.tsx';
