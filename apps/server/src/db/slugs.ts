import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './database.ts';

/** A table of public pages (events, offers) whose slugs are unique across the product. */
export interface SlugTable {
  table: PgTable;
  id: PgColumn;
  slug: PgColumn;
}

/**
 * Who holds a slug, across the product. Other tenants' rows are hidden by RLS, so the read
 * policy's public-lookup clause is opened for exactly this slug, then closed again.
 */
export async function slugHolder(tx: Tx, t: SlugTable, slug: string): Promise<string | undefined> {
  await tx.execute(sql`select set_config('app.public_lookup', ${slug}, true)`);
  try {
    const [row] = await tx
      .select({ id: sql<string>`${t.id}` })
      .from(t.table)
      .where(eq(t.slug, slug));
    return row?.id;
  } finally {
    await tx.execute(sql`select set_config('app.public_lookup', '', true)`);
  }
}

/** How many made-up slugs an insert tries before it asks for one. */
const MADE_SLUG_ATTEMPTS = 8;

/**
 * Inserts under the first free slug: the given one (only that one), or one made from `base`,
 * with a random suffix after the first try (never a count, which would tell how many exist).
 * `insert` answers undefined when the slug is taken: the unique index decides (other tenants'
 * slugs are invisible here), through ON CONFLICT DO NOTHING, so a lost race costs a retry, not
 * the transaction. Undefined in the end: no free slug was found.
 */
export async function insertWithFreeSlug<T>(
  slug: { given: string } | { base: string },
  insert: (candidate: string) => Promise<T | undefined>,
): Promise<T | undefined> {
  if ('given' in slug) return insert(slug.given);
  for (let attempt = 0; attempt < MADE_SLUG_ATTEMPTS; attempt++) {
    const candidate = attempt === 0 ? slug.base : `${slug.base}-${randomBytes(3).toString('hex')}`;
    const row = await insert(candidate);
    if (row) return row;
  }
  return undefined;
}
