import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, memoryMailer, registerUser, TEST_JWT_SECRET, type TestApp } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { AppError } from '../http/errors.ts';
import { authHook } from '../http/auth-hook.ts';
import { authenticate } from '../modules/auth/auth.service.ts';
import { tenantRunner } from '../http/tenant.ts';
import { openDatabase } from './client.ts';
import { queryRows, STATEMENT_TIMEOUTS_MS, type DatabaseHandle } from './database.ts';
import { inScope } from './tenant.ts';

/**
 * Faults of a real PostgreSQL: connections the server ends, a database that goes away and comes
 * back, statements past their limit, clients that leave. A small TCP proxy in front of the
 * test database stands for the network and the server's restarts: cut, every connection
 * through it drops and new ones are refused; restored, it forwards again. Nothing here stops or
 * disturbs the shared server; only connections named after this file are ended.
 */
const url = process.env.TEST_DATABASE_URL;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `sqlText` as the test run's owner (not through the app's pool). */
async function asOwner(sqlText: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const owner = new pg.Client({ connectionString: url });
  await owner.connect();
  try {
    return await owner.query(sqlText, values);
  } finally {
    await owner.end();
  }
}

/** Ends every connection of this database that carries `applicationName`: the app's own. */
async function terminateConnections(applicationName: string): Promise<number> {
  const { rows } = await asOwner(
    `select pg_terminate_backend(pid) as ended from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and application_name = $1`,
    [applicationName],
  );
  return rows.length;
}

/** A TCP proxy to PostgreSQL that a test can cut (a restart, a network gone) and restore. */
async function tcpProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', drop);
          socket.on('close', drop);
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        server = s;
        resolve((s.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  return {
    url: (() => {
      const proxied = new URL(target.href);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return proxied.href;
    })(),
    /** Every connection drops at once and new ones are refused, as in a restart. */
    async cut() {
      const closed = new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
      for (const socket of sockets) socket.destroy();
      await closed;
      server = undefined;
    },
    restore: () => listen(port),
    close() {
      for (const socket of sockets) socket.destroy();
      server?.close();
    },
  };
}

/** An app over its own pool, named so that its connections can be told apart. */
async function faultApp(databaseUrl: string, options: { statementTimeoutMs?: number } = {}) {
  const applicationName = `lc-faults-${randomUUID().slice(0, 8)}`;
  const database = await openDatabase({
    kind: 'postgres',
    url: databaseUrl,
    migrate: false,
    poolSize: 4,
    applicationName,
    ...(options.statementTimeoutMs ? { statementTimeoutMs: options.statementTimeoutMs } : {}),
  });
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000' },
    { dataDir: mkdtempSync(path.join(tmpdir(), 'leadcapture-faults-')), jwtSecret: TEST_JWT_SECRET },
  );
  const mailer = memoryMailer();
  const app = await buildApp({ config, database, mailer, runOutbox: false, runScheduler: false, logger: false });
  // A request whose statement runs as long as asked, for the time limits and cancelling.
  app.get<{ Querystring: { seconds: string } }>(
    '/test/sleep/',
    {
      onRequest: authHook({
        authenticate: (token) => authenticate(app.deps, token),
        authenticateApiKey: () => Promise.reject(new AppError('TOKEN_INVALID')),
        admitApiKey: async () => undefined,
      }),
    },
    async (request) => {
      const seconds = Number(request.query.seconds);
      await tenantRunner(app.deps, request)((ctx) => ctx.tx.execute(sql`select pg_sleep(${seconds})`));
      return { slept: seconds };
    },
  );
  await app.ready();
  const t: TestApp = {
    app,
    database,
    mailer,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
  return { t, applicationName };
}

describe.runIf(url)('PostgreSQL faults', () => {
  describe('a connection the server ends', () => {
    let database: DatabaseHandle;
    const applicationName = `lc-faults-${randomUUID().slice(0, 8)}`;
    beforeAll(async () => {
      database = await openDatabase({ kind: 'postgres', url: url ?? '', migrate: false, poolSize: 2, applicationName });
    });
    afterAll(() => database.close());

    it('idle in the pool, does not end the process, and the pool makes a new one', async () => {
      const lost: Error[] = [];
      database.onConnectionError((err) => lost.push(err));
      await database.db.execute(sql`select 1`);
      expect(await terminateConnections(applicationName)).toBeGreaterThan(0);
      // Unhandled, the pool's 'error' event would have ended this process (and failed the run).
      await expect.poll(() => lost.length).toBeGreaterThan(0);
      const [row] = await queryRows<{ n: number }>(database.db, sql`select 1 as n`);
      expect(row?.n).toBe(1);
    });

    it('checked out in a transaction, fails that transaction only, and its slot comes back', async () => {
      const failed = inScope(database.db, {}, async (tx) => {
        await tx.execute(sql`select 1`);
        await terminateConnections(applicationName);
        // Between statements, the connection belongs to nobody the pool listens for.
        await sleep(300);
        await tx.execute(sql`select 1`);
      });
      await expect(failed).rejects.toThrow();
      // Both slots of the pool of two serve again, at the same time.
      const both = await Promise.all(
        [1, 2, 3].map(() => inScope(database.db, {}, (tx) => queryRows<{ n: number }>(tx, sql`select 1 as n`))),
      );
      expect(both.flat()).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }]);
    });

    it('holding the scheduler lock, does not end the process and is not given out again', async () => {
      const result = await database.withTryLock('faults:lock', async () => {
        await terminateConnections(applicationName);
        await sleep(300);
        return 'ran';
      });
      expect(result).toEqual({ acquired: true, value: 'ran' });
      // The lock went with the dead session: it is free at once.
      expect(await database.withTryLock('faults:lock', () => Promise.resolve('again'))).toEqual({
        acquired: true,
        value: 'again',
      });
    });
  });

  describe('the database restarting and going away under load', () => {
    let proxy: Awaited<ReturnType<typeof tcpProxy>>;
    let t: TestApp;
    let applicationName: string;
    let access: string;
    beforeAll(async () => {
      proxy = await tcpProxy(new URL(url ?? ''));
      ({ t, applicationName } = await faultApp(proxy.url));
      access = (await registerUser(t)).access;
    });
    afterAll(async () => {
      await t.close();
      proxy.close();
    });

    const listLeads = () => t.app.inject({ method: 'GET', url: '/api/v1/leads/', headers: bearer(access) });

    /** Requests in a loop on `workers` concurrent lanes until stopped; counts answers by status. */
    function load(workers: number) {
      const statuses = new Map<number, number>();
      const retryAfter = new Set<string | undefined>();
      let running = true;
      const lanes = Array.from({ length: workers }, async () => {
        while (running) {
          const res = await listLeads();
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode === 503) retryAfter.add(res.headers['retry-after']);
        }
      });
      return {
        statuses,
        retryAfter,
        async stop() {
          running = false;
          await Promise.all(lanes);
        },
      };
    }

    /** Waits until the leads list answers 200 again; answers how long that took. */
    async function recovery(withinMs: number): Promise<number> {
      const started = Date.now();
      while (Date.now() - started < withinMs) {
        if ((await listLeads()).statusCode === 200) return Date.now() - started;
        await sleep(50);
      }
      throw new Error(`not serving again after ${withinMs} ms`);
    }

    it('answers 503 while its connections are ended mid-load, then serves again by itself', async () => {
      expect((await listLeads()).statusCode).toBe(200);
      const running = load(8);
      await sleep(200);
      for (let i = 0; i < 5; i += 1) {
        await terminateConnections(applicationName);
        await sleep(150);
      }
      await running.stop();
      // Never a 500 nor a hang (every lane came back): 200 before and after, 503 in between.
      expect([...running.statuses.keys()].sort()).toEqual([200, 503]);
      expect([...running.retryAfter]).toEqual(['5']);
      expect(await recovery(5000)).toBeLessThan(5000);
      for (let i = 0; i < 20; i += 1) expect((await listLeads()).statusCode).toBe(200);
    });

    it('answers 503 with Retry-After while the database is away, says so on /status/, and comes back', async () => {
      await proxy.cut();
      const res = await listLeads();
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({
        status: 'error',
        error: { code: 'SERVICE_UNAVAILABLE', message: 'The database is unavailable. Try again in a few seconds.' },
      });
      // The status probe's answer stands a second; then it says the database is down.
      await expect
        .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/v1/status/' })).statusCode, {
          timeout: 5000,
          interval: 200,
        })
        .toBe(503);
      const status = await t.app.inject({ method: 'GET', url: '/api/v1/status/' });
      expect(status.headers['retry-after']).toBe('5');
      expect(status.json()).toMatchObject({
        error: { code: 'SERVICE_UNAVAILABLE', details: { database: 'down', database_kind: 'postgres' } },
      });

      await proxy.restore();
      expect(await recovery(5000)).toBeLessThan(5000);
      await expect
        .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/v1/status/' })).statusCode, {
          timeout: 5000,
          interval: 200,
        })
        .toBe(200);
    });
  });

  describe('statement time limits', () => {
    let t: TestApp;
    let access: string;
    beforeAll(async () => {
      ({ t } = await faultApp(url ?? '', { statementTimeoutMs: 400 }));
      access = (await registerUser(t)).access;
    });
    afterAll(() => t.close());

    it('stop a request past its limit with 503 SERVICE_UNAVAILABLE, a clear message and Retry-After', async () => {
      const started = Date.now();
      const res = await t.app.inject({ method: 'GET', url: '/test/sleep/?seconds=5', headers: bearer(access) });
      expect(Date.now() - started).toBeLessThan(3000);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The request took too long and was stopped. Try again in a moment, or narrow it down.',
        },
      });
      expect(res.body).not.toContain('statement timeout');
      expect(res.body).not.toContain('pg_sleep');
      // The pool's connections serve on.
      expect(
        (await t.app.inject({ method: 'GET', url: '/test/sleep/?seconds=0', headers: bearer(access) })).statusCode,
      ).toBe(200);
    });

    it('give named background work its own, longer limit', async () => {
      expect(STATEMENT_TIMEOUTS_MS.import).toBeGreaterThan(1000);
      await expect(inScope(t.database.db, {}, (tx) => tx.execute(sql`select pg_sleep(0.8)`))).rejects.toThrow();
      await expect(
        inScope(t.database.db, {}, (tx) => tx.execute(sql`select pg_sleep(0.8)`), 'import'),
      ).resolves.toBeDefined();
    });

    it("cancel a request's statement when its client goes away", async () => {
      const { t: slow, applicationName: slowName } = await faultApp(url ?? '', { statementTimeoutMs: 60_000 });
      try {
        await slow.app.listen({ port: 0, host: '127.0.0.1' });
        const { port } = slow.app.server.address() as net.AddressInfo;
        const { access: token } = await registerUser(slow);
        const request = http.get(`http://127.0.0.1:${port}/test/sleep/?seconds=30`, { headers: bearer(token) });
        request.on('error', () => {
          // Aborted below, on purpose.
        });
        const sleeping = async () =>
          (
            await asOwner(
              `select count(*)::int as n from pg_stat_activity
               where application_name = $1 and state = 'active' and query like '%pg_sleep%'`,
              [slowName],
            )
          ).rows[0] as { n: number };
        await expect.poll(sleeping, { timeout: 5000, interval: 50 }).toEqual({ n: 1 });
        request.destroy();
        // Cancelled at once, not after the 30 s it asked for (nor the 60 s limit).
        await expect.poll(sleeping, { timeout: 3000, interval: 50 }).toEqual({ n: 0 });
      } finally {
        await slow.close();
      }
    });
  });
});
