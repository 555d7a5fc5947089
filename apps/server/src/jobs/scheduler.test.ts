import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../test/helpers.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { createScheduler, type ScheduledTask } from './scheduler.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** A logger whose calls the tests read. */
function recordingLog() {
  const log = {
    info: vi.fn(),
    debug: vi.fn(),
    warn: vi.fn(),
    error: vi.fn(),
    fatal: vi.fn(),
    trace: vi.fn(),
    child: () => log,
    level: 'info',
    silent: vi.fn(),
  };
  return log;
}
const asLogger = (log: ReturnType<typeof recordingLog>) => log as unknown as FastifyBaseLogger;

/** A promise and the function that settles it, to hold a task mid-run. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}`;

describe('scheduler', () => {
  it('lets only one run of a task hold its lock at a time, across schedulers on one database', async () => {
    const name = unique('lock');
    const held = gate();
    let started = 0;
    const task: ScheduledTask = {
      name,
      run: async () => {
        started += 1;
        await held.opened;
        return { done: 1 };
      },
    };
    // Two schedulers as two API processes would have them; on PostgreSQL each holds the lock on
    // a connection of its own, so this is the database's advisory lock at work.
    const a = createScheduler({
      tasks: [task],
      withTryLock: database.withTryLock,
      log: asLogger(recordingLog()),
      intervalMs: 60_000,
    });
    const b = createScheduler({
      tasks: [task],
      withTryLock: database.withTryLock,
      log: asLogger(recordingLog()),
      intervalMs: 60_000,
    });
    const first = a.run(name);
    await vi.waitFor(() => expect(started).toBe(1));
    expect(await b.run(name)).toBe('skipped');
    expect(await a.run(name)).toBe('skipped');
    held.open();
    expect(await first).toBe('ran');
    // Released: the next run takes it again.
    expect(await b.run(name)).toBe('ran');
    expect(started).toBe(2);
  });

  it('logs a failed run, keeps going and runs the task again at its next tick', async () => {
    const log = recordingLog();
    let calls = 0;
    const task: ScheduledTask = {
      name: unique('flaky'),
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database unavailable');
        return { calls };
      },
    };
    const scheduler = createScheduler({
      tasks: [task],
      withTryLock: database.withTryLock,
      log: asLogger(log),
      intervalMs: 20,
    });
    scheduler.start();
    await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(3), { timeout: 5000 });
    await scheduler.stop();
    expect(log.error).toHaveBeenCalledTimes(1);
    const [fields, message] = log.error.mock.calls[0] as [{ err: Error; task: string }, string];
    expect(fields.task).toBe(task.name);
    expect(fields.err.message).toBe('database unavailable');
    expect(message).toMatch(/failed/);
    expect(log.info).toHaveBeenCalledWith(expect.objectContaining({ task: task.name, calls: 2 }), 'scheduled task ran');
  });

  it('runs the tasks that fall due together one at a time, each taking its turn', async () => {
    let running = 0;
    let most = 0;
    const ran: string[] = [];
    const tasks: ScheduledTask[] = ['a', 'b', 'c', 'd'].map((letter) => ({
      name: unique(letter),
      run: async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 15));
        running -= 1;
        ran.push(letter);
        return {};
      },
    }));
    const scheduler = createScheduler({
      tasks,
      withTryLock: database.withTryLock,
      log: asLogger(recordingLog()),
      intervalMs: 5,
    });
    scheduler.start();
    await vi.waitFor(() => expect(new Set(ran).size).toBe(4), { timeout: 5000 });
    await scheduler.stop();
    expect(most).toBe(1);
  });

  it('stops ticking on stop() and lets the run in flight finish', async () => {
    const held = gate();
    let runs = 0;
    let finished = false;
    const task: ScheduledTask = {
      name: unique('slow'),
      run: async () => {
        runs += 1;
        await held.opened;
        finished = true;
        return {};
      },
    };
    const scheduler = createScheduler({
      tasks: [task],
      withTryLock: database.withTryLock,
      log: asLogger(recordingLog()),
      intervalMs: 10,
    });
    scheduler.start();
    await vi.waitFor(() => expect(runs).toBe(1));
    const stopping = scheduler.stop();
    let stopped = false;
    void stopping.then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    held.open();
    await stopping;
    expect(finished).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toBe(1);
  });

  it('answers an unknown task name with an error', () => {
    const scheduler = createScheduler({
      tasks: [],
      withTryLock: database.withTryLock,
      log: asLogger(recordingLog()),
      intervalMs: 10,
    });
    expect(() => scheduler.run('nope')).toThrow(/no scheduled task/);
  });
});
