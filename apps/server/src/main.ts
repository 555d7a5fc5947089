import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import type { DatabaseHandle } from './db/database.ts';
import { ensureStaffUser } from './modules/staff/staff.service.ts';
import { drainOutboxOnClose } from './shutdown.ts';

/**
 * The old generation may grow by half before a full collection, not up to four times: under a
 * burst of requests V8 otherwise lets garbage pile up to ~190 MB over ~50 MB live, and keeps that
 * memory when the burst ends (idle RSS 340-450 MB after `npm run bench`'s load, 330-355 with it).
 * V8 reads the flag whenever it sets the next limit, so setting it here, first, applies to the
 * whole run. Measured in bench/foundation.mjs: no change in /status/ or /auth/me/ req/s.
 */
setFlagsFromString('--heap-growing-percent=50');

/** Starts listening and shuts down gracefully; everything else is built in app.ts. */
const SHUTDOWN_GRACE_MS = 30_000;
const DRAIN_DELAY_MS = 1_000;
const IDLE_GRACE_MS = 500;
const IDLE_SWEEP_MS = 250;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
}

async function main() {
  const bootStarted = performance.now();
  const config = readConfig();
  let database: DatabaseHandle;
  try {
    database = await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, statementTimeoutMs: config.statementTimeoutMs }
        : {
            kind: 'pglite',
            dataDir: path.join(config.dataDir, 'db'),
            templatePath: fileURLToPath(new URL('./pgdata-template.tar.gz', import.meta.url)),
          },
    );
  } catch (err) {
    process.stderr.write(`Could not open the database: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }

  // 03-decisions §4c: an admin staff account for STAFF_EMAIL when that address has none.
  if (config.staffBootstrap) {
    await ensureStaffUser(database.db, { ...config.staffBootstrap, role: 'admin' });
  }
  const dbReadyMs = Math.round(performance.now() - bootStarted);
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false })
    : undefined;
  const app = await buildApp({
    config,
    database,
    ...(redis ? { redis } : {}),
  });
  // A connection lost while nobody was using it (a database restart, an idle connection ended by
  // the server): the pool makes new ones when needed; requests meanwhile answer 503.
  database.onConnectionError((err) => app.log.warn({ reason: err.message }, 'database connection lost'));
  // ioredis reconnects by itself; without a listener its errors go to the console unformatted.
  redis?.on('error', (err: Error) => app.log.warn({ reason: err.message }, 'redis connection error'));

  let closing = false;
  let closeBy = Number.POSITIVE_INFINITY;
  drainOutboxOnClose(app, () => closeBy);
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    closeBy = Date.now() + SHUTDOWN_GRACE_MS;
    app.log.info({ signal }, 'shutting down: draining in-flight requests and the outbox');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Keep accepting for a moment while busy: connections queued in the kernel when the
    // listener closes would be reset, and a load balancer needs a moment to stop sending.
    const open = await new Promise<number>((resolve) => app.server.getConnections((_e, n) => resolve(n)));
    if (open > 0) await new Promise((r) => setTimeout(r, DRAIN_DELAY_MS));
    // Connections accepted just before the close may not have been read yet; Node would count
    // them idle. Give them a moment, then keep closing whatever is idle until all are gone.
    let sweep: NodeJS.Timeout | undefined;
    const firstSweep = setTimeout(() => {
      app.server.closeIdleConnections();
      sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    }, IDLE_GRACE_MS);
    try {
      await app.close();
      clearTimeout(firstSweep);
      clearInterval(sweep);
      await redis?.quit();
      await database.close();
      app.log.info('shutdown complete');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
    app.log.info({ database: database.kind, dbReadyMs, bootMs: Math.round(performance.now() - bootStarted) }, 'ready');
  } catch (err) {
    app.log.error({ err }, 'could not listen');
    await database.close();
    process.exit(1);
  }
}

void main();
