import { sql, type SQL } from 'drizzle-orm';
import { pgPolicy, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Id and timestamps every table carries. */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** Where short links live and what a code looks like (docs/short-links.md, decision 020). */
export const SHORT_CODE_RANDOM_CHARS = 11;
export type ShortCodeKind = 'e' | 'o';

/**
 * The code of a public page's short link /p/{code}: its kind's letter (`e` event, `o` offer, so
 * one lookup names the table and codes of two tables never collide) and 11 characters of
 * Crockford's base32 alphabet (55 bits from gen_random_uuid), drawn by the database on insert:
 * every path that makes a row (create, template, duplicate) gets one without knowing about it.
 * `short_code_random` is created in migration 0017 (db/functions/short_code_random.sql).
 */
export const shortCode = (kind: ShortCodeKind) =>
  text('short_code')
    .notNull()
    .default(sql.raw(`'${kind}' || short_code_random(${SHORT_CODE_RANDOM_CHARS})`));

/**
 * The tenant of the current transaction, set by withTenant() with set_config(…, true).
 * nullif() because a setting that was set earlier in the session reads back as '' once its
 * transaction ended, and ''::uuid would throw instead of matching nothing.
 */
export const currentOrganizationId = sql`nullif(current_setting('app.organization_id', true), '')::uuid`;
export const currentUserId = sql`nullif(current_setting('app.user_id', true), '')::uuid`;

/**
 * Row-level security for a table owned by one organisation: rows of the current organisation
 * only, for reading and for writing. With no tenant set the comparison is NULL and no row passes.
 */
export function tenantPolicies(table: string, organizationId: AnyPgColumn, extraRead?: SQL) {
  const own = sql`${organizationId} = ${currentOrganizationId}`;
  return [
    pgPolicy(`${table}_tenant_read`, {
      for: 'select',
      using: extraRead ? sql`(${own}) or (${extraRead})` : own,
    }),
    pgPolicy(`${table}_tenant_insert`, { for: 'insert', withCheck: own }),
    pgPolicy(`${table}_tenant_update`, { for: 'update', using: own, withCheck: own }),
    pgPolicy(`${table}_tenant_delete`, { for: 'delete', using: own }),
  ];
}
