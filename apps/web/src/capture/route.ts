import { stripLanguagePrefix } from '../i18n/language.ts';

/** What the capture bundle shows for the address it was served at. */
export type CaptureRoute = { kind: 'event'; slug: string } | { kind: 'confirm'; token: string } | { kind: 'none' };

/**
 * /capture/{slug} (and /sv/…) is an event's page. /capture/confirm?token=… is the double opt-in
 * link the server mails: the token tells it apart from an event whose slug happens to be
 * "confirm", which keeps its page. Anything else the server sends here is not found.
 */
export function captureRoute(pathname: string, search: string): CaptureRoute {
  const match = /^\/capture\/([^/]+)\/?$/.exec(stripLanguagePrefix(pathname));
  if (match === null) return { kind: 'none' };
  let slug: string;
  try {
    slug = decodeURIComponent(match[1] ?? '');
  } catch {
    return { kind: 'none' };
  }
  const token = new URLSearchParams(search).get('token');
  if (slug === 'confirm' && token !== null && token !== '') return { kind: 'confirm', token };
  return slug === '' ? { kind: 'none' } : { kind: 'event', slug };
}
