import { useDownloadQrCode, useQrCode, type QrOptions } from '../../../lib/qr-code.ts';

export type { QrFormat, QrOptions } from '../../../lib/qr-code.ts';

/** The event's QR code (`GET /events/{id}/qr-code/`); see lib/qr-code.ts, shared with offers. */
export function useEventQrCode(
  eventId: string | null,
  options: QrOptions = { format: 'svg' },
  settings: { revision?: string; keepPrevious?: boolean } = {},
) {
  return useQrCode(eventId === null ? null : `/events/${eventId}`, options, settings);
}

/** Saves the event's QR code as PNG or SVG under the server's filename. */
export function useDownloadEventQrCode(eventId: string) {
  return useDownloadQrCode(`/events/${eventId}`);
}
