import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { clientListQuerySchema } from '@leadcapture/contracts/clients';
import type { DataResource, ExportFilters } from '@leadcapture/contracts/data-exports';
import { isInputField, type FormField, type SubmissionValue } from '@leadcapture/contracts/form-fields';
import { eventListQuerySchema } from '@leadcapture/contracts/events';
import { leadListQuerySchema } from '@leadcapture/contracts/leads';
import { offerListQuerySchema } from '@leadcapture/contracts/offers';
import type { z } from 'zod';
import { queryRows } from '../../db/database.ts';
import type { TenantContext } from '../../db/tenant.ts';
import { validationError } from '../../http/errors.ts';
import type { Permission } from '../../http/permissions.ts';
import { users } from '../auth/auth.table.ts';
import { clients } from '../clients/clients.table.ts';
import { clientListOrder, listConditions as clientListConditions } from '../clients/clients.service.ts';
import { eventListConditions, eventListOrder } from '../events/events.service.ts';
import { events } from '../events/events.table.ts';
import { leadActivities, leads } from '../leads/leads.table.ts';
import { listConditions, listKeyset } from '../leads/leads.service.ts';
import { offerListConditions, offerListOrder } from '../offers/offers.service.ts';
import { offers } from '../offers/offers.table.ts';
import { headerOf, valueLabel, word, type ExportLanguage } from './data-exports.labels.ts';

/** How cells are written: the reader's language and zone, or codes and UTC for re-import. */
export interface Formatting {
  lang: ExportLanguage;
  forReimport: boolean;
  timeZone: string;
  /**
   * Headers in `lang` even for re-import: the download of `GET /leads/export/` (its contract
   * since before the data centre) has codes and UTC in its cells under headers people read.
   */
  labelHeaders?: boolean;
}

/**
 * A column of an export. `kind` decides the formula guard: a phone number or a number is data,
 * not a formula, even when it starts with + or -.
 */
export interface ColumnDef {
  code: string;
  header: string;
  kind: 'text' | 'phone' | 'number';
}

/** One row: cell text by column code. */
export type Cells = Record<string, string>;

export interface Batch {
  rows: Cells[];
  /** Where the next batch starts (the last row's created_at as text, and its id). */
  cursor: Cursor | null;
}
export interface Cursor {
  key: string | null;
  id: string;
}

/** What one export reads once and keeps for all its batches. */
export interface ExportMemo {
  /** The organisation's form labels (leads' custom answers), read in the first batch. */
  formLabels?: Promise<Map<string, string>>;
}

export interface ResourceSpec {
  read: Permission;
  /** The filter's condition; bad filters answer 422 with `details["filters.<name>"]`. */
  where(ctx: TenantContext, filters: ExportFilters): SQL | undefined;
  /** Every column this organisation's export of the resource can have, in their default order. */
  columns(ctx: TenantContext, fmt: Formatting): Promise<ColumnDef[]>;
  count(ctx: TenantContext, where: SQL | undefined): Promise<number>;
  /** The next `size` rows after the cursor, in the order the filters ask for (or newest first). */
  batch(
    ctx: TenantContext,
    where: SQL | undefined,
    cursor: Cursor | null,
    size: number,
    fmt: Formatting,
    filters: ExportFilters,
    /** Kept by the export across its batches (one per export). */
    memo?: ExportMemo,
  ): Promise<Batch>;
}

// --- formatting ------------------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();
/** `2026-11-27 11:42` in the organisation's zone; ISO 8601 UTC for re-import. */
export function formatDate(value: Date | null, fmt: Formatting): string {
  if (!value) return '';
  if (fmt.forReimport) return value.toISOString();
  let f = formatters.get(fmt.timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', {
      timeZone: fmt.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(fmt.timeZone, f);
  }
  return f.format(value);
}

const yesNo = (value: boolean, fmt: Formatting) =>
  fmt.forReimport ? String(value) : word(value ? 'yes' : 'no', fmt.lang);

function answerText(value: SubmissionValue | undefined, fmt: Formatting): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return yesNo(value, fmt);
  return String(value);
}

const column = (code: string, fmt: Formatting, kind: ColumnDef['kind'] = 'text'): ColumnDef => ({
  code,
  header: headerOf(code, fmt.lang, fmt.forReimport && !fmt.labelHeaders),
  kind,
});

/** Filter values from a URL arrive as text: checked with the list's own schema. */
function parseFilters<T extends z.ZodType>(schema: T, filters: ExportFilters): z.output<T> {
  const parsed = schema.safeParse(filters);
  if (parsed.success) return parsed.data;
  const details: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = `filters.${issue.path.join('.') || 'filters'}`;
    (details[key] ??= []).push(issue.message);
  }
  throw validationError(details);
}

/** A keyset after the cursor, newest first: never OFFSET, every batch an index range. */
function after(createdAt: AnyPgColumn, id: AnyPgColumn, cursor: Cursor | null): SQL | undefined {
  if (!cursor?.key) return undefined;
  return sql`${createdAt} <= ${cursor.key}::timestamptz and (${createdAt}, ${id}) < (${cursor.key}::timestamptz, ${cursor.id}::uuid)`;
}

const countOf = async (
  ctx: TenantContext,
  table: typeof leads | typeof clients | typeof events | typeof offers,
  where: SQL | undefined,
) => {
  const [row] = await ctx.tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(table)
    .where(and(eq(table.organizationId, ctx.organizationId), where));
  return row?.n ?? 0;
};

function nextCursor(rows: { id: string; cursorKey: string | null }[], size: number): Cursor | null {
  const last = rows.at(-1);
  return last && rows.length === size ? { key: last.cursorKey, id: last.id } : null;
}

/** Where a batch of a paged list starts: the rows before it (kept in the cursor's key). */
const listOffset = (cursor: Cursor | null) => Number(cursor?.key ?? 0);
const nextOffset = (offset: number, read: number, size: number): Cursor | null =>
  read === size ? { key: String(offset + read), id: '' } : null;

// --- leads -----------------------------------------------------------------------------------

/** The lead list's filters: those of `GET /leads/`, without paging (the export takes them all). */
const leadFiltersSchema = leadListQuerySchema.omit({ page: true, page_size: true });

const LEAD_COLUMNS: [code: string, kind?: ColumnDef['kind']][] = [
  ['id'],
  ['first_name'],
  ['last_name'],
  ['email'],
  ['phone', 'phone'],
  ['company'],
  ['job_title'],
  ['company_size'],
  ['source'],
  ['status'],
  ['interest'],
  ['score', 'number'],
  ['budget_range'],
  ['decision_timeline'],
  ['decision_role'],
  ['interested_products'],
  ['tags'],
  ['assigned_to'],
  ['notes'],
  ['activities'],
  ['follow_up_date'],
  ['event'],
  ['approval_status'],
  ['email_verified'],
  ['consent_given_at'],
  ['created_at'],
  ['updated_at'],
];

/** Custom answers are keyed by field id; their column is the field's label (`custom:<label>`). */
export const CUSTOM_PREFIX = 'custom:';

/** The input fields of the organisation's event and offer forms: field id → label. */
async function formLabels(ctx: TenantContext): Promise<Map<string, string>> {
  const forms = await queryRows<{ form_fields: FormField[] }>(
    ctx.tx,
    sql`select form_fields from ${events} where ${events.organizationId} = ${ctx.organizationId}
        union all select form_fields from ${offers} where ${offers.organizationId} = ${ctx.organizationId}`,
  );
  const labels = new Map<string, string>();
  for (const form of forms) {
    for (const field of form.form_fields) {
      if (isInputField(field) && field.label.trim() !== '' && !labels.has(field.id))
        labels.set(field.id, field.label.trim());
    }
  }
  return labels;
}

interface ActivitySummary {
  notes: string[];
  counts: Map<string, number>;
  last: Date | null;
}

/** The batch's notes and logged activities (calls, emails, meetings) by lead, in one query. */
async function activitiesOf(ctx: TenantContext, ids: string[]): Promise<Map<string, ActivitySummary>> {
  const out = new Map<string, ActivitySummary>();
  if (ids.length === 0) return out;
  const rows = await ctx.tx
    .select({
      leadId: leadActivities.leadId,
      type: leadActivities.type,
      description: leadActivities.description,
      createdAt: leadActivities.createdAt,
    })
    .from(leadActivities)
    .where(
      and(
        eq(leadActivities.organizationId, ctx.organizationId),
        inArray(leadActivities.leadId, ids),
        inArray(leadActivities.type, ['note', 'call', 'email', 'meeting']),
      ),
    )
    .orderBy(desc(leadActivities.createdAt));
  for (const row of rows) {
    let s = out.get(row.leadId);
    if (!s) {
      s = { notes: [], counts: new Map(), last: row.createdAt };
      out.set(row.leadId, s);
    }
    s.counts.set(row.type, (s.counts.get(row.type) ?? 0) + 1);
    if (row.type === 'note' && row.description.trim() !== '' && s.notes.length < 5)
      s.notes.push(row.description.trim());
  }
  return out;
}

/** "2 notes, 1 calls · last 2026-11-20 10:00": what was done with the lead, at a glance. */
function activityText(s: ActivitySummary | undefined, fmt: Formatting): string {
  if (!s) return '';
  const parts = ['note', 'call', 'email', 'meeting']
    .filter((type) => s.counts.has(type))
    .map((type) => `${s.counts.get(type) ?? 0} ${fmt.forReimport ? type : word(type, fmt.lang)}`);
  return `${parts.join(', ')} · ${fmt.forReimport ? 'last' : word('last', fmt.lang)} ${formatDate(s.last, fmt)}`;
}

const NOTES_MAX = 4000;

const leadsSpec: ResourceSpec = {
  read: 'leads.read',
  where(ctx, filters) {
    const query = parseFilters(leadFiltersSchema, filters);
    return listConditions(ctx, query);
  },
  async columns(ctx, fmt) {
    const base = LEAD_COLUMNS.map(([code, kind]) => column(code, fmt, kind));
    const labels = [...new Set((await formLabels(ctx)).values())];
    return [
      ...base,
      ...labels.map((label): ColumnDef => ({ code: `${CUSTOM_PREFIX}${label}`, header: label, kind: 'text' })),
    ];
  },
  count: (ctx, where) => countOf(ctx, leads, where),
  async batch(ctx, where, cursor, size, fmt, filters, memo = {}) {
    // The list's ordering (newest first unless the filters say otherwise), as a keyset.
    const keyset = listKeyset(parseFilters(leadFiltersSchema, filters).ordering);
    // Right after a bulk import the statistics lag behind and the planner sorts the whole filter
    // for every batch instead of reading the ordering's index from the cursor on (22 s instead
    // of 3 s for 100,000 leads, measured); a sort stays possible where no index has the order.
    await ctx.tx.execute(sql`set local enable_sort = off`);
    const rows = await ctx.tx
      .select({
        lead: leads,
        id: leads.id,
        cursorKey: keyset.key,
        assignee: users.email,
        event: events.name,
      })
      .from(leads)
      .leftJoin(users, eq(users.id, leads.assignedTo))
      .leftJoin(events, eq(events.id, leads.eventId))
      .where(and(where, cursor ? keyset.after(cursor) : undefined))
      .orderBy(...keyset.orderBy)
      .limit(size);
    await ctx.tx.execute(sql`set local enable_sort = on`);
    memo.formLabels ??= formLabels(ctx);
    const labels = await memo.formLabels;
    const activities = await activitiesOf(
      ctx,
      rows.map((r) => r.id),
    );
    const label = (set: string, code: string | null) => valueLabel(set, code ?? '', fmt.lang, fmt.forReimport);
    const cells = rows.map(({ lead, assignee, event }): Cells => {
      const summary = activities.get(lead.id);
      const notes = [lead.notes.trim(), ...(summary?.notes ?? [])].filter((n) => n !== '').join(' | ');
      const out: Cells = {
        id: lead.id,
        first_name: lead.firstName,
        last_name: lead.lastName,
        email: lead.email,
        phone: lead.phone,
        company: lead.company,
        job_title: lead.jobTitle,
        company_size: lead.companySize,
        source: label('leads.source', lead.source),
        status: label('leads.status', lead.status),
        interest: label('leads.interest', lead.interest),
        score: String(lead.score),
        budget_range: lead.budgetRange,
        decision_timeline: label('leads.decision_timeline', lead.decisionTimeline),
        decision_role: label('leads.decision_role', lead.decisionRole),
        interested_products: lead.interestedProducts.join(', '),
        tags: lead.tags.join(', '),
        assigned_to: assignee ?? '',
        notes: notes.length > NOTES_MAX ? `${notes.slice(0, NOTES_MAX - 1)}…` : notes,
        activities: activityText(summary, fmt),
        follow_up_date: formatDate(lead.followUpDate, fmt),
        event: event ?? '',
        approval_status: label('leads.approval_status', lead.approvalStatus),
        email_verified: yesNo(lead.emailVerifiedAt !== null, fmt),
        consent_given_at: formatDate(lead.consentGivenAt, fmt),
        created_at: formatDate(lead.createdAt, fmt),
        updated_at: formatDate(lead.updatedAt, fmt),
      };
      for (const [fieldId, value] of Object.entries(lead.customFields)) {
        const name = labels.get(fieldId) ?? fieldId;
        const key = `${CUSTOM_PREFIX}${name}`;
        const text = answerText(value, fmt);
        // Two forms may share a label: the answers of one lead under it are joined.
        out[key] = out[key] ? `${out[key]}, ${text}` : text;
      }
      return out;
    });
    return { rows: cells, cursor: nextCursor(rows, size) };
  },
};

// --- clients ---------------------------------------------------------------------------------

const CLIENT_COLUMNS: [string, ColumnDef['kind']?][] = [
  ['id'],
  ['company_name'],
  ['contact_first_name'],
  ['contact_last_name'],
  ['contact_email'],
  ['contact_phone', 'phone'],
  ['contact_job_title'],
  ['client_type'],
  ['priority'],
  ['status'],
  ['organization_number'],
  ['vat_id'],
  ['website'],
  ['industry'],
  ['currency'],
  ['estimated_value', 'number'],
  ['relationship_manager'],
  ['tags'],
  ['notes'],
  ['next_follow_up_date'],
  ['created_at'],
  ['updated_at'],
];

/** The clients list's filters and order: those of `GET /clients/`, without paging. */
const clientFiltersSchema = clientListQuerySchema.omit({ page: true, page_size: true });

/**
 * Newest first (the list's default) is a keyset on the creation index; another order of the list
 * (a name, a value, the priority) is read in pages of that order, as the list itself pages it.
 */
async function clientRows(
  ctx: TenantContext,
  where: SQL | undefined,
  cursor: Cursor | null,
  size: number,
  filters: ExportFilters,
) {
  const { ordering } = parseFilters(clientFiltersSchema, filters);
  const select = ctx.tx
    .select({ c: clients, id: clients.id, cursorKey: sql<string>`${clients.createdAt}::text`, manager: users.email })
    .from(clients)
    .leftJoin(users, eq(users.id, clients.relationshipManager));
  if (ordering === '-created_at') {
    const rows = await select
      .where(and(where, after(clients.createdAt, clients.id, cursor)))
      .orderBy(desc(clients.createdAt), desc(clients.id))
      .limit(size);
    return { rows, next: nextCursor(rows, size) };
  }
  const offset = listOffset(cursor);
  const rows = await select
    .where(where)
    .orderBy(...clientListOrder(ordering))
    .limit(size)
    .offset(offset);
  return { rows, next: nextOffset(offset, rows.length, size) };
}

const clientsSpec: ResourceSpec = {
  read: 'clients.read',
  where: (ctx, filters) => clientListConditions(ctx, parseFilters(clientFiltersSchema, filters)),
  columns: async (_ctx, fmt) => CLIENT_COLUMNS.map(([code, kind]) => column(code, fmt, kind)),
  count: (ctx, where) => countOf(ctx, clients, where),
  async batch(ctx, where, cursor, size, fmt, filters) {
    const { rows, next } = await clientRows(ctx, where, cursor, size, filters);
    const label = (set: string, code: string | null) => valueLabel(set, code ?? '', fmt.lang, fmt.forReimport);
    const cells = rows.map(({ c, manager }): Cells => ({
      id: c.id,
      company_name: c.companyName,
      contact_first_name: c.contactFirstName,
      contact_last_name: c.contactLastName,
      contact_email: c.contactEmail,
      contact_phone: c.contactPhone,
      contact_job_title: c.contactJobTitle,
      client_type: label('clients.client_type', c.clientType),
      priority: label('clients.priority', c.priority),
      status: label('clients.status', c.status),
      organization_number: c.organizationNumber,
      vat_id: c.vatId,
      website: c.website,
      industry: c.industry ?? '',
      currency: c.currency.toUpperCase(),
      estimated_value: c.estimatedValue === null ? '' : String(c.estimatedValue),
      relationship_manager: manager ?? '',
      tags: c.tags.join(', '),
      notes: c.notes,
      next_follow_up_date: formatDate(c.nextFollowUpDate, fmt),
      created_at: formatDate(c.createdAt, fmt),
      updated_at: formatDate(c.updatedAt, fmt),
    }));
    return { rows: cells, cursor: next };
  },
};

// --- events and offers -----------------------------------------------------------------------

const EVENT_COLUMNS = [
  'id',
  'name',
  'status',
  'start_date',
  'end_date',
  'location',
  'website',
  'description',
  'form_fields',
  'lead_count',
  'created_at',
  'updated_at',
];
/** The events list's filters and ordering: those of `GET /events/`, without paging. */
const eventFiltersSchema = eventListQuerySchema.omit({ page: true, page_size: true });

/** The labels of a form's input fields, joined: what a person asks of a form in a list. */
const fieldLabels = (fields: FormField[]) =>
  fields
    .filter(isInputField)
    .map((f) => f.label)
    .join(', ');

const liveLeadCount = (eventOrOffer: AnyPgColumn, leadColumn: AnyPgColumn) =>
  sql<number>`(select count(*) from ${leads} where ${leadColumn} = ${eventOrOffer} and ${leads.deletedAt} is null)`.mapWith(
    Number,
  );

const eventsSpec: ResourceSpec = {
  read: 'events.read',
  where: (ctx, filters) => eventListConditions(ctx, parseFilters(eventFiltersSchema, filters)),
  columns: async (_ctx, fmt) =>
    EVENT_COLUMNS.map((code) => column(code, fmt, code === 'lead_count' ? 'number' : 'text')),
  count: (ctx, where) => countOf(ctx, events, where),
  async batch(ctx, where, cursor, size, fmt, filters) {
    // The list's own order (a name, a date or the leads captured); an organisation's events are
    // few, so batches are pages of that order rather than a keyset.
    const offset = listOffset(cursor);
    const rows = await ctx.tx
      .select({ e: events, leadCount: liveLeadCount(events.id, leads.eventId) })
      .from(events)
      .where(where)
      .orderBy(...eventListOrder(parseFilters(eventFiltersSchema, filters).ordering))
      .limit(size)
      .offset(offset);
    const cells = rows.map(({ e, leadCount }): Cells => ({
      id: e.id,
      name: e.name,
      status: valueLabel('events.status', e.status, fmt.lang, fmt.forReimport),
      start_date: formatDate(e.startDate, fmt),
      end_date: formatDate(e.endDate, fmt),
      location: e.location,
      website: e.website,
      description: e.description,
      form_fields: fieldLabels(e.formFields),
      lead_count: String(leadCount),
      created_at: formatDate(e.createdAt, fmt),
      updated_at: formatDate(e.updatedAt, fmt),
    }));
    return { rows: cells, cursor: nextOffset(offset, rows.length, size) };
  },
};

const OFFER_COLUMNS = [
  'id',
  'title',
  'status',
  'published',
  'description',
  'form_fields',
  'lead_count',
  'created_at',
  'updated_at',
];
/** The offers list's filters and ordering: those of `GET /offers/`, without paging. */
const offerFiltersSchema = offerListQuerySchema.omit({ page: true, page_size: true });
// `is_published` arrives as text from a URL and as a boolean in JSON.
const offerFilters = (filters: ExportFilters) =>
  parseFilters(
    offerFiltersSchema,
    Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, typeof v === 'boolean' ? String(v) : v])),
  );

const offersSpec: ResourceSpec = {
  read: 'offers.read',
  where: (ctx, filters) => offerListConditions(ctx, offerFilters(filters)),
  columns: async (_ctx, fmt) =>
    OFFER_COLUMNS.map((code) => column(code, fmt, code === 'lead_count' ? 'number' : 'text')),
  count: (ctx, where) => countOf(ctx, offers, where),
  async batch(ctx, where, cursor, size, fmt, filters) {
    // As events: the list's own order, in pages (an organisation's offers are few).
    const offset = listOffset(cursor);
    const rows = await ctx.tx
      .select({ o: offers, leadCount: liveLeadCount(offers.id, leads.offerId) })
      .from(offers)
      .where(where)
      .orderBy(...offerListOrder(offerFilters(filters).ordering))
      .limit(size)
      .offset(offset);
    const cells = rows.map(({ o, leadCount }): Cells => ({
      id: o.id,
      title: o.title,
      status: valueLabel('offers.status', o.status, fmt.lang, fmt.forReimport),
      published: yesNo(o.isPublished, fmt),
      description: o.description,
      form_fields: fieldLabels(o.formFields),
      lead_count: String(leadCount),
      created_at: formatDate(o.createdAt, fmt),
      updated_at: formatDate(o.updatedAt, fmt),
    }));
    return { rows: cells, cursor: nextOffset(offset, rows.length, size) };
  },
};

export const RESOURCES: Record<DataResource, ResourceSpec> = {
  leads: leadsSpec,
  clients: clientsSpec,
  events: eventsSpec,
  offers: offersSpec,
};

/** The header row of a blank import template: the import's field codes. */
export const IMPORT_TEMPLATE_COLUMNS = {
  leads: LEAD_COLUMNS.map(([code]) => code).filter(
    (c) =>
      ![
        'id',
        'source',
        'score',
        'assigned_to',
        'activities',
        'event',
        'approval_status',
        'email_verified',
        'consent_given_at',
        'created_at',
        'updated_at',
      ].includes(c),
  ),
  clients: CLIENT_COLUMNS.map(([code]) => code).filter(
    (c) => !['id', 'relationship_manager', 'created_at', 'updated_at'].includes(c),
  ),
} as const;
