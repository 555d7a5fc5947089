import { hash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { deriveEventStatus } from '@leadcapture/contracts/event-status';
import { STANDARD_LEAD_FIELDS, type FormField } from '@leadcapture/contracts/form-fields';
import type { CaptureRequestData } from '@leadcapture/contracts/leads';
import {
  HONEYPOT_FIELD,
  UTM_PARAMS,
  isValidCapture,
  validateCaptureAnswers,
  type CaptureResult,
  type ConfirmLeadEmailResult,
  type PageViewResult,
  type PublicEvent,
  type PublicEventForm,
} from '@leadcapture/contracts/public-capture';
import type { Tx } from '../../db/database.ts';
import { inScope, setScope } from '../../db/tenant.ts';
import type { AppDeps } from '../../http/deps.ts';
import { AppError, validationError } from '../../http/errors.ts';
import type { ThrottleRule } from '../../http/throttle.ts';
import { hashToken } from '../auth/auth.service.ts';
import { capturePageViews, type events } from '../events/events.table.ts';
import { publicFileUrl } from '../files/files.service.ts';
import { loadScoringRules, type VisitorScope } from '../leads/leads.service.ts';
import {
  createCapturedLead,
  linkCapturedLead,
  markEmailVerified,
  type CapturedLeadInput,
  type CapturePage,
} from './captured-leads.ts';
import type { CaptureTarget } from './capture-targets.ts';
import { inPublicEvent, inPublicOffer, lookupKey, type PageKind } from './public-pages.ts';
import { heldApproval, noticeHeldLeads } from '../billing/billing.service.ts';
import { attachToLead, attachmentAnswers, checkAttachments } from './attachments.ts';
import { leadEmailConfirmations, leads, type LeadAttribution } from '../leads/leads.table.ts';
import type { offers } from '../offers/offers.table.ts';
import { organizations } from '../organizations/organizations.table.ts';

type EventRow = typeof events.$inferSelect;
type OfferRow = typeof offers.$inferSelect;

const invalidLink = () => new AppError('NOT_FOUND', 'This confirmation link is invalid, expired or already used.');

/**
 * Views a public page may count per address before further views are quietly not counted (a
 * reload loop or a script must not turn analytics into noise or the counter row into a hot spot).
 */
const VIEWS_PER_ADDRESS: ThrottleRule = { name: 'capture-view-ip', limit: 300, windowSeconds: 10 * 60 };

/** Counts one view from `ip` (events' and offers' pages alike) and says whether it may be counted. */
export async function viewWithinLimit(deps: AppDeps, ip: string | null): Promise<boolean> {
  if (!ip) return true;
  const { count } = await deps.throttle.store.hit(`${VIEWS_PER_ADDRESS.name}:${ip}`, VIEWS_PER_ADDRESS.windowSeconds);
  return count <= VIEWS_PER_ADDRESS.limit;
}

/** Captures per address (CAPTURE_RATE_LIMIT, docs/capture.md). */
export function captureRule(deps: AppDeps): ThrottleRule {
  return { name: 'capture-ip', ...deps.config.captureRateLimit };
}

function publicStatus(event: EventRow): PublicEvent['status'] {
  const status = deriveEventStatus('active', event.startDate, event.endDate);
  return status === 'upcoming' || status === 'completed' ? status : 'active';
}

/** GET /public/events/{id_or_slug}/ */
export async function getPublicEvent(deps: AppDeps, idOrSlug: string): Promise<PublicEvent> {
  return inPublicEvent(deps.db, idOrSlug, async ({ tx }, event) => {
    const [org] = await tx
      .select({ name: organizations.name, logoUrl: organizations.logoUrl })
      .from(organizations)
      .where(eq(organizations.id, event.organizationId));
    return {
      id: event.id,
      name: event.name,
      slug: event.slug,
      description: event.description,
      start_date: event.startDate?.toISOString() ?? null,
      end_date: event.endDate?.toISOString() ?? null,
      location: event.location,
      website: event.website,
      primary_color: event.primaryColor,
      welcome_message: event.welcomeMessage,
      // The event's own logo, else the organisation's: the page carries the organiser's brand.
      logo_url: event.logoFileId ? publicFileUrl(deps.config.publicUrl, event.logoFileId) : (org?.logoUrl ?? null),
      consent_text: event.consentText,
      form_fields: event.formFields,
      organization_name: org?.name ?? '',
      status: publicStatus(event),
      email_verification: event.settings.email_verification,
    };
  });
}

/** GET /public/events/{id_or_slug}/form/ */
export async function getPublicEventForm(deps: AppDeps, idOrSlug: string): Promise<PublicEventForm> {
  return inPublicEvent(deps.db, idOrSlug, async (_scope, event) => ({
    event_id: event.id,
    standard_fields: [...STANDARD_LEAD_FIELDS],
    form_fields: event.formFields,
    consent_text: event.consentText,
    honeypot_field: HONEYPOT_FIELD,
  }));
}

/**
 * POST /public/events/{id_or_slug}/views/: one view of the page, counted in the event's row
 * for the UTC day (no cookie, no visitor identifier) when the event tracks analytics.
 */
export async function recordPageView(deps: AppDeps, ip: string | null, idOrSlug: string): Promise<PageViewResult> {
  const withinLimit = await viewWithinLimit(deps, ip);
  return inPublicEvent(deps.db, idOrSlug, async ({ tx, organizationId }, event) => {
    if (!event.settings.analytics_tracking || !withinLimit) return { counted: false };
    await tx
      .insert(capturePageViews)
      .values({ organizationId, eventId: event.id, day: sql`(now() at time zone 'utc')::date`, views: 1 })
      .onConflictDoUpdate({
        target: [capturePageViews.eventId, capturePageViews.day],
        set: { views: sql`${capturePageViews.views} + 1` },
      });
    return { counted: true };
  });
}

export function honeypotFilled(body: CaptureRequestData): boolean {
  const value = body[HONEYPOT_FIELD];
  if (value === undefined || value === null || value === false) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

export function attributionOf(body: CaptureRequestData): LeadAttribution {
  const out: LeadAttribution = {};
  for (const name of UTM_PARAMS) {
    const value = body[name];
    if (value) out[name] = value;
  }
  if (body.referrer) out.referrer = body.referrer;
  return out;
}

export interface CaptureOutcome {
  statusCode: number;
  result: CaptureResult;
  /** The answer of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
  /** A lead was written (not a replay, not the honeypot). */
  created?: boolean;
}

/**
 * The lead id a request with an Idempotency-Key writes: derived from the event and the key
 * (SHA-256, as an RFC 9562 version 8 UUID), so a repeat names the lead the first one wrote and
 * the lead's primary key is the guard. Unguessable without the key, which only the visitor's
 * page knows.
 */
export function idempotentLeadId(eventId: string, key: string): string {
  // One-shot hash: half the time of createHash().update().digest(), once per capture.
  const bytes = hash('sha256', `lead:${eventId}:${key}`, 'buffer').subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The answer the first request with this Idempotency-Key got, read from the lead it wrote. */
export async function replayedAnswer({ tx, organizationId }: VisitorScope, leadId: string): Promise<CaptureOutcome> {
  const [lead] = await tx
    .select({ approvalStatus: leads.approvalStatus })
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.organizationId, organizationId)));
  if (!lead) {
    // A held capture's repeat answers what the first answer said.
    const held = await heldApproval({ tx, organizationId }, leadId);
    if (held === null) throw new AppError('CONFLICT', 'This Idempotency-Key was already used for another request.');
    return {
      statusCode: 201,
      result: { id: leadId, status: held === 'pending' ? 'pending_approval' : 'received' },
      replayed: true,
    };
  }
  // Pending is what the first answer said for a page that requires approval; once decided,
  // the lead was received either way.
  const status = lead.approvalStatus === 'pending' ? 'pending_approval' : 'received';
  return { statusCode: 201, result: { id: leadId, status }, replayed: true };
}

/** An event's capture page as a capture sees it. */
function eventPage(event: EventRow): CapturePage {
  return {
    kind: 'event',
    id: event.id,
    name: event.name,
    consentText: event.consentText,
    requireApproval: event.settings.require_approval,
    emailVerification: event.settings.email_verification,
  };
}

/** An offer page as a capture sees it: offers have no double opt-in. */
function offerPage(offer: OfferRow): CapturePage {
  return {
    kind: 'offer',
    id: offer.id,
    name: offer.title,
    consentText: offer.consentText,
    requireApproval: offer.settings.require_approval,
    emailVerification: false,
  };
}

/**
 * The public event or offer a capture goes to: the process's copy when it has one (`fresh`
 * skips it), else read by the public lookup. 404 for what is not public.
 */
async function captureTarget(deps: AppDeps, kind: PageKind, idOrSlug: string, fresh: boolean): Promise<CaptureTarget> {
  const key = `${kind}:${lookupKey(idOrSlug)}`;
  const cached = fresh ? undefined : deps.captureTargets.get(key);
  if (cached) return cached;
  const withRules = async (
    { tx, organizationId }: VisitorScope,
    page: CapturePage,
    formFields: FormField[],
    version: string,
    qualification: Pick<CaptureTarget, 'assignment' | 'answerRules'>,
  ): Promise<CaptureTarget> => {
    const scoring = await loadScoringRules(tx, organizationId);
    return {
      organizationId,
      page,
      formFields,
      version,
      rules: scoring.rules,
      rulesVersion: scoring.version,
      ...qualification,
    };
  };
  try {
    const target = await (kind === 'event'
      ? inPublicEvent(deps.db, idOrSlug, (scope, event, version) =>
          withRules(scope, eventPage(event), event.formFields, version, {
            assignment: event.assignment.mode === 'none' ? null : event.assignment,
            answerRules: event.answerRules,
          }),
        )
      : inPublicOffer(deps.db, idOrSlug, (scope, offer, version) =>
          withRules(scope, offerPage(offer), offer.formFields, version, {
            assignment: offer.assignment.mode === 'none' ? null : offer.assignment,
            answerRules: offer.answerRules,
          }),
        ));
    deps.captureTargets.set(key, target);
    return target;
  } catch (err) {
    deps.captureTargets.forget(key);
    throw err;
  }
}

/** Reloads of a changed page before a capture gives up (a page edited on every try). */
const STALE_RETRIES = 3;

/**
 * The organisations (and months) whose owners were told of held captures, as this process knows:
 * a rush past the limit asks the database once a month per organisation, not once a capture
 * (the claim itself, `held_noticed_month`, is what makes it once across processes).
 */
const heldNoticed = new Set<string>();
const HELD_NOTICED_MAX = 10_000;

async function noticeHeldOnce(deps: AppDeps, organizationId: string): Promise<void> {
  const key = `${organizationId}:${new Date().toISOString().slice(0, 7)}`;
  if (heldNoticed.has(key)) return;
  const told = await inScope(deps.db, { organizationId }, (tx) => noticeHeldLeads(tx, organizationId));
  if (heldNoticed.size >= HELD_NOTICED_MAX) heldNoticed.clear();
  heldNoticed.add(key);
  if (told) deps.outbox.kick();
}

/**
 * POST /public/events/{id_or_slug}/leads/ and POST /public/offers/{id_or_slug}/submit/: one
 * write path for both pages (docs/capture.md). Per-address throttling, 404 unless public, the
 * honeypot (answered like a success, nothing stored), the answers checked against the page's
 * form (a cached copy), then one statement writes the lead (unless an earlier request with the
 * same Idempotency-Key wrote it) with its outbox rows, after checking that the copy is still the
 * page as it is; if not, the page is read again and the answers checked again. A known address
 * joins its lead instead (decision 013).
 */
export async function captureLead(
  deps: AppDeps,
  ip: string | null,
  kind: PageKind,
  idOrSlug: string,
  body: CaptureRequestData,
  idempotencyKey: string | undefined,
): Promise<CaptureOutcome> {
  if (ip) await deps.throttle.consume(captureRule(deps), ip);
  // Drawn once: a retry after a stale copy is the same capture (its file claims name this id).
  const drawnId = randomUUID();
  for (let attempt = 0; attempt <= STALE_RETRIES; attempt++) {
    const { organizationId, page, formFields, version, rules, rulesVersion, assignment, answerRules } =
      await captureTarget(deps, kind, idOrSlug, attempt > 0);
    if (honeypotFilled(body))
      return { statusCode: 201, result: { id: randomUUID(), status: 'received' }, replayed: false };
    const answers = validateCaptureAnswers(formFields, body);
    if (!isValidCapture(answers)) throw validationError(answers.errors);
    const result: CaptureResult = {
      id: idempotencyKey ? idempotentLeadId(page.id, idempotencyKey) : drawnId,
      status: page.requireApproval ? 'pending_approval' : 'received',
    };
    const input: CapturedLeadInput = {
      id: result.id,
      page,
      standard: answers.standard,
      customFields: answers.responses,
      source: body.source ?? 'direct',
      attribution: attributionOf(body),
      consent: body.consent === true,
      language: body.language ?? 'en',
      rules,
      answerRules,
    };
    // File answers are checked before the write and attached after it (the batched write takes
    // no part in them); a form without a file answer costs nothing more.
    const attachments = attachmentAnswers(formFields, answers.responses);
    const attach = async (leadId: string, check: boolean) => {
      if (attachments.size === 0) return;
      await inScope(deps.db, { organizationId }, (tx) =>
        check
          ? checkAttachments({ organizationId, tx }, page.id, leadId, attachments)
          : attachToLead({ organizationId, tx }, leadId, attachments),
      );
    };
    await attach(result.id, true);
    const written = await createCapturedLead(deps.captureWrites, deps.config.publicUrl, {
      ...input,
      organizationId,
      pageVersion: version,
      rulesVersion,
      assignment,
    });
    if (written.outcome === 'created') {
      await attach(result.id, false);
      // lead.created is delivered now (live updates) by this process, which leased it; a
      // double opt-in's mail waits in the outbox, delivered now rather than at the next poll.
      deps.outbox.deliverLeased([written.announcement]);
      if (written.queued) deps.outbox.kick();
      return { statusCode: 201, result, replayed: false, created: true };
    }
    if (written.outcome === 'held') {
      // Past the month's limit: the visitor is thanked as for any lead; the owners hear of it once
      // a month, and nothing else happens until an upgrade releases it (billing/held-leads.ts).
      await noticeHeldOnce(deps, organizationId);
      return { statusCode: 201, result, replayed: false, created: true };
    }
    if (written.outcome === 'replayed') {
      return inScope(deps.db, { organizationId }, (tx) => replayedAnswer({ organizationId, tx }, result.id));
    }
    if (written.outcome === 'duplicate') {
      const linked = await inScope(deps.db, { organizationId }, (tx) =>
        linkCapturedLead({ organizationId, tx }, written.leadId, input),
      );
      if (linked === 'linked') deps.outbox.kick();
      await attach(written.leadId, false);
      // The visitor is told as for a new lead; the team sees the capture on the lead they know.
      return {
        statusCode: 201,
        result: { id: written.leadId, status: result.status },
        replayed: linked === 'replayed',
        created: linked === 'linked',
      };
    }
  }
  throw new Error(`${kind} ${idOrSlug} changed on every one of ${STALE_RETRIES + 1} capture attempts`);
}

/**
 * POST /public/leads/confirm-email/: the double opt-in link. The token's hash is the public
 * lookup that admits its one confirmation row; the tenant comes from that row. Single use.
 */
export async function confirmLeadEmail(deps: AppDeps, token: string): Promise<ConfirmLeadEmailResult> {
  const hash = hashToken(token);
  const eventName = await deps.db.transaction(async (tx: Tx) => {
    await tx.execute(sql`select set_config('app.public_lookup', ${hash}, true)`);
    const [row] = await tx
      .select({ id: leadEmailConfirmations.id, organizationId: leadEmailConfirmations.organizationId })
      .from(leadEmailConfirmations)
      .where(
        and(
          eq(leadEmailConfirmations.tokenHash, hash),
          sql`${leadEmailConfirmations.usedAt} is null`,
          sql`${leadEmailConfirmations.expiresAt} > now()`,
        ),
      );
    if (!row) throw invalidLink();
    await setScope(tx, { organizationId: row.organizationId });
    // The used mark is the single-use guard: of two concurrent clicks only one updates the row.
    const [used] = await tx
      .update(leadEmailConfirmations)
      .set({ usedAt: new Date() })
      .where(and(eq(leadEmailConfirmations.id, row.id), sql`${leadEmailConfirmations.usedAt} is null`))
      .returning({ leadId: leadEmailConfirmations.leadId });
    if (!used) throw invalidLink();
    const verified = await markEmailVerified({ organizationId: row.organizationId, tx }, used.leadId);
    if (!verified) throw invalidLink();
    return verified.eventName;
  });
  deps.outbox.kick();
  return { email_verified: true, event_name: eventName };
}
