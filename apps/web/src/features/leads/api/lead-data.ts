import type { ExportFormat } from '@leadcapture/contracts/lead-imports';
import { api } from '../../../lib/api-client.ts';
import { leadListParams, type LeadListFilters } from './leads.ts';

/**
 * Lead export (`/leads/export/`): a download read chunk by chunk, so the page can show rows
 * received of the X-Total-Count header. Imports go through components/data-import (issue 26).
 */
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
