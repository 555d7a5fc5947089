import { sql } from 'drizzle-orm';
import type { UsageRow } from '@leadcapture/contracts/billing';
import type { Role } from '@leadcapture/contracts/constants';
import { STATEMENT_TIMEOUTS_MS, type BackgroundWork, type Database, type Tx } from './database.ts';

/**
 * What every tenant service function receives first: who acts, for which organisation, with
 * which role, inside which transaction. Row-level security reads the same organisation from
 * the transaction, so a query that forgets its WHERE still cannot cross tenants.
 */
export interface TenantContext {
  organizationId: string;
  userId: string;
  role: Role;
  tx: Tx;
  /** Hands the request the usage a counted create leaves (billing reserveUsage), for its x-usage-* headers. */
  reportUsage?: (usage: UsageRow) => void;
}

/** Scope of a transaction: the settings RLS policies read (03-decisions §2). */
export interface Scope {
  organizationId?: string | null;
  userId?: string | null;
}

/** Sets the transaction-local scope; set_config(…, true) ends with the transaction. */
export async function setScope(tx: Tx, scope: Scope): Promise<void> {
  await tx.execute(
    sql`select set_config('app.organization_id', ${scope.organizationId ?? ''}, true), set_config('app.user_id', ${scope.userId ?? ''}, true)`,
  );
}

/**
 * Raises the statement time limit for the rest of this transaction to that of a named piece of
 * background work (STATEMENT_TIMEOUTS_MS); requests keep the pool's default.
 */
export async function allowStatementTime(tx: Tx, work: BackgroundWork): Promise<void> {
  await tx.execute(sql`select set_config('statement_timeout', ${String(STATEMENT_TIMEOUTS_MS[work])}, true)`);
}

/**
 * One transaction with the given scope; use only `tx` inside (the outer db deadlocks on PGlite).
 * Background work names itself to get its own statement time limit, set in the same statement.
 */
export function inScope<T>(db: Database, scope: Scope, fn: (tx: Tx) => Promise<T>, work?: BackgroundWork): Promise<T> {
  return db.transaction(async (tx) => {
    if (work) {
      await tx.execute(
        sql`select set_config('app.organization_id', ${scope.organizationId ?? ''}, true), set_config('app.user_id', ${scope.userId ?? ''}, true), set_config('statement_timeout', ${String(STATEMENT_TIMEOUTS_MS[work])}, true)`,
      );
    } else if (scope.organizationId || scope.userId) {
      await setScope(tx, scope);
    }
    return fn(tx);
  });
}
