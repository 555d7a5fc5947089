/**
 * The size of the next batch of a long piece of work (an export, an import) that shares the
 * process with every request (docs/leads-data.md). PGlite runs in the event loop, and its
 * queries resolve without giving the loop a turn: a batch holds every other request, static
 * files included, for as long as it runs. So batches are sized by time, not rows: each should
 * take about `targetMs`, and the work steps aside between two (`pause`), so a 200 ms bound on
 * any request's wait needs batches of a few tens of milliseconds. On PostgreSQL, where a batch waits on the network and
 * holds nothing, batches grow to `max`.
 */
export interface BatchPace {
  /** Rows of the next batch. */
  readonly size: number;
  /** A full batch of `rows` took `ms` of the process (its query and its processing). */
  record(rows: number, ms: number): void;
}

export interface BatchPaceOptions {
  initial: number;
  min: number;
  max: number;
  /** The time one batch may hold the event loop. */
  targetMs: number;
}

export function createBatchPace({ initial, min, max, targetMs }: BatchPaceOptions): BatchPace {
  let size = initial;
  return {
    get size() {
      return size;
    },
    record(rows, ms) {
      // A short batch (the last) or a free one tells nothing about the next.
      if (rows < size || ms <= 0) return;
      const fitting = (rows * targetMs) / ms;
      // Grows at most twofold at once (one quick batch may be luck), shrinks at once.
      size = Math.round(Math.min(max, Math.max(min, Math.min(fitting, size * 2))));
    },
  };
}

/**
 * How long the work steps aside between two batches. A static file is several requests to the
 * thread pool (stat of .br, .gz and the file, open, read, close), each of which needs a turn of
 * the loop once it completes: with one turn between batches (setImmediate) it waited one batch
 * per step, 0.5-2 s during an import. A short timer lets the loop wait in poll for I/O, so a
 * whole chain of them completes within one pause.
 */
export const PAUSE_MS = 4;

/**
 * Steps aside for PAUSE_MS: the I/O that waited (requests, their queries queued on PGlite,
 * static files) goes first. A timer, not a microtask: an awaited promise alone never gives the
 * loop a turn.
 */
export const pause = () => new Promise<void>((resolve) => setTimeout(resolve, PAUSE_MS));
