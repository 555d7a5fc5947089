/**
 * The service worker's decisions as plain functions (src/sw.ts), so tests can reach them without a
 * worker. Cache names keep the spec's (spec 02 §9).
 */

/** The visitors' pages and their form data, kept from the last online visit. */
export const OFFLINE_CACHE = 'leadcapture-data-v1';
/** The light build's hashed files (/capture/assets/). */
export const CAPTURE_ASSETS_CACHE = 'leadcapture-capture-assets-v1';
/** Logos the visitors' pages show (public files by id: a new logo is a new id). */
export const BRAND_FILES_CACHE = 'leadcapture-brand-files-v1';
/** A public file the capture page may show (the organiser's logo): kept for offline use. */
export const PUBLIC_FILE_PATH = /^\/api\/v1\/public\/files\/[0-9a-f-]{36}\/$/;
/** The notification icons of spec 02 §9. */
export const NOTIFICATION_ICON = '/pwa-192x192.png';
export const NOTIFICATION_BADGE = '/pwa-64x64.png';

const CAPTURE_PAGE = /^(?:\/sv)?\/(?:capture|show)\/[^/]+\/?$/;
/** Pages that work from the cached app shell with no network. */
const SHELL_OFFLINE = /^(?:\/sv)?\/(?:offline\/?|events\/[^/]+\/booth\/?)$/;

export function isCapturePage(pathname: string): boolean {
  return CAPTURE_PAGE.test(pathname);
}

/**
 * Where a page load with no network goes: null for the pages the app shell draws offline, else
 * /offline (in the page's language) with the wanted address to return to.
 */
export function offlineRedirect(pathname: string, search: string): string | null {
  if (SHELL_OFFLINE.test(pathname)) return null;
  const prefix = pathname === '/sv' || pathname.startsWith('/sv/') ? '/sv' : '';
  return `${prefix}/offline?from=${encodeURIComponent(`${pathname}${search}`)}`;
}

export interface PushNotification {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

/**
 * A push message (03-decisions §4b: `{title, body, url, tag}`) as a notification. A payload
 * that is not that shape still shows, with the app's name, rather than vanish.
 */
export function notificationFromPush(payload: unknown): PushNotification {
  const record = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const url = text(record.url).startsWith('/') && !text(record.url).startsWith('//') ? text(record.url) : '/';
  const tag = text(record.tag);
  return {
    title: text(record.title) || 'LeadCapture',
    options: {
      body: text(record.body) || (typeof payload === 'string' ? payload : ''),
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE,
      ...(tag ? { tag } : {}),
      data: { url },
    },
  };
}
