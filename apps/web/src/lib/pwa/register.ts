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
let handover: UpdateHandover | null = null;

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  workbox = wb;
  handover = createUpdateHandover(navigator.serviceWorker, () => window.location.reload());
  wb.addEventListener('waiting', () => setPwaState({ updateWaiting: true }));
  void wb.register();
  window.setInterval(() => void checkForNewBuild(), BUILD_POLL_MS);
}

/** The part of the browser's ServiceWorkerContainer the handover uses. */
export type WorkerContainer = Pick<ServiceWorkerContainer, 'addEventListener' | 'getRegistration'>;

export interface UpdateHandover {
  /** "Reload": the waiting worker is asked to take over; the page reloads once it has. */
  apply: () => Promise<void>;
}

/**
 * The page reloads when a new worker takes control only after the user asked for it: a first
 * install takes control too (clientsClaim), and that needs no reload. Not workbox-window's
 * `isUpdate`, which says whether the page had a worker when it loaded: on a page of a first
 * visit, an update the user asked for took control without the reload.
 */
export function createUpdateHandover(container: WorkerContainer, reload: () => void): UpdateHandover {
  let asked = false;
  container.addEventListener('controllerchange', () => {
    if (asked) reload();
  });
  return {
    async apply() {
      const waiting = (await container.getRegistration('/'))?.waiting;
      // None waits any more (another tab of the app let it take over): the page only reloads.
      if (!waiting) {
        reload();
        return;
      }
      asked = true;
      waiting.postMessage({ type: 'SKIP_WAITING' });
    },
  };
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

/** "Reload" in the prompt: the waiting worker takes over, then the page reloads under it. */
export function applyUpdate(): void {
  if (handover === null) {
    window.location.reload();
    return;
  }
  void handover.apply();
}
