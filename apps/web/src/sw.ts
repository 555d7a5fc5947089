/// <reference lib="webworker" />
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { SYNC_TAG } from './lib/offline-queue.ts';
import { replayQueue } from './lib/sync-replay.ts';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  BRAND_FILES_CACHE,
  CAPTURE_ASSETS_CACHE,
  isCapturePage,
  notificationFromPush,
  OFFLINE_CACHE,
  offlineRedirect,
  PUBLIC_FILE_PATH,
} from './lib/sw-rules.ts';

/*
 * The service worker at /sw.js, scope / (spec 02 §4), built by vite-plugin-pwa (injectManifest):
 * the app shell precached, the visitors' capture pages and their form data cached on the first
 * online visit, /offline for other pages when there is no network, the offline queue replayed by
 * Background Sync, and push notifications shown (docs/offline.md).
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

setCacheNameDetails({ prefix: 'leadcapture' });
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new worker waits until the user chooses "reload" (the page sends SKIP_WAITING), then takes
// over every open page at once, so they all run one version.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});
clientsClaim();

// The visitors' pages (/capture/{slug}, /show/{slug}, under /sv too): the network first, the
// copy from the last visit when there is none or it takes longer than a booth can wait. The query
// (?src=qr) does not make another page.
const networkThenCopy = new NetworkFirst({
  cacheName: OFFLINE_CACHE,
  networkTimeoutSeconds: 4,
  matchOptions: { ignoreSearch: true },
});
// Matched by path, not by `mode: navigate`: the page's own CACHE_URLS message sends plain requests.
registerRoute(
  ({ request, url }) => request.method === 'GET' && url.origin === self.location.origin && isCapturePage(url.pathname),
  networkThenCopy,
);
// The form a page draws (GET /api/v1/public/{events|offers}/{slug}/): the same rule.
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && /^\/api\/v1\/public\/(?:events|offers)\/[^/]+\/$/.test(url.pathname),
  networkThenCopy,
);
// The light build's files are hashed: kept once seen.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/capture/assets/'),
  new CacheFirst({ cacheName: CAPTURE_ASSETS_CACHE }),
);

// The organiser's logo on those pages (a public file by id, never changed in place): kept once
// seen, so a booth tablet offline still shows the brand. A few dozen at most.
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && url.origin === self.location.origin && PUBLIC_FILE_PATH.test(url.pathname),
  new CacheFirst({ cacheName: BRAND_FILES_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 50 })] }),
);

// Every other page: the network; with none, the app shell for /offline and the booth screen
// (which work offline), and a redirect to /offline?from= for the rest.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        const url = new URL(request.url);
        const target = offlineRedirect(url.pathname, url.search);
        if (target === null) {
          const shell = await matchPrecache('/index.html');
          if (shell) return shell;
          return Response.error();
        }
        return Response.redirect(target, 302);
      }
    },
    { denylist: [/^\/api\//, /^\/ws\//] },
  ),
);

// Background Sync: the browser wakes the worker when the network is back.
interface SyncEvent extends ExtendableEvent {
  tag: string;
}
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === SYNC_TAG) sync.waitUntil(replayQueue().then(() => undefined));
});

// Push (03-decisions §4b): the server sends {title, body, url, tag}.
self.addEventListener('push', (event: PushEvent) => {
  let payload: unknown = null;
  try {
    payload = event.data?.json();
  } catch {
    payload = event.data?.text() ?? null;
  }
  const { title, options } = notificationFromPush(payload);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const path =
    typeof data === 'object' && data !== null && 'url' in data && typeof data.url === 'string' ? data.url : '/';
  const target = new URL(path, self.location.origin);
  // Only this app's own pages: a payload cannot send the user to another site.
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => client.url === url) ?? windows[0];
      if (open) {
        await open.focus();
        if (open.url !== url) await open.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    }),
  );
});
