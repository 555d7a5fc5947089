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
import { APP_ROLE, type Database, type DatabaseHandle, type TryLockResult } from './database.ts';
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
  | { kind: 'postgres'; url: string; poolSize?: number; migrate?: boolean };

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
  // Every pooled connection assumes the app role at startup (a startup parameter, so no
  // query can ever run on it before the role is in force).
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.poolSize ?? 10,
    options: `-c role=${APP_ROLE}`,
  });
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    withTryLock: async <T>(name: string, fn: () => Promise<T>): Promise<TryLockResult<T>> => {
      // The lock lives as long as this connection's session: held apart from the pool's
      // other connections, which fn uses for its own transactions.
      const conn = await pool.connect();
      let broken = false;
      try {
        const { rows } = await conn.query<{ acquired: boolean }>(TRY_LOCK, [LOCK_NAMESPACE, name]);
        if (rows[0]?.acquired !== true) return { acquired: false };
        try {
          return { acquired: true, value: await fn() };
        } finally {
          await conn.query(UNLOCK, [LOCK_NAMESPACE, name]).catch(() => {
            // A connection that cannot unlock must not go back to the pool holding the lock.
            broken = true;
          });
        }
      } finally {
        conn.release(broken);
      }
    },
    execScript: async (sqlText) => {
      await pool.query(sqlText);
    },
    close: () => pool.end(),
  };
}

export function openDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  return opts.kind === 'pglite' ? openPglite(opts) : openPostgres(opts);
}
