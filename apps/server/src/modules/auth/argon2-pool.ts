import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * argon2id runs on its own worker threads, one per core, at a lower scheduling priority than
 * the event loop (decision 006).
 *
 * Why: a sign-in is ~12 ms of argon2 and ~4 ms of event-loop work (HTTP, the embedded database,
 * token signing). With the hashes on libuv's pool at the same priority, two busy hashes and the
 * event loop share two cores round-robin, so every request's own database and HTTP work waits
 * behind other requests' hashes. On Linux a thread's nice value is its own; workers that lower
 * theirs yield the core whenever the event loop has work, and take every idle cycle otherwise.
 * The work done is the same, the waiting in front of the event loop is gone.
 */

type Job = { op: 'hash'; password: string; options: Argon2Options } | { op: 'verify'; hash: string; password: string };

export interface Argon2Options {
  algorithm: number;
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

interface Pending {
  job: Job;
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

/** Nice value of the hashing threads: below the event loop, above nothing else of ours. */
const WORKER_NICE = 10;

// Plain CommonJS so that the same source runs from the TypeScript tests and from the bundle;
// the argon2 binding is resolved by the main thread and handed over as a path.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { setPriority } = require('node:os');
const argon2 = require(workerData.argon2Path);
try { setPriority(${WORKER_NICE}); } catch {}
parentPort.on('message', (job) => {
  try {
    const value = job.op === 'hash'
      ? argon2.hashSync(job.password, job.options)
      : argon2.verifySync(job.hash, job.password);
    parentPort.postMessage({ ok: true, value });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: String(error && error.message || error) });
  }
});
`;

interface Slot {
  worker: Worker;
  current?: Pending;
}

export function createArgon2Pool(size = Math.max(1, availableParallelism())) {
  const argon2Path = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const slots: Slot[] = [];
  const queue: Pending[] = [];

  function spawn(): Slot {
    const slot: Slot = { worker: new Worker(WORKER_SOURCE, { eval: true, workerData: { argon2Path } }) };
    // Idle hashing threads must never keep the process alive (tests, shutdown).
    slot.worker.unref();
    slot.worker.on('message', (reply: { ok: true; value: string | boolean } | { ok: false; message: string }) => {
      const done = slot.current;
      slot.current = undefined;
      if (done) {
        if (reply.ok) done.resolve(reply.value);
        else done.reject(new Error(reply.message));
      }
      next(slot);
    });
    // A dead worker (out of memory, a crash in the binding) fails its job and is replaced.
    slot.worker.on('error', (error) => {
      slot.current?.reject(error);
      slot.current = undefined;
      slots.splice(slots.indexOf(slot), 1);
      if (queue.length > 0) next(spawn());
    });
    slots.push(slot);
    return slot;
  }

  function next(slot: Slot) {
    const pending = queue.shift();
    if (!pending) return;
    slot.current = pending;
    slot.worker.postMessage(pending.job);
  }

  function run(job: Job): Promise<string | boolean> {
    return new Promise((resolve, reject) => {
      queue.push({ job, resolve, reject });
      const idle = slots.find((s) => !s.current) ?? (slots.length < size ? spawn() : undefined);
      if (idle) next(idle);
    });
  }

  return {
    async hash(password: string, options: Argon2Options): Promise<string> {
      return String(await run({ op: 'hash', password, options }));
    },
    async verify(hash: string, password: string): Promise<boolean> {
      return (await run({ op: 'verify', hash, password })) === true;
    },
  };
}
