import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { LeadStatus } from '@leadcapture/contracts/constants';
import {
  LEAD_RETENTION_DAYS,
  type CreateLeadData,
  type Lead,
  type LeadScore,
  type UpdateLeadData,
} from '@leadcapture/contracts/leads';
import type { DuplicateLeadMode } from '@leadcapture/contracts/organizations';
import { scoreLead, type ScoredLead, type ScoringRules } from '@leadcapture/contracts/lead-scoring';
import { evaluateAnswerRules, type AnswerRule } from '@leadcapture/contracts/answer-rules';
import { type Tx } from '../../db/database.ts';
import type { TenantContext } from '../../db/tenant.ts';
import { AppError, notFound, validationError } from '../../http/errors.ts';
import { assertCan } from '../../http/permissions.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { reserveUsage } from '../billing/billing.service.ts';
import { withCalendarDatesResolved } from '../organizations/organizations.service.ts';
import { users } from '../auth/auth.table.ts';
import { memberships, organizations } from '../organizations/organizations.table.ts';
import { notifyLeadChanges } from '../notifications/notifications.service.ts';
import { loadScoringRules } from './lead-scoring.service.ts';
import { events } from '../events/events.table.ts';
import { offers } from '../offers/offers.table.ts';
import { queueWebhookEvents } from '../webhooks/webhooks.service.ts';
import { leadActivities, leads } from './leads.table.ts';

// The module's public surface for other modules (docs/architecture.md, "Modules"): what they may
// use of its other files.
export { loadScoringRules, rescoreEventAnswers, rescorePageAnswers } from './lead-scoring.service.ts';
// For the bulk centre (modules/data): a batch of a bulk job is one bulk request, over the list's filters.
export { bulkLeads, LEADS_BULK_UPDATED } from './lead-bulk.service.ts';
export { listConditions, listKeyset, type ListCursor } from './lead-list.service.ts';
export { getPageLead, listPageLeads, type LeadPage } from './lead-list.service.ts';

export type LeadRow = typeof leads.$inferSelect;

/**
 * Outbox kinds of lead changes, delivered to the live-event bus (docs/jobs.md). `capture_leads`
 * (db/functions/capture_leads.sql) writes LEAD_CREATED by its value for captured leads.
 */
export const LEAD_CREATED = 'lead.created';
export const LEAD_UPDATED = 'lead.updated';
export const LEAD_DELETED = 'lead.deleted';

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

// --- one lead --------------------------------------------------------------------------------

export const mine = (ctx: TenantContext, leadId: string) =>
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
    // The stored points of the event's answer rules; getLeadScore reads the rules for the lines.
    answers: row.answerPoints === 0 ? [] : [{ rule_id: '', label: '', points: row.answerPoints }],
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

/**
 * The scoring rules over the lead's form answers: its event's, else its offer's (an offer's
 * captures are scored by the offer's own rules); [] with neither.
 */
export async function eventAnswerRules(
  ctx: VisitorScope,
  eventId: string | null,
  offerId: string | null = null,
): Promise<AnswerRule[]> {
  if (eventId) {
    const [row] = await ctx.tx
      .select({ rules: events.answerRules })
      .from(events)
      .where(and(eq(events.id, eventId), eq(events.organizationId, ctx.organizationId)));
    return row?.rules ?? [];
  }
  if (!offerId) return [];
  const [row] = await ctx.tx
    .select({ rules: offers.answerRules })
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.organizationId, ctx.organizationId)));
  return row?.rules ?? [];
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
async function leadWithEmail(ctx: VisitorScope, email: string): Promise<LeadRow | undefined> {
  if (email === '') return undefined;
  await lockLeadEmails(ctx.tx, ctx.organizationId, [email]);
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
  // A new lead counts against the month's limit; one that joins a known lead does not.
  await reserveUsage(ctx, 'leads');
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
    answerPoints: 0,
  } satisfies typeof leads.$inferInsert;
  // The event's answer rules read the answers given here as they read a capture's.
  const answers = evaluateAnswerRules(await eventAnswerRules(ctx, values.eventId), values.customFields);
  values.answerPoints = answers.points;
  if (data.interest === undefined) values.interest = answers.interest;
  const auto = scoreLead({ ...scoredAnswersOf(values), activity_count: 0, answers: answers.hits }, rules).score;
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
 * The columns a change of a lead's fields sets: only the fields given. One mapping for an edit
 * by hand (updateLead) and a file's row that updates a lead (data-imports.service).
 */
export function leadColumnChanges(data: UpdateLeadData): Partial<typeof leads.$inferInsert> {
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
  return changes;
}

/**
 * Takes the per-address lock of each email (any case) of the organisation, in one order, for
 * the rest of the transaction: a lead created by hand, a capture and an import of the same
 * address cannot both insert it.
 */
export async function lockLeadEmails(tx: Tx, organizationId: string, emails: string[]): Promise<void> {
  const keys = [...new Set(emails.filter((e) => e !== '').map((e) => `${organizationId}:${e.toLowerCase()}`))].sort();
  if (keys.length === 0) return;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) as k order by k`,
  );
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
  const changes = leadColumnChanges(data);
  // A new follow-up date reminds again (notifications: follow-up reminders), its setter too.
  if (changes.followUpDate !== undefined && changes.followUpDate?.getTime() !== current.followUpDate?.getTime()) {
    changes.followUpRemindedAt = null;
    changes.followUpSetBy = changes.followUpDate ? ctx.userId : null;
  }

  // New answers (or another event) are read by the event's answer rules again: their points, and
  // the interest they set unless this change sets it.
  if (changes.customFields !== undefined || changes.eventId !== undefined) {
    const answers = evaluateAnswerRules(
      await eventAnswerRules(ctx, changes.eventId !== undefined ? changes.eventId : current.eventId, current.offerId),
      changes.customFields ?? current.customFields,
    );
    changes.answerPoints = answers.points;
    if (data.interest === undefined && answers.interest !== null) changes.interest = answers.interest;
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
  const lead = await announce(ctx, LEAD_UPDATED, row);
  await announceChanges(ctx, lead, current);
  return lead;
}

/**
 * The webhook events a change of status or assignee also is (lead.status_changed with the
 * previous status, lead.assigned with the previous assignee), and the assignee's notification
 * (notifications: never of their own change), in the change's transaction.
 */
export async function announceChanges(
  ctx: TenantContext,
  lead: Lead,
  before: { status: LeadStatus; assignedTo: string | null },
  notice: { immediateMail?: boolean; note?: string } = {},
): Promise<void> {
  await notifyLeadChanges(ctx, lead, before, notice);
  const events: Parameters<typeof queueWebhookEvents>[2] = [];
  if (lead.status !== before.status)
    events.push({ type: 'lead.status_changed', data: { ...lead, previous_status: before.status } });
  if (lead.assigned_to !== before.assignedTo)
    events.push({ type: 'lead.assigned', data: { ...lead, previous_assigned_to: before.assignedTo } });
  await queueWebhookEvents(ctx.tx, ctx.organizationId, events);
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

/** POST /leads/{id}/status/: one status change, on the timeline with its note. */
export async function changeStatus(
  ctx: TenantContext,
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
  const lead = await announce(ctx, LEAD_UPDATED, row);
  await announceChanges(ctx, lead, current, { immediateMail: data.notify, note });
  return lead;
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
  const lead = await announce(ctx, LEAD_UPDATED, row);
  await announceChanges(ctx, lead, current);
  return lead;
}

/**
 * The breakdown: the organisation's factors, then one line per answer rule of the event that the
 * lead's answers match (its label and points; a rule that only sets the interest shows 0).
 */
async function scoreAnswer(ctx: TenantContext, row: LeadRow, rules: ScoringRules): Promise<LeadScore> {
  const { hits } = evaluateAnswerRules(await eventAnswerRules(ctx, row.eventId, row.offerId), row.customFields);
  const breakdown = scoreLead({ ...scoredAnswers(row), answers: hits }, rules);
  return { score: row.score, auto_score: row.autoScore, manual_score: row.manualScore, lines: breakdown.lines };
}

/** GET /leads/{id}/score/: the score and why, factor by factor. */
export async function getLeadScore(ctx: TenantContext, leadId: string): Promise<LeadScore> {
  assertCan(ctx, 'leads.read');
  const [row] = await ctx.tx.select().from(leads).where(mine(ctx, leadId));
  if (!row) throw leadNotFound();
  const { rules } = await loadScoringRules(ctx.tx, ctx.organizationId);
  return scoreAnswer(ctx, row, rules);
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
  return scoreAnswer(ctx, row, rules);
}
