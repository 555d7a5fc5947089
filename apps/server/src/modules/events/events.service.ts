import type { AuditAction } from '@leadcapture/contracts/audit';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  ilike,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { EventManualStatus, EventStatus } from '@leadcapture/contracts/constants';
import { deriveEventStatus } from '@leadcapture/contracts/event-status';
import { eventUrls, qrTargetUrl, shortLinkUrl } from '@leadcapture/contracts/event-urls';
import {
  DEFAULT_EVENT_SETTINGS,
  EVENT_MESSAGES,
  type CreateEventData,
  type Event,
  type EventAnalytics,
  type EventForm,
  type EventListQuery,
  type EventOrdering,
  type EventSettings,
  type EventTemplate,
  type SaveEventTemplateData,
  type SlugAvailability,
  type UpdateEventData,
} from '@leadcapture/contracts/events';
import type { FormField } from '@leadcapture/contracts/form-fields';
import { SLUG_MESSAGES, suggestSlug } from '@leadcapture/contracts/slugs';
import { isUniqueViolation, queryRows } from '../../db/database.ts';
import { insertWithFreeSlug, slugHolder } from '../../db/slugs.ts';
import type { TenantContext } from '../../db/tenant.ts';
import type { AppDeps } from '../../http/deps.ts';
import { AppError, validationError } from '../../http/errors.ts';
import { assertCan } from '../../http/permissions.ts';
import type { TenantRunner } from '../../http/tenant.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { reserveUsage } from '../billing/billing.service.ts';
import { withCalendarDatesResolved } from '../organizations/organizations.service.ts';
import { discardStored, insertFile, publicFileUrl, storeThenRecord, type Upload } from '../files/files.service.ts';
import { files } from '../files/files.table.ts';
import { leads } from '../leads/leads.table.ts';
import { organizations } from '../organizations/organizations.table.ts';
import { conversionRate, eventLeadsWhere, leadConverted, leadsCapturedOf } from './event-figures.ts';
import { capturePageViews, eventTemplates, events } from './events.table.ts';
import { builtinTemplate, builtinTemplates, isBuiltinTemplateKey, type TemplateLanguage } from './events.templates.ts';

// The module's public surface for other modules (docs/architecture.md, "Modules"): what they may
// use of its other files.
export {
  conversionRate,
  CONVERTED_STATUSES,
  eventLeadsWhere,
  leadConverted,
  leadsCapturedOf,
} from './event-figures.ts';

export type EventRow = typeof events.$inferSelect;
/** An event row with its lead count (event-figures.ts), as toEvent maps it. */
type CountedEventRow = EventRow & { leadsCaptured: number };
const countedEventColumns = { ...getTableColumns(events), leadsCaptured: leadsCapturedOf };
type TemplateRow = typeof eventTemplates.$inferSelect;

export const eventNotFound = () => new AppError('NOT_FOUND', 'Event not found');
export const slugTaken = () => new AppError('CONFLICT', SLUG_MESSAGES.taken, { slug: [SLUG_MESSAGES.taken] });

/** Events (and templates) made from defaults start with this colour, as the table's default. */
const DEFAULT_PRIMARY_COLOR = '#2563eb';

// --- mapping -----------------------------------------------------------------------------

export function toEvent(row: CountedEventRow, publicUrl: string, now: Date = new Date()): Event {
  const urls = eventUrls(publicUrl, row);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    start_date: row.startDate?.toISOString() ?? null,
    end_date: row.endDate?.toISOString() ?? null,
    location: row.location,
    website: row.website,
    primary_color: row.primaryColor,
    welcome_message: row.welcomeMessage,
    consent_text: row.consentText,
    logo_url: row.logoFileId ? publicFileUrl(publicUrl, row.logoFileId) : null,
    status: deriveEventStatus(row.status, row.startDate, row.endDate, now),
    manual_status: row.status,
    leads_captured: row.leadsCaptured,
    public_url: urls.public_url,
    short_url: shortLinkUrl(publicUrl, row.shortCode),
    qr_code_url: urls.qr_code_url,
    form_fields: row.formFields,
    // Stored settings are merged over the defaults, so a setting added later reads as its default.
    settings: { ...DEFAULT_EVENT_SETTINGS, ...row.settings },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toTemplate(row: TemplateRow): EventTemplate {
  return {
    id: row.id,
    key: null,
    builtin: false,
    name: row.name,
    description: row.description,
    primary_color: row.primaryColor,
    welcome_message: row.welcomeMessage,
    form_fields: row.formFields,
    settings: { ...DEFAULT_EVENT_SETTINGS, ...row.settings },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

// --- loading -----------------------------------------------------------------------------

/**
 * An event of the tenant; another organisation's is not found, exactly like a missing one. The
 * organisation filter matters beside RLS: the read policy also admits the row named by
 * app.public_lookup, which a slug check in this same transaction may have set.
 */
async function loadEvent(ctx: TenantContext, id: string, lock = false): Promise<CountedEventRow> {
  const query = ctx.tx
    .select(countedEventColumns)
    .from(events)
    .where(and(eq(events.id, id), eq(events.organizationId, ctx.organizationId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw eventNotFound();
  return row;
}

function auditEvent(
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
    targetType: 'event',
    targetId: id,
    metadata,
  });
}

// --- list, read --------------------------------------------------------------------------

/**
 * The SQL twin of deriveEventStatus (contracts/event-status.ts): upcoming while now < start,
 * completed once now > end (and not upcoming), active in between or without dates.
 */
function statusCondition(status: EventStatus, now: Date): SQL | undefined {
  const active = eq(events.status, 'active');
  const started = or(isNull(events.startDate), lte(events.startDate, now));
  switch (status) {
    case 'upcoming':
      return and(active, gt(events.startDate, now));
    case 'completed':
      return and(active, started, lt(events.endDate, now));
    case 'active':
      return and(active, started, or(isNull(events.endDate), gte(events.endDate, now)));
    case 'draft':
    case 'inactive':
    case 'cancelled':
      return eq(events.status, status);
  }
}

/** `%` and `_` typed by the user are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The events list's order (GET /events/ and its export). */
export function eventListOrder(ordering: EventOrdering): SQL[] {
  const descending = ordering.startsWith('-');
  const dir = descending ? sql`desc` : sql`asc`;
  const column = {
    created_at: events.createdAt,
    start_date: events.startDate,
    end_date: events.endDate,
    name: events.name,
    leads_captured: leadsCapturedOf,
  }[ordering.replace(/^-/, '') as 'created_at' | 'start_date' | 'end_date' | 'name' | 'leads_captured'];
  // Events without dates sort last in both directions; the id keeps pages stable on ties.
  const primary =
    column === events.name ? sql`lower(${column}) ${dir}, ${column} ${dir}` : sql`${column} ${dir} nulls last`;
  return [primary, descending ? desc(events.id) : asc(events.id)];
}

/** The events list's filters (GET /events/ and its export): status as shown, search. */
export function eventListConditions(
  ctx: TenantContext,
  query: Pick<EventListQuery, 'status' | 'search'>,
  now: Date = new Date(),
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(events.organizationId, ctx.organizationId)];
  if (query.status && query.status.length > 0) {
    conditions.push(or(...query.status.map((s) => statusCondition(s, now))));
  }
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(or(ilike(events.name, pattern), ilike(events.location, pattern)));
  }
  return and(...conditions);
}

export async function listEvents(
  ctx: TenantContext,
  publicUrl: string,
  query: EventListQuery,
  page: { limit: number; offset: number },
  now: Date = new Date(),
): Promise<{ results: Event[]; total: number }> {
  assertCan(ctx, 'events.read');
  const where = eventListConditions(ctx, query, now);
  const rows = await ctx.tx
    .select({ event: countedEventColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(events)
    .where(where)
    .orderBy(...eventListOrder(query.ordering))
    .limit(page.limit)
    .offset(page.offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page.offset > 0) {
    // A page past the end has no row to carry the window count.
    const [row] = await ctx.tx.select({ n: count() }).from(events).where(where);
    total = row?.n ?? 0;
  }
  return { total, results: rows.map((r) => toEvent(r.event, publicUrl, now)) };
}

export async function getEvent(ctx: TenantContext, publicUrl: string, id: string): Promise<Event> {
  assertCan(ctx, 'events.read');
  return toEvent(await loadEvent(ctx, id), publicUrl);
}

// --- slugs -------------------------------------------------------------------------------

export async function slugAvailability(
  ctx: TenantContext,
  query: { slug: string; event_id?: string | undefined },
): Promise<SlugAvailability> {
  assertCan(ctx, 'events.read');
  const holder = await slugHolder(ctx.tx, { table: events, id: events.id, slug: events.slug }, query.slug);
  return { slug: query.slug, available: holder === undefined || holder === query.event_id };
}

// --- templates ---------------------------------------------------------------------------

/** The organisation's interface language, for built-in templates' texts. */
async function organizationLanguage(ctx: TenantContext): Promise<TemplateLanguage> {
  const [row] = await ctx.tx
    .select({ settings: organizations.settings })
    .from(organizations)
    .where(eq(organizations.id, ctx.organizationId));
  return row?.settings.default_language === 'sv' ? 'sv' : 'en';
}

async function findTemplate(ctx: TenantContext, id: string, language: TemplateLanguage): Promise<EventTemplate> {
  if (isBuiltinTemplateKey(id)) return builtinTemplate(id, language);
  const [row] = await ctx.tx
    .select()
    .from(eventTemplates)
    .where(and(eq(eventTemplates.id, id), eq(eventTemplates.organizationId, ctx.organizationId)));
  if (!row) throw validationError({ template_id: ['Template not found'] }, 'Template not found');
  return toTemplate(row);
}

/** Built-in templates first (in their fixed order), then the organisation's by name. */
export async function listTemplates(
  ctx: TenantContext,
  language: TemplateLanguage | undefined,
  page: { limit: number; offset: number },
): Promise<{ results: EventTemplate[]; total: number }> {
  assertCan(ctx, 'events.read');
  const builtins = builtinTemplates(language ?? (await organizationLanguage(ctx)));
  const [saved] = await ctx.tx
    .select({ n: count() })
    .from(eventTemplates)
    .where(eq(eventTemplates.organizationId, ctx.organizationId));
  const fromBuiltins = builtins.slice(page.offset, page.offset + page.limit);
  const savedOffset = Math.max(0, page.offset - builtins.length);
  const savedLimit = page.limit - fromBuiltins.length;
  const rows =
    savedLimit > 0
      ? await ctx.tx
          .select()
          .from(eventTemplates)
          .where(eq(eventTemplates.organizationId, ctx.organizationId))
          .orderBy(asc(sql`lower(${eventTemplates.name})`), asc(eventTemplates.id))
          .limit(savedLimit)
          .offset(savedOffset)
      : [];
  return { total: builtins.length + (saved?.n ?? 0), results: [...fromBuiltins, ...rows.map(toTemplate)] };
}

/**
 * POST /events/templates/: saves a template, from an event (`event_id`: its look, form and
 * settings) and/or from the body, whose fields win.
 */
export async function saveTemplate(
  ctx: TenantContext,
  meta: RequestMeta,
  input: SaveEventTemplateData,
): Promise<EventTemplate> {
  assertCan(ctx, 'events.create');
  let source: EventRow | undefined;
  if (input.event_id) {
    const [row] = await ctx.tx
      .select()
      .from(events)
      .where(and(eq(events.id, input.event_id), eq(events.organizationId, ctx.organizationId)));
    if (!row) throw validationError({ event_id: ['Event not found'] }, 'Event not found');
    source = row;
  }
  const [row] = await ctx.tx
    .insert(eventTemplates)
    .values({
      organizationId: ctx.organizationId,
      name: input.name,
      description: input.description ?? '',
      primaryColor: input.primary_color ?? source?.primaryColor ?? DEFAULT_PRIMARY_COLOR,
      welcomeMessage: input.welcome_message ?? source?.welcomeMessage ?? '',
      formFields: input.form_fields ?? source?.formFields ?? [],
      settings: { ...DEFAULT_EVENT_SETTINGS, ...source?.settings, ...input.settings },
      createdBy: ctx.userId,
    })
    .returning();
  if (!row) throw new Error('template insert returned no row');
  await recordAudit(ctx.tx, meta, {
    action: 'event_template.created',
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'event_template',
    targetId: row.id,
    metadata: { name: row.name, from_event: input.event_id ?? null },
  });
  return toTemplate(row);
}

export async function deleteTemplate(ctx: TenantContext, meta: RequestMeta, id: string): Promise<void> {
  assertCan(ctx, 'events.delete');
  const [row] = await ctx.tx
    .delete(eventTemplates)
    .where(and(eq(eventTemplates.id, id), eq(eventTemplates.organizationId, ctx.organizationId)))
    .returning({ id: eventTemplates.id, name: eventTemplates.name });
  if (!row) throw new AppError('NOT_FOUND', 'Template not found');
  await recordAudit(ctx.tx, meta, {
    action: 'event_template.deleted',
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'event_template',
    targetId: row.id,
    metadata: { name: row.name },
  });
}

// --- create, update, delete --------------------------------------------------------------

/**
 * POST /events/. Values come from the body, else the template, else the defaults. A slug given
 * and taken is a 409; a generated one that is taken gets a suffix. The unique index decides
 * (other tenants' slugs are invisible here), through ON CONFLICT DO NOTHING, so a lost race
 * costs a retry rather than an aborted transaction.
 */
export async function createEvent(
  ctx: TenantContext,
  meta: RequestMeta,
  publicUrl: string,
  given: CreateEventData,
): Promise<Event> {
  assertCan(ctx, 'events.create');
  const input = await withCalendarDatesResolved(ctx, given, ['start_date', 'end_date']);
  const template = input.template_id
    ? await findTemplate(ctx, input.template_id, input.template_language ?? (await organizationLanguage(ctx)))
    : undefined;
  const settings: EventSettings = { ...DEFAULT_EVENT_SETTINGS, ...template?.settings, ...input.settings };
  const status: EventManualStatus = input.status ?? (settings.start_active ? 'active' : 'draft');
  // Active events count against the plan (docs/billing.md); drafts do not.
  if (status === 'active') await reserveUsage(ctx, 'events');
  const values = {
    organizationId: ctx.organizationId,
    name: input.name,
    description: input.description ?? '',
    startDate: input.start_date ? new Date(input.start_date) : null,
    endDate: input.end_date ? new Date(input.end_date) : null,
    location: input.location ?? '',
    website: input.website ?? '',
    primaryColor: input.primary_color ?? template?.primary_color ?? DEFAULT_PRIMARY_COLOR,
    welcomeMessage: input.welcome_message ?? template?.welcome_message ?? '',
    consentText: input.consent_text ?? '',
    status,
    formFields: input.form_fields ?? template?.form_fields ?? [],
    settings,
    createdBy: ctx.userId,
  };

  const base = input.slug ?? suggestSlug(input.name);
  const row = await insertWithFreeSlug(input.slug ? { given: input.slug } : { base }, async (candidate) => {
    const [inserted] = await ctx.tx
      .insert(events)
      .values({ ...values, slug: candidate })
      .onConflictDoNothing({ target: events.slug })
      .returning();
    return inserted;
  });
  if (!row) {
    if (input.slug) throw slugTaken();
    throw new AppError('CONFLICT', 'Could not find a free address for this event; choose a slug');
  }
  await auditEvent(ctx, meta, 'event.created', row.id, {
    name: row.name,
    slug: row.slug,
    status: row.status,
    template_id: input.template_id ?? null,
  });
  return toEvent({ ...row, leadsCaptured: 0 }, publicUrl);
}

/** PATCH /events/{id}/: changes what the body names; settings merge into the current ones. */
export async function updateEvent(
  ctx: TenantContext,
  meta: RequestMeta,
  publicUrl: string,
  id: string,
  given: UpdateEventData,
): Promise<Event> {
  assertCan(ctx, 'events.update');
  const input = await withCalendarDatesResolved(ctx, given, ['start_date', 'end_date']);
  // Locked: the date check below reads the stored dates, which a concurrent update could change.
  const current = await loadEvent(ctx, id, true);
  const changes: Partial<typeof events.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.slug !== undefined && input.slug !== current.slug) changes.slug = input.slug;
  if (input.description !== undefined) changes.description = input.description;
  if (input.start_date !== undefined) changes.startDate = input.start_date ? new Date(input.start_date) : null;
  if (input.end_date !== undefined) changes.endDate = input.end_date ? new Date(input.end_date) : null;
  if (input.location !== undefined) changes.location = input.location;
  if (input.website !== undefined) changes.website = input.website;
  if (input.primary_color !== undefined) changes.primaryColor = input.primary_color;
  if (input.welcome_message !== undefined) changes.welcomeMessage = input.welcome_message;
  if (input.consent_text !== undefined) changes.consentText = input.consent_text;
  if (input.status !== undefined) changes.status = input.status;
  if (input.form_fields !== undefined) changes.formFields = input.form_fields;
  if (input.settings !== undefined)
    changes.settings = { ...DEFAULT_EVENT_SETTINGS, ...current.settings, ...input.settings };

  // A date sent alone is checked against the stored other one (the schema checks a pair).
  const start = changes.startDate !== undefined ? changes.startDate : current.startDate;
  const end = changes.endDate !== undefined ? changes.endDate : current.endDate;
  if (start && end && end.getTime() <= start.getTime()) {
    throw validationError({ end_date: [EVENT_MESSAGES.endAfterStart] });
  }
  if (Object.keys(changes).length === 0) return toEvent(current, publicUrl);
  if (changes.status === 'active' && current.status !== 'active') await reserveUsage(ctx, 'events');

  const [row] = await ctx.tx
    .update(events)
    .set(changes)
    .where(and(eq(events.id, id), eq(events.organizationId, ctx.organizationId)))
    .returning()
    .catch((err: unknown) => {
      // The only unique index besides the key: the slug, taken (possibly by another tenant).
      if (isUniqueViolation(err)) throw slugTaken();
      throw err;
    });
  if (!row) throw eventNotFound();
  await auditEvent(ctx, meta, 'event.updated', id, {
    fields: Object.keys(input),
    ...(changes.slug ? { previous_slug: current.slug, slug: changes.slug } : {}),
    ...(changes.status && changes.status !== current.status ? { previous_status: current.status } : {}),
  });
  return toEvent({ ...row, leadsCaptured: current.leadsCaptured }, publicUrl);
}

/**
 * DELETE /events/{id}/. Its leads stay (leads.event_id becomes null by the foreign key), its
 * page views go with it; its logo file is deleted, the bytes after commit.
 */
export async function deleteEvent(deps: AppDeps, inTenant: TenantRunner, meta: RequestMeta, id: string): Promise<void> {
  const removed = await inTenant(async (ctx) => {
    assertCan(ctx, 'events.delete');
    const row = await loadEvent(ctx, id, true);
    await ctx.tx.delete(events).where(and(eq(events.id, id), eq(events.organizationId, ctx.organizationId)));
    const logo = row.logoFileId ? await dropFile(ctx, row.logoFileId) : undefined;
    await auditEvent(ctx, meta, 'event.deleted', id, { name: row.name, slug: row.slug });
    return logo?.storageKey;
  });
  if (removed) await discardStored(deps, removed);
}

// --- form --------------------------------------------------------------------------------

export async function getEventForm(ctx: TenantContext, id: string): Promise<EventForm> {
  assertCan(ctx, 'events.read');
  return { form_fields: (await loadEvent(ctx, id)).formFields };
}

/** PUT /events/{id}/forms/: replaces the registration form as a whole. */
export async function updateEventForm(
  ctx: TenantContext,
  meta: RequestMeta,
  id: string,
  formFields: FormField[],
): Promise<EventForm> {
  assertCan(ctx, 'events.update');
  await loadEvent(ctx, id);
  const [row] = await ctx.tx
    .update(events)
    .set({ formFields })
    .where(and(eq(events.id, id), eq(events.organizationId, ctx.organizationId)))
    .returning({ formFields: events.formFields });
  if (!row) throw eventNotFound();
  await auditEvent(ctx, meta, 'event.form_updated', id, { fields: formFields.length });
  return { form_fields: row.formFields };
}

// --- logo --------------------------------------------------------------------------------

/** Deletes one of the tenant's files by id; answers its storage key (bytes go after commit). */
async function dropFile(ctx: TenantContext, fileId: string) {
  const [row] = await ctx.tx
    .delete(files)
    .where(and(eq(files.id, fileId), eq(files.organizationId, ctx.organizationId)))
    .returning({ id: files.id, storageKey: files.storageKey });
  return row;
}

/**
 * POST /events/{id}/logo/: stores the image as the event's logo (a public file, decision 008),
 * replacing the previous one. The event is looked up before the upload is read, so another
 * tenant's event costs no bytes; the bytes are stored between two transactions (files.service).
 */
export async function setEventLogo(
  deps: AppDeps,
  inTenant: TenantRunner,
  meta: RequestMeta,
  id: string,
  receive: () => Promise<Upload>,
): Promise<Event> {
  await inTenant(async (ctx) => {
    assertCan(ctx, 'events.update');
    await loadEvent(ctx, id);
  });
  const { event, replaced } = await storeThenRecord(
    deps,
    inTenant,
    receive,
    (ctx) => assertCan(ctx, 'events.update'),
    async (ctx, stored) => {
      const current = await loadEvent(ctx, id, true);
      const file = await insertFile(ctx, meta, stored, 'event_logo');
      const [row] = await ctx.tx
        .update(events)
        .set({ logoFileId: file.id })
        .where(and(eq(events.id, id), eq(events.organizationId, ctx.organizationId)))
        .returning();
      if (!row) throw eventNotFound();
      const previous = current.logoFileId ? await dropFile(ctx, current.logoFileId) : undefined;
      await auditEvent(ctx, meta, 'event.logo_updated', id, {
        file_id: file.id,
        replaced_file_id: previous?.id ?? null,
      });
      return {
        event: toEvent({ ...row, leadsCaptured: current.leadsCaptured }, deps.config.publicUrl),
        replaced: previous?.storageKey,
      };
    },
  );
  // Only after commit: until then the previous logo was still the event's.
  if (replaced) await discardStored(deps, replaced);
  return event;
}

/** DELETE /events/{id}/logo/: clears logo_url and deletes the logo file. */
export async function removeEventLogo(
  deps: AppDeps,
  inTenant: TenantRunner,
  meta: RequestMeta,
  id: string,
): Promise<Event> {
  const { event, removed } = await inTenant(async (ctx) => {
    assertCan(ctx, 'events.update');
    const current = await loadEvent(ctx, id, true);
    if (!current.logoFileId) return { event: toEvent(current, deps.config.publicUrl), removed: undefined };
    const [row] = await ctx.tx
      .update(events)
      .set({ logoFileId: null })
      .where(and(eq(events.id, id), eq(events.organizationId, ctx.organizationId)))
      .returning();
    if (!row) throw eventNotFound();
    const previous = await dropFile(ctx, current.logoFileId);
    await auditEvent(ctx, meta, 'event.logo_removed', id, { file_id: current.logoFileId });
    return {
      event: toEvent({ ...row, leadsCaptured: current.leadsCaptured }, deps.config.publicUrl),
      removed: previous?.storageKey,
    };
  });
  if (removed) await discardStored(deps, removed);
  return event;
}

// --- QR code -----------------------------------------------------------------------------

/** What a QR code of the event encodes, and the slug its download is named after. */
export async function qrTarget(
  ctx: TenantContext,
  publicUrl: string,
  id: string,
): Promise<{ slug: string; url: string }> {
  assertCan(ctx, 'events.read');
  const row = await loadEvent(ctx, id);
  return { slug: row.slug, url: qrTargetUrl(publicUrl, row.shortCode) };
}

// --- analytics ---------------------------------------------------------------------------

const DAY_MS = 24 * 60 * 60 * 1000;

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * GET /events/{id}/analytics/: the last `days` UTC days, today included. Page views are the
 * capture page's daily counters; submissions are the event's leads as every figure of an event
 * counts them (event-figures.ts), and conversion is the part of them that became customers.
 */
export async function eventAnalytics(
  ctx: TenantContext,
  id: string,
  days: number,
  now: Date = new Date(),
): Promise<EventAnalytics> {
  assertCan(ctx, 'events.read');
  await loadEvent(ctx, id);
  const to = utcDay(now);
  const fromDate = new Date(Date.parse(to) - (days - 1) * DAY_MS);
  const from = utcDay(fromDate);

  const ofEvent = and(eq(leads.organizationId, ctx.organizationId), eventLeadsWhere(id));
  const leadDay = sql<string>`to_char((${leads.createdAt} at time zone 'UTC')::date, 'YYYY-MM-DD')`;
  const leadsByDay = await ctx.tx
    .select({ day: leadDay, n: count(), converted: sql<number>`count(*) filter (where ${leadConverted})::int` })
    .from(leads)
    .where(and(ofEvent, gte(leads.createdAt, fromDate)))
    .groupBy(leadDay);
  const bySource = await ctx.tx
    .select({ source: leads.source, n: count() })
    .from(leads)
    .where(and(ofEvent, gte(leads.createdAt, fromDate)))
    .groupBy(leads.source)
    .orderBy(desc(count()), asc(leads.source));
  const viewsByDay = await ctx.tx
    .select({ day: capturePageViews.day, views: capturePageViews.views })
    .from(capturePageViews)
    .where(
      and(
        eq(capturePageViews.organizationId, ctx.organizationId),
        eq(capturePageViews.eventId, id),
        gte(capturePageViews.day, from),
      ),
    );
  const [allTime] = await queryRows<{ views: number; submissions: number; converted: number }>(
    ctx.tx,
    sql`select
      (select coalesce(sum(${capturePageViews.views}), 0)::int from ${capturePageViews}
        where ${capturePageViews.organizationId} = ${ctx.organizationId} and ${capturePageViews.eventId} = ${id}) as views,
      (select count(*)::int from ${leads} where ${ofEvent}) as submissions,
      (select count(*)::int from ${leads} where ${ofEvent} and ${leadConverted}) as converted`,
  );

  const submissionsOn = new Map(leadsByDay.map((r) => [r.day, r.n]));
  const viewsOn = new Map(viewsByDay.map((r) => [r.day, r.views]));
  const byDay = Array.from({ length: days }, (_, i) => {
    const date = utcDay(new Date(fromDate.getTime() + i * DAY_MS));
    return { date, page_views: viewsOn.get(date) ?? 0, submissions: submissionsOn.get(date) ?? 0 };
  });
  const pageViews = byDay.reduce((n, d) => n + d.page_views, 0);
  const submissions = byDay.reduce((n, d) => n + d.submissions, 0);
  const converted = leadsByDay.reduce((n, d) => n + d.converted, 0);
  const totalViews = allTime?.views ?? 0;
  const totalSubmissions = allTime?.submissions ?? 0;
  const totalConverted = allTime?.converted ?? 0;
  return {
    event_id: id,
    days,
    from,
    to,
    page_views: pageViews,
    submissions,
    converted,
    conversion_rate: conversionRate(converted, submissions),
    by_day: byDay,
    by_source: bySource.map((r) => ({ source: r.source, count: r.n })),
    all_time: {
      page_views: totalViews,
      submissions: totalSubmissions,
      converted: totalConverted,
      conversion_rate: conversionRate(totalConverted, totalSubmissions),
    },
  };
}
