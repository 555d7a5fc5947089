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
  close(): Promise<void>;
}

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
