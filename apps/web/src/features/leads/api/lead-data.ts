import type {
  DuplicateMode,
  ExportFormat,
  ImportMapping,
  ImportPreview,
  ImportSource,
  LeadImport,
} from '@leadcapture/contracts/lead-imports';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { leadListParams, type LeadListFilters } from './leads.ts';

/**
 * Lead export and import (`/leads/export/`, `/leads/import_leads/`, `/data/imports/{id}/`).
 * The export is a download read chunk by chunk, so the page can show rows received of the
 * X-Total-Count header; the import answers a record that is polled until it is finished.
 */
const contracts = () => import('@leadcapture/contracts/lead-imports');

/** How long an import record is polled between answers while it runs. */
export const IMPORT_POLL_MS = 1000;
/** An export of hundreds of thousands of rows takes longer than the client's 30 s default. */
const EXPORT_TIMEOUT_MS = 10 * 60 * 1000;

/** Rows received (null when they cannot be counted: the XLSX is compressed) of the total. */
export type ExportProgress = { rows: number | null; total: number | null };

/** Newlines in a chunk: a CSV row ends with one (a note spanning lines counts more, capped by the total). */
function countNewlines(chunk: Uint8Array): number {
  let n = 0;
  for (const byte of chunk) if (byte === 10) n += 1;
  return n;
}

/** `GET /leads/export/` of the list's current filter (no page), saved as a file by the browser. */
export async function exportLeads(
  filters: LeadListFilters,
  format: ExportFormat,
  onProgress: (progress: ExportProgress) => void,
): Promise<{ blob: Blob; filename: string }> {
  const { page: _page, pageSize: _pageSize, ...filter } = filters;
  let lines = 0;
  const file = await api.download('/leads/export/', {
    params: { ...leadListParams(filter), format },
    timeoutMs: EXPORT_TIMEOUT_MS,
    // The menu says "Export failed" itself.
    quiet: true,
    onProgress: (chunk, response) => {
      const header = Number(response.headers.get('x-total-count'));
      const total = Number.isFinite(header) && response.headers.has('x-total-count') ? header : null;
      if (format !== 'csv') {
        onProgress({ rows: null, total });
        return;
      }
      lines += countNewlines(chunk);
      const rows = Math.max(0, lines - 1);
      onProgress({ rows: total === null ? rows : Math.min(rows, total), total });
    },
  });
  return { blob: file.blob, filename: file.filename ?? `leads.${format}` };
}

/** Hands a downloaded file to the browser as a download. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, not before.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `GET /leads/import_template/`; a failure is reported by the client's toast. */
export async function downloadImportTemplate(): Promise<void> {
  try {
    const file = await api.download('/leads/import_template/');
    saveFile(file.blob, file.filename ?? 'lead-import-template.csv');
  } catch {
    // Already told (lib/api-client.ts reports 403, 404 and 5xx answers).
  }
}

/** `POST /leads/import_leads/preview/`: the columns, detected mapping and first rows. Quiet: the dialog says why. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (file: File): Promise<ImportPreview> =>
      api.upload('/leads/import_leads/preview/', file, {
        schema: contracts().then((m) => m.importPreviewSchema),
        filename: file.name,
        quiet: true,
      }),
  });
}

export type StartImport = {
  file: File;
  mapping: ImportMapping;
  duplicates: DuplicateMode;
  /** The event every imported lead is filed under (none when null). */
  event: string | null;
  source: ImportSource;
};

/** `POST /leads/import_leads/` (202): the import record; the work goes on in the background. */
export function useStartImport() {
  return useMutation({
    mutationFn: ({ file, mapping, duplicates, event, source }: StartImport): Promise<LeadImport> =>
      api.upload('/leads/import_leads/', file, {
        fields: { mapping: JSON.stringify(mapping), duplicates, source, ...(event === null ? {} : { event }) },
        schema: contracts().then((m) => m.leadImportSchema),
        filename: file.name,
        quiet: true,
      }),
  });
}

const finished = (record: LeadImport | undefined) => record?.status === 'completed' || record?.status === 'failed';

export function importQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['imports', id] as const,
    queryFn: ({ signal }) =>
      api.get(`/data/imports/${id}/`, { schema: contracts().then((m) => m.leadImportSchema), signal, quiet: true }),
  });
}

/** `GET /data/imports/{id}/`, polled until the import is completed or failed. */
export function useImportProgress(id: string | null) {
  return useQuery({
    ...importQueryOptions(id ?? ''),
    enabled: id !== null,
    refetchInterval: (query) => (finished(query.state.data) ? false : IMPORT_POLL_MS),
  });
}
