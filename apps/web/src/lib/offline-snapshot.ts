/**
 * The last known signed-in user and booth events, kept so the booth screen opens again after a
 * reload with no network (docs/offline.md, decision 040). Only what that screen
 * needs: the user record the shell draws (names, organisations and roles; never a token, the
 * tokens stay where decision 003 keeps them) and, per event opened at the booth, its id, name and
 * slug. It is used only when the server cannot be reached at all; an answer from the server
 * (a 401, a 403) always wins. Cleared with the session (lib/session.ts: sign-out, a dead
 * session). Framework-free: the route guard and the booth page read it.
 */

export const OFFLINE_USER_KEY = 'leadcapture-offline-user';
export const OFFLINE_EVENTS_KEY = 'leadcapture-offline-booth-events';
/** A booth works a few events at a time; older ones drop out. */
const MAX_EVENTS = 10;

export interface OfflineEvent {
  id: string;
  name: string;
  slug: string;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage blocked (a privacy setting): nothing is kept, the screen needs the network.
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Full storage: the snapshot is a convenience, the queue (IndexedDB) is what must not fail.
  }
}

function read(key: string): unknown {
  const raw = storage()?.getItem(key) ?? null;
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function rememberUser(user: unknown): void {
  write(OFFLINE_USER_KEY, user);
}

/** The stored user record as it was kept; the caller checks its shape (contracts/me-check.ts). */
export function recallUser(): unknown {
  return read(OFFLINE_USER_KEY);
}

function isOfflineEvent(value: unknown): value is OfflineEvent {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.name === 'string' && typeof v.slug === 'string';
}

function storedEvents(): OfflineEvent[] {
  const value = read(OFFLINE_EVENTS_KEY);
  return Array.isArray(value) ? value.filter(isOfflineEvent) : [];
}

export function rememberEvent(event: OfflineEvent): void {
  const kept = { id: event.id, name: event.name, slug: event.slug };
  const others = storedEvents().filter((e) => e.id !== event.id);
  write(OFFLINE_EVENTS_KEY, [kept, ...others].slice(0, MAX_EVENTS));
}

export function recallEvent(id: string): OfflineEvent | null {
  return storedEvents().find((e) => e.id === id) ?? null;
}

/** Sign-out or a dead session: nothing of this user stays on the device (the unsent queue does). */
export function forgetOfflineSnapshot(): void {
  const store = storage();
  if (store === null) return;
  store.removeItem(OFFLINE_USER_KEY);
  store.removeItem(OFFLINE_EVENTS_KEY);
}
