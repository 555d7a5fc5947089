import type { CaptureRequest } from '@leadcapture/contracts/public-capture';
import { enqueue, QueueFullError, SYNC_TAG, type QueueAction } from '../lib/offline-queue.ts';
import { replayQueue } from '../lib/sync-replay.ts';
import { API_BASE } from './api.ts';

/**
 * The capture page with no network (docs/offline.md): the worker keeps the page and its form
 * from the last online visit; a submission that gets no answer is kept in IndexedDB with its
 * Idempotency-Key, then sent by Background Sync, or by the page on start and on `online`.
 */

export type KeepResult = 'saved' | 'full' | 'unavailable';

interface SyncManagerLike {
  register: (tag: string) => Promise<void>;
}

/** Asks the worker to send the queue when the network is back (where the browser can). */
async function requestBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration: ServiceWorkerRegistration & { sync?: SyncManagerLike } = await navigator.serviceWorker.ready;
  await registration.sync?.register(SYNC_TAG);
}

export async function keepForLater(
  action: Exclude<QueueAction, 'booth'>,
  slug: string,
  apiPath: string,
  body: CaptureRequest,
  idempotencyKey: string,
): Promise<KeepResult> {
  try {
    await enqueue({
      action,
      scope: slug,
      label: `${body.first_name} ${body.last_name}`.trim(),
      data: { url: `${API_BASE}${apiPath}`, body: { ...body }, idempotency_key: idempotencyKey },
    });
  } catch (error) {
    return error instanceof QueueFullError ? 'full' : 'unavailable';
  }
  void requestBackgroundSync().catch(() => {
    // No Background Sync (Firefox, Safari): the page sends on start and on `online`.
  });
  return 'saved';
}

/** Sends the visitors' kept submissions now (the team's booth leads are the app's to send). */
export function sendKept(): void {
  void replayQueue({ filter: (entry) => entry.action !== 'booth' }).catch(() => {
    // IndexedDB unavailable (a private window): nothing was kept either.
  });
}

/**
 * Registers the worker, then asks it to keep this page, its files and its form for offline use:
 * the first visit's own load happened before the worker could see it.
 */
export function prepareOffline(formApiPath: string): void {
  sendKept();
  window.addEventListener('online', sendKept);
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const files = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => {
          const { origin, pathname } = new URL(url);
          // The page's own files and the organiser's logo (public files: sw.ts keeps them).
          return (
            origin === window.location.origin &&
            (pathname.startsWith('/capture/assets/') || pathname.startsWith('/api/v1/public/files/'))
          );
        });
      const urls = [window.location.href, `${window.location.origin}${API_BASE}${formApiPath}`, ...files];
      registration.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: urls } });
    })
    .catch(() => {
      // No worker (an old browser, a private window): the page still works online.
    });
}
