import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { leadListQuerySchema } from '@leadcapture/contracts/leads';
import { analyzeTable, createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { queryRows, type Queryable } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { listLeads } from './lead-list.service.ts';

// Issue 22: one search for "@bulk.test" on an organisation of 230,000 leads, nearly all at that
// domain, ran past 120 s: its index gave every match, and the list then fetched, sorted and
// counted them all for one page. Like the capture's plan tests (capture-plans.test.ts), this
// reads the table's own statistics of this transaction: no sequential scan of the leads, even
// with the planner told to avoid one only where an index can do the work (enable_seqscan off),
// and about a page of leads read, not the organisation's every one.
let t: TestApp;
let organizationId: string;
let userId: string;
// Well beyond the walk's first window (SEARCH_WALK_ROWS): with an organisation not much larger
// than the window, sorting all of it is the cheaper plan, and a fair one.
const BULK = 20_000;
const RARE = 40;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await registerUser(t);
  organizationId = owner.organization?.id ?? '';
  userId = owner.user.id;
  await inScope(t.database.db, { organizationId }, async (tx) => {
    // The rare domain's leads are the oldest: the newest-first walk does not meet them.
    await tx.execute(sql`
      insert into leads (organization_id, first_name, last_name, email, company, source, created_at)
      select ${organizationId}::uuid, 'Rare', 'Lead ' || g, 'rare.' || g || '@rare-domain.example', 'Rare AB', 'import',
        now() - interval '400 days' + g * interval '1 minute'
      from generate_series(1, ${RARE}) as g`);
    await tx.execute(sql`
      insert into leads (organization_id, first_name, last_name, email, company, source, created_at)
      select ${organizationId}::uuid, 'Bulk', 'Lead ' || g, 'bulk.' || g || '@bulk.test', 'Bulk AB', 'import',
        now() - interval '300 days' + g * interval '1 minute'
      from generate_series(1, ${BULK}) as g`);
  });
  await analyzeTable(t.database, 'leads');
});
afterAll(() => t.close());

/** Leads read so far in this transaction: sequential scans, and rows from either kind of scan. */
const reads = async (tx: Queryable) => {
  const [row] = await queryRows<{ seq_scan: number; rows: number }>(
    tx,
    sql`select seq_scan::int, (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::int as rows
        from pg_stat_xact_user_tables where relname = 'leads'`,
  );
  return { seqScans: row?.seq_scan ?? 0, rows: row?.rows ?? 0 };
};

async function search(text: string, page = 1) {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.organization_id', ${organizationId}, true)`);
    await tx.execute(sql`set local enable_seqscan = off`);
    const before = await reads(tx);
    const query = leadListQuerySchema.parse({ search: text, page });
    const found = await listLeads({ organizationId, userId, role: 'owner', tx }, query, {
      limit: 25,
      offset: (page - 1) * 25,
    });
    const after = await reads(tx);
    return { found, seqScans: after.seqScans - before.seqScans, rows: after.rows - before.rows };
  });
}

it('finds a domain most leads share by reading about a page of them, never every lead (issue 22)', async () => {
  const { found, seqScans, rows } = await search('@bulk.test');
  expect(found.results).toHaveLength(25);
  expect(found.results.every((l) => l.email.endsWith('@bulk.test'))).toBe(true);
  expect(found.total.count).toBeGreaterThan(1_000);
  expect(seqScans).toBe(0);
  // The page, its rows and a count that stops at the cap (1,001), not 20,000 matches fetched twice.
  expect(rows).toBeLessThan(BULK / 3);
});

it('finds a deep page of such a domain by walking further, not through every match', async () => {
  const { found, seqScans, rows } = await search('@bulk', 40);
  expect(found.results).toHaveLength(25);
  expect(seqScans).toBe(0);
  expect(rows).toBeLessThan(BULK);
});

it('finds a rare domain through its index, counted exactly', async () => {
  const { found, seqScans } = await search('@rare-domain.example');
  expect(found.results).toHaveLength(25);
  expect(found.total).toEqual({ count: RARE, exact: true });
  expect(seqScans).toBe(0);
});
