import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { CaptureLanguage, CaptureSource } from '@leadcapture/contracts/public-capture';
import type { LeadStatus } from '@leadcapture/contracts/constants';
import {
  LEAD_RETENTION_DAYS,
  type CreateLeadData,
  type EventLeadsQuery,
  type FollowUpFilter,
  type Lead,
  type LeadListOrdering,
  type LeadListQuery,
  type LeadOrdering,
  type LeadScore,
  type UpdateLeadData,
} from '@leadcapture/contracts/leads';
import type { DuplicateLeadMode } from '@leadcapture/contracts/organizations';
import type { StandardLeadFieldName, SubmissionValue } from '@leadcapture/contracts/form-fields';
import { scoreLead, type ScoredLead, type ScoringRules } from '@leadcapture/contracts/lead-scoring';
import { queryRows, type Tx } from '../../db/database.ts';
import type { TenantContext } from '../../db/tenant.ts';
import { AppError, notFound, validationError } from '../../http/errors.ts';
import { assertCan } from '../../http/permissions.ts';
import { enqueue, type OutboxItem } from '../../jobs/outbox.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { withCalendarDatesResolved } from '../organizations/organizations.service.ts';
import { users } from '../auth/auth.table.ts';
import { newOpaqueToken } from '../auth/auth.service.ts';
import { memberships, organizations } from '../organizations/organizations.table.ts';
import { leadStatusChangeDetail } from '../../mail/templates.ts';
import { loadScoringRules } from './lead-scoring.service.ts';
import { EVENT_LEAD_COUNT_SLOTS, events } from '../events/events.table.ts';
import type { CaptureWrites } from './capture-writes.ts';
import { leadActivities, leads, type LeadAttribution } from './leads.table.ts';

// The module's public surface for other modules (docs/architecture.md, "Modules"): what they may
// use of its other files.
export { loadScoringRules } from './lead-scoring.service.ts';

export type LeadRow = typeof leads.$inferSelect;

/**
 * Outbox kinds of lead changes, delivered to the live-event bus (docs/jobs.md). `capture_leads`
 * (db/functions/capture_leads.sql) writes LEAD_CREATED by its value for captured leads.
 */
export const LEAD_CREATED = 'lead.created';
export const LEAD_UPDATED = 'lead.updated';
export const LEAD_DELETED = 'lead.deleted';

/** How long a double opt-in link works: a visitor may read the mail days after the fair. */
export const EMAIL_CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A transaction acting for an organisation on a visitor's behalf: a public capture has a
 * tenant (the event's) but no user, role or membership.
 */
export interface VisitorScope {
  organizationId: string;
  tx: Tx;
}

export const leadNotFound = () => notFound('Lead');

export function toLead(row: LeadRow): Lead {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    company: row.company,
    job_title: row.jobTitle,
    company_size: row.companySize,
    source: row.source,
    status: row.status,
    interest: row.interest,
    score: row.score,
    auto_score: row.autoScore,
    manual_score: row.manualScore,
    budget_range: row.budgetRange,
    decision_timeline: row.decisionTimeline,
    decision_role: row.decisionRole,
    interested_products: row.interestedProducts,
    tags: row.tags,
    assigned_to: row.assignedTo,
    notes: row.notes,
    follow_up_date: row.followUpDate?.toISOString() ?? null,
    event: row.eventId,
    offer: row.offerId,
    client: row.clientId,
    custom_fields: row.customFields,
    approval_status: row.approvalStatus,
    email_verified: row.emailVerifiedAt !== null,
    consent_text: row.consentText,
    consent_given_at: row.consentGivenAt?.toISOString() ?? null,
    attribution: row.attribution,
    deleted_at: row.deletedAt?.toISOString() ?? null,
    merged_into: row.mergedIntoId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

// --- capture ---------------------------------------------------------------------------------

/** The public page a lead was captured on: an event's capture page or an offer page. */
export interface CapturePage {
  kind: 'event' | 'offer';
  id: string;
  /** The event's name or the offer's title, as the timeline and mails name it. */
  name: string;
  consentText: string;
  requireApproval: boolean;
  /** Double opt-in (events only: offers have no such setting). */
  emailVerification: boolean;
}

export interface CapturedLeadInput {
  /** Chosen by the caller, which may already have promised it (an Idempotency-Key answer). */
  id: string;
  page: CapturePage;
  standard: Record<StandardLeadFieldName, string>;
  customFields: Record<string, SubmissionValue>;
  source: CaptureSource;
  attribution: LeadAttribution;
  consent: boolean;
  language: CaptureLanguage;
  /** The organisation's scoring rules, as cached with the event (checked by version in the write). */
  rules: ScoringRules;
}

/** A lead row as a capture writes it: every column given, so the outbox can carry the lead as stored. */
function capturedRow(organizationId: string, input: CapturedLeadInput, now: Date): LeadRow {
  const { page, standard } = input;
  const consentGiven = input.consent && page.consentText !== '';
  const { score } = scoreLead(
    {
      interest: null,
      decision_role: 'not_specified',
      budget_range: 'not_specified',
      decision_timeline: 'not_specified',
      company_size: '',
      source: input.source,
      activity_count: 0,
    },
    input.rules,
  );
  return {
    id: input.id,
    organizationId,
    eventId: page.kind === 'event' ? page.id : null,
    offerId: page.kind === 'offer' ? page.id : null,
    firstName: standard.first_name,
    lastName: standard.last_name,
    email: standard.email,
    phone: standard.phone,
    company: standard.company,
    jobTitle: standard.job_title,
    companySize: '',
    source: input.source,
    status: 'new',
    interest: null,
    score,
    autoScore: score,
    manualScore: null,
    activityCount: 0,
    budgetRange: 'not_specified',
    decisionTimeline: 'not_specified',
    decisionRole: 'not_specified',
    interestedProducts: [],
    tags: [],
    tagsLower: [],
    assignedTo: null,
    notes: '',
    followUpDate: null,
    followUpRemindedAt: null,
    followUpSetBy: null,
    customFields: input.customFields,
    approvalStatus: page.requireApproval ? 'pending' : 'approved',
    emailVerifiedAt: null,
    consentText: consentGiven ? page.consentText : '',
    consentGivenAt: consentGiven ? now : null,
    attribution: input.attribution,
    createdBy: null,
    clientId: null,
    deletedAt: null,
    mergedIntoId: null,
    createdAt: now,
    updatedAt: now,
  };
}

export type CaptureWrite =
  | { outcome: 'created'; lead: Lead }
  /** A lead with this id exists (an Idempotency-Key's repeat): nothing written. */
  | { outcome: 'replayed' }
  /** The event is no longer the copy the answers were checked against: nothing written. */
  | { outcome: 'stale' }
  /** The organisation has a lead with this email and links captures to it: nothing written. */
  | { outcome: 'duplicate'; leadId: string };

/** What an event's capture wrote (`createCapturedLead`). */
export type EventCaptureWrite =
  | {
      outcome: 'created';
      lead: Lead;
      /** The lead's lead.created, leased to this process: hand it to the outbox's `deliverLeased`. */
      announcement: OutboxItem;
      /** Further messages wait in the outbox (the double opt-in's mail): kick it. */
      queued: boolean;
    }
  | Exclude<CaptureWrite, { outcome: 'created' }>;

/**
 * Writes a captured lead with everything that goes with it in one statement, its own
 * transaction, as the event's tenant: the SQL function `capture_leads` (db/functions/,
 * decisions 012 and 023) checks that the event is still active and unchanged since
 * `eventVersion` (its `updated_at` as text), writes the lead unless its id is taken (pending when
 * the event requires approval, the consent text only when ticked), `lead.created` in the outbox
 * (leased to this process, which delivers it after the commit),
 * the double opt-in token and its mail when the event asks for it, and one more in the event's
 * lead count. The function reads the lead's columns from the lead as the API shows it (same
 * names, dates as ISO text) and announces that same object, so what is stored is exactly what
 * `lead.created` announces. One round trip, and no lock is held while Node works; under load,
 * captures share it (capture-writes.ts).
 */
export async function createCapturedLead(
  writes: CaptureWrites,
  publicUrl: string,
  input: CapturedLeadInput & { organizationId: string; eventVersion: string; rulesVersion: string | null },
): Promise<EventCaptureWrite> {
  const { organizationId } = input;
  const now = new Date();
  const row = capturedRow(organizationId, input, now);
  const lead = toLead(row);
  // lead.created is written by capture_leads from `lead`: the lead crosses to the database once.
  const messages: { kind: string; payload: Record<string, unknown> }[] = [];
  let confirmation: { token_hash: string; expires_at: string } | null = null;
  if (input.page.kind !== 'event') throw new Error('capture_leads writes leads of events only');
  if (input.page.emailVerification && row.email !== '') {
    const { token, hash } = newOpaqueToken();
    const prefix = input.language === 'sv' ? '/sv' : '';
    confirmation = { token_hash: hash, expires_at: new Date(now.getTime() + EMAIL_CONFIRMATION_TTL_MS).toISOString() };
    messages.push({
      kind: 'mail.send',
      payload: {
        template: 'lead_email_confirmation',
        to: row.email,
        language: input.language,
        name: row.firstName,
        event: input.page.name,
        link: `${publicUrl}${prefix}/capture/confirm?token=${encodeURIComponent(token)}`,
      },
    });
  }
  const messageId = randomUUID();
  const outcome = await writes.write({
    organizationId,
    eventId: input.page.id,
    eventVersion: input.eventVersion,
    rulesVersion: input.rulesVersion,
    lead,
    messageId,
    outbox: messages,
    confirmation,
    email: row.email,
  });
  if (outcome.kind === 'created') {
    const announcement = { id: messageId, kind: LEAD_CREATED, organizationId, payload: { data: lead }, attempts: 1 };
    return { outcome: 'created', lead, announcement, queued: messages.length > 0 };
  }
  if (outcome.kind === 'duplicate') return { outcome: 'duplicate', leadId: outcome.leadId };
  return { outcome: outcome.kind };
}

/**
 * Writes a lead captured on an offer page, in the caller's transaction (which read the offer as
 * public): the offer counts its submissions from its leads, so unlike an event's capture there is
 * no counter to contend for and no one-statement fast path (decision 012) to keep. The same rules
 * as an event's capture: a lead with this id answers 'replayed' (an Idempotency-Key's repeat);
 * unless the organisation keeps duplicates separate, a live lead with this email answers
 * 'duplicate' (the caller links the capture to it); else the lead and `lead.created`.
 */
export async function writeOfferLead(scope: VisitorScope, input: CapturedLeadInput): Promise<CaptureWrite> {
  const { tx, organizationId } = scope;
  const [existing] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, input.id));
  if (existing) return { outcome: 'replayed' };
  if ((await organizationDuplicateMode(scope)) === 'link') {
    const twin = await leadWithEmail(scope, input.standard.email);
    // A concurrent request with the same Idempotency-Key waited on the email lock for this lead.
    if (twin?.id === input.id) return { outcome: 'replayed' };
    if (twin) return { outcome: 'duplicate', leadId: twin.id };
  }
  const row = capturedRow(organizationId, input, new Date());
  const [inserted] = await tx
    .insert(leads)
    .values(row)
    .onConflictDoNothing({ target: leads.id })
    .returning({ id: leads.id });
  if (!inserted) return { outcome: 'replayed' };
  const lead = toLead(row);
  await enqueue(tx, { kind: LEAD_CREATED, organizationId, payload: { data: lead } });
  return { outcome: 'created', lead };
}

/**
 * A capture whose email the organisation already has (decision 013): recorded on that lead's
 * timeline as `captured_again`, with what the visitor sent; the lead takes the event (or offer)
 * when it had none and the new answers over its custom fields; an event counts the capture. The activity's
 * id is the capture's id, so a repeat of an Idempotency-Key finds it and writes nothing.
 */
export async function linkCapturedLead(
  scope: VisitorScope,
  leadId: string,
  input: CapturedLeadInput,
): Promise<'linked' | 'replayed'> {
  const { tx, organizationId } = scope;
  const { page } = input;
  const [activity] = await tx
    .insert(leadActivities)
    .values({
      id: input.id,
      organizationId,
      leadId,
      type: 'captured_again',
      metadata: {
        ...(page.kind === 'event'
          ? { event_id: page.id, event_name: page.name }
          : { offer_id: page.id, offer_name: page.name }),
        source: input.source,
        submitted: { ...input.standard },
        custom_fields: input.customFields,
        attribution: input.attribution,
        consent: input.consent && page.consentText !== '',
      },
    })
    .onConflictDoNothing({ target: leadActivities.id })
    .returning({ id: leadActivities.id });
  if (!activity) return 'replayed';
  const [row] = await tx
    .update(leads)
    .set({
      ...(page.kind === 'event'
        ? { eventId: sql`coalesce(${leads.eventId}, ${page.id}::uuid)` }
        : { offerId: sql`coalesce(${leads.offerId}, ${page.id}::uuid)` }),
      customFields: sql`${leads.customFields} || ${JSON.stringify(input.customFields)}::jsonb`,
    })
    .where(and(eq(leads.id, leadId), eq(leads.organizationId, organizationId)))
    .returning();
  if (!row) throw leadNotFound();
  // An offer's submissions are its leads (docs/offers.md): only events keep a count.
  if (page.kind === 'event') await countCapture(tx, organizationId, page.id);
  await enqueue(tx, { kind: LEAD_UPDATED, organizationId, payload: { data: toLead(row) } });
  return 'linked';
}

/** One more capture in a random slot of the event's lead count (events.table.ts). */
async function countCapture(tx: Tx, organizationId: string, eventId: string): Promise<void> {
  await tx.execute(sql`
    insert into event_lead_counts as c (organization_id, event_id, slot, count)
    values (${organizationId}, ${eventId}, floor(random() * ${EVENT_LEAD_COUNT_SLOTS})::smallint, 1)
    on conflict (event_id, slot) do update set count = c.count + 1`);
}

/**
 * Marks the lead's email verified (double opt-in), keeping the first confirmation's time.
 * Answers the lead's event name, or undefined when the lead is gone.
 */
export async function markEmailVerified(
  scope: VisitorScope,
  leadId: string,
): Promise<{ eventName: string } | undefined> {
  const [row] = await scope.tx
    .update(leads)
    .set({ emailVerifiedAt: sql`coalesce(${leads.emailVerifiedAt}, now())` })
    .where(and(eq(leads.id, leadId), eq(leads.organizationId, scope.organizationId), isNull(leads.deletedAt)))
    .returning();
  if (!row) return undefined;
  await enqueue(scope.tx, { kind: LEAD_UPDATED, organizationId: scope.organizationId, payload: { data: toLead(row) } });
  if (!row.eventId) return { eventName: '' };
  const [event] = await scope.tx.select({ name: events.name }).from(events).where(eq(events.id, row.eventId));
  return { eventName: event?.name ?? '' };
}

// --- the event's leads -----------------------------------------------------------------------

const ORDER_COLUMNS = {
  created_at: leads.createdAt,
  updated_at: leads.updatedAt,
  first_name: leads.firstName,
  last_name: leads.lastName,
  company: leads.company,
  email: leads.email,
  score: leads.score,
} as const;

function orderBy(ordering: LeadOrdering): SQL[] {
  const descending = ordering.startsWith('-');
  const column = ORDER_COLUMNS[ordering.replace(/^-/, '') as keyof typeof ORDER_COLUMNS];
  const direction = descending ? desc : asc;
  // The id breaks ties, so pages never repeat or skip a lead.
  return [direction(column), direction(leads.id)];
}

/** `%` and `_` typed by a user are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** GET /events/{id}/leads/: the event's leads (not deleted), filtered, searched and ordered. */
export async function listEventLeads(
  ctx: TenantContext,
  eventId: string,
  query: EventLeadsQuery,
  page: { limit: number; offset: number },
): Promise<{ results: Lead[]; total: number }> {
  assertCan(ctx, 'records.read');
  const [event] = await ctx.tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.organizationId, ctx.organizationId)));
  if (!event) throw notFound('Event');
  return listPageLeads(ctx, eq(leads.eventId, eventId), query, page);
}

/**
 * The leads of one public page (an event's, an offer's: `scope`), not deleted, filtered,
 * searched and ordered. The caller has checked the page is the tenant's.
 */
export async function listPageLeads(
  ctx: TenantContext,
  scope: SQL,
  query: EventLeadsQuery,
  page: { limit: number; offset: number },
): Promise<{ results: Lead[]; total: number }> {
  assertCan(ctx, 'records.read');
  const conditions: (SQL | undefined)[] = [
    eq(leads.organizationId, ctx.organizationId),
    scope,
    isNull(leads.deletedAt),
    query.approval_status ? eq(leads.approvalStatus, query.approval_status) : undefined,
    query.source ? eq(leads.source, query.source) : undefined,
  ];
  if (query.search) conditions.push(searchCondition(query.search));
  const where = and(...conditions);
  const rows = await ctx.tx
    .select({ lead: leads, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(leads)
    .where(where)
    .orderBy(...orderBy(query.ordering))
    .limit(page.limit)
    .offset(page.offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page.offset > 0) {
    // Past the last page the window count is absent; count on its own.
    const [counted] = await ctx.tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(leads)
      .where(where);
    total = counted?.n ?? 0;
  }
  return { results: rows.map((r) => toLead(r.lead)), total };
}

/** One lead of a public page (`scope`), not deleted; 404 when it is not that page's. */
export async function getPageLead(ctx: TenantContext, scope: SQL, leadId: string): Promise<Lead> {
  assertCan(ctx, 'leads.read');
  const [row] = await ctx.tx
    .select()
    .from(leads)
    .where(and(mine(ctx, leadId), scope, isNull(leads.deletedAt)));
  if (!row) throw leadNotFound();
  return toLead(row);
}

// --- approval --------------------------------------------------------------------------------

/**
 * Approves or rejects a pending lead (member and up). Only a pending lead can be decided:
 * deciding again answers 409, so two members clicking at once cannot both win.
 */
export async function decideApproval(
  ctx: TenantContext,
  meta: RequestMeta,
  leadId: string,
  decision: 'approved' | 'rejected',
): Promise<Lead> {
  assertCan(ctx, 'records.write');
  const mine = and(eq(leads.id, leadId), eq(leads.organizationId, ctx.organizationId), isNull(leads.deletedAt));
  const [row] = await ctx.tx
    .update(leads)
    .set({ approvalStatus: decision })
    .where(and(mine, eq(leads.approvalStatus, 'pending')))
    .returning();
  if (!row) {
    const [current] = await ctx.tx.select({ approvalStatus: leads.approvalStatus }).from(leads).where(mine);
    if (!current) throw leadNotFound();
    throw new AppError(
      'CONFLICT',
      `Only a pending lead can be approved or rejected; this lead is ${current.approvalStatus}.`,
      {
        approval_status: [`This lead is already ${current.approvalStatus}.`],
      },
    );
  }
  const lead = toLead(row);
  await recordAudit(ctx.tx, meta, {
    action: decision === 'approved' ? 'lead.approved' : 'lead.rejected',
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'lead',
    targetId: leadId,
  });
  await enqueue(ctx.tx, { kind: LEAD_UPDATED, organizationId: ctx.organizationId, payload: { data: lead } });
  return lead;
}

// --- the leads list --------------------------------------------------------------------------

export const LIST_ORDER_COLUMNS = {
  ...ORDER_COLUMNS,
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

// --- one lead --------------------------------------------------------------------------------

const mine = (ctx: TenantContext, leadId: string) =>
  and(eq(leads.id, leadId), eq(leads.organizationId, ctx.organizationId));

/** The lead, locked for this transaction's change; 404 when missing, another's or in the bin. */
export async function lockLead(ctx: TenantContext, leadId: string): Promise<LeadRow> {
  const [row] = await ctx.tx
    .select()
    .from(leads)
    .where(and(mine(ctx, leadId), isNull(leads.deletedAt)))
    .for('update');
  if (!row) throw leadNotFound();
  return row;
}

/** GET /leads/{id}/: a lead, also while it is in the bin (its deleted_at says so). */
export async function getLead(ctx: TenantContext, leadId: string): Promise<Lead> {
  assertCan(ctx, 'leads.read');
  const [row] = await ctx.tx.select().from(leads).where(mine(ctx, leadId));
  if (!row) throw leadNotFound();
  return toLead(row);
}

/** The answers the score is computed from, of a stored lead. */
export function scoredAnswers(row: LeadRow): ScoredLead {
  return {
    interest: row.interest,
    decision_role: row.decisionRole,
    budget_range: row.budgetRange,
    decision_timeline: row.decisionTimeline,
    company_size: row.companySize,
    source: row.source,
    activity_count: row.activityCount,
  };
}

/** A member who can work on leads: in the organisation, active, not a viewer. */
export interface AssignableMember {
  id: string;
  name: string;
  email: string;
  language: string;
}

export async function assignableMembers(ctx: TenantContext, userIds: readonly string[]): Promise<AssignableMember[]> {
  if (userIds.length === 0) return [];
  const rows = await ctx.tx
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      language: users.language,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, ctx.organizationId),
        inArray(memberships.userId, [...userIds]),
        inArray(memberships.role, ['owner', 'admin', 'member']),
        // Joined only: an inactive member keeps their record but takes no new work.
        eq(memberships.status, 'joined'),
        eq(users.isActive, true),
      ),
    );
  return rows.map((r) => ({
    id: r.id,
    name: `${r.firstName} ${r.lastName}`.trim(),
    email: r.email,
    language: r.language,
  }));
}

async function assignee(ctx: TenantContext, userId: string | null | undefined): Promise<AssignableMember | null> {
  if (!userId) return null;
  const [member] = await assignableMembers(ctx, [userId]);
  if (!member) throw validationError({ assigned_to: ['Choose an active member of the team who works on leads'] });
  return member;
}

async function assertEventOfOrganization(ctx: TenantContext, eventId: string | null | undefined): Promise<void> {
  if (!eventId) return;
  const [event] = await ctx.tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.organizationId, ctx.organizationId)));
  if (!event) throw validationError({ event: ['Choose one of your events'] });
}

type ActivityValues = Omit<typeof leadActivities.$inferInsert, 'organizationId' | 'leadId'>;

async function addActivities(ctx: TenantContext, leadId: string, entries: ActivityValues[]): Promise<void> {
  if (entries.length === 0) return;
  await ctx.tx
    .insert(leadActivities)
    .values(entries.map((e) => ({ userId: ctx.userId, ...e, organizationId: ctx.organizationId, leadId })));
}

async function announce(ctx: TenantContext, kind: string, row: LeadRow): Promise<Lead> {
  const lead = toLead(row);
  await enqueue(ctx.tx, { kind, organizationId: ctx.organizationId, payload: { data: lead } });
  return lead;
}

async function organizationDuplicateMode(ctx: VisitorScope): Promise<DuplicateLeadMode> {
  const [org] = await ctx.tx
    .select({ mode: sql<DuplicateLeadMode | null>`${organizations.settings}->>'duplicate_leads'` })
    .from(organizations)
    .where(eq(organizations.id, ctx.organizationId));
  return org?.mode ?? 'link';
}

/** The organisation's oldest live lead with this email, locked; undefined when none. */
export async function leadWithEmail(ctx: VisitorScope, email: string): Promise<LeadRow | undefined> {
  if (email === '') return undefined;
  await ctx.tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`${ctx.organizationId}:${email.toLowerCase()}`}, 0))`,
  );
  // The id through leads_email_first_live_id (db/functions/): under RLS a lower(email)
  // condition cannot use the email index (lower() is not leakproof), and an id list with an
  // ORDER BY let the planner walk every lead of the organisation. Then the row, by its key.
  const [row] = await ctx.tx
    .select()
    .from(leads)
    .where(
      and(
        eq(leads.organizationId, ctx.organizationId),
        sql`${leads.id} = (select leads_email_first_live_id(${email}))`,
        isNull(leads.deletedAt),
      ),
    )
    .for('update');
  return row;
}

export type CreateLeadOutcome = { created: true; lead: Lead } | { created: false; lead: Lead };

/**
 * POST /leads/: a lead created by hand. With an email the organisation already has (and
 * duplicates linked, decision 013) nothing new is made: the existing lead gets a
 * `captured_again` entry with what was entered, and fields it lacks are filled in.
 */
export async function createLead(
  ctx: TenantContext,
  meta: RequestMeta,
  given: CreateLeadData,
): Promise<CreateLeadOutcome> {
  assertCan(ctx, 'leads.write');
  const data = await withCalendarDatesResolved(ctx, given, ['follow_up_date']);
  const member = await assignee(ctx, data.assigned_to);
  await assertEventOfOrganization(ctx, data.event);
  const email = data.email ?? '';
  if (email !== '' && (await organizationDuplicateMode(ctx)) === 'link') {
    const existing = await leadWithEmail(ctx, email);
    if (existing) return { created: false, lead: await linkManualDuplicate(ctx, existing, data) };
  }
  const { rules } = await loadScoringRules(ctx.tx, ctx.organizationId);
  const values = {
    organizationId: ctx.organizationId,
    firstName: data.first_name,
    lastName: data.last_name,
    email,
    phone: data.phone ?? '',
    company: data.company ?? '',
    jobTitle: data.job_title ?? '',
    companySize: data.company_size ?? '',
    source: data.source ?? 'manual',
    status: data.status ?? 'new',
    interest: data.interest ?? null,
    budgetRange: data.budget_range ?? 'not_specified',
    decisionTimeline: data.decision_timeline ?? 'not_specified',
    decisionRole: data.decision_role ?? 'not_specified',
    interestedProducts: data.interested_products ?? [],
    tags: data.tags ?? [],
    assignedTo: member?.id ?? null,
    notes: data.notes ?? '',
    followUpDate: data.follow_up_date ? new Date(data.follow_up_date) : null,
    followUpSetBy: data.follow_up_date ? ctx.userId : null,
    eventId: data.event ?? null,
    customFields: data.custom_fields ?? {},
    manualScore: data.manual_score ?? null,
    createdBy: ctx.userId,
  } satisfies typeof leads.$inferInsert;
  const auto = scoreLead({ ...scoredAnswersOf(values), activity_count: 0 }, rules).score;
  const [row] = await ctx.tx
    .insert(leads)
    .values({ ...values, autoScore: auto, score: values.manualScore ?? auto })
    .returning();
  if (!row) throw new Error('lead insert returned no row');
  if (member)
    await addActivities(ctx, row.id, [{ type: 'assigned', metadata: { to: member.id, to_name: member.name } }]);
  await recordAudit(ctx.tx, meta, {
    action: 'lead.created',
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'lead',
    targetId: row.id,
  });
  return { created: true, lead: await announce(ctx, LEAD_CREATED, row) };
}

function scoredAnswersOf(v: {
  interest: LeadRow['interest'];
  decisionRole: LeadRow['decisionRole'];
  budgetRange: LeadRow['budgetRange'];
  decisionTimeline: LeadRow['decisionTimeline'];
  companySize: string;
  source: LeadRow['source'];
}): Omit<ScoredLead, 'activity_count'> {
  return {
    interest: v.interest,
    decision_role: v.decisionRole,
    budget_range: v.budgetRange,
    decision_timeline: v.decisionTimeline,
    company_size: v.companySize,
    source: v.source,
  };
}

/** Texts a duplicate may fill in on the lead it is linked to, when the lead has none. */
const FILLABLE = ['phone', 'company', 'job_title'] as const;

async function linkManualDuplicate(ctx: TenantContext, existing: LeadRow, data: CreateLeadData): Promise<Lead> {
  const filled: Partial<Record<'phone' | 'company' | 'jobTitle', string>> = {};
  for (const field of FILLABLE) {
    const given = data[field];
    const column = field === 'job_title' ? 'jobTitle' : field;
    if (given && existing[column] === '') filled[column] = given;
  }
  await addActivities(ctx, existing.id, [
    {
      type: 'captured_again',
      metadata: {
        source: data.source ?? 'manual',
        submitted: data,
      },
    },
  ]);
  const [row] = await ctx.tx
    .update(leads)
    .set({ ...filled, updatedAt: new Date() })
    .where(mine(ctx, existing.id))
    .returning();
  if (!row) throw leadNotFound();
  return announce(ctx, LEAD_UPDATED, row);
}

/**
 * PATCH /leads/{id}/: the given fields. A change of status, assignee or follow-up date goes on
 * the timeline; the automatic score is computed again from the new answers.
 */
export async function updateLead(
  ctx: TenantContext,
  meta: RequestMeta,
  leadId: string,
  given: UpdateLeadData,
): Promise<Lead> {
  assertCan(ctx, 'leads.write');
  const data = await withCalendarDatesResolved(ctx, given, ['follow_up_date']);
  const current = await lockLead(ctx, leadId);
  const member = data.assigned_to !== undefined ? await assignee(ctx, data.assigned_to) : undefined;
  if (data.event !== undefined) await assertEventOfOrganization(ctx, data.event);
  const changes: Partial<typeof leads.$inferInsert> = {};
  const set = <K extends keyof typeof leads.$inferInsert>(
    key: K,
    value: (typeof leads.$inferInsert)[K] | undefined,
  ) => {
    if (value !== undefined) changes[key] = value;
  };
  set('firstName', data.first_name);
  set('lastName', data.last_name);
  set('email', data.email);
  set('phone', data.phone);
  set('company', data.company);
  set('jobTitle', data.job_title);
  set('companySize', data.company_size);
  set('status', data.status);
  set('interest', data.interest);
  set('budgetRange', data.budget_range);
  set('decisionTimeline', data.decision_timeline);
  set('decisionRole', data.decision_role);
  set('interestedProducts', data.interested_products);
  set('tags', data.tags);
  set('assignedTo', data.assigned_to);
  set('notes', data.notes);
  set('eventId', data.event);
  set('customFields', data.custom_fields);
  set('manualScore', data.manual_score);
  if (data.follow_up_date !== undefined)
    changes.followUpDate = data.follow_up_date ? new Date(data.follow_up_date) : null;
  // A new follow-up date reminds again (notifications: follow-up reminders), its setter too.
  if (changes.followUpDate !== undefined && changes.followUpDate?.getTime() !== current.followUpDate?.getTime()) {
    changes.followUpRemindedAt = null;
    changes.followUpSetBy = changes.followUpDate ? ctx.userId : null;
  }

  const next: LeadRow = { ...current, ...changes };
  const { rules } = await loadScoringRules(ctx.tx, ctx.organizationId);
  next.autoScore = scoreLead(scoredAnswers(next), rules).score;
  next.score = next.manualScore ?? next.autoScore;

  const entries: ActivityValues[] = [];
  if (next.status !== current.status)
    entries.push({ type: 'status_changed', metadata: { from: current.status, to: next.status } });
  if (next.assignedTo !== current.assignedTo)
    entries.push({
      type: 'assigned',
      metadata: { from: current.assignedTo, to: next.assignedTo, to_name: member?.name ?? '' },
    });
  if (next.followUpDate?.getTime() !== current.followUpDate?.getTime())
    entries.push({
      type: 'follow_up_scheduled',
      metadata: { follow_up_date: next.followUpDate?.toISOString() ?? null },
    });
  if (next.manualScore !== current.manualScore)
    entries.push({
      type: 'score_changed',
      metadata: { from: current.score, to: next.score, manual: next.manualScore !== null },
    });

  const [row] = await ctx.tx
    .update(leads)
    .set({ ...changes, autoScore: next.autoScore, score: next.score, updatedAt: new Date() })
    .where(mine(ctx, leadId))
    .returning();
  if (!row) throw leadNotFound();
  await addActivities(ctx, leadId, entries);
  await recordAudit(ctx.tx, meta, {
    action: 'lead.updated',
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'lead',
    targetId: leadId,
  });
  return announce(ctx, LEAD_UPDATED, row);
}

/** DELETE /leads/{id}/: into the bin, restorable for LEAD_RETENTION_DAYS. */
export async function deleteLead(ctx: TenantContext, meta: RequestMeta, leadId: string): Promise<void> {
  assertCan(ctx, 'leads.delete');
  const [row] = await ctx.tx
    .update(leads)
    .set({ deletedAt: new Date() })
    .where(and(mine(ctx, leadId), isNull(leads.deletedAt)))
    .returning({ id: leads.id });
  if (!row) throw leadNotFound();
  await recordAudit(ctx.tx, meta, {
    action: 'lead.deleted',
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'lead',
    targetId: leadId,
  });
  await enqueue(ctx.tx, { kind: LEAD_DELETED, organizationId: ctx.organizationId, payload: { data: { id: leadId } } });
}

const inRetention = sql`${leads.deletedAt} > now() - make_interval(days => ${LEAD_RETENTION_DAYS})`;

/** POST /leads/{id}/restore/: back from the bin. */
export async function restoreLead(ctx: TenantContext, meta: RequestMeta, leadId: string): Promise<Lead> {
  assertCan(ctx, 'leads.delete');
  const [row] = await ctx.tx
    .update(leads)
    .set({ deletedAt: null })
    .where(and(mine(ctx, leadId), isNotNull(leads.deletedAt), inRetention))
    .returning();
  if (!row) throw leadNotFound();
  await addActivities(ctx, leadId, [{ type: 'restored' }]);
  await recordAudit(ctx.tx, meta, {
    action: 'lead.restored',
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'lead',
    targetId: leadId,
  });
  return announce(ctx, LEAD_UPDATED, row);
}

// --- status, assignment, score ---------------------------------------------------------------

async function queueStatusMail(
  ctx: TenantContext,
  publicUrl: string,
  row: LeadRow,
  change: { from: LeadStatus; note: string },
): Promise<void> {
  if (!row.assignedTo || row.assignedTo === ctx.userId) return;
  const [rep] = await assignableMembers(ctx, [row.assignedTo]);
  if (!rep) return;
  const [actor] = await ctx.tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, ctx.userId));
  const prefix = rep.language === 'sv' ? '/sv' : '';
  await enqueue(ctx.tx, {
    kind: 'mail.send',
    organizationId: ctx.organizationId,
    payload: {
      template: 'lead_status_changed',
      to: rep.email,
      language: rep.language,
      name: rep.name.split(' ')[0] ?? rep.name,
      link: `${publicUrl}${prefix}/leads/${row.id}`,
      detail: leadStatusChangeDetail(rep.language, {
        lead: [`${row.firstName} ${row.lastName}`.trim(), row.company].filter(Boolean).join(', '),
        from: change.from,
        to: row.status,
        by: `${actor?.firstName ?? ''} ${actor?.lastName ?? ''}`.trim(),
        note: change.note,
      }),
    },
  });
}

/** POST /leads/{id}/status/: one status change, on the timeline with its note. */
export async function changeStatus(
  ctx: TenantContext,
  publicUrl: string,
  leadId: string,
  data: { status: LeadStatus; note?: string | undefined; notify: boolean },
): Promise<Lead> {
  assertCan(ctx, 'leads.write');
  const current = await lockLead(ctx, leadId);
  if (current.status === data.status) return toLead(current);
  const [row] = await ctx.tx
    .update(leads)
    .set({ status: data.status, updatedAt: new Date() })
    .where(mine(ctx, leadId))
    .returning();
  if (!row) throw leadNotFound();
  const note = data.note ?? '';
  await addActivities(ctx, leadId, [
    { type: 'status_changed', description: note, metadata: { from: current.status, to: data.status } },
  ]);
  if (data.notify) await queueStatusMail(ctx, publicUrl, row, { from: current.status, note });
  return announce(ctx, LEAD_UPDATED, row);
}

/** POST /leads/{id}/assign/: to a member who works on leads, or to nobody. */
export async function assignLead(
  ctx: TenantContext,
  leadId: string,
  data: { assigned_to: string | null; note?: string | undefined },
): Promise<Lead> {
  assertCan(ctx, 'leads.write');
  const current = await lockLead(ctx, leadId);
  const member = await assignee(ctx, data.assigned_to);
  if (current.assignedTo === (member?.id ?? null)) return toLead(current);
  const [row] = await ctx.tx
    .update(leads)
    .set({ assignedTo: member?.id ?? null, updatedAt: new Date() })
    .where(mine(ctx, leadId))
    .returning();
  if (!row) throw leadNotFound();
  await addActivities(ctx, leadId, [
    {
      type: 'assigned',
      description: data.note ?? '',
      metadata: { from: current.assignedTo, to: member?.id ?? null, to_name: member?.name ?? '' },
    },
  ]);
  return announce(ctx, LEAD_UPDATED, row);
}

function scoreAnswer(row: LeadRow, rules: ScoringRules): LeadScore {
  const breakdown = scoreLead(scoredAnswers(row), rules);
  return { score: row.score, auto_score: row.autoScore, manual_score: row.manualScore, lines: breakdown.lines };
}

/** GET /leads/{id}/score/: the score and why, factor by factor. */
export async function getLeadScore(ctx: TenantContext, leadId: string): Promise<LeadScore> {
  assertCan(ctx, 'leads.read');
  const [row] = await ctx.tx.select().from(leads).where(mine(ctx, leadId));
  if (!row) throw leadNotFound();
  const { rules } = await loadScoringRules(ctx.tx, ctx.organizationId);
  return scoreAnswer(row, rules);
}

/** PUT /leads/{id}/score/: a manual score, or null to go back to the rules. */
export async function setManualScore(
  ctx: TenantContext,
  leadId: string,
  manualScore: number | null,
): Promise<LeadScore> {
  assertCan(ctx, 'leads.write');
  const current = await lockLead(ctx, leadId);
  const { rules } = await loadScoringRules(ctx.tx, ctx.organizationId);
  const autoScore = scoreLead(scoredAnswers(current), rules).score;
  const score = manualScore ?? autoScore;
  const [row] = await ctx.tx
    .update(leads)
    .set({ manualScore, autoScore, score, updatedAt: new Date() })
    .where(mine(ctx, leadId))
    .returning();
  if (!row) throw leadNotFound();
  if (score !== current.score || manualScore !== current.manualScore)
    await addActivities(ctx, leadId, [
      { type: 'score_changed', metadata: { from: current.score, to: score, manual: manualScore !== null } },
    ]);
  await announce(ctx, LEAD_UPDATED, row);
  return scoreAnswer(row, rules);
}
