import { useDownloadQrCode, useQrCode, type QrOptions } from '../../../lib/qr-code.ts';

export type { QrFormat, QrOptions } from '../../../lib/qr-code.ts';

/** The offer's QR code (`GET /offers/{id}/qr-code/`, same query as events'); see lib/qr-code.ts. */
export function useOfferQrCode(
  offerId: string | null,
  options: QrOptions = { format: 'svg' },
  settings: { revision?: string; keepPrevious?: boolean } = {},
) {
  return useQrCode(offerId === null ? null : `/offers/${offerId}`, options, settings);
}

export function useDownloadOfferQrCode(offerId: string) {
  return useDownloadQrCode(`/offers/${offerId}`);
}
