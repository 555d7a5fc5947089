import { Workbox } from 'workbox-window';
import { setPwaState } from './pwa-state.ts';

/**
 * Registers /sw.js (scope /) for the app and runs the update flow (spec 02 §4): a new worker that
 * installed waits; the page shows "A new version is ready - reload"; the button asks it to take
 * over, and the page reloads when it has. The build metadata file is polled too (spec 01 §7), so
 * a tab left open for a day at a booth learns of a new build without a reload.
 */

export const BUILD_POLL_MS = 5 * 60_000;
export const BUILD_META_URL = '/builds/latest.json';

let workbox: Workbox | null = null;

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  workbox = wb;
  wb.addEventListener('waiting', () => setPwaState({ updateWaiting: true }));
  // Only after the user asked: a first install also takes control, and that needs no reload.
  wb.addEventListener('controlling', (event) => {
    if (event.isUpdate === true) window.location.reload();
  });
  void wb.register();
  window.setInterval(() => void checkForNewBuild(), BUILD_POLL_MS);
}

/** The id in builds/latest.json, or null when it cannot be read (offline). */
export async function latestBuildId(fetcher: typeof fetch = fetch): Promise<string | null> {
  try {
    const response = await fetcher(BUILD_META_URL, { cache: 'no-store' });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null && 'id' in body && typeof body.id === 'string' ? body.id : null;
  } catch {
    return null;
  }
}

/** A newer build is out: fetch its worker, which then waits and shows the prompt. */
export async function checkForNewBuild(fetcher: typeof fetch = fetch): Promise<boolean> {
  const latest = await latestBuildId(fetcher);
  const newer = latest !== null && latest !== import.meta.env.VITE_BUILD_ID;
  if (newer) await workbox?.update();
  return newer;
}

/** "Reload": the waiting worker takes over; `controlling` then reloads the page. */
export function applyUpdate(): void {
  if (workbox === null) {
    window.location.reload();
    return;
  }
  workbox.messageSkipWaiting();
}
