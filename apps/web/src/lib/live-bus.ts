import type { LiveMessage } from '@leadcapture/contracts/live';

/**
 * The live socket's messages and state for whoever listens below the shell (the data centre's
 * progress bars): the one socket (features/live) publishes here, features subscribe, and a
 * query polls only while `isLiveOpen()` is false (the socket is down or not yet open).
 */
type Listener = (message: LiveMessage) => void;

const listeners = new Set<Listener>();
const stateListeners = new Set<(open: boolean) => void>();
let open = false;

export function publishLive(message: LiveMessage): void {
  for (const listener of listeners) listener(message);
}

export function subscribeLive(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setLiveOpen(value: boolean): void {
  if (open === value) return;
  open = value;
  for (const listener of stateListeners) listener(value);
}

/** Told each time the socket opens or goes down. */
export function subscribeLiveState(listener: (open: boolean) => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

export const isLiveOpen = (): boolean => open;

/** While the socket is up a running job's list still polls, slowly: a message lost (a socket half
 * open, a late delivery) then costs a few seconds, never a progress bar stuck until a reload. */
export const LIVE_SAFETY_POLL_MS = 5000;

/**
 * A list's refetch interval while it shows running work: `ms` while the live socket is down, the
 * slow safety poll while it is up (its progress arrives as messages: useDataLiveProgress).
 */
export const runningPoll = (running: boolean, ms: number): number | false =>
  running ? (open ? Math.max(ms, LIVE_SAFETY_POLL_MS) : ms) : false;
