import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';

/** A named piece of periodic work; `run` answers a summary for the log (counts). */
export interface ScheduledTask {
  name: string;
  run: () => Promise<Record<string, number>>;
  /** Its own period, when it differs from the scheduler's. */
  intervalMs?: number;
}

/** What one run of a task came to. */
export type TaskOutcome = 'ran' | 'skipped' | 'failed';

/** The last run of a task in this process, for the staff console's health panel. */
export interface TaskStatus {
  name: string;
  intervalMs: number;
  running: boolean;
  lastRunAt: Date | null;
  lastOutcome: TaskOutcome | null;
  lastMs: number | null;
}

/** The first run comes soon after start, not a whole period later. */
const FIRST_RUN_MAX_MS = 10_000;

/**
 * Runs named tasks periodically (docs/decisions/016-scheduled-jobs.md). Each run holds the
 * database-wide advisory lock of its task, so with several API processes on one database only
 * one runs a task at a time; the others skip that tick. A failure is logged and the task runs
 * again at its next tick: it never takes the process down. stop() lets a run in flight finish.
 */
export function createScheduler(opts: {
  tasks: readonly ScheduledTask[];
  withTryLock: DatabaseHandle['withTryLock'];
  log: FastifyBaseLogger;
  intervalMs: number;
}) {
  const { log, intervalMs } = opts;
  const tasks = new Map(opts.tasks.map((t) => [t.name, t]));
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<TaskOutcome>>();
  let stopped = true;
  const last = new Map<string, { at: Date; outcome: TaskOutcome; ms: number }>();
  const running = new Set<string>();

  async function execute(task: ScheduledTask): Promise<TaskOutcome> {
    const at = new Date();
    const started = performance.now();
    running.add(task.name);
    const outcome = await attempt(task, started);
    running.delete(task.name);
    last.set(task.name, { at, outcome, ms: Math.round(performance.now() - started) });
    return outcome;
  }

  async function attempt(task: ScheduledTask, started: number): Promise<TaskOutcome> {
    try {
      const result = await opts.withTryLock(`scheduler:${task.name}`, task.run);
      if (!result.acquired) {
        log.debug({ task: task.name }, 'scheduled task skipped: another process is running it');
        return 'skipped';
      }
      log.info({ task: task.name, ms: Math.round(performance.now() - started), ...result.value }, 'scheduled task ran');
      return 'ran';
    } catch (err) {
      log.error({ err, task: task.name }, 'scheduled task failed; it runs again at its next tick');
      return 'failed';
    }
  }

  /** Runs one task now (tests, and each tick); answers how it went, never throws. */
  function run(name: string): Promise<TaskOutcome> {
    const task = tasks.get(name);
    if (!task) throw new Error(`no scheduled task named ${name}`);
    const p = execute(task).finally(() => inFlight.delete(p));
    inFlight.add(p);
    return p;
  }

  /**
   * Ticks run one task at a time: each run holds a pooled connection for its lock beside the
   * ones its work takes, and the tasks that fall due together (all of them, soon after start)
   * would otherwise hold the whole pool for their locks and wait on each other for the rest,
   * while requests waited behind them.
   */
  let turn: Promise<unknown> = Promise.resolve();
  function runInTurn(name: string): Promise<TaskOutcome> {
    const outcome = turn.then(() => (stopped ? ('skipped' as const) : run(name)));
    turn = outcome;
    return outcome;
  }

  function schedule(name: string, delay: number) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (stopped) return;
      void runInTurn(name).finally(() => {
        if (!stopped) schedule(name, tasks.get(name)?.intervalMs ?? intervalMs);
      });
    }, delay);
    // A pending tick never keeps the process alive on its own.
    timer.unref();
    timers.add(timer);
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      for (const task of tasks.values()) schedule(task.name, Math.min(task.intervalMs ?? intervalMs, FIRST_RUN_MAX_MS));
    },
    run,
    /** Each task's period and its last run in this process (other processes keep their own). */
    status(): TaskStatus[] {
      return [...tasks.values()].map((task) => {
        const seen = last.get(task.name);
        return {
          name: task.name,
          intervalMs: task.intervalMs ?? intervalMs,
          running: running.has(task.name),
          lastRunAt: seen?.at ?? null,
          lastOutcome: seen?.outcome ?? null,
          lastMs: seen?.ms ?? null,
        };
      });
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(inFlight);
    },
  };
}
export type Scheduler = ReturnType<typeof createScheduler>;
