import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  type EventLeadsQuery,
  type FollowUpFilter,
  type Lead,
  type LeadListOrdering,
  type LeadListQuery,
} from '@leadcapture/contracts/leads';
import { queryRows, type Tx } from '../../db/database.ts';
import type { TenantContext } from '../../db/tenant.ts';
import { notFound } from '../../http/errors.ts';
import { assertCan } from '../../http/permissions.ts';
import { events } from '../events/events.table.ts';
import { offers } from '../offers/offers.table.ts';
import { leads } from './leads.table.ts';
import { leadNotFound, mine, toLead } from './leads.service.ts';

// --- a public page's leads ------------------------------------------------------------------

/** The public page a lead panel lists the leads of: an event or an offer. */
export interface LeadPage {
  kind: 'event' | 'offer';
  id: string;
}

/** The page is the tenant's (404 like a missing one otherwise). */
async function assertPage(ctx: TenantContext, page: LeadPage): Promise<void> {
  const [row] =
    page.kind === 'event'
      ? await ctx.tx
          .select({ id: events.id })
          .from(events)
          .where(and(eq(events.id, page.id), eq(events.organizationId, ctx.organizationId)))
      : await ctx.tx
          .select({ id: offers.id })
          .from(offers)
          .where(and(eq(offers.id, page.id), eq(offers.organizationId, ctx.organizationId)));
  if (!row) throw notFound(page.kind === 'event' ? 'Event' : 'Offer');
}

/**
 * GET /events/{id}/leads/, /offers/{id}/leads/: the page's leads (not deleted), filtered,
 * searched and ordered. The leads list with the page as its filter, so a panel's search and
 * count take the list's paths (decision 017).
 */
export async function listPageLeads(
  ctx: TenantContext,
  page: LeadPage,
  query: EventLeadsQuery,
  window: { limit: number; offset: number },
): Promise<{ results: Lead[]; total: LeadCount }> {
  assertCan(ctx, 'leads.read');
  await assertPage(ctx, page);
  return listLeads(
    ctx,
    {
      page: query.page,
      page_size: query.page_size,
      ordering: query.ordering,
      search: query.search,
      approval_status: query.approval_status ? [query.approval_status] : undefined,
      source: query.source ? [query.source] : undefined,
      event: page.kind === 'event' ? [page.id] : undefined,
      offer: page.kind === 'offer' ? [page.id] : undefined,
    },
    window,
  );
}

/** One lead of a public page, not deleted; 404 when it is not that page's. */
export async function getPageLead(ctx: TenantContext, page: LeadPage, leadId: string): Promise<Lead> {
  assertCan(ctx, 'leads.read');
  await assertPage(ctx, page);
  const onPage = page.kind === 'event' ? eq(leads.eventId, page.id) : eq(leads.offerId, page.id);
  const [row] = await ctx.tx
    .select()
    .from(leads)
    .where(and(mine(ctx, leadId), onPage, isNull(leads.deletedAt)));
  if (!row) throw leadNotFound();
  return toLead(row);
}

// --- the leads list --------------------------------------------------------------------------

export const LIST_ORDER_COLUMNS = {
  created_at: leads.createdAt,
  updated_at: leads.updatedAt,
  first_name: leads.firstName,
  last_name: leads.lastName,
  company: leads.company,
  email: leads.email,
  score: leads.score,
  follow_up_date: leads.followUpDate,
  status: leads.status,
} as const;

function listOrderBy(ordering: LeadListOrdering): SQL[] {
  const descending = ordering.startsWith('-');
  const column = LIST_ORDER_COLUMNS[ordering.replace(/^-/, '') as keyof typeof LIST_ORDER_COLUMNS];
  const direction = descending ? desc : asc;
  // Leads without a follow-up come last either way (NULLS LAST, which the follow-up index holds
  // in ascending order); the id breaks ties.
  if (column === leads.followUpDate)
    return [sql`${column} ${sql.raw(descending ? 'desc' : 'asc')} nulls last`, direction(leads.id)];
  return [direction(column), direction(leads.id)];
}

type OrderKey = keyof typeof LIST_ORDER_COLUMNS;
/** The SQL type of each ordering column, to read a cursor back from text without loss. */
const KEY_TYPES: Record<OrderKey, string> = {
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  follow_up_date: 'timestamptz',
  first_name: 'text',
  last_name: 'text',
  company: 'text',
  email: 'text',
  score: 'integer',
  status: 'text',
};

/** Where a batch ended: the ordering column as text (microseconds kept, null for no follow-up) and the id. */
export interface ListCursor {
  key: string | null;
  id: string;
}

/**
 * The keyset of the list's ordering (listOrderBy): (column, id) in the same direction, leads
 * without a follow-up date last. Exports read every batch as an index range, never OFFSET.
 */
export function listKeyset(ordering: LeadListOrdering) {
  const descending = ordering.startsWith('-');
  const name = ordering.replace(/^-/, '') as OrderKey;
  const column = LIST_ORDER_COLUMNS[name];
  const type = sql.raw(KEY_TYPES[name]);
  const cmp = sql.raw(descending ? '<' : '>');
  const direction = descending ? desc : asc;
  const nullable = name === 'follow_up_date';
  const orderBy: SQL[] = [...(nullable ? [sql`${column} is null`] : []), direction(column), direction(leads.id)];
  const cmpOrEqual = sql.raw(descending ? '<=' : '>=');
  const after = (c: ListCursor): SQL => {
    if (c.key === null) return sql`${column} is null and ${leads.id} ${cmp} ${c.id}::uuid`;
    const key = sql`cast(${c.key} as ${type})`;
    // The plain bound on the column lets the index start where the last batch ended; the row
    // comparison alone would be checked row by row from the top, every batch (quadratic).
    const beyond = sql`${column} ${cmpOrEqual} ${key} and (${column}, ${leads.id}) ${cmp} (${key}, ${c.id}::uuid)`;
    return nullable ? sql`(${column} is null or (${beyond}))` : beyond;
  };
  return { orderBy, after, key: sql<string | null>`${column}::text` };
}

/** Start of the UTC day of a YYYY-MM-DD date, or the instant of a timestamp. */
function instant(value: string, endOfDay = false): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = new Date(`${value}T00:00:00.000Z`);
    return endOfDay ? new Date(day.getTime() + 86_400_000) : day;
  }
  return new Date(value);
}

/** Text that is a whole email address, not a fragment of one ("@acme.se", "anna@"). */
const COMPLETE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

/**
 * Text shaped like the start of an email address or of its domain (decision 021): one word with
 * an "@", or with a "." between two characters ("julia.lindgren", "anna@", "acme.com",
 * "@acme.se"). Such a search finds the leads whose email, or whose email's domain, starts with
 * it, through btree prefix indexes; other text is searched anywhere (trigrams).
 */
export function isEmailFragment(text: string): boolean {
  return /^\S+$/.test(text) && (text.includes('@') || /[^.]\.[^.]/.test(text));
}

/** `%` and `_` typed by a user are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The free-text search: the text anywhere in the first name, last name, full name, email or
 * company, without case. Candidates come from `leads_search_ids` (migration leads_at_scale,
 * decision 017), which searches the trigram index over all those columns within the current
 * organisation: under row-level security the planner may not use an index for ILIKE (it is not
 * leakproof), so the search runs in that function, outside it. The column-by-column test after
 * it keeps the exact meaning (no match across two columns).
 */
export function searchCondition(text: string): SQL | undefined {
  // A complete email address finds that address, through the (organisation, lower(email)) index
  // in `leads_email_ids` (under RLS the planner may not use it: lower() is not leakproof), and
  // skips the trigram search, whose common trigrams ("com", "@ex") read long posting lists.
  const term = text.trim();
  // The function's ids as one array, computed once: as `id in (select …)` the planner may run
  // the function again for every lead it tests, and `= any` of an array is leakproof, so the
  // primary key finds the matches under row-level security.
  if (COMPLETE_EMAIL.test(term)) return sql`${leads.id} = any(array(select leads_email_ids(${term})))`;
  if (isEmailFragment(term))
    return sql`${leads.id} = any(array(select leads_email_prefix_ids(${prefixPattern(term)})))`;
  const pattern = likePattern(text);
  return and(
    sql`${leads.id} = any(array(select leads_search_ids(${pattern})))`,
    textMatches(pattern, SEARCHED_COLUMNS),
  );
}

/** The searched columns, as the leads table names them or as a subquery re-exports them. */
interface SearchedColumns {
  firstName: SQL | typeof leads.firstName;
  lastName: SQL | typeof leads.lastName;
  email: SQL | typeof leads.email;
  company: SQL | typeof leads.company;
}
const SEARCHED_COLUMNS: SearchedColumns = leads;

/** The pattern in any one searched column (or the full name): never a match across two columns. */
function textMatches(pattern: string, c: SearchedColumns): SQL | undefined {
  // First the columns joined, as the trigram index holds them: one ILIKE turns away nearly
  // every lead that does not match (the walk tests thousands), and any match in one column
  // or the full name is a match there too.
  const joined = sql`${c.firstName} || ' ' || ${c.lastName} || ' ' || ${c.email} || ' ' || ${c.company}`;
  return and(
    ilike(joined, pattern),
    or(
      ilike(c.firstName, pattern),
      ilike(c.lastName, pattern),
      ilike(sql`${c.firstName} || ' ' || ${c.lastName}`, pattern),
      ilike(c.email, pattern),
      ilike(c.company, pattern),
    ),
  );
}

/**
 * An email-shaped text's own test (decision 021), as `leads_email_prefix_ids` makes it: the
 * address, or its domain, starts with the pattern. For the walk, which reads the list in its
 * order and tests each lead, so a fragment most leads carry ("@bulk.test") fills its page at once.
 */
function emailPrefixMatches(pattern: string, c: SearchedColumns): SQL {
  return sql`(lower(${c.email}) like lower(${pattern}) or lower(split_part(${c.email}, '@', 2)) like ltrim(lower(${pattern}), '@'))`;
}

/** The WHERE of GET /leads/ (and its export): every filter of the query, within the organisation. */
export function listConditions(ctx: TenantContext, query: Omit<LeadListQuery, 'page' | 'page_size'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    eq(leads.organizationId, ctx.organizationId),
    query.deleted ? isNotNull(leads.deletedAt) : isNull(leads.deletedAt),
  ];
  if (query.status) conditions.push(inArray(leads.status, query.status));
  if (query.interest) {
    const named = query.interest.filter((i) => i !== 'none');
    conditions.push(
      or(
        named.length > 0 ? inArray(leads.interest, named) : undefined,
        query.interest.includes('none') ? isNull(leads.interest) : undefined,
      ),
    );
  }
  if (query.source) conditions.push(inArray(leads.source, query.source));
  if (query.approval_status) conditions.push(inArray(leads.approvalStatus, query.approval_status));
  if (query.event) conditions.push(inArray(leads.eventId, query.event));
  if (query.offer) conditions.push(inArray(leads.offerId, query.offer));
  if (query.assigned_to) {
    const ids = query.assigned_to.map((a) => (a === 'me' ? ctx.userId : a)).filter((a) => a !== 'unassigned');
    conditions.push(
      or(
        ids.length > 0 ? inArray(leads.assignedTo, ids) : undefined,
        query.assigned_to.includes('unassigned') ? isNull(leads.assignedTo) : undefined,
      ),
    );
  }
  if (query.tags) {
    // Any of the tags, without case: one of the lowered tags is an element of the lead's
    // tags_lower (the tags lowered, a stored column).
    const lowered = query.tags.map((t) => t.toLowerCase());
    conditions.push(
      sql`${leads.tagsLower} ?| array[${sql.join(
        lowered.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`,
    );
  }
  if (query.score_min !== undefined) conditions.push(gte(leads.score, query.score_min));
  if (query.score_max !== undefined) conditions.push(lte(leads.score, query.score_max));
  if (query.created_after) conditions.push(gte(leads.createdAt, instant(query.created_after)));
  if (query.created_before) conditions.push(lt(leads.createdAt, instant(query.created_before, true)));
  if (query.follow_up) {
    const today = sql`date_trunc('day', now() at time zone 'utc') at time zone 'utc'`;
    const tomorrow = sql`(${today} + interval '1 day')`;
    const conditionsByFilter: Record<FollowUpFilter, SQL> = {
      due: sql`${leads.followUpDate} < ${tomorrow}`,
      overdue: sql`${leads.followUpDate} < ${today}`,
      today: sql`${leads.followUpDate} >= ${today} and ${leads.followUpDate} < ${tomorrow}`,
      upcoming: sql`${leads.followUpDate} >= ${tomorrow}`,
      none: sql`${leads.followUpDate} is null`,
    };
    conditions.push(conditionsByFilter[query.follow_up]);
  }
  if (query.search) conditions.push(searchCondition(query.search));
  return and(...conditions);
}

/**
 * Up to this many matching leads the list counts exactly; beyond it the count is an estimate
 * (decision 017): an exact count of a million leads costs more than the page itself.
 */
export const LEAD_COUNT_CAP = 1_000;
/**
 * A planner estimate this many times the cap is taken as it is: for the filters it has
 * statistics for, it is off by a few times at worst (decision 017), not by twenty.
 */
const PLANNER_TRUSTED_FACTOR = 20;
/**
 * About how many rows the sample reads, whatever the size of the table. Its cost grows with the
 * rows it reads (~1.6 ms of PostgreSQL for 5,000, ~3.2 ms for 10,000 on the bench's 2,000,000),
 * and 5,000 still tell ten thousand matches (25 in the sample) from a thousand (2 or 3); for the
 * bench's tag filter it estimated 80,000 for 79,712 (decision 017).
 */
const ESTIMATE_SAMPLE_ROWS = 5_000;
/**
 * A sample's estimate this many times the cap is taken as it is: a list of at most the cap would
 * put a tenth as many rows in the sample, and a few in a sample of ten thousand cannot look like
 * a hundred.
 */
const SAMPLE_TRUSTED_FACTOR = 10;

export interface LeadCount {
  count: number;
  /** false when `count` is an estimate (more than the cap match). */
  exact: boolean;
}

/** Two significant digits: an estimate should not look more precise than it is. */
function roundEstimate(n: number): number {
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(n, 1))) - 1);
  return Math.round(n / magnitude) * magnitude;
}

interface ExplainRow {
  'QUERY PLAN': string | [{ Plan: { 'Plan Rows': number } }];
}

export interface CountOptions {
  /** A full page of these leads has just been read: the list is not small for want of rows. */
  afterFullPage?: boolean;
  /**
   * Some condition is one the planner cannot estimate under row-level security (the tags, the
   * search text: their operators are not leakproof), so its estimate is a guess.
   */
  guessed?: boolean;
}

/**
 * How many leads match `where` (decision 017): exact while at most `cap` match, else an
 * estimate, never below cap + 1. The tenant's RLS condition folds into the query's own
 * organisation condition, so estimates are the organisation's.
 */
export async function countLeads(
  tx: Tx,
  where: SQL | undefined,
  cap = LEAD_COUNT_CAP,
  { afterFullPage = false, guessed = true }: CountOptions = {},
): Promise<LeadCount> {
  const about = (estimate: number): LeadCount => ({ count: Math.max(cap + 1, roundEstimate(estimate)), exact: false });
  let planned: number | undefined;
  let sampled: number | undefined;
  // 1. After a full page, an estimate far beyond the cap is taken without counting: the page
  //    shows the list is not empty, and a capped count of a dense filter costs more than the
  //    page. Stale statistics can make this "about" count wrong until the next ANALYZE.
  //    Where the planner guesses, its estimate is not asked for: only the sample can vouch.
  if (afterFullPage && guessed) {
    sampled = await sampleEstimate(tx, where);
    if (sampled >= cap * SAMPLE_TRUSTED_FACTOR) return about(sampled);
  } else if (afterFullPage) {
    planned = await plannerEstimate(tx, where);
    if (planned >= cap * PLANNER_TRUSTED_FACTOR) return about(planned);
  }
  // 2. Counted exactly up to the cap: the scan stops after cap + 1 rows. Before any estimate
  //    nothing has vouched for, because statistics can be stale (a bulk import or delete not
  //    yet analysed) and an estimate must never stand for a list that is small.
  const n = await countUpTo(tx, where, cap);
  if (n <= cap) return { count: n, exact: true };
  // 3. Beyond the cap, the planner's estimate where it has statistics for every condition.
  planned ??= await plannerEstimate(tx, where);
  if (!guessed || planned >= cap * PLANNER_TRUSTED_FACTOR) return about(planned);
  // 4. Where it guesses (low), a block sample of the table tells many matches from few.
  sampled ??= await sampleEstimate(tx, where);
  return about(Math.max(planned, sampled));
}

/** How many leads match `where`, counting no further than cap + 1. */
async function countUpTo(tx: Tx, where: SQL | undefined, cap: number): Promise<number> {
  const [capped] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from (select 1 from ${leads} where ${where} limit ${cap + 1}) as capped`,
  );
  return capped?.n ?? 0;
}

/**
 * Matches in a block sample of about ESTIMATE_SAMPLE_ROWS rows, scaled to the table. The same
 * blocks every time (REPEATABLE), so the pages of one list agree.
 */
async function sampleEstimate(tx: Tx, where: SQL | undefined): Promise<number> {
  // The share of the table's pages that holds about ESTIMATE_SAMPLE_ROWS rows, from its size
  // in the statistics, and the sample itself: one statement.
  const [sampled] = await queryRows<{ n: number; percent: number }>(
    tx,
    sql`with share as (
          select least(100, ${ESTIMATE_SAMPLE_ROWS}::float8 / greatest(reltuples, 1)::float8 * 100)::float8 as percent
          from pg_class where oid = 'leads'::regclass
        )
        select count(*)::int as n, (select percent from share) as percent
        from ${leads} tablesample system ((select percent from share)) repeatable (17)
        where ${where}`,
  );
  return sampled && sampled.percent > 0 ? (sampled.n * 100) / sampled.percent : 0;
}

/** Rows the planner expects `where` to match, from the table's statistics. */
async function plannerEstimate(tx: Tx, where: SQL | undefined): Promise<number> {
  const [explained] = await queryRows<ExplainRow>(tx, sql`explain (format json) select 1 from ${leads} where ${where}`);
  const raw = explained?.['QUERY PLAN'];
  const plan = typeof raw === 'string' ? (JSON.parse(raw) as Exclude<ExplainRow['QUERY PLAN'], string>) : raw;
  return plan?.[0].Plan['Plan Rows'] ?? 0;
}

/** GET /leads/: the organisation's leads (or its bin), filtered, searched, ordered, one page. */
export async function listLeads(
  ctx: TenantContext,
  query: LeadListQuery,
  page: { limit: number; offset: number },
): Promise<{ results: Lead[]; total: LeadCount }> {
  assertCan(ctx, 'leads.read');
  // A page and a count that stop after a thousand rows gain nothing from parallel workers, whose
  // start costs more than the scan; under concurrent requests they only take the cores the other
  // requests need (decision 017).
  await ctx.tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
  const order = listOrderBy(query.ordering);
  if (query.search) return searchLeads(ctx, query, order, page);
  const where = listConditions(ctx, query);
  // The page's ids first, then their rows: deep pages skip over index entries only, not over
  // thousands of whole rows read from the table.
  const pageIds = ctx.tx
    .select({ id: leads.id })
    .from(leads)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  const rows = await ctx.tx
    .select()
    .from(leads)
    .where(and(eq(leads.organizationId, ctx.organizationId), inArray(leads.id, pageIds)))
    .orderBy(...order);
  const seen = page.offset + rows.length;
  // A short page is the last one: the leads before it and on it are all there are.
  if (rows.length > 0 && rows.length < page.limit)
    return { results: rows.map(toLead), total: { count: seen, exact: true } };
  const total = await countLeads(ctx.tx, where, LEAD_COUNT_CAP, {
    afterFullPage: rows.length > 0,
    guessed: query.tags !== undefined,
  });
  // A page that reaches past the cap shows that at least offset + its rows exist.
  if (!total.exact && seen > total.count) total.count = seen;
  return { results: rows.map(toLead), total };
}

/**
 * How far down the filtered list, in list order, a search first looks for its page (decision
 * 017): a word a few hundred leads in a thousand carry fills a page within it, and finding it
 * there costs a few thousand index entries, where the trigram index would read every match.
 */
export const SEARCH_WALK_ROWS = 5_000;
/**
 * How far a second walk may read, when the first found matches but too few for a deep page: a
 * walk reads index entries and rows in order (~10 ms for 50,000 on the bench's PostgreSQL),
 * where the index route fetches, sorts and counts every match of the organisation.
 */
export const SEARCH_WALK_MAX_ROWS = 50_000;

/**
 * A searched list (decision 017). Two ways to its page, the cheaper first:
 * 1. the walk: the filtered list in its order, at most SEARCH_WALK_ROWS leads of it, tested
 *    column by column (or, for an email-shaped text, address and domain by prefix). A full page
 *    there is the page; its count is exact while the filtered list is within the count cap, else
 *    an estimate from how densely the walk found matches. A short page is the whole answer when
 *    the walk saw the whole filtered list.
 * 2. an index, for text too rare for the walk (or a page too deep): `leads_search_ids` (trigrams)
 *    or `leads_email_prefix_ids` (address and domain prefixes) give the matching ids, and a window
 *    count over them makes the count exact at no extra search.
 * An email-shaped text walks first too: through its index alone, a domain most leads share
 * ("@bulk.test" on 230,000 leads) fetched, sorted and counted every one of them for one page.
 */
async function searchLeads(
  ctx: TenantContext,
  query: LeadListQuery,
  order: SQL[],
  page: { limit: number; offset: number },
): Promise<{ results: Lead[]; total: LeadCount }> {
  const text = query.search ?? '';
  const filtered = listConditions(ctx, { ...query, search: undefined });
  const wanted = page.offset + page.limit;
  // A whole email address has its own index and at most a few leads: it goes there directly.
  const term = text.trim();
  if (!COMPLETE_EMAIL.test(term) && wanted <= SEARCH_WALK_ROWS) {
    const emailShaped = isEmailFragment(term);
    const pattern = emailShaped ? prefixPattern(term) : likePattern(text);
    const matcher = (c: SearchedColumns) => (emailShaped ? emailPrefixMatches(pattern, c) : textMatches(pattern, c));
    let read = SEARCH_WALK_ROWS;
    let walked = await walkSearch(ctx.tx, filtered, order, matcher, wanted, read);
    // A deep page of matches too dense for the index route (one lead in a hundred or more: the
    // index would fetch, sort and count every one) and too many for the first rows: walk as far
    // as twice their density says the page lies, within SEARCH_WALK_MAX_ROWS.
    const reach = Math.ceil((2 * wanted * SEARCH_WALK_ROWS) / Math.max(walked.length, 1));
    if (walked.length < wanted && walked.length >= SEARCH_WALK_ROWS / 100 && reach <= SEARCH_WALK_MAX_ROWS) {
      read = reach;
      walked = await walkSearch(ctx.tx, filtered, order, matcher, wanted, read);
    }
    const ids = walked.slice(page.offset).map((w) => w.id);
    const searched = and(filtered, matcher(SEARCHED_COLUMNS));
    if (walked.length === wanted) {
      const all = await countLeads(ctx.tx, filtered, LEAD_COUNT_CAP, {
        afterFullPage: true,
        guessed: query.tags !== undefined,
      });
      if (all.exact) return { results: await leadsByIds(ctx, ids, order), total: await countLeads(ctx.tx, searched) };
      // Matches as dense through the rest of the list as through the part the walk read.
      const density = walked.length / (walked.at(-1)?.position ?? wanted);
      // At least one lead past this page, as far as anyone can tell without reading on.
      const estimate = Math.max(wanted + 1, roundEstimate(density * all.count));
      return { results: await leadsByIds(ctx, ids, order), total: { count: estimate, exact: false } };
    }
    if ((await countUpTo(ctx.tx, filtered, read)) <= read)
      return { results: await leadsByIds(ctx, ids, order), total: { count: walked.length, exact: true } };
  }
  const where = and(filtered, searchCondition(text));
  const matched = await ctx.tx
    .select({ id: leads.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(leads)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  const first = matched[0];
  // Past the last page nothing comes back to carry the count: it is counted on its own.
  if (first === undefined) return { results: [], total: await countLeads(ctx.tx, where) };
  const rows = await leadsByIds(
    ctx,
    matched.map((m) => m.id),
    order,
  );
  return { results: rows, total: { count: first.total, exact: true } };
}

/**
 * The first `wanted` leads of the filtered list (in its order, within its first `reading`)
 * that `matcher` accepts, with their position in the filtered list. The text is tested above
 * the window, so the window counts the leads read, not the ones that matched.
 */
async function walkSearch(
  tx: Tx,
  filtered: SQL | undefined,
  order: SQL[],
  matcher: (c: SearchedColumns) => SQL | undefined,
  wanted: number,
  reading: number,
): Promise<{ id: string; position: number }[]> {
  const ordering = sql.join(order, sql`, `);
  const walked = sql`select ${leads.id} as id, ${leads.firstName} as first_name, ${leads.lastName} as last_name,
      ${leads.email} as email, ${leads.company} as company, row_number() over (order by ${ordering}) as position
    from ${leads} where ${filtered} order by ${ordering} limit ${reading}`;
  const column = (name: string) => sql`w.${sql.identifier(name)}`;
  const matches = matcher({
    firstName: column('first_name'),
    lastName: column('last_name'),
    email: column('email'),
    company: column('company'),
  });
  // No ORDER BY outside: the subquery's rows come out in its order (nothing here joins, groups
  // or sorts them), so the LIMIT stops the walk at the page's last match; ordering by position,
  // which the planner cannot see is already sorted, would make it read all SEARCH_WALK_ROWS.
  const rows = await queryRows<{ id: string; position: number }>(
    tx,
    sql`select w.id, w.position::int as position from (${walked}) as w where ${matches} limit ${wanted}`,
  );
  return rows.sort((a, b) => a.position - b.position);
}

/** The organisation's leads of these ids, in the list's order. */
async function leadsByIds(ctx: TenantContext, ids: string[], order: SQL[]): Promise<Lead[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.tx
    .select()
    .from(leads)
    .where(and(eq(leads.organizationId, ctx.organizationId), inArray(leads.id, ids)))
    .orderBy(...order);
  return rows.map(toLead);
}
