import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CaptureLanguage, CaptureSource } from '@leadcapture/contracts/public-capture';
import type { Lead } from '@leadcapture/contracts/leads';
import type { StandardLeadFieldName, SubmissionValue } from '@leadcapture/contracts/form-fields';
import type { AnswerRule } from '@leadcapture/contracts/answer-rules';
import type { ScoringRules } from '@leadcapture/contracts/lead-scoring';
import type { EventAssignment } from '@leadcapture/contracts/qualification';
import { enqueue, type OutboxItem } from '../../jobs/outbox.ts';
import { newOpaqueToken } from '../auth/auth.service.ts';
import { events } from '../events/events.table.ts';
import {
  LEAD_CREATED,
  LEAD_UPDATED,
  leadNotFound,
  toLead,
  type LeadRow,
  type VisitorScope,
} from '../leads/leads.service.ts';
import { leadActivities, leads, type LeadAttribution } from '../leads/leads.table.ts';
import { qualifyCapture } from '../qualification/qualification.service.ts';
import type { CaptureWrites } from './capture-writes.ts';
import type { PageKind } from './public-pages.ts';

/**
 * Captured leads as they are written (decisions 012 and 023): events' and offers' alike through
 * the batched `capture_leads` statement (capture-writes.ts), and a repeat capture of a known
 * address linked to its lead.
 */

/** How long a double opt-in link works: a visitor may read the mail days after the fair. */
export const EMAIL_CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The public page a lead was captured on: an event's capture page or an offer page. */
export interface CapturePage {
  kind: PageKind;
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
  /** The event's rules over its form answers (the page's version covers them). */
  answerRules: readonly AnswerRule[];
}

/** A lead row as a capture writes it: every column given, so the outbox can carry the lead as stored. */
function capturedRow(organizationId: string, input: CapturedLeadInput, now: Date): LeadRow {
  const { page, standard } = input;
  const consentGiven = input.consent && page.consentText !== '';
  const answers = qualifyCapture(
    { source: input.source, customFields: input.customFields },
    input.answerRules,
    input.rules,
  );
  const { score } = answers;
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
    interest: answers.interest,
    score,
    autoScore: score,
    manualScore: null,
    activityCount: 0,
    answerPoints: answers.answerPoints,
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
    firstContactedAt: null,
    firstContactedBy: null,
    createdAt: now,
    updatedAt: now,
  };
}

export type CaptureWrite =
  | { outcome: 'created'; lead: Lead }
  /** Past the month's lead limit: kept in held_leads until an upgrade releases it, nothing sent. */
  | { outcome: 'held' }
  /** A lead with this id exists (an Idempotency-Key's repeat): nothing written. */
  | { outcome: 'replayed' }
  /** The page is no longer the copy the answers were checked against: nothing written. */
  | { outcome: 'stale' }
  /** The organisation has a lead with this email and links captures to it: nothing written. */
  | { outcome: 'duplicate'; leadId: string };

/** What a capture wrote (`createCapturedLead`). */
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
 * transaction, as the page's tenant: the SQL function `capture_leads` (db/functions/,
 * decisions 012 and 023) checks that the event or offer is still public and unchanged since
 * `pageVersion` (its `updated_at` as text), writes the lead unless its id is taken (pending when
 * the page requires approval, the consent text only when ticked), `lead.created` in the outbox
 * (leased to this process, which delivers it after the commit), and the double opt-in token and
 * its mail when the event asks for it. The function reads the lead's columns from the lead as the API shows it (same
 * names, dates as ISO text) and announces that same object, so what is stored is exactly what
 * `lead.created` announces. One round trip, and no lock is held while Node works; under load,
 * captures share it (capture-writes.ts).
 */
export async function createCapturedLead(
  writes: CaptureWrites,
  publicUrl: string,
  input: CapturedLeadInput & {
    organizationId: string;
    pageVersion: string;
    rulesVersion: string | null;
    /** The event's automatic assignment (null: none), decided in the write. */
    assignment: EventAssignment | null;
  },
): Promise<EventCaptureWrite> {
  const { organizationId } = input;
  const now = new Date();
  const row = capturedRow(organizationId, input, now);
  const lead = toLead(row);
  // lead.created is written by capture_leads from `lead`: the lead crosses to the database once.
  const messages: { kind: string; payload: Record<string, unknown> }[] = [];
  let confirmation: { token_hash: string; expires_at: string } | null = null;
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
    pageKind: input.page.kind,
    pageId: input.page.id,
    pageVersion: input.pageVersion,
    rulesVersion: input.rulesVersion,
    lead,
    messageId,
    outbox: messages,
    confirmation,
    email: row.email,
    assign: input.assignment,
    answerPoints: row.answerPoints,
  });
  if (outcome.kind === 'created') {
    // capture_leads assigned it (and wrote the same assignee into the stored lead.created).
    lead.assigned_to = outcome.assignedTo;
    const announcement = { id: messageId, kind: LEAD_CREATED, organizationId, payload: { data: lead }, attempts: 1 };
    return { outcome: 'created', lead, announcement, queued: messages.length > 0 };
  }
  if (outcome.kind === 'duplicate') return { outcome: 'duplicate', leadId: outcome.leadId };
  return { outcome: outcome.kind };
}

/**
 * A capture whose email the organisation already has (decision 013): recorded on that lead's
 * timeline as `captured_again`, with what the visitor sent; the lead takes the event (or offer)
 * when it had none and the new answers over its custom fields. The activity's id is the capture's id, so a repeat of an Idempotency-Key finds it and writes nothing.
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
  await enqueue(tx, { kind: LEAD_UPDATED, organizationId, payload: { data: toLead(row) } });
  return 'linked';
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
