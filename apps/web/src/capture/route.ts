import { stripLanguagePrefix } from '../i18n/language.ts';

/** What the capture bundle shows for the address it was served at. */
export type CaptureRoute =
  | { kind: 'event'; slug: string }
  | { kind: 'offer'; slug: string }
  | { kind: 'confirm'; token: string }
  | { kind: 'none' };

/** The decoded slug of a path segment, or null when it does not decode. */
function decodeSlug(segment: string): string | null {
  try {
    const slug = decodeURIComponent(segment);
    return slug === '' ? null : slug;
  } catch {
    return null;
  }
}

/**
 * /capture/{slug} (and /sv/…) is an event's page, /show/{slug} an offer's. /capture/confirm?token=…
 * is the double opt-in link the server mails: the token tells it apart from an event whose slug
 * happens to be "confirm", which keeps its page. Anything else the server sends here (an unknown
 * short link, /p/{code}) is not found.
 */
export function captureRoute(pathname: string, search: string): CaptureRoute {
  const match = /^\/(capture|show)\/([^/]+)\/?$/.exec(stripLanguagePrefix(pathname));
  if (match === null) return { kind: 'none' };
  const slug = decodeSlug(match[2] ?? '');
  if (slug === null) return { kind: 'none' };
  if (match[1] === 'show') return { kind: 'offer', slug };
  const token = new URLSearchParams(search).get('token');
  if (slug === 'confirm' && token !== null && token !== '') return { kind: 'confirm', token };
  return { kind: 'event', slug };
}
