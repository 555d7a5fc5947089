import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The offline sync queue (spec 02 §3, §9): leads captured with no network, kept in IndexedDB until
 * they are sent (docs/decisions/033-offline-queue-indexeddb.md). Shared by the visitors' capture
 * pages, the team's booth screen and the service worker, so it imports nothing of either app.
 *
 * An entry is one POST with everything needed to send it again as it was: the address, the body
 * and the Idempotency-Key made when the visitor pressed Submit, so a replay that reached the
 * server before (the answer was lost) is answered again and never stored twice. An entry leaves
 * the queue only when the server has it; a refusal (4xx) keeps it, set aside for the user to fix.
 */

export const QUEUE_DB_NAME = 'leadcapture-offline';
/** The spec's name of the queue (it was a localStorage key): the store keeps it. */
export const QUEUE_STORE = 'pwa-sync-queue';
/** Background Sync tags start with the spec's prefix. */
export const SYNC_TAG = 'leadcapture-sync-queue';
/** One tab (or the worker) replays at a time: the Web Lock's name. */
export const REPLAY_LOCK = 'leadcapture-sync-queue';
/** Tabs and the worker tell each other the queue changed. */
export const QUEUE_CHANNEL = 'leadcapture-sync-queue';

/** What kind of form made the entry: a visitor's capture or offer page, or the team's booth screen. */
export type QueueAction = 'capture' | 'offer' | 'booth';

export interface QueuedRequest {
  /** Same-origin API path, e.g. /api/v1/public/events/{slug}/leads/ */
  url: string;
  body: Record<string, unknown>;
  idempotency_key: string;
  /** The booth screen's second step, sent after the lead exists (`{lead_id}` is replaced). */
  then?: { url: string; body: Record<string, unknown> } | undefined;
  /** The lead's id once the first step was accepted, so a retry sends only what is left. */
  lead_id?: string | undefined;
}

/** A refusal to show the user: the status and the field errors of the envelope. */
export interface QueueProblem {
  status: number;
  code: string;
  message: string;
  details: Record<string, string[]>;
}

export interface QueueEntry {
  /** A timestamp (spec 02 §3) made unique with a random suffix. */
  id: string;
  action: QueueAction;
  /** The event or offer the lead is for, to count and show per page. */
  scope: string;
  /** A short label for lists: the visitor's name. */
  label: string;
  data: QueuedRequest;
  timestamp: number;
  state: 'pending' | 'needs_fix';
  attempts: number;
  next_attempt_at: number;
  problem?: QueueProblem | undefined;
}

/** An entry that cannot be read back (changed by hand, an older shape): shown, never dropped. */
export interface CorruptEntry {
  id: IDBValidKey;
  raw: unknown;
}

interface QueueSchema extends DBSchema {
  [QUEUE_STORE]: { key: string; value: QueueEntry };
}

export class QueueFullError extends Error {
  constructor() {
    super('The device storage is full');
    this.name = 'QueueFullError';
  }
}

export class QueueUnavailableError extends Error {
  constructor(cause: unknown) {
    super('IndexedDB is not available', { cause });
    this.name = 'QueueUnavailableError';
  }
}

let opened: Promise<IDBPDatabase<QueueSchema>> | null = null;

function db(): Promise<IDBPDatabase<QueueSchema>> {
  opened ??= openDB<QueueSchema>(QUEUE_DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore(QUEUE_STORE, { keyPath: 'id' });
    },
  }).catch((error: unknown) => {
    opened = null;
    throw new QueueUnavailableError(error);
  });
  return opened;
}

/** Closes the connection (tests delete the database between cases). */
export async function closeQueue(): Promise<void> {
  if (opened === null) return;
  const database = await opened.catch(() => null);
  opened = null;
  database?.close();
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'QuotaExceededError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The shape check an entry read back must pass. */
export function isQueueEntry(value: unknown): value is QueueEntry {
  if (!isRecord(value) || !isRecord(value.data)) return false;
  const { data } = value;
  return (
    typeof value.id === 'string' &&
    (value.action === 'capture' || value.action === 'offer' || value.action === 'booth') &&
    typeof value.scope === 'string' &&
    typeof value.label === 'string' &&
    typeof value.timestamp === 'number' &&
    (value.state === 'pending' || value.state === 'needs_fix') &&
    typeof value.attempts === 'number' &&
    typeof value.next_attempt_at === 'number' &&
    typeof data.url === 'string' &&
    data.url.startsWith('/api/') &&
    isRecord(data.body) &&
    typeof data.idempotency_key === 'string' &&
    data.idempotency_key !== ''
  );
}

function notifyChanged(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(QUEUE_CHANNEL);
  channel.postMessage({ type: 'changed' });
  channel.close();
}

/** Calls `onChange` when any tab or the worker changes the queue; returns the unsubscribe. */
export function onQueueChange(onChange: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(QUEUE_CHANNEL);
  channel.onmessage = () => onChange();
  return () => channel.close();
}

export interface NewEntry {
  action: QueueAction;
  scope: string;
  label: string;
  data: QueuedRequest;
}

/**
 * Keeps a request; resolves only once IndexedDB has committed it, so "Saved" is true when shown.
 * A full disk is QueueFullError, for the page to say so (the answers stay in the form).
 */
export async function enqueue(entry: NewEntry, now = Date.now()): Promise<QueueEntry> {
  const random = Math.random().toString(36).slice(2, 8);
  const stored: QueueEntry = {
    ...entry,
    id: `${now}-${random}`,
    timestamp: now,
    state: 'pending',
    attempts: 0,
    next_attempt_at: now,
  };
  const database = await db();
  try {
    const tx = database.transaction(QUEUE_STORE, 'readwrite');
    await Promise.all([tx.store.put(stored), tx.done]);
  } catch (error) {
    if (isQuotaError(error) || (error instanceof Error && isQuotaError(error.cause))) throw new QueueFullError();
    throw error;
  }
  notifyChanged();
  return stored;
}

export interface QueueContents {
  entries: QueueEntry[];
  corrupt: CorruptEntry[];
}

/** Everything kept, oldest first; what fails the shape check comes apart as `corrupt`. */
export async function readQueue(): Promise<QueueContents> {
  const database = await db();
  const tx = database.transaction(QUEUE_STORE, 'readonly');
  const entries: QueueEntry[] = [];
  const corrupt: CorruptEntry[] = [];
  for (let cursor = await tx.store.openCursor(); cursor !== null; cursor = await cursor.continue()) {
    const raw: unknown = cursor.value;
    if (isQueueEntry(raw)) entries.push(raw);
    else corrupt.push({ id: cursor.key, raw });
  }
  await tx.done;
  entries.sort((a, b) => a.timestamp - b.timestamp);
  return { entries, corrupt };
}

export async function putEntry(entry: QueueEntry): Promise<void> {
  const database = await db();
  await database.put(QUEUE_STORE, entry);
  notifyChanged();
}

export async function removeEntry(id: IDBValidKey): Promise<void> {
  const database = await db();
  // A corrupt entry's key may not be a string: delete by the key as stored.
  await database.delete(QUEUE_STORE, id as string);
  notifyChanged();
}

/** After the user fixed a refused entry: its new body, sent at the next replay. */
export async function resubmitEntry(entry: QueueEntry, body: Record<string, unknown>): Promise<void> {
  await putEntry({
    ...entry,
    data: { ...entry.data, body },
    state: 'pending',
    problem: undefined,
    next_attempt_at: Date.now(),
  });
}
