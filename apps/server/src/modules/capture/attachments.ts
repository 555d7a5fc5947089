import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { ATTACHMENT_MESSAGES, MAX_ATTACHMENT_BYTES, type Attachment } from '@leadcapture/contracts/files';
import { FORM_MESSAGES, type FormField, type SubmissionValue } from '@leadcapture/contracts/form-fields';
import { queryRows } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import type { AppDeps } from '../../http/deps.ts';
import { AppError, validationError } from '../../http/errors.ts';
import {
  ATTACHMENT_SNIFF_BYTES,
  detectAttachmentType,
  discardStored,
  files,
  storeChecked,
  type Upload,
  type UploadLimit,
} from '../files/files.service.ts';
import type { VisitorScope } from '../leads/leads.service.ts';
import { captureRule } from './capture.service.ts';
import { inPublicEvent, inPublicOffer, type PageKind } from './public-pages.ts';

/**
 * Visitors' files on a form's file field (issue 22): uploaded before the capture to the public
 * page, stored as the page's organisation's `lead_attachment` (never public), then named by id
 * as the field's answer and attached to the lead the capture writes. Visitors can upload only;
 * the team reads the file through the authenticated files routes.
 */

export const attachmentTooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', ATTACHMENT_MESSAGES.tooLarge, { file: [ATTACHMENT_MESSAGES.tooLarge] });
export const ATTACHMENT_LIMIT: UploadLimit = { maxBytes: MAX_ATTACHMENT_BYTES, tooLarge: attachmentTooLarge };
const invalidAttachment = () => validationError({ file: [ATTACHMENT_MESSAGES.invalid] }, ATTACHMENT_MESSAGES.invalid);

interface PublicPage {
  organizationId: string;
  id: string;
  formFields: FormField[];
}

async function publicPage(deps: AppDeps, kind: PageKind, idOrSlug: string): Promise<PublicPage> {
  return kind === 'event'
    ? inPublicEvent(deps.db, idOrSlug, async ({ organizationId }, event) => ({
        organizationId,
        id: event.id,
        formFields: event.formFields,
      }))
    : inPublicOffer(deps.db, idOrSlug, async ({ organizationId }, offer) => ({
        organizationId,
        id: offer.id,
        formFields: offer.formFields,
      }));
}

/**
 * POST /public/{events|offers}/{id_or_slug}/files/: rate-limited like captures, for a public page
 * whose form has a file field. The bytes are stored first (no transaction open while they
 * arrive), then recorded; when recording fails they are removed.
 */
export async function uploadAttachment(
  deps: AppDeps,
  ip: string | null,
  kind: PageKind,
  idOrSlug: string,
  receive: () => Promise<Upload>,
): Promise<Attachment> {
  if (ip) await deps.throttle.consume(captureRule(deps), ip);
  const page = await publicPage(deps, kind, idOrSlug);
  if (!page.formFields.some((field) => field.type === 'file')) {
    throw validationError({ file: [ATTACHMENT_MESSAGES.noFileField] }, ATTACHMENT_MESSAGES.noFileField);
  }
  const stored = await storeChecked(deps.storage, page.organizationId, await receive(), {
    sniffBytes: ATTACHMENT_SNIFF_BYTES,
    detect: detectAttachmentType,
    invalid: invalidAttachment,
    limit: ATTACHMENT_LIMIT,
  });
  try {
    const [row] = await inScope(deps.db, { organizationId: page.organizationId }, (tx) =>
      tx
        .insert(files)
        .values({
          organizationId: page.organizationId,
          uploadedBy: null,
          purpose: 'lead_attachment',
          contentType: stored.contentType,
          size: stored.size,
          originalName: stored.originalName,
          storageKey: stored.key,
          pageId: page.id,
        })
        .returning(),
    );
    if (!row) throw new Error('file insert returned no row');
    return { id: row.id, name: row.originalName, size: row.size, content_type: row.contentType };
  } catch (err) {
    await discardStored(deps, stored.key);
    throw err;
  }
}

/** The file ids a capture's answers name, by field id. */
export function attachmentAnswers(
  formFields: readonly FormField[],
  responses: Record<string, SubmissionValue>,
): Map<string, string> {
  const out = new Map<string, string>();
  for (const field of formFields) {
    const value = responses[field.id];
    if (field.type === 'file' && typeof value === 'string' && value !== '') out.set(field.id, value);
  }
  return out;
}

/**
 * An attachment's claim that no lead took within this time is free again: the capture that made
 * it failed after claiming (a capture claims, writes and attaches within a request).
 */
const CLAIM_HOLD_MINUTES = 5;

/**
 * Claims every file answer for the lead `leadId`: a visitor's upload to this page of this
 * organisation that no other capture has claimed (the lead `leadId` may have: a retried capture
 * with the same Idempotency-Key). One conditional UPDATE, so of two captures naming one file at
 * once only the first claims it; the other answers 422 on that field. Runs before the lead is
 * written.
 */
export async function checkAttachments(
  scope: VisitorScope,
  pageId: string,
  leadId: string,
  answers: Map<string, string>,
): Promise<void> {
  if (answers.size === 0) return;
  const rows = await scope.tx
    .update(files)
    .set({ claimedFor: leadId, claimedAt: sql`now()` })
    .where(
      and(
        inArray(files.id, [...answers.values()]),
        eq(files.organizationId, scope.organizationId),
        eq(files.purpose, 'lead_attachment'),
        eq(files.pageId, pageId),
        or(
          eq(files.claimedFor, leadId),
          and(
            isNull(files.leadId),
            or(
              isNull(files.claimedFor),
              lt(files.claimedAt, sql`now() - make_interval(mins => ${CLAIM_HOLD_MINUTES})`),
            ),
          ),
        ),
      ),
    )
    .returning({ id: files.id });
  const found = new Set(rows.map((row) => row.id));
  const errors: Record<string, string[]> = {};
  for (const [fieldId, fileId] of answers) if (!found.has(fileId)) errors[fieldId] = [FORM_MESSAGES.file];
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/** Attaches the checked files to the lead (a file already attached elsewhere stays where it is). */
export async function attachToLead(scope: VisitorScope, leadId: string, answers: Map<string, string>): Promise<void> {
  if (answers.size === 0) return;
  await scope.tx
    .update(files)
    .set({ leadId, updatedAt: sql`now()` })
    .where(
      and(
        inArray(files.id, [...answers.values()]),
        eq(files.organizationId, scope.organizationId),
        eq(files.purpose, 'lead_attachment'),
        isNull(files.leadId),
      ),
    );
}

/** Attachments no lead took are removed this long after their upload. */
export const UNCLAIMED_ATTACHMENT_HOURS = 24;
/** Attachments removed per transaction: short transactions, locks held briefly. */
const REMOVAL_BATCH = 500;

/**
 * Removes visitors' uploads no lead took within UNCLAIMED_ATTACHMENT_HOURS (a form left
 * unsubmitted, a file replaced before submitting): their rows, in batches in each organisation's
 * scope, then their stored bytes. An attachment claimed within that time is left to its capture,
 * and one a held capture claimed waits for its release (billing/held-leads.ts).
 * The organisations come from lead_attachment_unclaimed_organizations() (db/functions/), the
 * one look-up that sees past row-level security.
 */
export async function removeUnclaimedAttachments(
  deps: Pick<AppDeps, 'db' | 'storage' | 'log'>,
  { ageHours = UNCLAIMED_ATTACHMENT_HOURS, batch = REMOVAL_BATCH }: { ageHours?: number; batch?: number } = {},
): Promise<{ organizations: number; removed: number }> {
  const orgs = await queryRows<{ id: string }>(
    deps.db,
    sql`select lead_attachment_unclaimed_organizations(${ageHours}) as id`,
  );
  let removed = 0;
  for (const { id: organizationId } of orgs) {
    for (;;) {
      // A materialised CTE with SKIP LOCKED, as the bin's purge: the batch holds, and another
      // process removing at the same time takes other rows.
      const keys = await inScope(
        deps.db,
        { organizationId },
        (tx) => {
          const cutoff = sql`now() - make_interval(hours => ${ageHours})`;
          return queryRows<{ key: string }>(
            tx,
            sql`with unclaimed as materialized (
                select ${files.id} from ${files}
                where ${files.organizationId} = ${organizationId} and ${files.purpose} = 'lead_attachment'
                  and ${files.leadId} is null and ${files.createdAt} < ${cutoff}
                  and (${files.claimedAt} is null or ${files.claimedAt} < ${cutoff})
                  and not exists (select 1 from held_leads h where h.id = ${files.claimedFor})
                limit ${batch} for update skip locked)
              delete from ${files} using unclaimed where ${files.id} = unclaimed.id
              returning ${files.storageKey} as key`,
          );
        },
        'purge',
      );
      // The rows are gone first: bytes whose removal fails are an orphan no one can reach.
      for (const { key } of keys) await discardStored(deps, key);
      removed += keys.length;
      if (keys.length < batch) break;
    }
  }
  return { organizations: orgs.length, removed };
}
