import { attachToLead, attachmentAnswers, checkAttachments } from './attachments.ts';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { CaptureRequestData } from '@leadcapture/contracts/leads';
import {
  isValidCapture,
  validateCaptureAnswers,
  type CaptureResult,
  type PageViewResult,
  type PublicOffer,
} from '@leadcapture/contracts/public-capture';
import type { Database } from '../../db/database.ts';
import { setScope } from '../../db/tenant.ts';
import type { AppDeps } from '../../http/deps.ts';
import { AppError, validationError } from '../../http/errors.ts';
import { loadScoringRules, type VisitorScope } from '../leads/leads.service.ts';
import { linkCapturedLead, writeOfferLead, type CapturedLeadInput } from './captured-leads.ts';
import { offerPageViews, offers } from '../offers/offers.table.ts';
import { organizations } from '../organizations/organizations.table.ts';
import {
  attributionOf,
  captureRule,
  honeypotFilled,
  idempotentLeadId,
  lookupKey,
  openPublicLookup,
  replayedAnswer,
  viewWithinLimit,
  type CaptureOutcome,
} from './capture.service.ts';

type OfferRow = typeof offers.$inferSelect;

/** The catalogue's wording (spec 01 §8) for every offer that is not public. */
const offerNotFound = () => new AppError('NOT_FOUND', 'This offer was not found or is no longer available.');

/**
 * Runs `fn` in one transaction that reads exactly the public offer `idOrSlug` (the public
 * lookup, as for events) and then acts as its organisation. Only an active, published offer is
 * public (docs/offers.md): draft, archived, unpublished and unknown are all 404.
 */
export async function inPublicOffer<T>(
  db: Database,
  idOrSlug: string,
  fn: (scope: VisitorScope, offer: OfferRow) => Promise<T>,
) {
  const key = lookupKey(idOrSlug);
  return db.transaction(async (tx) => {
    const match = await openPublicLookup(tx, key, offers.id, offers.slug);
    const [offer] = await tx
      .select()
      .from(offers)
      .where(and(match, eq(offers.status, 'active'), eq(offers.isPublished, true)))
      // A slug that happens to spell another offer's id loses to that id.
      .orderBy(sql`${offers.slug} = ${key}`)
      .limit(1);
    if (!offer) throw offerNotFound();
    await setScope(tx, { organizationId: offer.organizationId });
    return fn({ organizationId: offer.organizationId, tx }, offer);
  });
}

/** GET /public/offers/{id_or_slug}/ */
export async function getPublicOffer(deps: AppDeps, idOrSlug: string): Promise<PublicOffer> {
  return inPublicOffer(deps.db, idOrSlug, async ({ tx, organizationId }, offer) => {
    const [org] = await tx
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    return {
      id: offer.id,
      title: offer.title,
      slug: offer.slug,
      description: offer.description,
      success_message: offer.successMessage,
      consent_text: offer.consentText,
      form_fields: offer.formFields,
      organization_name: org?.name ?? '',
      require_approval: offer.settings.require_approval,
    };
  });
}

/**
 * POST /public/offers/{id_or_slug}/views/: one view of the page in the offer's row for the UTC
 * day, without a cookie or any visitor identifier (docs/offers.md, Figures).
 */
export async function recordOfferView(deps: AppDeps, ip: string | null, idOrSlug: string): Promise<PageViewResult> {
  const withinLimit = await viewWithinLimit(deps, ip);
  return inPublicOffer(deps.db, idOrSlug, async ({ tx, organizationId }, offer) => {
    if (!withinLimit) return { counted: false };
    await tx
      .insert(offerPageViews)
      .values({ organizationId, offerId: offer.id, day: sql`(now() at time zone 'utc')::date`, views: 1 })
      .onConflictDoUpdate({
        target: [offerPageViews.offerId, offerPageViews.day],
        set: { views: sql`${offerPageViews.views} + 1` },
      });
    return { counted: true };
  });
}

/**
 * POST /public/offers/{id_or_slug}/submit/: the capture rules of an event's page (docs/capture.md)
 * on an offer: per-address throttling, 404 unless public, the honeypot (answered like a
 * success, nothing stored), the answers checked against the offer's form, the Idempotency-Key
 * (same key, same answer, one lead), duplicates linked by email, `lead.created` in the outbox.
 * The offer is read and the lead written in one transaction, so a capture never lands on an
 * offer that was unpublished before it.
 */
export async function submitOffer(
  deps: AppDeps,
  ip: string | null,
  idOrSlug: string,
  body: CaptureRequestData,
  idempotencyKey: string | undefined,
): Promise<CaptureOutcome> {
  if (ip) await deps.throttle.consume(captureRule(deps), ip);
  const outcome = await inPublicOffer(deps.db, idOrSlug, async (scope, offer): Promise<CaptureOutcome> => {
    if (honeypotFilled(body))
      return { statusCode: 201, result: { id: randomUUID(), status: 'received' }, replayed: false };
    const answers = validateCaptureAnswers(offer.formFields, body);
    if (!isValidCapture(answers)) throw validationError(answers.errors);
    const { rules } = await loadScoringRules(scope.tx, scope.organizationId);
    const result: CaptureResult = {
      id: idempotencyKey ? idempotentLeadId(offer.id, idempotencyKey) : randomUUID(),
      status: offer.settings.require_approval ? 'pending_approval' : 'received',
    };
    const input: CapturedLeadInput = {
      id: result.id,
      page: {
        kind: 'offer',
        id: offer.id,
        name: offer.title,
        consentText: offer.consentText,
        requireApproval: offer.settings.require_approval,
        emailVerification: false,
      },
      standard: answers.standard,
      customFields: answers.responses,
      source: body.source ?? 'direct',
      attribution: attributionOf(body),
      consent: body.consent === true,
      language: body.language ?? 'en',
      rules,
    };
    const attachments = attachmentAnswers(offer.formFields, answers.responses);
    await checkAttachments(scope, offer.id, result.id, attachments);
    const written = await writeOfferLead(scope, input);
    switch (written.outcome) {
      case 'created':
        await attachToLead(scope, result.id, attachments);
        return { statusCode: 201, result, replayed: false, created: true };
      case 'duplicate': {
        // The visitor is told as for a new lead; the team sees the capture on the lead they know.
        const linked = await linkCapturedLead(scope, written.leadId, input);
        await attachToLead(scope, written.leadId, attachments);
        return {
          statusCode: 201,
          result: { id: written.leadId, status: result.status },
          replayed: linked === 'replayed',
          created: linked === 'linked',
        };
      }
      default:
        return replayedAnswer(scope, result.id);
    }
  });
  // Delivered now (live updates), not at the next poll.
  if (outcome.created) deps.outbox.kick();
  return outcome;
}
