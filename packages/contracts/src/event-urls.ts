/**
 * Addresses of the public pages (events' capture pages, offer pages, their short links and QR
 * codes), built in one place for the API, the capture side and the web. Zod-free so the capture
 * page can read the QR marker without the schemas.
 */

/** Query parameter a QR code adds to the address: `?src=qr` marks a lead's source as qr_scan. */
export const QR_SOURCE_PARAM = 'src';
export const QR_SOURCE_VALUE = 'qr';

/** Short links, /p/{code} (docs/short-links.md): the first letter of a code names its kind. */
export const SHORT_LINK_PATH = '/p/';
export const SHORT_CODE_PATTERN = /^[eo][0-9a-hjkmnp-tv-z]{11}$/;

/** `origin` is PUBLIC_URL without a trailing slash (config.ts trims it). */
export function shortLinkUrl(origin: string, code: string): string {
  return `${origin}${SHORT_LINK_PATH}${code}`;
}

/**
 * What a QR code encodes: the short link (fewer characters make a coarser, easier-to-scan
 * symbol than /capture/{a-long-slug}) with the QR marker, which the redirect passes on.
 */
export function qrTargetUrl(origin: string, code: string): string {
  return `${shortLinkUrl(origin, code)}?${QR_SOURCE_PARAM}=${QR_SOURCE_VALUE}`;
}

export interface EventUrls {
  /** The public capture page, /capture/{slug} (spec 01 §2). */
  public_url: string;
  /** The QR image, GET /api/v1/events/{id}/qr-code/ (a member's bearer token; a download, not JSON). */
  qr_code_url: string;
}

export function eventUrls(origin: string, event: { id: string; slug: string }): EventUrls {
  return {
    public_url: `${origin}/capture/${encodeURIComponent(event.slug)}`,
    qr_code_url: `${origin}/api/v1/events/${event.id}/qr-code/`,
  };
}

export interface OfferUrls {
  /** The public offer page, /show/{slug} (spec 01 §2). */
  public_url: string;
  /** The QR image, GET /api/v1/offers/{id}/qr-code/ (as an event's). */
  qr_code_url: string;
}

export function offerUrls(origin: string, offer: { id: string; slug: string }): OfferUrls {
  return {
    public_url: `${origin}/show/${encodeURIComponent(offer.slug)}`,
    qr_code_url: `${origin}/api/v1/offers/${offer.id}/qr-code/`,
  };
}
