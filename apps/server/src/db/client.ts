import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as tar from 'tar';
import { BOOTSTRAP_SQL } from './bootstrap.ts';
import {
  APP_ROLE,
  PING_TIMEOUT_MS,
  STATEMENT_TIMEOUTS_MS,
  type Database,
  type DatabaseHandle,
  type TryLockResult,
} from './database.ts';
import { acquireLock } from './lock.ts';
import * as schema from './schema.ts';

/** SQL migrations sit beside this module in src/ and are copied beside the bundle in dist/. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Contrib modules the migrations create extensions from (pg_trgm: the leads search index). */
export const PGLITE_EXTENSIONS = { pg_trgm };

export type DatabaseOptions =
  | {
      kind: 'pglite';
      /** A directory, or 'memory://' for an ephemeral database (tests). */
      dataDir: string;
      /** A gzipped dump of a migrated database used to create a new data directory fast. */
      templatePath?: string;
      /** Skip migrations (the template is already migrated and nothing is newer). */
      migrate?: boolean;
    }
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      migrate?: boolean;
      /** The limit of each statement on a pooled connection (STATEMENT_TIMEOUTS_MS.request). */
      statementTimeoutMs?: number;
      /** How the pool's connections name themselves in pg_stat_activity. */
      applicationName?: string;
    };

/** The application_name of the API's connections unless the URL or the caller names another. */
export const APPLICATION_NAME = 'leadcapture';
/**
 * How long a request waits for a pooled connection, new or busy: a database that does not answer,
 * or a pool that every slot of is held, answers 503 after this rather than hang.
 */
const CONNECT_TIMEOUT_MS = 5000;
/** Statements being cancelled at once: a wave of clients going away must not open a wave of connections. */
const MAX_CANCELS_IN_FLIGHT = 4;

/** The first key of our two-key advisory locks: the application's namespace. */
const LOCK_NAMESPACE = 0x1ead;
const TRY_LOCK = 'select pg_try_advisory_lock($1, hashtext($2)) as acquired';
const UNLOCK = 'select pg_advisory_unlock($1, hashtext($2))';

/** Unpacks next to the target and renames, so a crash never leaves half a data directory. */
async function unpackTemplate(templatePath: string, dataDir: string): Promise<void> {
  const staging = `${dataDir}.unpacking`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  await tar.x({ file: templatePath, cwd: staging });
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(staging, dataDir);
}

async function openPglite(opts: Extract<DatabaseOptions, { kind: 'pglite' }>): Promise<DatabaseHandle> {
  const inMemory = opts.dataDir.startsWith('memory://');
  let release = () => {};
  let fresh = inMemory;
  if (!inMemory) {
    mkdirSync(path.dirname(opts.dataDir), { recursive: true });
    release = acquireLock(`${opts.dataDir}.lock`);
    fresh = !existsSync(path.join(opts.dataDir, 'PG_VERSION'));
  }
  try {
    // A new data directory starts from the build's migrated template when there is one:
    // initdb inside WebAssembly takes seconds and leaves hundreds of MB behind.
    const template = fresh && opts.templatePath && existsSync(opts.templatePath) ? opts.templatePath : undefined;
    if (template && !inMemory) await unpackTemplate(template, opts.dataDir);
    const client = await PGlite.create(inMemory ? 'memory://' : opts.dataDir, {
      // 32 MB instead of 128 MB: PGlite touches its whole shared buffer pool at start, and
      // one embedded process serving one team does not need more (the OS caches the files).
      postgresqlconf: ['shared_buffers = 32MB'],
      extensions: PGLITE_EXTENSIONS,
      ...(template && inMemory ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
    });
    const db = drizzlePglite({ client, schema });
    if (opts.migrate !== false) {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
      await client.exec(BOOTSTRAP_SQL);
    }
    // PGlite has no autovacuum: the app role keeps statistics and dead rows in check itself
    // (db/maintenance.ts), which pg_maintain allows without owning the tables.
    await client.exec(`GRANT pg_maintain TO ${APP_ROLE}`);
    // PGlite runs as a superuser, which bypasses RLS; the app role makes it apply here too.
    await client.exec(`SET ROLE ${APP_ROLE}`);
    // Advisory locks belong to a session and PGlite has one, shared by every caller in this
    // process (the only process: see lock.ts), where a held lock is granted again. The names
    // held here are what keeps two callers apart; the advisory lock keeps the SQL the same as
    // on PostgreSQL.
    const held = new Set<string>();
    const withTryLock = async <T>(name: string, fn: () => Promise<T>): Promise<TryLockResult<T>> => {
      if (held.has(name)) return { acquired: false };
      held.add(name);
      try {
        const { rows } = await client.query<{ acquired: boolean }>(TRY_LOCK, [LOCK_NAMESPACE, name]);
        if (rows[0]?.acquired !== true) return { acquired: false };
        try {
          return { acquired: true, value: await fn() };
        } finally {
          await client.query(UNLOCK, [LOCK_NAMESPACE, name]);
        }
      } finally {
        held.delete(name);
      }
    };
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      withTryLock,
      execScript: async (sqlText) => {
        await client.exec(sqlText);
      },
      ping: () => Promise.resolve(!client.closed),
      cancel: () => Promise.resolve(),
      // One connection inside this process: nothing drops it but close().
      onConnectionError: () => {},
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

async function openPostgres(opts: Extract<DatabaseOptions, { kind: 'postgres' }>): Promise<DatabaseHandle> {
  if (opts.migrate !== false) {
    // Migrations run as the connecting user (the owner); the pool below never does.
    const admin = new pg.Client({ connectionString: opts.url });
    await admin.connect();
    try {
      await migratePg(drizzlePg({ client: admin }), { migrationsFolder: MIGRATIONS_DIR });
      await admin.query(BOOTSTRAP_SQL);
    } finally {
      await admin.end();
    }
  }
  let connectionErrorListener = (_err: Error): void => {};
  const report = (err: Error) => connectionErrorListener(err);
  const applicationName = opts.applicationName ?? APPLICATION_NAME;
  const statementTimeoutMs = opts.statementTimeoutMs ?? STATEMENT_TIMEOUTS_MS.request;
  // Every pooled connection assumes the app role and the request's statement limit at startup
  // (startup parameters, so no query can ever run on it before they are in force).
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.poolSize ?? 10,
    options: `-c role=${APP_ROLE} -c statement_timeout=${statementTimeoutMs}`,
    application_name: applicationName,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A peer that vanished without closing (a host or network gone) is noticed, not waited on.
    keepAlive: true,
    Client: pooledClient(report),
  });
  // An idle connection the server ended (a restart, pg_terminate_backend): the pool drops it
  // and makes a new one when needed; unhandled, this event would end the process.
  pool.on('error', report);
  /** A connection of its own, outside the pool, for the short statements of ping and cancel. */
  const sideQuery = async (text: string, values: unknown[] = []): Promise<void> => {
    const client = new pg.Client({
      connectionString: opts.url,
      application_name: `${applicationName}-control`,
      connectionTimeoutMillis: PING_TIMEOUT_MS,
      query_timeout: PING_TIMEOUT_MS,
    });
    client.on('error', () => {
      // The query (or connect) that was waiting rejects with the same error.
    });
    try {
      await client.connect();
      await client.query(text, values);
    } finally {
      await client.end().catch(() => {});
    }
  };
  let cancelsInFlight = 0;
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    withTryLock: async <T>(name: string, fn: () => Promise<T>): Promise<TryLockResult<T>> => {
      // The lock lives as long as this connection's session: held apart from the pool's
      // other connections, which fn uses for its own transactions.
      const conn = await pool.connect();
      // Back to the pool only when known good: one that failed (or could not unlock, and so
      // may still hold the lock) is destroyed, and the pool makes a new one when needed.
      let healthy = false;
      try {
        const { rows } = await conn.query<{ acquired: boolean }>(TRY_LOCK, [LOCK_NAMESPACE, name]);
        if (rows[0]?.acquired !== true) {
          healthy = true;
          return { acquired: false };
        }
        try {
          return { acquired: true, value: await fn() };
        } finally {
          await conn.query(UNLOCK, [LOCK_NAMESPACE, name]).then(
            () => {
              healthy = true;
            },
            () => {},
          );
        }
      } finally {
        conn.release(!healthy);
      }
    },
    execScript: async (sqlText) => {
      await pool.query(sqlText);
    },
    // A pool that was closed serves nothing, whatever the server says.
    ping: () =>
      (pool.ending ? Promise.reject(new Error('pool closed')) : sideQuery('select 1')).then(
        () => true,
        () => false,
      ),
    cancel: async ({ pid, startedAt }) => {
      // The statement limit ends it anyway; past a few at once, let it.
      if (cancelsInFlight >= MAX_CANCELS_IN_FLIGHT) return;
      cancelsInFlight += 1;
      try {
        await sideQuery(
          'select pg_cancel_backend(pid) from pg_stat_activity where pid = $1 and xact_start = $2::timestamptz',
          [pid, startedAt],
        );
      } finally {
        cancelsInFlight -= 1;
      }
    },
    onConnectionError: (listener) => {
      connectionErrorListener = listener;
    },
    close: () => pool.end(),
  };
}

/**
 * The pool's connections, made safe to lose. pg-pool listens for a connection's errors only
 * while it is idle: one that the server ends while it is checked out emits 'error' with nobody
 * listening, which ends the process. And drizzle-orm's transaction() sends BEGIN before its
 * try/finally (0.45), so a connection that dies right there is never released and the pool is
 * one slot smaller for good, until no request gets a connection at all. So a checked-out
 * connection reports its errors, and one that ends gives itself back to the pool (which drops
 * it) at once; the holder's own release after that does nothing, where pg-pool would throw.
 */
function pooledClient(report: (err: Error) => void): typeof pg.Client {
  return class PooledClient extends pg.Client {
    #release: ((err?: Error | boolean) => void) | undefined;
    #checkedOut = false;

    constructor(config?: string | pg.ClientConfig) {
      super(config);
      this.on('error', (err: Error) => {
        // An idle connection's errors reach the pool's listener already.
        if (this.#checkedOut) report(err);
      });
      this.on('end', () => {
        if (this.#checkedOut) this.#release?.(new Error('Connection terminated while checked out'));
      });
    }

    /** Set by pg-pool at each checkout; answers it made idempotent. */
    get release(): (err?: Error | boolean) => void {
      return (err) => this.#release?.(err);
    }

    set release(fn: (err?: Error | boolean) => void) {
      this.#checkedOut = true;
      this.#release = (err) => {
        if (!this.#checkedOut) return;
        this.#checkedOut = false;
        fn(err);
      };
    }
  };
}

export function openDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  return opts.kind === 'pglite' ? openPglite(opts) : openPostgres(opts);
}
