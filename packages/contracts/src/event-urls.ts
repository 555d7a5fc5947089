/**
 * Addresses of an event, built in one place for the events API, the capture side and the web.
 * Zod-free so the capture page can read the QR marker without the schemas.
 */

/** Query parameter a QR code adds to the capture URL: `?src=qr` marks a lead's source as qr_scan. */
export const QR_SOURCE_PARAM = 'src';
export const QR_SOURCE_VALUE = 'qr';

export interface EventUrls {
  /** The public capture page, /capture/{slug} (spec 01 §2). */
  public_url: string;
  /** What the QR code encodes: the capture page marked as reached by a scan. */
  qr_target_url: string;
  /** The QR image, GET /api/v1/events/{id}/qr-code/ (a member's bearer token; a download, not JSON). */
  qr_code_url: string;
}

/** `origin` is PUBLIC_URL without a trailing slash (config.ts trims it). */
export function eventUrls(origin: string, event: { id: string; slug: string }): EventUrls {
  const publicUrl = `${origin}/capture/${encodeURIComponent(event.slug)}`;
  return {
    public_url: publicUrl,
    qr_target_url: `${publicUrl}?${QR_SOURCE_PARAM}=${QR_SOURCE_VALUE}`,
    qr_code_url: `${origin}/api/v1/events/${event.id}/qr-code/`,
  };
}
