import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

export type Schema = typeof schema;
/** One drizzle handle type for both drivers (PGlite and node-postgres share the pg-core API). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What may run a query: the database itself or a transaction of it. */
export type Queryable = Database | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

/** What `withTryLock` answers: whether the lock was free (and `fn` ran), and its value. */
export type TryLockResult<T> = { acquired: true; value: T } | { acquired: false };

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /**
   * Runs `fn` while holding the database-wide advisory lock `name`, or answers at once with
   * `acquired: false` when another process (or another call here) holds it. A session lock on
   * a connection of its own, so `fn` may run as many transactions as it likes; a process that
   * dies releases it with its connection.
   */
  withTryLock: <T>(name: string, fn: () => Promise<T>) => Promise<TryLockResult<T>>;
  /** Runs raw SQL that may hold several statements (bootstrap, test setup). */
  execScript(sqlText: string): Promise<void>;
  /**
   * Whether the database answers now: a connection of its own (not the pool's, which may be
   * busy with slow work) that runs `select 1` within PING_TIMEOUT_MS. PGlite lives in this
   * process and answers while it is open.
   */
  ping(): Promise<boolean>;
  /**
   * Cancels the statement a transaction is running, if that transaction is still the one open
   * on that backend (its pid and start time, `pg_backend_pid()` and `now()` read inside it), so
   * a backend the pool has meanwhile given to someone else is left alone. PGlite's one
   * connection cannot be interrupted: a no-op there.
   */
  cancel(backend: BackendTransaction): Promise<void>;
  /**
   * Where errors of connections nobody was waiting on go (an idle pooled connection the server
   * ended, the scheduler's lock connection): unhandled, an 'error' event would end the process.
   */
  onConnectionError(listener: (err: Error) => void): void;
  close(): Promise<void>;
}

/** A transaction on a backend: what `cancel` needs to find it again. */
export interface BackendTransaction {
  pid: number;
  /** `now()` of the transaction, as text (the same instant as pg_stat_activity.xact_start). */
  startedAt: string;
}

/** How long `ping` and `cancel` wait for their own connection. */
export const PING_TIMEOUT_MS = 2000;

/**
 * Time limits of database statements, in one place (docs/architecture.md, "When the database
 * fails"). Every pooled connection starts with the request limit (STATEMENT_TIMEOUT_MS can change
 * it): a request that needs longer is a request to make faster, not to wait for, and twelve slow
 * searches must not hold every pooled connection for minutes. Named background work raises it
 * for its own transactions (`allowStatementTime`, db/tenant.ts). Each of these works in batches
 * of one short transaction each, so a limit is per batch, not for the whole job.
 * PGlite cannot interrupt a running statement (WebAssembly has no timer signal): there the limits
 * are set but have no effect.
 */
export const STATEMENT_TIMEOUTS_MS = {
  request: 10_000,
  /** One batch of an import: the duplicate check against a large organisation, then the insert. */
  import: 60_000,
  /** One batch of an export (and its count), read by the keyset of the chosen ordering. */
  export: 60_000,
  /** One batch of the bin's purge: the rows' cascades (activities, notes) go with them. */
  purge: 60_000,
  /** One batch (1,000 records, 5,000 on PostgreSQL) of a bulk-centre job. */
  bulk: 60_000,
} as const;

export type BackgroundWork = Exclude<keyof typeof STATEMENT_TIMEOUTS_MS, 'request'>;

/** The role the application queries as: neither superuser nor BYPASSRLS, so RLS always applies. */
export const APP_ROLE = 'leadcapture_app';

/**
 * Rows of a raw SQL query. Both drivers answer `{ rows }`, but drizzle's shared pg-core type
 * cannot say so, hence the one cast here.
 */
export async function queryRows<T>(q: Queryable, query: SQL): Promise<T[]> {
  const result: unknown = await q.execute(query);
  return (result as { rows: T[] }).rows;
}

/** True when the error, or a cause of it (drizzle wraps driver errors), has one of these SQLSTATEs. */
function hasSqlState(err: unknown, codes: readonly string[]): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && codes.includes(code)) return true;
  }
  return false;
}

/** The node-postgres and Node.js errors of a connection that failed, was refused or was cut. */
const CONNECTION_ERRNOS = [
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
];
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|is not queryable|Cannot use a pool after calling end|PGlite is closed/i;

/**
 * True when the database could not be reached or dropped the connection: SQLSTATE class 08
 * (connection exception), 57P01-57P03 (the server shut down, crashed or is starting), 53300
 * (too many connections), a refused or cut socket, node-postgres' own "Connection terminated",
 * or a closed PGlite. Nothing of the statement was committed unless it was the COMMIT itself,
 * which then answers an error too: the client retries (an Idempotency-Key makes that safe).
 */
export function isConnectionError(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
      if (CONNECTION_ERRNOS.includes(code)) return true;
    }
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
  }
  return false;
}

/** True when PostgreSQL cancelled the statement: its time limit ran out, or it was cancelled (57014). */
export function isQueryCanceled(err: unknown): boolean {
  return hasSqlState(err, ['57014']);
}

/** True when the error (or its cause, as drizzle wraps driver errors) is a unique violation. */
export function isUniqueViolation(err: unknown): boolean {
  return hasSqlState(err, ['23505']);
}

/**
 * True when PostgreSQL refused text it cannot store: a NUL character, in a text value (22021,
 * "invalid byte sequence") or in JSON (22P05, "unsupported Unicode escape sequence"). Strings
 * from JavaScript are otherwise always valid UTF-8 by the time they reach the driver.
 */
export function isUnstorableText(err: unknown): boolean {
  return hasSqlState(err, ['22021', '22P05']);
}
