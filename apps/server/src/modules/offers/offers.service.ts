import type { AuditAction } from '@leadcapture/contracts/audit';
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, getTableColumns, gte, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { NON_FIELD_ERRORS, type ValidationDetails } from '@leadcapture/contracts/errors';
import { offerUrls, qrTargetUrl, shortLinkUrl } from '@leadcapture/contracts/event-urls';
import type { FormField } from '@leadcapture/contracts/form-fields';
import { formFieldSchema, formFieldsSchema } from '@leadcapture/contracts/forms';
import {
  DEFAULT_OFFER_SETTINGS,
  OFFER_LIMITS,
  OFFER_MESSAGES,
  type CreateOfferData,
  type CreateOfferFieldData,
  type Offer,
  type OfferFields,
  type OfferListQuery,
  type OfferOrdering,
  type OfferSlugAvailability,
  type OfferStats,
  type OfferStatus,
  type UpdateOfferData,
  type UpdateOfferFieldData,
} from '@leadcapture/contracts/offers';
import { SLUG_MAX_LENGTH, SLUG_MESSAGES, SLUG_SUFFIX_ROOM, suggestSlug } from '@leadcapture/contracts/slugs';
import type { z } from 'zod';
import { isUniqueViolation, queryRows } from '../../db/database.ts';
import { insertWithFreeSlug, slugHolder } from '../../db/slugs.ts';
import type { TenantContext } from '../../db/tenant.ts';
import { AppError, validationError } from '../../http/errors.ts';
import { assertCan } from '../../http/permissions.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { reserveUsage } from '../billing/billing.service.ts';
import { leads } from '../leads/leads.table.ts';
import { offerPageViews, offers } from './offers.table.ts';

type OfferRow = typeof offers.$inferSelect;
/** An offer row with its all-time figures, as toOffer maps it. */
type CountedOfferRow = OfferRow & { pageViews: number; submissions: number };

/*
 * Submissions: the offer's leads not deleted, whatever their approval. The outer offer is named
 * in full: drizzle writes columns unqualified, and a bare "id" in the subquery would be the lead's.
 */
const submissionsOf = sql<number>`(select count(*)::int from ${leads} where ${leads.offerId} = "offers"."id" and ${leads.deletedAt} is null)`;
const pageViewsOf = sql<number>`(select coalesce(sum(${offerPageViews.views}), 0)::int from ${offerPageViews} where ${offerPageViews.offerId} = "offers"."id")`;
const countedColumns = { ...getTableColumns(offers), pageViews: pageViewsOf, submissions: submissionsOf };

export const offerNotFound = () => new AppError('NOT_FOUND', OFFER_MESSAGES.notFound);
const fieldNotFound = () => new AppError('NOT_FOUND', OFFER_MESSAGES.fieldNotFound);
const slugTaken = () => new AppError('CONFLICT', SLUG_MESSAGES.taken, { slug: [SLUG_MESSAGES.taken] });
/** Publishing a draft or archived offer: the state forbids it, the value itself is fine (409). */
const notPublishable = () =>
  new AppError('CONFLICT', OFFER_MESSAGES.publishNotActive, { is_published: [OFFER_MESSAGES.publishNotActive] });

// --- mapping -----------------------------------------------------------------------------

function toOffer(row: CountedOfferRow, publicUrl: string): Offer {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    description: row.description,
    success_message: row.successMessage,
    consent_text: row.consentText,
    is_published: row.isPublished,
    status: row.status,
    ...offerUrls(publicUrl, row),
    short_url: shortLinkUrl(publicUrl, row.shortCode),
    form_fields: row.formFields,
    settings: { ...DEFAULT_OFFER_SETTINGS, ...row.settings },
    page_views: row.pageViews,
    submissions: row.submissions,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

// --- loading -----------------------------------------------------------------------------

/**
 * An offer of the tenant; another organisation's is not found, exactly like a missing one. The
 * organisation filter matters beside RLS: the read policy also admits the row named by
 * app.public_lookup, which a slug check in this same transaction may have set.
 */
async function loadOffer(ctx: TenantContext, id: string, lock = false): Promise<CountedOfferRow> {
  const query = ctx.tx
    .select(countedColumns)
    .from(offers)
    .where(and(eq(offers.id, id), eq(offers.organizationId, ctx.organizationId)));
  const [row] = lock ? await query.for('update', { of: offers }) : await query;
  if (!row) throw offerNotFound();
  return row;
}

function auditOffer(
  ctx: TenantContext,
  meta: RequestMeta,
  action: AuditAction,
  id: string,
  metadata: Record<string, unknown>,
) {
  return recordAudit(ctx.tx, meta, {
    action,
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'offer',
    targetId: id,
    metadata,
  });
}

/** Writes changes to the offer (already loaded and locked) and answers it with its figures. */
async function saveOffer(
  ctx: TenantContext,
  current: CountedOfferRow,
  changes: Partial<typeof offers.$inferInsert>,
  publicUrl: string,
): Promise<Offer> {
  const [row] = await ctx.tx
    .update(offers)
    .set(changes)
    .where(and(eq(offers.id, current.id), eq(offers.organizationId, ctx.organizationId)))
    .returning()
    .catch((err: unknown) => {
      // The only unique index besides the key: the slug, taken (possibly by another tenant).
      if (isUniqueViolation(err)) throw slugTaken();
      throw err;
    });
  if (!row) throw offerNotFound();
  return toOffer({ ...row, pageViews: current.pageViews, submissions: current.submissions }, publicUrl);
}

// --- status and publishing (docs/offers.md) ----------------------------------------------

/**
 * The published flag an offer ends with after a change. Only an active offer is published:
 * asking to publish one that ends draft or archived is a 409; an offer that leaves active
 * (archived, back to draft) is unpublished with it.
 */
function publishedAfter(status: OfferStatus, asked: boolean | undefined, current: boolean): boolean {
  if (asked === true && status !== 'active') throw notPublishable();
  if (status !== 'active') return false;
  return asked ?? current;
}

// --- list, read --------------------------------------------------------------------------

/** `%` and `_` typed by the user are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The offers list's order (GET /offers/ and its export). */
export function offerListOrder(ordering: OfferOrdering): SQL[] {
  const descending = ordering.startsWith('-');
  const dir = descending ? sql`desc` : sql`asc`;
  const key = ordering.replace(/^-/, '') as 'created_at' | 'updated_at' | 'title' | 'status';
  const primary =
    key === 'title'
      ? sql`lower(${offers.title}) ${dir}, ${offers.title} ${dir}`
      : sql`${{ created_at: offers.createdAt, updated_at: offers.updatedAt, status: offers.status }[key]} ${dir}`;
  // The id keeps pages stable on ties.
  return [primary, descending ? desc(offers.id) : asc(offers.id)];
}

/** The offers list's filters (GET /offers/ and its export): status, published, search. */
export function offerListConditions(
  ctx: TenantContext,
  query: Pick<OfferListQuery, 'status' | 'is_published' | 'search'>,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(offers.organizationId, ctx.organizationId)];
  if (query.status) conditions.push(eq(offers.status, query.status));
  if (query.is_published !== undefined) conditions.push(eq(offers.isPublished, query.is_published));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(or(ilike(offers.title, pattern), ilike(offers.slug, pattern), ilike(offers.description, pattern)));
  }
  return and(...conditions);
}

export async function listOffers(
  ctx: TenantContext,
  publicUrl: string,
  query: OfferListQuery,
  page: { limit: number; offset: number },
): Promise<{ results: Offer[]; total: number }> {
  assertCan(ctx, 'offers.read');
  const where = offerListConditions(ctx, query);
  const rows = await ctx.tx
    .select({ offer: countedColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(offers)
    .where(where)
    .orderBy(...offerListOrder(query.ordering))
    .limit(page.limit)
    .offset(page.offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page.offset > 0) {
    // A page past the end has no row to carry the window count.
    const [row] = await ctx.tx.select({ n: count() }).from(offers).where(where);
    total = row?.n ?? 0;
  }
  return { total, results: rows.map((r) => toOffer(r.offer, publicUrl)) };
}

export async function getOffer(ctx: TenantContext, publicUrl: string, id: string): Promise<Offer> {
  assertCan(ctx, 'offers.read');
  return toOffer(await loadOffer(ctx, id), publicUrl);
}

/** What a QR code of the offer encodes (its short link, marked as scanned), and the slug its download is named after. */
export async function qrTarget(
  ctx: TenantContext,
  publicUrl: string,
  id: string,
): Promise<{ slug: string; url: string }> {
  assertCan(ctx, 'offers.read');
  const [row] = await ctx.tx
    .select({ slug: offers.slug, shortCode: offers.shortCode })
    .from(offers)
    .where(and(eq(offers.id, id), eq(offers.organizationId, ctx.organizationId)));
  if (!row) throw offerNotFound();
  return { slug: row.slug, url: qrTargetUrl(publicUrl, row.shortCode) };
}

// --- slugs -------------------------------------------------------------------------------

export async function slugAvailability(
  ctx: TenantContext,
  query: { slug: string; offer_id?: string | undefined },
): Promise<OfferSlugAvailability> {
  assertCan(ctx, 'offers.read');
  const holder = await slugHolder(ctx.tx, { table: offers, id: offers.id, slug: offers.slug }, query.slug);
  return { slug: query.slug, available: holder === undefined || holder === query.offer_id };
}

/** Inserts an offer under the first free slug (db/slugs.ts): the given one (taken: 409) or a made one. */
async function insertOffer(
  ctx: TenantContext,
  values: Omit<typeof offers.$inferInsert, 'slug'>,
  slug: { given: string } | { base: string },
): Promise<OfferRow> {
  const row = await insertWithFreeSlug(slug, async (candidate) => {
    const [inserted] = await ctx.tx
      .insert(offers)
      .values({ ...values, slug: candidate })
      .onConflictDoNothing({ target: offers.slug })
      .returning();
    return inserted;
  });
  if (row) return row;
  if ('given' in slug) throw slugTaken();
  throw new AppError('CONFLICT', 'Could not find a free address for this offer; choose a slug');
}

// --- create, update, delete --------------------------------------------------------------

/** POST /offers/: a draft unless `status` says active; published only when active. */
export async function createOffer(
  ctx: TenantContext,
  meta: RequestMeta,
  publicUrl: string,
  input: CreateOfferData,
): Promise<Offer> {
  assertCan(ctx, 'offers.create');
  const status = input.status ?? 'draft';
  // Offers not archived count against the plan (docs/billing.md); a new one is a draft or active.
  await reserveUsage(ctx, 'offers');
  const row = await insertOffer(
    ctx,
    {
      organizationId: ctx.organizationId,
      title: input.title,
      description: input.description ?? '',
      successMessage: input.success_message ?? '',
      consentText: input.consent_text ?? '',
      status,
      isPublished: publishedAfter(status, input.is_published, false),
      formFields: input.form_fields ?? [],
      settings: { ...DEFAULT_OFFER_SETTINGS, ...input.settings },
      createdBy: ctx.userId,
    },
    input.slug ? { given: input.slug } : { base: suggestSlug(input.title, 'offer') },
  );
  await auditOffer(ctx, meta, 'offer.created', row.id, { title: row.title, slug: row.slug, status: row.status });
  return toOffer({ ...row, pageViews: 0, submissions: 0 }, publicUrl);
}

/** PATCH /offers/{id}/: changes what the body names; settings merge into the current ones. */
export async function updateOffer(
  ctx: TenantContext,
  meta: RequestMeta,
  publicUrl: string,
  id: string,
  input: UpdateOfferData,
): Promise<Offer> {
  assertCan(ctx, 'offers.update');
  const current = await loadOffer(ctx, id, true);
  const changes: Partial<typeof offers.$inferInsert> = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.slug !== undefined && input.slug !== current.slug) changes.slug = input.slug;
  if (input.description !== undefined) changes.description = input.description;
  if (input.success_message !== undefined) changes.successMessage = input.success_message;
  if (input.consent_text !== undefined) changes.consentText = input.consent_text;
  if (input.form_fields !== undefined) changes.formFields = input.form_fields;
  if (input.settings !== undefined)
    changes.settings = { ...DEFAULT_OFFER_SETTINGS, ...current.settings, ...input.settings };
  const status = input.status ?? current.status;
  if (status !== current.status) changes.status = status;
  const published = publishedAfter(status, input.is_published, current.isPublished);
  if (published !== current.isPublished) changes.isPublished = published;
  if (Object.keys(changes).length === 0) return toOffer(current, publicUrl);
  if (current.status === 'archived' && status !== 'archived') await reserveUsage(ctx, 'offers');

  const offer = await saveOffer(ctx, current, changes, publicUrl);
  await auditOffer(ctx, meta, 'offer.updated', id, {
    fields: Object.keys(input),
    ...(changes.slug ? { previous_slug: current.slug, slug: changes.slug } : {}),
    ...(changes.status ? { previous_status: current.status, status: changes.status } : {}),
    ...(changes.isPublished !== undefined ? { is_published: changes.isPublished } : {}),
  });
  return offer;
}

/** DELETE /offers/{id}/: its leads stay (leads.offer_id becomes null), its page views go. */
export async function deleteOffer(ctx: TenantContext, meta: RequestMeta, id: string): Promise<void> {
  assertCan(ctx, 'offers.delete');
  const row = await loadOffer(ctx, id, true);
  await ctx.tx.delete(offers).where(and(eq(offers.id, id), eq(offers.organizationId, ctx.organizationId)));
  await auditOffer(ctx, meta, 'offer.deleted', id, { title: row.title, slug: row.slug });
}

// --- actions -----------------------------------------------------------------------------

/** POST /offers/{id}/activate/: a draft or archived offer becomes active, still unpublished. */
export async function activateOffer(ctx: TenantContext, meta: RequestMeta, publicUrl: string, id: string) {
  assertCan(ctx, 'offers.update');
  const current = await loadOffer(ctx, id, true);
  if (current.status === 'active') return toOffer(current, publicUrl);
  if (current.status === 'archived') await reserveUsage(ctx, 'offers');
  const offer = await saveOffer(ctx, current, { status: 'active' }, publicUrl);
  await auditOffer(ctx, meta, 'offer.activated', id, { previous_status: current.status });
  return offer;
}

/** POST /offers/{id}/archive/: archived and so unpublished; its page answers 404 from then on. */
export async function archiveOffer(ctx: TenantContext, meta: RequestMeta, publicUrl: string, id: string) {
  assertCan(ctx, 'offers.update');
  const current = await loadOffer(ctx, id, true);
  if (current.status === 'archived') return toOffer(current, publicUrl);
  const offer = await saveOffer(ctx, current, { status: 'archived', isPublished: false }, publicUrl);
  await auditOffer(ctx, meta, 'offer.archived', id, {
    previous_status: current.status,
    was_published: current.isPublished,
  });
  return offer;
}

/** " (copy)" added to a title, within its maximum length. */
function copyTitle(title: string): string {
  const suffix = ' (copy)';
  return `${title.slice(0, OFFER_LIMITS.title - suffix.length)}${suffix}`;
}

/**
 * POST /offers/{id}/duplicate/: a copy with its texts, settings and fields (same field ids: they
 * are unique within a form), under a new slug made from the original's; a draft, unpublished.
 */
export async function duplicateOffer(ctx: TenantContext, meta: RequestMeta, publicUrl: string, id: string) {
  assertCan(ctx, 'offers.create');
  const source = await loadOffer(ctx, id);
  await reserveUsage(ctx, 'offers');
  const base = source.slug.slice(0, SLUG_MAX_LENGTH - SLUG_SUFFIX_ROOM).replace(/-+$/, '');
  const row = await insertOffer(
    ctx,
    {
      organizationId: ctx.organizationId,
      title: copyTitle(source.title),
      description: source.description,
      successMessage: source.successMessage,
      consentText: source.consentText,
      status: 'draft',
      isPublished: false,
      formFields: source.formFields,
      settings: source.settings,
      createdBy: ctx.userId,
    },
    // Attempt 0 would be the original's own slug: start with a suffix.
    { base: `${base}-${randomBytes(3).toString('hex')}` },
  );
  await auditOffer(ctx, meta, 'offer.duplicated', row.id, { source_id: id, slug: row.slug });
  return toOffer({ ...row, pageViews: 0, submissions: 0 }, publicUrl);
}

// --- fields ------------------------------------------------------------------------------

export async function listFields(ctx: TenantContext, id: string): Promise<OfferFields> {
  assertCan(ctx, 'offers.read');
  return { form_fields: (await loadOffer(ctx, id)).formFields };
}

export async function getField(ctx: TenantContext, id: string, fieldId: string): Promise<FormField> {
  assertCan(ctx, 'offers.read');
  const field = (await loadOffer(ctx, id)).formFields.find((f) => f.id === fieldId);
  if (!field) throw fieldNotFound();
  return field;
}

/** Zod issues as 422 details, each path under `prefix` (dotted, 03-decisions §2). */
function detailsOf(error: z.ZodError, prefix: string): ValidationDetails {
  const details: ValidationDetails = {};
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter((p) => p !== '').join('.') || NON_FIELD_ERRORS;
    (details[key] ??= []).push(issue.message);
  }
  return details;
}

/**
 * Checks a whole form after a change to one field with the form's own rules (ids unique, the
 * patterns' budget, the maximum count), so the stored form is always one PUT could have saved.
 * A problem of field `index` is reported under `prefix`.
 */
function checkedForm(fields: unknown[], index: number, prefix: string): FormField[] {
  const parsed = formFieldsSchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const details: ValidationDetails = {};
  for (const issue of parsed.error.issues) {
    const [at, ...rest] = issue.path;
    const key = at === index ? [prefix, ...rest.map(String)].filter((p) => p !== '').join('.') : NON_FIELD_ERRORS;
    (details[key || NON_FIELD_ERRORS] ??= []).push(issue.message);
  }
  throw validationError(details);
}

async function saveFields(ctx: TenantContext, id: string, formFields: FormField[]): Promise<void> {
  await ctx.tx
    .update(offers)
    .set({ formFields })
    .where(and(eq(offers.id, id), eq(offers.organizationId, ctx.organizationId)));
}

/** POST /offers/{id}/fields/: adds a field at `position` (default last). */
export async function addField(
  ctx: TenantContext,
  meta: RequestMeta,
  id: string,
  input: CreateOfferFieldData,
): Promise<FormField> {
  assertCan(ctx, 'offers.update');
  const current = await loadOffer(ctx, id, true);
  const fieldsNow = current.formFields;
  if (fieldsNow.some((f) => f.id === input.field.id)) {
    throw new AppError('CONFLICT', OFFER_MESSAGES.fieldIdTaken, { 'field.id': [OFFER_MESSAGES.fieldIdTaken] });
  }
  const field = input.field;
  const position = Math.min(input.position ?? fieldsNow.length, fieldsNow.length);
  const next = [...fieldsNow.slice(0, position), field, ...fieldsNow.slice(position)];
  const formFields = checkedForm(next, position, 'field');
  await saveFields(ctx, id, formFields);
  await auditOffer(ctx, meta, 'offer.field_added', id, { field_id: field.id, type: field.type });
  return formFields[position] as FormField;
}

/** PATCH /offers/{id}/fields/{fieldId}/: the properties given, over the stored field. */
export async function updateField(
  ctx: TenantContext,
  meta: RequestMeta,
  id: string,
  fieldId: string,
  input: UpdateOfferFieldData,
): Promise<FormField> {
  assertCan(ctx, 'offers.update');
  const current = await loadOffer(ctx, id, true);
  const index = current.formFields.findIndex((f) => f.id === fieldId);
  const stored = current.formFields[index];
  if (!stored) throw fieldNotFound();
  const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  // The field alone first, so its problems are named by property (`label`), then the form.
  const single = formFieldSchema.safeParse({ ...stored, ...given });
  if (!single.success) throw validationError(detailsOf(single.error, ''));
  const next = current.formFields.map((f, i) => (i === index ? single.data : f));
  const formFields = checkedForm(next, index, '');
  await saveFields(ctx, id, formFields);
  await auditOffer(ctx, meta, 'offer.field_updated', id, { field_id: fieldId, properties: Object.keys(given) });
  return formFields[index] as FormField;
}

/** DELETE /offers/{id}/fields/{fieldId}/. */
export async function deleteField(ctx: TenantContext, meta: RequestMeta, id: string, fieldId: string): Promise<void> {
  assertCan(ctx, 'offers.update');
  const current = await loadOffer(ctx, id, true);
  if (!current.formFields.some((f) => f.id === fieldId)) throw fieldNotFound();
  await saveFields(
    ctx,
    id,
    current.formFields.filter((f) => f.id !== fieldId),
  );
  await auditOffer(ctx, meta, 'offer.field_deleted', id, { field_id: fieldId });
}

/**
 * POST /offers/{id}/fields/reorder/: the complete list of the offer's field ids in the new
 * order. A missing, repeated or unknown id (another offer's too) is a 422: a partial list
 * would leave the order ambiguous.
 */
export async function reorderFields(
  ctx: TenantContext,
  meta: RequestMeta,
  id: string,
  fieldIds: string[],
): Promise<OfferFields> {
  assertCan(ctx, 'offers.update');
  const current = await loadOffer(ctx, id, true);
  const byId = new Map(current.formFields.map((f) => [f.id, f]));
  const complete =
    fieldIds.length === byId.size && new Set(fieldIds).size === fieldIds.length && fieldIds.every((f) => byId.has(f));
  if (!complete) throw validationError({ field_ids: [OFFER_MESSAGES.reorderComplete] });
  const formFields = fieldIds.map((f) => byId.get(f) as FormField);
  await saveFields(ctx, id, formFields);
  await auditOffer(ctx, meta, 'offer.fields_reordered', id, { field_ids: fieldIds });
  return { form_fields: formFields };
}

// --- stats -------------------------------------------------------------------------------

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (date: Date) => date.toISOString().slice(0, 10);
const conversionRate = (views: number, submissions: number) =>
  views === 0 ? 0 : Math.round((submissions / views) * 1000) / 10;

/**
 * GET /offers/{id}/stats/: the last `days` UTC days, today included, and all time. Page views
 * are the public page's daily counters; submissions the offer's leads that are not deleted.
 */
export async function offerStats(ctx: TenantContext, id: string, days: number, now = new Date()): Promise<OfferStats> {
  assertCan(ctx, 'offers.read');
  const offer = await loadOffer(ctx, id);
  const to = utcDay(now);
  const fromDate = new Date(Date.parse(to) - (days - 1) * DAY_MS);
  const from = utcDay(fromDate);

  const ofOffer = and(eq(leads.organizationId, ctx.organizationId), eq(leads.offerId, id), isNull(leads.deletedAt));
  const leadDay = sql<string>`to_char((${leads.createdAt} at time zone 'UTC')::date, 'YYYY-MM-DD')`;
  const leadsByDay = await ctx.tx
    .select({ day: leadDay, n: count() })
    .from(leads)
    .where(and(ofOffer, gte(leads.createdAt, fromDate)))
    .groupBy(leadDay);
  const viewsByDay = await queryRows<{ day: string; views: number }>(
    ctx.tx,
    sql`select ${offerPageViews.day}::text as day, ${offerPageViews.views} as views from ${offerPageViews}
      where ${offerPageViews.organizationId} = ${ctx.organizationId} and ${offerPageViews.offerId} = ${id}
        and ${offerPageViews.day} >= ${from}`,
  );

  const submissionsOn = new Map(leadsByDay.map((r) => [r.day, r.n]));
  const viewsOn = new Map(viewsByDay.map((r) => [r.day, r.views]));
  const byDay = Array.from({ length: days }, (_, i) => {
    const date = utcDay(new Date(fromDate.getTime() + i * DAY_MS));
    return { date, page_views: viewsOn.get(date) ?? 0, submissions: submissionsOn.get(date) ?? 0 };
  });
  const pageViews = byDay.reduce((n, d) => n + d.page_views, 0);
  const submissions = byDay.reduce((n, d) => n + d.submissions, 0);
  return {
    offer_id: id,
    days,
    from,
    to,
    page_views: pageViews,
    submissions,
    conversion_rate: conversionRate(pageViews, submissions),
    by_day: byDay,
    all_time: {
      page_views: offer.pageViews,
      submissions: offer.submissions,
      conversion_rate: conversionRate(offer.pageViews, offer.submissions),
    },
  };
}
