import { and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { CaptureLanguage, CaptureSource } from '@leadcapture/contracts/public-capture';
import type { EventLeadsQuery, Lead, LeadOrdering } from '@leadcapture/contracts/leads';
import type { StandardLeadFieldName, SubmissionValue } from '@leadcapture/contracts/form-fields';
import { queryRows, type Queryable, type Tx } from '../../db/database.ts';
import type { TenantContext } from '../../db/tenant.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { assertCan } from '../../http/permissions.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { newOpaqueToken } from '../auth/tokens.ts';
import { EVENT_LEAD_COUNT_SLOTS, events, type EventSettings } from '../events/events.table.ts';
import { leads, type LeadAttribution } from './leads.table.ts';

export type LeadRow = typeof leads.$inferSelect;

/** Outbox kinds of lead changes: notifications, webhooks and the live channels read them. */
export const LEAD_CREATED = 'lead.created';
export const LEAD_UPDATED = 'lead.updated';

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
    budget_range: row.budgetRange,
    decision_timeline: row.decisionTimeline,
    decision_role: row.decisionRole,
    interested_products: row.interestedProducts,
    tags: row.tags,
    assigned_to: row.assignedTo,
    notes: row.notes,
    follow_up_date: row.followUpDate?.toISOString() ?? null,
    event: row.eventId,
    offer: null,
    custom_fields: row.customFields,
    approval_status: row.approvalStatus,
    email_verified: row.emailVerifiedAt !== null,
    consent_text: row.consentText,
    consent_given_at: row.consentGivenAt?.toISOString() ?? null,
    attribution: row.attribution,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

// --- capture ---------------------------------------------------------------------------------

export interface CapturedLeadInput {
  /** Chosen by the caller, which may already have promised it (an Idempotency-Key answer). */
  id: string;
  event: { id: string; name: string; consentText: string; settings: EventSettings };
  standard: Record<StandardLeadFieldName, string>;
  customFields: Record<string, SubmissionValue>;
  source: CaptureSource;
  attribution: LeadAttribution;
  consent: boolean;
  language: CaptureLanguage;
}

/** A lead row as a capture writes it: every column given, so the outbox can carry the lead as stored. */
function capturedRow(organizationId: string, input: CapturedLeadInput, now: Date): LeadRow {
  const { event, standard } = input;
  const consentGiven = input.consent && event.consentText !== '';
  return {
    id: input.id,
    organizationId,
    eventId: event.id,
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
    score: 0,
    budgetRange: 'not_specified',
    decisionTimeline: 'not_specified',
    decisionRole: 'not_specified',
    interestedProducts: [],
    tags: [],
    assignedTo: null,
    notes: '',
    followUpDate: null,
    customFields: input.customFields,
    approvalStatus: event.settings.require_approval ? 'pending' : 'approved',
    emailVerifiedAt: null,
    consentText: consentGiven ? event.consentText : '',
    consentGivenAt: consentGiven ? now : null,
    attribution: input.attribution,
    createdBy: null,
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

export type CaptureWrite =
  | { outcome: 'created'; lead: Lead }
  /** A lead with this id exists (an Idempotency-Key's repeat): nothing written. */
  | { outcome: 'replayed' }
  /** The event is no longer the copy the answers were checked against: nothing written. */
  | { outcome: 'stale' };

/**
 * Writes a captured lead with everything that goes with it in one statement, its own
 * transaction, as the event's tenant: the SQL function `capture_lead` (migration 0005, decision
 * 012) checks that the event is still active and unchanged since `eventVersion` (its
 * `updated_at` as text), writes the lead unless its id is taken (pending when the
 * event requires approval, the consent text only when ticked), `lead.created` in the outbox, the
 * double opt-in token and its mail when the event asks for it, and one more in the event's lead
 * count. The function reads the lead's columns from the lead as the API shows it (same names,
 * dates as ISO text), so what is stored is exactly what `lead.created` announces. One round
 * trip, and no lock is held while Node works.
 */
export async function createCapturedLead(
  db: Queryable,
  publicUrl: string,
  input: CapturedLeadInput & { organizationId: string; eventVersion: string },
): Promise<CaptureWrite> {
  const { organizationId } = input;
  const now = new Date();
  const row = capturedRow(organizationId, input, now);
  const lead = toLead(row);
  const messages: { kind: string; payload: Record<string, unknown> }[] = [
    { kind: LEAD_CREATED, payload: { data: lead } },
  ];
  let confirmation: { token_hash: string; expires_at: string } | null = null;
  if (input.event.settings.email_verification && row.email !== '') {
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
        event: input.event.name,
        link: `${publicUrl}${prefix}/capture/confirm?token=${encodeURIComponent(token)}`,
      },
    });
  }
  const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
  const [result] = await queryRows<{ outcome: CaptureWrite['outcome'] }>(
    db,
    sql`select capture_lead(
      ${organizationId}::uuid, ${input.event.id}::uuid, ${input.eventVersion},
      ${json(lead)}::jsonb, ${json(messages)}::jsonb,
      ${json(confirmation)}::jsonb, ${EVENT_LEAD_COUNT_SLOTS}::integer
    ) as outcome`,
  );
  if (!result) throw new Error('capture_lead answered no row');
  return result.outcome === 'created' ? { outcome: 'created', lead } : { outcome: result.outcome };
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

  const conditions: (SQL | undefined)[] = [
    eq(leads.organizationId, ctx.organizationId),
    eq(leads.eventId, eventId),
    isNull(leads.deletedAt),
    query.approval_status ? eq(leads.approvalStatus, query.approval_status) : undefined,
    query.source ? eq(leads.source, query.source) : undefined,
  ];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        ilike(leads.firstName, pattern),
        ilike(leads.lastName, pattern),
        ilike(sql`${leads.firstName} || ' ' || ${leads.lastName}`, pattern),
        ilike(leads.email, pattern),
        ilike(leads.company, pattern),
      ),
    );
  }
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
