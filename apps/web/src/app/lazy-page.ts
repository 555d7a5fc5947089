/**
 * Spec 01 §8: a page chunk that fails to load (usually a deploy replaced the hashed file the
 * open tab still points at) reloads the page, at most once per 10 s per path, remembered in
 * sessionStorage; a second failure inside the window shows the error page instead of looping.
 */

export const CHUNK_RELOAD_WINDOW_MS = 10_000;
const STORAGE_PREFIX = 'leadcapture:chunk-reload:';

export function shouldReloadAfterChunkError(
  path: string,
  now = Date.now(),
  storage: Storage = sessionStorage,
): boolean {
  const key = `${STORAGE_PREFIX}${path}`;
  let last = Number.NaN;
  try {
    last = Number(storage.getItem(key));
  } catch {
    // Storage blocked: never reload, so a broken deploy cannot loop.
    return false;
  }
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_WINDOW_MS) return false;
  try {
    storage.setItem(key, String(now));
  } catch {
    return false;
  }
  return true;
}

/** Wraps a route's `lazy` import with the reload rule. */
export function lazyPage<T>(load: () => Promise<T>, reload: () => void = () => window.location.reload()) {
  return async (): Promise<T> => {
    try {
      return await load();
    } catch (error) {
      if (shouldReloadAfterChunkError(window.location.pathname)) {
        reload();
        // Keep the router waiting: the page is going away.
        return new Promise<T>(() => undefined);
      }
      throw error;
    }
  };
}
