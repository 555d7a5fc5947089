import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api, type Download } from './api-client.ts';

/**
 * QR codes of public pages: events (`GET /events/{id}/qr-code/`) and offers
 * (`GET /offers/{id}/qr-code/`) answer the same query (format, size, color, background) with the
 * same bearer-protected download, so one hook serves both. `resourcePath` is the page's API path
 * without the trailing slash, e.g. `/events/{id}`.
 */
export type QrFormat = 'png' | 'svg';
export type QrOptions = { format: QrFormat; size?: number; color?: string; background?: string };

/** `['events', id, 'qr-code', …]`: under the resource's own key, so dropping an event drops its codes. */
export const qrCodeQueryKey = (resourcePath: string, options: QrOptions, revision = '') =>
  [...resourcePath.split('/').filter(Boolean), 'qr-code', options, revision] as const;

const qrParams = (options: QrOptions) => ({
  format: options.format,
  size: options.size,
  color: options.color,
  background: options.background,
});

/**
 * The page's QR code as a blob and an object URL for `<img src>`, revoked when it is no longer
 * shown. `resourcePath` null: nothing is fetched (a closed dialog).
 *
 * - `revision`: something that changes when the code does (the slug: it is what the code
 *   encodes), so an edited page does not keep showing its old code;
 * - `keepPrevious`: show the last code while the next loads (a colour being tuned), instead of
 *   a placeholder; not for switching between pages, where the old code would be the wrong one.
 */
export function useQrCode(
  resourcePath: string | null,
  options: QrOptions = { format: 'svg' },
  { revision = '', keepPrevious = false }: { revision?: string; keepPrevious?: boolean } = {},
) {
  const query = useQuery({
    queryKey: qrCodeQueryKey(resourcePath ?? '', options, revision),
    queryFn: ({ signal }) =>
      api.download(`${resourcePath ?? ''}/qr-code/`, { params: qrParams(options), signal, quiet: true }),
    enabled: resourcePath !== null,
    staleTime: Infinity,
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
  const blob = query.data?.blob;
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return { ...query, url };
}

/** Hands a blob to the browser as a download named `filename`. */
function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: revoke it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * Downloads the code as PNG or SVG in the chosen size and colours and saves it under the
 * server's filename (`{slug}-qr.png`, from Content-Disposition). Quiet: the caller says
 * "Failed to download QR code" in its own words.
 */
export function useDownloadQrCode(resourcePath: string) {
  return useMutation({
    mutationFn: async (options: QrOptions): Promise<Download> => {
      const file = await api.download(`${resourcePath}/qr-code/`, { params: qrParams(options), quiet: true });
      saveFile(file.blob, file.filename ?? `qr-code.${options.format}`);
      return file;
    },
  });
}
