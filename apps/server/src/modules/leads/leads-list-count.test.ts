import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadListPageSchema, leadSchema, type CreateLeadInput, type Lead } from '@leadcapture/contracts/leads';
import { expectData } from '../../../test/envelope.ts';
import { analyzeTable, bearer, createTestApp, registerUser, setPlan, type TestApp } from '../../../test/helpers.ts';
import { inScope } from '../../db/tenant.ts';
import { countLeads, LEAD_COUNT_CAP, SEARCH_WALK_ROWS } from './lead-list.service.ts';
import { leads } from './leads.table.ts';

type User = Awaited<ReturnType<typeof registerUser>>;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const orgOf = (u: User) => u.organization?.id ?? '';
const list = async (user: User, query: string) =>
  expectData(
    leadListPageSchema,
    await t.app.inject({ method: 'GET', url: `/api/v1/leads/?${query}`, headers: bearer(user.access) }),
  );
const create = async (user: User, input: Partial<CreateLeadInput>): Promise<Lead> =>
  expectData(
    leadSchema,
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/leads/',
      headers: bearer(user.access),
      payload: { first_name: 'Greta', last_name: 'Berg', ...input },
    }),
    201,
  );

/** `n` plain leads straight in SQL (the API would take seconds for a thousand). */
function insertLeads(organizationId: string, n: number, status = 'new') {
  return inScope(t.database.db, { organizationId }, (tx) =>
    tx.execute(sql`insert into leads (organization_id, first_name, last_name, email, source, status)
      select ${organizationId}::uuid, 'Lead', 'No ' || g, 'lead' || g || '@example.com', 'import', ${status}
      from generate_series(1, ${n}) as g`),
  );
}

describe('countLeads at the cap', () => {
  it('counts exactly up to the cap and estimates beyond it, never below cap + 1', async () => {
    const user = await registerUser(t);
    const org = orgOf(user);
    await insertLeads(org, 3);
    const count = (cap: number) =>
      inScope(t.database.db, { organizationId: org }, (tx) => countLeads(tx, eq(leads.organizationId, org), cap));
    expect(await count(3)).toEqual({ count: 3, exact: true });
    expect(await count(4)).toEqual({ count: 3, exact: true });
    const beyond = await count(2);
    expect(beyond.exact).toBe(false);
    expect(beyond.count).toBeGreaterThanOrEqual(3);
  });
});

describe('GET /leads/ count', () => {
  it(`is exact up to ${LEAD_COUNT_CAP} leads, an estimate beyond, and exact again on the last page`, async () => {
    const user = await registerUser(t);
    await insertLeads(orgOf(user), LEAD_COUNT_CAP);
    const atCap = await list(user, 'page=1');
    expect(atCap).toMatchObject({ count: LEAD_COUNT_CAP, count_exact: true });
    expect(atCap.next).toContain('page=2');

    await insertLeads(orgOf(user), 1, 'lost');
    const beyond = await list(user, 'page=1');
    expect(beyond.count_exact).toBe(false);
    expect(beyond.count).toBeGreaterThan(LEAD_COUNT_CAP);
    expect(beyond.results).toHaveLength(25);
    // A filter with fewer matches than the cap is counted exactly.
    expect(await list(user, 'status=lost')).toMatchObject({ count: 1, count_exact: true });
    // 1,001 leads: page 41 of 25 holds the last one, so that page knows the exact total.
    const last = await list(user, 'page=41');
    expect(last.results).toHaveLength(1);
    expect(last).toMatchObject({ count: LEAD_COUNT_CAP + 1, count_exact: true, next: null });
  });
});

describe('GET /leads/ count of a large list', () => {
  it('takes the estimate of statistics, or of a sample for tags, once a full page is read', async () => {
    const user = await registerUser(t);
    const org = orgOf(user);
    await insertLeads(org, 25_000);
    await inScope(t.database.db, { organizationId: org }, (tx) =>
      tx.execute(sql`update leads set tags = '["VIP"]'::jsonb where organization_id = ${org}::uuid`),
    );
    await analyzeTable(t.database, 'leads');
    const near = (n: number) => Math.abs(n - 25_000) < 25_000 * 0.2;
    const all = await list(user, 'page=1');
    expect(all.count_exact).toBe(false);
    expect(near(all.count)).toBe(true);
    // The planner cannot estimate the tags condition; the table's sample can.
    const tagged = await list(user, 'tags=vip');
    expect(tagged.count_exact).toBe(false);
    expect(near(tagged.count)).toBe(true);
    // Nothing matches: no estimate stands for an empty list.
    expect(await list(user, 'tags=none-such')).toMatchObject({ count: 0, count_exact: true });
  });
});

describe('GET /leads/?search=', () => {
  it('finds the text in one column or the full name, never across columns, without case', async () => {
    const user = await registerUser(t);
    const jo = await create(user, { first_name: 'Jo', last_name: 'Hansen', email: 'jo@fjord.se', company: 'Zeta' });
    const acme = await create(user, { first_name: 'Ann', last_name: 'Lind', company: 'ACME Nordic AB' });
    const pct = await create(user, { first_name: 'Per', last_name: 'Cent', company: '100% Foods' });
    const found = async (q: string) => (await list(user, `search=${encodeURIComponent(q)}`)).results.map((l) => l.id);
    expect(await found('acme')).toEqual([acme.id]);
    expect(await found('o h')).toEqual([jo.id]);
    expect(await found('JO@FJORD.SE')).toEqual([jo.id]);
    expect(await found('jo@fj')).toEqual([jo.id]);
    // The email's end and the company are neighbours only in the index's expression.
    expect(await found('se zeta')).toEqual([]);
    expect(await found('hansen jo')).toEqual([]);
    // % and _ are literal characters.
    expect(await found('100%')).toEqual([pct.id]);
    expect(await found('%')).toEqual([pct.id]);
    expect(await found('j_')).toEqual([]);
    // Another organisation's lead with the same text stays out (the search runs outside RLS).
    const stranger = await registerUser(t);
    await create(stranger, { first_name: 'Ann', last_name: 'Lind', company: 'ACME Nordic AB', email: 'jo@fjord.se' });
    expect(await found('acme')).toEqual([acme.id]);
    expect(await found('jo@fjord.se')).toEqual([jo.id]);
  });

  it('takes an email-shaped text as the start of an address or of its domain (decision 021)', async () => {
    const user = await registerUser(t);
    const julia = await create(user, { first_name: 'Julia', last_name: 'Lindgren', email: 'julia.lindgren@acme.se' });
    const karl = await create(user, { first_name: 'Karl', last_name: 'Berg', email: 'karl@sub.acme.se' });
    const mikael = await create(user, { first_name: 'Mikael', last_name: 'Julia', email: 'm.julia.lindgren@fjord.no' });
    const odd = await create(user, { first_name: 'Odd', last_name: 'Ek', email: 'odd_100@x.io' });
    const found = async (q: string) =>
      (await list(user, `search=${encodeURIComponent(q)}&ordering=first_name`)).results.map((l) => l.id);
    expect(await found('julia.lindgren')).toEqual([julia.id]);
    expect(await found('JULIA.LIND')).toEqual([julia.id]);
    expect(await found('julia@')).toEqual([]);
    expect(await found('acme.se')).toEqual([julia.id]);
    expect(await found('@acme.se')).toEqual([julia.id]);
    expect(await found('sub.acme')).toEqual([karl.id]);
    expect(await found('m.julia')).toEqual([mikael.id]);
    // % and _ stay literal here too.
    expect(await found('odd_100@')).toEqual([odd.id]);
    expect(await found('o_d_100@')).toEqual([]);
    expect(await found('x%.io')).toEqual([]);
    // Not email-shaped: anywhere in a name, the email or the company, as before.
    expect(await found('lindgren')).toEqual([julia.id, mikael.id]);
    // Another organisation's address with the same start stays out.
    const stranger = await registerUser(t);
    await create(stranger, { first_name: 'Julia', last_name: 'Lindgren', email: 'julia.lindgren@acme.se' });
    expect(await found('julia.lindgren')).toEqual([julia.id]);
  });

  it('counts a search exactly within the count cap, estimates it beyond, and knows its last page', async () => {
    const user = await registerUser(t);
    // More leads this month than a trial allows.
    await setPlan(t, orgOf(user), 'enterprise');
    await insertLeads(orgOf(user), LEAD_COUNT_CAP + 5);
    await create(user, { first_name: 'Other', last_name: 'Person' });
    const first = await list(user, 'search=lead&page_size=10');
    // Nearly every lead the walk read matched: about as many as the list holds.
    expect(first.count_exact).toBe(false);
    expect(Math.abs(first.count - (LEAD_COUNT_CAP + 5))).toBeLessThan(LEAD_COUNT_CAP / 10);
    expect(first.results).toHaveLength(10);
    expect(first.results.every((l) => l.last_name.startsWith('No '))).toBe(true);
    const last = await list(user, 'search=lead&page_size=10&page=101');
    expect(last.results.map((l) => l.last_name)).toHaveLength(5);
    expect(last).toMatchObject({ count: LEAD_COUNT_CAP + 5, count_exact: true, next: null });
    // Asked for a page past the end, the count still says how many there are.
    expect(await list(user, 'search=person&page=3')).toMatchObject({ results: [], count: 1, count_exact: true });

    const small = await registerUser(t);
    await insertLeads(orgOf(small), 30);
    await create(small, { first_name: 'Other', last_name: 'Person' });
    expect(await list(small, 'search=lead&page_size=10')).toMatchObject({ count: 30, count_exact: true });
  });

  it('finds text too rare for the walk through the trigram index, counted exactly', async () => {
    const user = await registerUser(t);
    // Created first, so last in the list's order: past everything the walk reads.
    const rare = await create(user, { first_name: 'Zelda', last_name: 'Quist' });
    await insertLeads(orgOf(user), SEARCH_WALK_ROWS + 10);
    const page = await list(user, 'search=quist');
    expect(page).toMatchObject({ count: 1, count_exact: true });
    expect(page.results.map((l) => l.id)).toEqual([rare.id]);
    // A page deeper than the walk reaches, of text every lead carries.
    const deep = await list(user, `search=lead&page_size=100&page=${SEARCH_WALK_ROWS / 100 + 1}`);
    expect(deep.results).toHaveLength(10);
    expect(deep).toMatchObject({ count: SEARCH_WALK_ROWS + 10, count_exact: true });
  });

  it('filters tags without case, any of them', async () => {
    const user = await registerUser(t);
    const vip = await create(user, { tags: ['VIP', 'Nordics'] });
    const partner = await create(user, { tags: ['partner'] });
    await create(user, { tags: [] });
    const tagged = async (q: string) =>
      (await list(user, `tags=${encodeURIComponent(q)}&ordering=created_at`)).results.map((l) => l.id);
    expect(await tagged('vip')).toEqual([vip.id]);
    expect(await tagged('nordics,PARTNER')).toEqual([vip.id, partner.id]);
    expect(await tagged('vi')).toEqual([]);
  });
});

// The search uses a trigram index: its extension is part of the schema on either database.
it('has the trigram index of the search', async () => {
  const rows = await inScope(t.database.db, { organizationId: randomUUID() }, (tx) =>
    tx.execute(sql`select indexdef from pg_indexes where indexname = 'leads_search_trgm_idx'`),
  );
  expect(JSON.stringify(rows)).toContain('gin_trgm_ops');
});
