import { putEntry, readQueue, removeEntry, REPLAY_LOCK, type QueueEntry, type QueueProblem } from './offline-queue.ts';

/**
 * Sends the offline queue (lib/offline-queue.ts) when the network is back: from the service
 * worker's Background Sync, and from a page on start and on `online`. Rules
 * (docs/offline.md):
 *
 * - one sender at a time across tabs and the worker (a Web Lock; without one, the server's
 *   Idempotency-Key still keeps a lead from being stored twice);
 * - 2xx: the entry leaves the queue; 4xx (but 408 and 429): set aside as `needs_fix` with the
 *   server's field errors, for the user to correct; 5xx, 408, 429 and no answer: tried again
 *   later, waiting longer each time (5 s doubling up to 10 min);
 * - no answer at all means offline: the rest waits, nothing is counted against them.
 */

export const BACKOFF_BASE_MS = 5_000;
export const BACKOFF_MAX_MS = 10 * 60_000;

export function backoffDelay(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/** The booth screen's second step needs the user's session, which only a page has. */
export type FollowUpSender = (url: string, body: Record<string, unknown>) => Promise<{ status: number; body: unknown }>;

export interface ReplayOptions {
  fetch?: typeof fetch;
  /** Absent in the worker: booth entries then wait at their second step for a page. */
  followUp?: FollowUpSender;
  now?: () => number;
  /** Replays only these (a page sends its own kind; the worker everything). */
  filter?: (entry: QueueEntry) => boolean;
}

export interface ReplayReport {
  /** False when another tab or the worker was already sending. */
  ran: boolean;
  sent: number;
  setAside: number;
  retrying: number;
  offline: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function problemOf(status: number, body: unknown): QueueProblem {
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  const details: Record<string, string[]> = {};
  if (isRecord(error.details)) {
    for (const [field, messages] of Object.entries(error.details)) {
      if (Array.isArray(messages)) details[field] = messages.filter((m): m is string => typeof m === 'string');
    }
  }
  return {
    status,
    code: typeof error.code === 'string' ? error.code : '',
    message: typeof error.message === 'string' ? error.message : '',
    details,
  };
}

const isRefusal = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

async function post(fetcher: typeof fetch, entry: QueueEntry): Promise<{ status: number; body: unknown }> {
  const response = await fetcher(entry.data.url, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      'Idempotency-Key': entry.data.idempotency_key,
    },
    body: JSON.stringify(entry.data.body),
  });
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  return { status: response.status, body };
}

type Outcome = 'sent' | 'set_aside' | 'retrying' | 'offline' | 'waiting';

async function sendOne(entry: QueueEntry, options: ReplayOptions, now: number): Promise<Outcome> {
  const fetcher = options.fetch ?? fetch;
  let current = entry;
  try {
    if (current.data.lead_id === undefined) {
      const answer = await post(fetcher, current);
      if (answer.status >= 200 && answer.status < 300) {
        const data = isRecord(answer.body) && isRecord(answer.body.data) ? answer.body.data : {};
        const leadId = typeof data.id === 'string' ? data.id : '';
        if (current.data.then === undefined) {
          await removeEntry(current.id);
          return 'sent';
        }
        // Kept before the second step: a retry must not depend on the first answer again.
        current = { ...current, data: { ...current.data, lead_id: leadId } };
        await putEntry(current);
      } else {
        return await settle(current, answer, now);
      }
    }
    const step = current.data.then;
    if (step !== undefined) {
      if (options.followUp === undefined) return 'waiting';
      const url = step.url.replace('{lead_id}', encodeURIComponent(current.data.lead_id ?? ''));
      const answer = await options.followUp(url, step.body);
      if (answer.status < 200 || answer.status >= 300) return await settle(current, answer, now);
    }
    await removeEntry(current.id);
    return 'sent';
  } catch {
    return 'offline';
  }
}

async function settle(entry: QueueEntry, answer: { status: number; body: unknown }, now: number): Promise<Outcome> {
  if (isRefusal(answer.status)) {
    await putEntry({ ...entry, state: 'needs_fix', problem: problemOf(answer.status, answer.body) });
    return 'set_aside';
  }
  const attempts = entry.attempts + 1;
  await putEntry({ ...entry, attempts, next_attempt_at: now + backoffDelay(attempts) });
  return 'retrying';
}

async function replayHeld(options: ReplayOptions): Promise<ReplayReport> {
  const now = (options.now ?? Date.now)();
  const report: ReplayReport = { ran: true, sent: 0, setAside: 0, retrying: 0, offline: false };
  const { entries } = await readQueue();
  for (const entry of entries) {
    if (entry.state !== 'pending' || entry.next_attempt_at > now) continue;
    if (options.filter && !options.filter(entry)) continue;
    const outcome = await sendOne(entry, options, now);
    if (outcome === 'sent') report.sent += 1;
    else if (outcome === 'set_aside') report.setAside += 1;
    else if (outcome === 'retrying') report.retrying += 1;
    else if (outcome === 'offline') {
      report.offline = true;
      break;
    }
  }
  return report;
}

interface LockManagerLike {
  request: <T>(name: string, options: { ifAvailable: boolean }, callback: (lock: unknown) => Promise<T>) => Promise<T>;
}

function lockManager(): LockManagerLike | null {
  const holder: { locks?: LockManagerLike } = typeof navigator === 'undefined' ? {} : navigator;
  return holder.locks ?? null;
}

/** Sends what is due, unless another tab or the worker is already at it. */
export async function replayQueue(options: ReplayOptions = {}): Promise<ReplayReport> {
  const locks = lockManager();
  if (locks === null) return replayHeld(options);
  return locks.request(REPLAY_LOCK, { ifAvailable: true }, async (lock) =>
    lock === null ? { ran: false, sent: 0, setAside: 0, retrying: 0, offline: false } : replayHeld(options),
  );
}
