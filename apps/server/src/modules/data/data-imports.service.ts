import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { stringify } from 'csv-stringify/sync';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  DATA_IMPORT_MESSAGES,
  DATA_JOB_FAILURES,
  DATA_PROGRESS_MESSAGE,
  dataImportOptionsSchema,
  dataImportPreviewOptionsSchema,
  IMPORT_UNDO_HOURS,
  type DataImport,
  type DataImportMapping,
  type ClientImportRow,
  type DataImportOptions,
  type DataImportPreview,
  type ImportResource,
  type ImportRowOutcome,
} from '@leadcapture/contracts/data-imports';
import {
  IMPORT_ERRORS_KEPT,
  IMPORT_FIELDS,
  IMPORT_MESSAGES,
  IMPORT_PREVIEW_ROWS,
  importOptionsSchema,
  importRowSchema,
  mappingIdentifiesLeads,
  unneutraliseCell,
  type ImportError,
  type ImportField,
  type ImportMapping,
  type ImportOptions,
  type ImportPreview,
  type ImportRow,
  type LeadImport,
} from '@leadcapture/contracts/lead-imports';
import type { z } from 'zod';
import type { ValidationDetails } from '@leadcapture/contracts/errors';
import { scoreLead, type ScoringRules } from '@leadcapture/contracts/lead-scoring';
import type { LeadsImportedData } from '@leadcapture/contracts/notifications';
import type { EventAssignment } from '@leadcapture/contracts/qualification';
import { queryRows, type Database, type DatabaseKind, type Tx } from '../../db/database.ts';
import { inScope, setScope, type TenantContext } from '../../db/tenant.ts';
import { AppError, notFound, validationError } from '../../http/errors.ts';
import { assertCan, can } from '../../http/permissions.ts';
import type { TenantRunner } from '../../http/tenant.ts';
import { createBatchPace, pause } from '../../jobs/batch-pace.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { leadRoom } from '../billing/billing.service.ts';
import { users } from '../auth/auth.table.ts';
import { events } from '../events/events.table.ts';
import { deliverNotice, membersOf } from '../notifications/notifications.service.ts';
import { leadsImportedDetail } from '../../mail/templates.ts';
import {
  leadColumnChanges,
  loadScoringRules,
  lockLeadEmails,
  scoredAnswers,
  type LeadRow,
} from '../leads/leads.service.ts';
import { leadActivities, leads } from '../leads/leads.table.ts';
import { assignNewLeads } from '../qualification/qualification.service.ts';
import {
  CLIENT_FIELD_SET,
  clientMappingIdentifies,
  clientRowInput,
  parseClientRow,
  revertClientRows,
  writeClientBatch,
} from './data-import-clients.ts';
import { fileHead, readRecords, sniffFile, type ImportSource, type ReceivedFile } from './data-import-file.ts';
import { guessMapping } from './data-import-guess.ts';
import { rowErrorLine, rowErrorOf, type RowErrorLanguage } from './data-import-errors.ts';
import { getTemplate } from './data-templates.service.ts';
import { dataImportRows, leadImports } from './data-imports.table.ts';

/** Outbox kind of the one summary event of a finished import (no lead.created per row). */
export const LEADS_IMPORTED = 'leads.imported';
/**
 * Rows per transaction, sized by time (jobs/batch-pace.ts): one multi-row INSERT each, read,
 * checked and written in about IMPORT_BATCH.targetMs, then the event loop gets a turn. On PGlite
 * a batch of 1,000 held every other request for a second or more; inserting 50 leads takes
 * 10-30 ms there (every index of leads, the trigram one included), so batches start at that.
 */
export const IMPORT_BATCH = { initial: 50, min: 50, max: 1000, targetMs: 30 };
/**
 * On PostgreSQL a batch's time is mostly the database's, which holds nothing of this process:
 * batches there are sized for throughput (fewer, larger transactions), not for the event loop.
 * Measured on a 2-core machine at load 18: 100,000 rows took 368 s with PGlite's pace (batches
 * stuck at 50 rows, 2,000 transactions).
 */
export const IMPORT_BATCH_POSTGRES = { initial: 1000, min: 500, max: 5000, targetMs: 2000 };
/** A processing import whose heartbeat is older than this lost its process. */
export const IMPORT_STALE_AFTER_MS = 2 * 60 * 1000;

type ImportRecord = typeof leadImports.$inferSelect;

function undoUntil(row: ImportRecord): Date | null {
  if (row.status !== 'completed' || row.dryRun || !row.finishedAt) return null;
  return new Date(row.finishedAt.getTime() + IMPORT_UNDO_HOURS * 3600 * 1000);
}

export function toLeadImport(row: ImportRecord): DataImport {
  return {
    resource: row.resource,
    file_kind: row.fileKind,
    dry_run: row.dryRun,
    progress: { done: row.processedRows, total: row.totalRows },
    undo_until: undoUntil(row)?.toISOString() ?? null,
    undone_at: row.undoneAt?.toISOString() ?? null,
    id: row.id,
    status: row.status,
    file_name: row.fileName,
    file_size: row.fileSize,
    total_rows: row.totalRows,
    processed_rows: row.processedRows,
    created: row.createdCount,
    updated: row.updatedCount,
    skipped: row.skippedCount,
    failed: row.failedCount,
    // Records from before row errors had codes: their English message stands alone.
    errors: row.errors.map((e) => ({ ...e, code: e.code ?? 'invalid', params: e.params ?? {} })),
    error_count: row.errorCount,
    mapping: row.mapping,
    options: { duplicates: row.options.duplicates, event: row.options.event ?? null, source: row.options.source },
    failure: row.failure,
    created_by: row.createdBy,
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const isLeadField = (f: string | null): f is ImportField | null => f === null || LEAD_FIELD_SET.has(f);

/** The record as the lead import of before the data centre answers it (a leads import only). */
export function asLeadImport(record: DataImport): LeadImport {
  const mapping: ImportMapping = {};
  for (const [column, field] of Object.entries(record.mapping)) mapping[column] = isLeadField(field) ? field : null;
  return { ...record, mapping };
}

/** A preview as the lead import of before the data centre answers it (lead fields only). */
export function asLeadPreview({ resource: _resource, ...preview }: DataImportPreview): ImportPreview {
  const mapping: ImportMapping = {};
  for (const [column, field] of Object.entries(preview.mapping)) mapping[column] = isLeadField(field) ? field : null;
  return { ...preview, mapping };
}

// --- the request: options, file checks, mapping ------------------------------------------------

/** The options of the legacy route (POST /leads/import_leads/), of POST /data/imports/ or of its preview. */
type OptionsSchema =
  typeof dataImportOptionsSchema | typeof importOptionsSchema | typeof dataImportPreviewOptionsSchema;

function parseOptions<S extends OptionsSchema>(schema: S, fields: Record<string, string>): z.output<S> {
  const raw: Record<string, unknown> = {};
  const details: ValidationDetails = {};
  for (const [name, value] of Object.entries(fields)) {
    if (name !== 'mapping') {
      if (value !== '') raw[name] = value;
      continue;
    }
    if (value.trim() === '') continue;
    try {
      raw.mapping = JSON.parse(value);
    } catch {
      details.mapping = ['Send the mapping as JSON: {"CSV column": "lead field"}'];
    }
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.length > 0 ? issue.path.join('.') : 'non_field_errors';
      (details[key] ??= []).push(issue.message);
    }
  }
  if (Object.keys(details).length > 0 || !parsed.success) throw validationError(details);
  return parsed.data as z.output<S>;
}

const LEAD_FIELD_SET = new Set<string>(IMPORT_FIELDS);

/** What differs between the resources at the start: their fields, identity and permission. */
const MAPPING_RULES: Record<
  ImportResource,
  {
    fields: Set<string>;
    identifies: (m: DataImportMapping) => boolean;
    noIdentity: string;
    permission: 'leads.write' | 'clients.write';
  }
> = {
  leads: {
    fields: LEAD_FIELD_SET,
    identifies: (m) => mappingIdentifiesLeads(m as ImportMapping),
    noIdentity: IMPORT_MESSAGES.noIdentity,
    permission: 'leads.write',
  },
  clients: {
    fields: CLIENT_FIELD_SET,
    identifies: clientMappingIdentifies,
    noIdentity: DATA_IMPORT_MESSAGES.clientIdentity,
    permission: 'clients.write',
  },
};

/**
 * The mapping given (checked against the header and the resource's fields) or detected from
 * it; every column named. A saved template's mapping (`lenient`) may name columns this file
 * lacks: a template serves many files, so those are left out instead of refused.
 */
function resolveMapping(
  resource: ImportResource,
  columns: string[],
  given: DataImportMapping | undefined,
  lenient = false,
): DataImportMapping {
  const rules = MAPPING_RULES[resource];
  const details: ValidationDetails = {};
  let mapping: DataImportMapping;
  if (given) {
    mapping = Object.fromEntries(columns.map((c) => [c, null]));
    const used = new Set<string>();
    for (const [column, field] of Object.entries(given)) {
      if (!columns.includes(column)) {
        if (!lenient) (details[`mapping.${column}`] ??= []).push(IMPORT_MESSAGES.unknownColumn);
        continue;
      }
      if (field && !rules.fields.has(field)) {
        (details[`mapping.${column}`] ??= []).push(DATA_IMPORT_MESSAGES.unknownField);
        continue;
      }
      if (field && used.has(field)) (details[`mapping.${column}`] ??= []).push(IMPORT_MESSAGES.fieldTwice);
      if (field) used.add(field);
      mapping[column] = field;
    }
  } else mapping = guessMapping(resource, columns);
  if (Object.keys(details).length === 0 && !rules.identifies(mapping)) details.mapping = [rules.noIdentity];
  if (Object.keys(details).length > 0) throw validationError(details);
  return mapping;
}

/**
 * The mapping an import's template gives: an import template of the organisation (another's
 * is 404, as if it did not exist) for the same resource (422 otherwise).
 */
async function templateMapping(
  ctx: TenantContext,
  templateId: string,
  resource: ImportResource,
): Promise<DataImportMapping> {
  const template = await getTemplate(ctx, templateId);
  if (template.kind !== 'import' || !template.mapping)
    throw validationError({ template_id: [DATA_IMPORT_MESSAGES.templateNotImport] });
  if (template.resource !== resource)
    throw validationError({ template_id: [DATA_IMPORT_MESSAGES.templateOtherResource] });
  return template.mapping;
}

/** The import's event (422 for one the organisation lacks) and its automatic assignment. */
async function ownEventAssignment(
  ctx: TenantContext,
  eventId: string | null | undefined,
): Promise<(EventAssignment & { eventName: string }) | null> {
  if (!eventId) return null;
  const [event] = await ctx.tx
    .select({ id: events.id, name: events.name, assignment: events.assignment })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.organizationId, ctx.organizationId)));
  if (!event) throw validationError({ event: ['Choose one of your events'] });
  return event.assignment.mode === 'none' ? null : { ...event.assignment, eventName: event.name };
}

/**
 * Gives a batch's new leads their assignees by the event's assignment, through the capture's own
 * pool and turns (qualification's assignNewLeads), so captures and imports share one round robin.
 * Answers the timeline entries that say so, written once the leads are: automatic, by nobody, as
 * a capture's.
 */
async function assignImported(
  tx: Tx,
  job: ImportJob,
  eventId: string,
  rows: LeadInsert[],
): Promise<(typeof leadActivities.$inferInsert)[]> {
  if (!job.assignment || rows.length === 0) return [];
  const assignees = await assignNewLeads(
    { tx, organizationId: job.organizationId },
    eventId,
    job.assignment,
    rows.length,
  );
  return rows.flatMap((row, i) => {
    const assignee = assignees[i];
    row.assignedTo = assignee?.id ?? null;
    if (!assignee) return [];
    job.assigned.set(assignee.id, (job.assigned.get(assignee.id) ?? 0) + 1);
    if (!row.id) return [];
    return [
      {
        organizationId: job.organizationId,
        leadId: row.id,
        userId: null,
        type: 'assigned' as const,
        metadata: { from: null, to: assignee.id, to_name: assignee.name, automatic: true },
      },
    ];
  });
}

/** One notice per assignee of an import's new leads ("37 leads imported and assigned to you"). */
async function tellAssignees(tx: Tx, job: ImportJob): Promise<void> {
  if (!job.assignment || job.assigned.size === 0) return;
  const eventName = job.assignment.eventName;
  const people = await membersOf(tx, job.organizationId, { userIds: [...job.assigned.keys()] });
  for (const person of people) {
    const count = job.assigned.get(person.id) ?? 0;
    if (count === 0) continue;
    const data: LeadsImportedData = { import_id: job.id, count, event_name: eventName };
    await deliverNotice(tx, job.organizationId, [person], {
      category: 'leads',
      type: 'leads_imported',
      priority: 'normal',
      data,
      link: `/dashboard/leads?assigned_to=${person.id}`,
      template: 'leads_imported',
      detail: (language) => leadsImportedDetail(language, count, eventName),
      dedupeKey: `leads.imported:${job.id}`,
    });
  }
}

/**
 * POST /data/imports/preview/ (and /leads/import_leads/preview/, leads only): the header, the
 * mapping the resource's import would guess for it, the first rows.
 */
export async function previewImport(
  run: TenantRunner,
  receive: () => Promise<ReceivedFile>,
  route: 'legacy' | 'data' = 'legacy',
): Promise<DataImportPreview> {
  // A viewer is refused before a single byte of the file is stored.
  await run(async (ctx) => {
    if (route === 'legacy') assertCan(ctx, 'leads.write');
    else if (!can(ctx.role, 'leads.write') && !can(ctx.role, 'clients.write')) assertCan(ctx, 'leads.write');
  });
  const file = await receive();
  try {
    const { resource } =
      route === 'data' ? parseOptions(dataImportPreviewOptionsSchema, file.fields) : { resource: 'leads' as const };
    await run(async (ctx) => assertCan(ctx, MAPPING_RULES[resource].permission));
    const source = await sniffFile(file.path);
    const head = await fileHead(source, IMPORT_PREVIEW_ROWS);
    const delimiter = source.kind === 'csv' ? source.delimiter : ',';
    return {
      resource,
      columns: head.columns,
      mapping: guessMapping(resource, head.columns),
      rows: head.rows,
      delimiter,
    };
  } finally {
    await file.discard();
  }
}

export interface StartedImport {
  record: DataImport;
  job: ImportJob;
}

/**
 * POST /leads/import_leads/: checks the file and the options, then keeps the import record
 * (queued). Nothing is written when any check fails. The caller runs the job after answering.
 */
export async function startImport(
  run: TenantRunner,
  meta: RequestMeta,
  receive: () => Promise<ReceivedFile>,
  route: 'legacy' | 'data' = 'legacy',
): Promise<StartedImport> {
  // A viewer is refused before a single byte of the file is stored.
  await run(async (ctx) => {
    if (route === 'legacy') assertCan(ctx, 'leads.write');
    else if (!can(ctx.role, 'leads.write') && !can(ctx.role, 'clients.write')) assertCan(ctx, 'leads.write');
  });
  const file = await receive();
  try {
    const options: DataImportOptions =
      route === 'data'
        ? parseOptions(dataImportOptionsSchema, file.fields)
        : { resource: 'leads', dry_run: false, ...parseOptions(importOptionsSchema, file.fields) };
    const rules = MAPPING_RULES[options.resource];
    if (options.template_id !== undefined && options.mapping !== undefined)
      throw validationError({ template_id: [DATA_IMPORT_MESSAGES.templateAndMapping] });
    const saved =
      options.template_id === undefined
        ? undefined
        : await run(async (ctx) => {
            assertCan(ctx, rules.permission);
            return templateMapping(ctx, options.template_id as string, options.resource);
          });
    const source = await sniffFile(file.path);
    const { columns } = await fileHead(source, 0);
    const mapping = resolveMapping(options.resource, columns, saved ?? options.mapping, saved !== undefined);
    const stored: ImportOptions = {
      duplicates: options.duplicates,
      event: options.event ?? null,
      source: options.source,
    };
    return await run(async (ctx) => {
      assertCan(ctx, rules.permission);
      const assignment = options.resource === 'leads' ? await ownEventAssignment(ctx, stored.event) : null;
      const [row] = await ctx.tx
        .insert(leadImports)
        .values({
          organizationId: ctx.organizationId,
          fileName: file.fileName,
          fileSize: file.size,
          resource: options.resource,
          fileKind: source.kind,
          dryRun: options.dry_run,
          mapping,
          options: stored,
          createdBy: ctx.userId,
          heartbeatAt: new Date(),
        })
        .returning();
      if (!row) throw new Error('import insert returned no row');
      const [importer] = await ctx.tx.select({ language: users.language }).from(users).where(eq(users.id, ctx.userId));
      await recordAudit(ctx.tx, meta, {
        action: 'lead.import_started',
        userId: ctx.userId,
        organizationId: ctx.organizationId,
        targetType: 'lead_import',
        targetId: row.id,
        metadata: { file_name: file.fileName, file_size: file.size, dry_run: options.dry_run },
      });
      return {
        record: toLeadImport(row),
        job: {
          id: row.id,
          organizationId: ctx.organizationId,
          userId: ctx.userId,
          language: importer?.language === 'sv' ? 'sv' : 'en',
          resource: options.resource,
          source,
          dryRun: options.dry_run,
          mapping,
          options: stored,
          meta,
          progress: progressThrottle(),
          assignment,
          assigned: new Map(),
        },
      };
    });
  } catch (err) {
    await file.discard();
    throw err;
  }
}

// --- reading the records ---------------------------------------------------------------------

/** GET /data/imports/ */
export async function listImports(
  ctx: TenantContext,
  page: { limit: number; offset: number },
): Promise<{ results: DataImport[]; total: number }> {
  assertCan(ctx, 'leads.read');
  const mineOnly = eq(leadImports.organizationId, ctx.organizationId);
  const [rows, [counted]] = await Promise.all([
    ctx.tx
      .select()
      .from(leadImports)
      .where(mineOnly)
      .orderBy(desc(leadImports.createdAt), desc(leadImports.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(leadImports)
      .where(mineOnly),
  ]);
  return { results: rows.map(toLeadImport), total: counted?.n ?? 0 };
}

/** GET /data/imports/{id}/ */
export async function getImport(ctx: TenantContext, importId: string): Promise<DataImport> {
  assertCan(ctx, 'leads.read');
  const [row] = await ctx.tx
    .select()
    .from(leadImports)
    .where(and(eq(leadImports.id, importId), eq(leadImports.organizationId, ctx.organizationId)));
  if (!row) throw notFound('Import');
  return toLeadImport(row);
}

// --- the background job ----------------------------------------------------------------------

export interface ImportJob {
  id: string;
  organizationId: string;
  userId: string;
  /** The importing user's language: the results CSV's row errors are written in it. */
  language: RowErrorLanguage;
  resource: ImportResource;
  source: ImportSource;
  /** Every row read and checked, duplicates looked up, nothing written but the record. */
  dryRun: boolean;
  mapping: DataImportMapping;
  options: ImportOptions;
  meta: RequestMeta;
  /** Says when the next live progress message is due (at most one a second). */
  progress: { shouldTell(): boolean };
  /** The event's automatic assignment the new leads go through (null: none), and its name. */
  assignment: (EventAssignment & { eventName: string }) | null;
  /** New leads per assignee so far, for the one notice each gets at the end. */
  assigned: Map<string, number>;
}

/** A live progress message at most every `everyMs`, so 2,000 batches do not make 2,000 messages. */
export function progressThrottle(everyMs = 1000): { shouldTell(): boolean } {
  let last = 0;
  return {
    shouldTell() {
      const now = Date.now();
      if (now - last < everyMs) return false;
      last = now;
      return true;
    },
  };
}

const ENUM_FIELDS = new Set<ImportField>(['status', 'interest', 'budget_range', 'decision_timeline', 'decision_role']);
const LIST_FIELDS = new Set<ImportField>(['tags', 'interested_products']);

/** A record's cells as the fields of a lead create; empty cells are left out. */
function rowInput(values: string[], fields: (ImportField | null)[]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  fields.forEach((field, i) => {
    if (!field) return;
    const cell = unneutraliseCell((values[i] ?? '').trim());
    if (cell === '') return;
    if (field === 'full_name') {
      const [first = '', ...rest] = cell.split(/\s+/);
      input.first_name ??= first;
      input.last_name ??= rest.join(' ');
    } else if (ENUM_FIELDS.has(field)) input[field] = cell.toLowerCase().replace(/[\s-]+/g, '_');
    else if (LIST_FIELDS.has(field))
      input[field] = cell
        .split(/[,;|]/)
        .map((v) => v.trim())
        .filter((v) => v !== '');
    else if (field === 'follow_up_date') input[field] = /^\d{4}-\d{2}-\d{2}$/.test(cell) ? `${cell}T00:00:00Z` : cell;
    else input[field] = cell;
  });
  // A full name column fills only the names no column of their own gave.
  if (fields.includes('first_name') || fields.includes('last_name')) {
    const own = (f: ImportField) => {
      const i = fields.indexOf(f);
      return i >= 0 ? (values[i] ?? '').trim() : '';
    };
    if (own('first_name') !== '') input.first_name = unneutraliseCell(own('first_name'));
    if (own('last_name') !== '') input.last_name = unneutraliseCell(own('last_name'));
  }
  return input;
}

interface ValidRow {
  line: number;
  data: ImportRow;
}

interface ValidClientRow {
  line: number;
  data: ClientImportRow;
}

/** A row the plan's monthly lead limit has no room for. */
export const LIMIT_REACHED_ROW = "Your plan's monthly lead limit is reached: this row was not imported.";

/** What one row did, for the downloadable results and the undo. */
interface RowOutcome {
  line: number;
  outcome: ImportRowOutcome;
  recordId: string | null;
  previous: Record<string, unknown> | null;
  message: string;
}

interface BatchCounts {
  processed: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  errors: ImportError[];
}

type LeadInsert = typeof leads.$inferInsert;

function leadValues(job: ImportJob, data: ImportRow, rules: ScoringRules): LeadInsert {
  const values = {
    organizationId: job.organizationId,
    firstName: data.first_name ?? '',
    lastName: data.last_name ?? '',
    email: data.email ?? '',
    phone: data.phone ?? '',
    company: data.company ?? '',
    jobTitle: data.job_title ?? '',
    companySize: data.company_size ?? '',
    source: job.options.source,
    status: data.status ?? 'new',
    interest: data.interest ?? null,
    budgetRange: data.budget_range ?? 'not_specified',
    decisionTimeline: data.decision_timeline ?? 'not_specified',
    decisionRole: data.decision_role ?? 'not_specified',
    interestedProducts: data.interested_products ?? [],
    tags: data.tags ?? [],
    notes: data.notes ?? '',
    followUpDate: data.follow_up_date ? new Date(data.follow_up_date) : null,
    eventId: job.options.event ?? null,
    createdBy: job.userId,
  } satisfies LeadInsert;
  const auto = scoreLead(
    {
      interest: values.interest,
      decision_role: values.decisionRole,
      budget_range: values.budgetRange,
      decision_timeline: values.decisionTimeline,
      company_size: values.companySize,
      source: values.source,
      activity_count: 0,
    },
    rules,
  ).score;
  return { ...values, autoScore: auto, score: auto };
}

/** The changes an imported row makes to a lead the organisation has (update mode): not its email, the key. */
const leadChanges = (data: ImportRow): Partial<LeadInsert> => leadColumnChanges({ ...data, email: undefined });

/**
 * Each address's first live lead in the organisation (the duplicates of a batch). The addresses
 * go through `leads_first_live_ids` (db/functions/), which reads them by their key in
 * leads_address_key_idx whatever the statistics say: right after a bulk import the planner has
 * none, and a lookup by organisation then read every lead of it for every batch (a quadratic
 * import that held PGlite, and every request with it, for ever longer). The rows are then read
 * one id at a time through the primary key: the LIMIT keeps the lateral subquery from being
 * flattened into a join the planner could answer with a scan of the organisation.
 */
async function firstLiveLeads(tx: Tx, job: ImportJob, emails: string[]): Promise<Map<string, LeadRow>> {
  const existing = new Map<string, LeadRow>();
  if (emails.length === 0) return existing;
  const first = await queryRows<{ address: string; lead_id: string }>(
    tx,
    sql`select address, lead_id from leads_first_live_ids(array(select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb)))`,
  );
  if (first.length === 0) return existing;
  const byId = tx
    .select()
    .from(leads)
    .where(and(eq(leads.id, sql`k.id::uuid`), eq(leads.organizationId, job.organizationId)))
    .limit(1)
    .as('l');
  const rows = await tx
    .select()
    .from(sql`jsonb_array_elements_text(${JSON.stringify(first.map((f) => f.lead_id))}::jsonb) as k(id)`)
    .crossJoinLateral(byId);
  const addressOf = new Map(first.map((f) => [f.lead_id, f.address]));
  for (const { l } of rows) {
    const address = addressOf.get(l.id);
    if (address !== undefined) existing.set(address, l);
  }
  return existing;
}

/**
 * One batch in one transaction: duplicates by email (case-insensitive) against the
 * organisation's live leads and earlier rows of the file are skipped, update that lead or are
 * created anyway, as the import's rule says; the rest go in with one multi-row INSERT; each
 * row's outcome and the record's counters are written in the same transaction. A dry run looks
 * the duplicates up the same way and writes nothing but the record and the outcomes.
 */
async function writeBatch(tx: Tx, job: ImportJob, rows: ValidRow[], counts: BatchCounts, keptErrors: number) {
  const { rules } = await loadScoringRules(tx, job.organizationId);
  const mode = job.options.duplicates;
  const emails =
    mode === 'create'
      ? []
      : [...new Set(rows.map((r) => (r.data.email ?? '').toLowerCase()).filter((e) => e !== ''))].sort();
  // The same per-email lock as a lead created by hand, so an import and a create of one email
  // cannot both insert it.
  if (!job.dryRun) await lockLeadEmails(tx, job.organizationId, emails);
  const existing = await firstLiveLeads(tx, job, emails);
  const inserts = new Map<string, LeadInsert>();
  const anonymous: LeadInsert[] = [];
  /** The file line of each new lead, for the error of one the plan has no room for. */
  const lines = new Map<LeadInsert, number>();
  const updates = new Map<string, { row: LeadRow; changes: Partial<LeadInsert> }>();
  const outcomes: RowOutcome[] = [];
  const created = (values: LeadInsert, line: number) => {
    lines.set(values, line);
    counts.created += 1;
    outcomes.push({ line, outcome: 'created', recordId: values.id ?? null, previous: null, message: '' });
  };
  for (const { data, line } of rows) {
    const email = (data.email ?? '').toLowerCase();
    if (email === '' || mode === 'create') {
      const values = { ...leadValues(job, data, rules), id: randomUUID() };
      anonymous.push(values);
      created(values, line);
      continue;
    }
    const pending = inserts.get(email);
    const known = existing.get(email);
    if (!pending && !known) {
      const values = { ...leadValues(job, data, rules), id: randomUUID() };
      inserts.set(email, values);
      created(values, line);
    } else if (mode === 'skip') {
      counts.skipped += 1;
      const recordId = pending?.id ?? known?.id ?? null;
      outcomes.push({ line, outcome: 'skipped', recordId, previous: null, message: 'duplicate email' });
    } else if (pending) {
      // A later row of the file for a lead this batch creates: its values win.
      const merged = { ...pending, ...leadChanges(data) };
      inserts.set(email, merged);
      lines.set(merged, lines.get(pending) ?? line);
      counts.updated += 1;
      outcomes.push({ line, outcome: 'updated', recordId: pending.id ?? null, previous: null, message: '' });
    } else if (known) {
      const update = updates.get(email) ?? { row: known, changes: {} };
      const changes = leadChanges(data);
      update.changes = { ...update.changes, ...changes };
      updates.set(email, update);
      counts.updated += 1;
      // The values this row replaces, as the lead had them before the import touched it.
      const previous = Object.fromEntries(Object.keys(changes).map((k) => [k, known[k as keyof LeadRow]]));
      outcomes.push({ line, outcome: 'updated', recordId: known.id, previous, message: '' });
    }
  }
  const wanted = [...inserts.values(), ...anonymous];
  // New leads count against the month's limit (docs/billing.md): those past it are not written,
  // each a failed row that says why. A dry run reserves nothing.
  const fits =
    wanted.length === 0 || job.dryRun
      ? wanted.length
      : await leadRoom({ tx, organizationId: job.organizationId }, wanted.length);
  const refusedIds = new Set<string>();
  for (const refused of wanted.slice(fits)) {
    counts.created -= 1;
    counts.failed += 1;
    counts.errors.push({
      row: lines.get(refused) ?? 0,
      field: 'row',
      code: 'lead_limit',
      params: {},
      message: LIMIT_REACHED_ROW,
    });
    if (refused.id) refusedIds.add(refused.id);
  }
  for (const outcome of outcomes) {
    if (outcome.recordId && refusedIds.has(outcome.recordId)) {
      outcome.outcome = 'failed';
      outcome.message = rowErrorLine({ field: 'row', code: 'lead_limit', params: {} }, job.language);
      outcome.recordId = null;
    }
  }
  if (!job.dryRun) {
    const toInsert = wanted.slice(0, fits).map((v) => {
      // Values merged from later rows are scored again.
      const auto = scoreLead({ ...scoredOf(v), activity_count: 0 }, rules).score;
      return { ...v, autoScore: auto, score: auto };
    });
    const assigned = job.options.event ? await assignImported(tx, job, job.options.event, toInsert) : [];
    if (toInsert.length > 0) await insertLeads(tx, toInsert);
    if (assigned.length > 0) await tx.insert(leadActivities).values(assigned);
    for (const { row, changes } of updates.values()) {
      const next: LeadRow = { ...row, ...changes };
      const autoScore = scoreLead(scoredAnswers(next), rules).score;
      await tx
        .update(leads)
        .set({ ...changes, autoScore, score: next.manualScore ?? autoScore, updatedAt: new Date() })
        .where(and(eq(leads.id, row.id), eq(leads.organizationId, job.organizationId)));
    }
  }
  return finishBatch(tx, job, outcomes, counts, keptErrors);
}

/** A clients batch: written by data-import-clients.ts, counted and recorded like leads. */
async function writeClientsBatch(
  tx: Tx,
  job: ImportJob,
  rows: ValidClientRow[],
  counts: BatchCounts,
  keptErrors: number,
) {
  const written = await writeClientBatch(
    tx,
    { organizationId: job.organizationId, userId: job.userId, dryRun: job.dryRun, duplicates: job.options.duplicates },
    rows,
  );
  for (const o of written) counts[o.outcome] += 1;
  return finishBatch(tx, job, written, counts, keptErrors);
}

/** The failed rows' outcomes, every row's outcome and the record's counters, in the batch's transaction. */
async function finishBatch(tx: Tx, job: ImportJob, outcomes: RowOutcome[], counts: BatchCounts, keptErrors: number) {
  const failedRows = new Map<number, ImportError[]>();
  for (const e of counts.errors) (failedRows.get(e.row) ?? failedRows.set(e.row, []).get(e.row))?.push(e);
  for (const [line, errors] of failedRows) {
    // A row past the lead limit already has its outcome (writeBatch).
    if (errors.some((e) => e.code === 'lead_limit')) continue;
    const message = errors.map((e) => rowErrorLine(e, job.language)).join('; ');
    outcomes.push({ line, outcome: 'failed', recordId: null, previous: null, message });
  }
  await insertOutcomes(tx, job, outcomes);
  const room = Math.max(0, IMPORT_ERRORS_KEPT - keptErrors);
  const kept = counts.errors.slice(0, room);
  const [moved] = await tx
    .update(leadImports)
    .set({
      processedRows: sql`${leadImports.processedRows} + ${counts.processed}`,
      createdCount: sql`${leadImports.createdCount} + ${counts.created}`,
      updatedCount: sql`${leadImports.updatedCount} + ${counts.updated}`,
      skippedCount: sql`${leadImports.skippedCount} + ${counts.skipped}`,
      failedCount: sql`${leadImports.failedCount} + ${counts.failed}`,
      errorCount: sql`${leadImports.errorCount} + ${counts.errors.length}`,
      ...(kept.length > 0 ? { errors: sql`${leadImports.errors} || ${JSON.stringify(kept)}::jsonb` } : {}),
      heartbeatAt: new Date(),
    })
    .where(eq(leadImports.id, job.id))
    .returning({ done: leadImports.processedRows, total: leadImports.totalRows });
  if (moved && job.progress.shouldTell()) await tellProgress(tx, job, 'processing', moved);
  return kept.length;
}

/** Each row's outcome, with one INSERT of the batch's rows as one JSON parameter. */
async function insertOutcomes(tx: Tx, job: ImportJob, outcomes: RowOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const records = outcomes.map((o) => ({
    line: o.line,
    outcome: o.outcome,
    record_id: o.recordId,
    previous: o.previous,
    message: o.message.slice(0, 2000),
  }));
  await tx.execute(sql`
    insert into data_import_rows (organization_id, import_id, line, outcome, record_id, previous, message)
    select ${job.organizationId}::uuid, ${job.id}::uuid, line, outcome, record_id, previous, message
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
      as r(line integer, outcome text, record_id uuid, previous jsonb, message text)`);
}

/** The live message of an import's progress (through the outbox, after the commit). */
async function tellProgress(
  tx: Tx,
  job: Pick<ImportJob, 'id' | 'organizationId'>,
  status: string,
  progress: { done: number; total: number },
) {
  await enqueue(tx, {
    kind: DATA_PROGRESS_MESSAGE,
    organizationId: job.organizationId,
    payload: { data: { job: 'import', id: job.id, status, progress } },
  });
}

/**
 * One multi-row INSERT with the rows as one JSON parameter: building a 1,000-row VALUES list
 * through the ORM cost more than the database's whole insert.
 */
async function insertLeads(tx: Tx, rows: LeadInsert[]): Promise<void> {
  const records = rows.map((v) => ({
    id: v.id,
    organization_id: v.organizationId,
    first_name: v.firstName,
    last_name: v.lastName,
    email: v.email,
    phone: v.phone,
    company: v.company,
    job_title: v.jobTitle,
    company_size: v.companySize,
    source: v.source,
    status: v.status,
    interest: v.interest,
    score: v.score,
    auto_score: v.autoScore,
    budget_range: v.budgetRange,
    decision_timeline: v.decisionTimeline,
    decision_role: v.decisionRole,
    interested_products: v.interestedProducts,
    tags: v.tags,
    notes: v.notes,
    follow_up_date: v.followUpDate?.toISOString() ?? null,
    event_id: v.eventId,
    assigned_to: v.assignedTo ?? null,
    created_by: v.createdBy,
  }));
  await tx.execute(sql`
    insert into leads (id, organization_id, first_name, last_name, email, phone, company, job_title, company_size,
      source, status, interest, score, auto_score, budget_range, decision_timeline, decision_role,
      interested_products, tags, notes, follow_up_date, event_id, assigned_to, created_by)
    select coalesce(id, gen_random_uuid()), organization_id, first_name, last_name, email, phone, company, job_title, company_size,
      source, status, interest, score, auto_score, budget_range, decision_timeline, decision_role,
      coalesce(interested_products, '[]'::jsonb), coalesce(tags, '[]'::jsonb), notes, follow_up_date, event_id, assigned_to, created_by
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(id uuid, organization_id uuid, first_name text,
      last_name text, email text, phone text, company text, job_title text, company_size text, source text,
      status text, interest text, score integer, auto_score integer, budget_range text, decision_timeline text,
      decision_role text, interested_products jsonb, tags jsonb, notes text, follow_up_date timestamptz,
      event_id uuid, assigned_to uuid, created_by uuid)`);
}

function scoredOf(v: LeadInsert) {
  return {
    interest: v.interest ?? null,
    decision_role: v.decisionRole ?? 'not_specified',
    budget_range: v.budgetRange ?? 'not_specified',
    decision_timeline: v.decisionTimeline ?? 'not_specified',
    company_size: v.companySize ?? '',
    source: v.source,
  };
}

const emptyCounts = (): BatchCounts => ({
  processed: 0,
  created: 0,
  updated: 0,
  skipped: 0,
  failed: 0,
  errors: [],
});

export class ImportInterrupted extends Error {}
/** The file could not be parsed to its end (checked before any row is written). */
export class ImportUnreadable extends Error {}

function unreadableMessage(err: unknown): string {
  const line = (err as { lines?: unknown }).lines;
  const why = err instanceof Error ? err.message.slice(0, 300) : 'unknown error';
  return typeof line === 'number'
    ? `The file cannot be read at line ${line}: ${why}. Nothing was imported.`
    : `The file cannot be read: ${why}. Nothing was imported.`;
}

/**
 * Takes back what an import wrote: the updated leads get the values the import replaced (the
 * earliest row's, when several rows updated one lead), then the leads it created are removed.
 */
async function revertRows(
  tx: Tx,
  organizationId: string,
  importId: string,
  resource: ImportResource,
): Promise<{ removed: number; restored: number }> {
  const updated = await tx
    .select({ recordId: dataImportRows.recordId, previous: dataImportRows.previous })
    .from(dataImportRows)
    .where(
      and(
        eq(dataImportRows.importId, importId),
        eq(dataImportRows.organizationId, organizationId),
        eq(dataImportRows.outcome, 'updated'),
        sql`${dataImportRows.previous} is not null`,
      ),
    )
    .orderBy(desc(dataImportRows.line));
  const restored = new Set(updated.map((u) => u.recordId)).size;
  // Latest first, so the earliest row's previous values are written last and win.
  if (resource === 'clients')
    return { removed: await revertClientRows(tx, organizationId, updated, importId), restored };
  for (const { recordId, previous } of updated) {
    if (!recordId || !previous) continue;
    const values: Partial<LeadInsert> = { ...previous };
    if (typeof previous.followUpDate === 'string') values.followUpDate = new Date(previous.followUpDate);
    await tx
      .update(leads)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(leads.id, recordId), eq(leads.organizationId, organizationId)));
  }
  const removed = await queryRows<{ n: number }>(
    tx,
    sql`with gone as (
      delete from leads where organization_id = ${organizationId} and id in (
        select record_id from data_import_rows
        where import_id = ${importId} and organization_id = ${organizationId} and outcome = 'created')
      returning 1)
    select count(*)::int as n from gone`,
  );
  return { removed: removed[0]?.n ?? 0, restored };
}

/** POST /data/imports/{id}/undo/: a completed import taken back within IMPORT_UNDO_HOURS. */
export async function undoImport(ctx: TenantContext, meta: RequestMeta, importId: string): Promise<DataImport> {
  assertCan(ctx, 'leads.write');
  const [row] = await ctx.tx
    .select()
    .from(leadImports)
    .where(and(eq(leadImports.id, importId), eq(leadImports.organizationId, ctx.organizationId)))
    .for('update');
  if (!row) throw notFound('Import');
  const until = undoUntil(row);
  if (!until) throw new AppError('CONFLICT', DATA_IMPORT_MESSAGES.notUndoable);
  if (until.getTime() < Date.now()) throw new AppError('CONFLICT', DATA_IMPORT_MESSAGES.undoExpired);
  assertCan(ctx, MAPPING_RULES[row.resource].permission);
  const { removed, restored } = await revertRows(ctx.tx, ctx.organizationId, importId, row.resource);
  const [undone] = await ctx.tx
    .update(leadImports)
    .set({ status: 'undone', undoneAt: new Date() })
    .where(eq(leadImports.id, importId))
    .returning();
  if (!undone) throw notFound('Import');
  await recordAudit(ctx.tx, meta, {
    action: 'lead.import_undone',
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'lead_import',
    targetId: importId,
    metadata: { removed, restored },
  });
  await enqueue(ctx.tx, {
    kind: DATA_PROGRESS_MESSAGE,
    organizationId: ctx.organizationId,
    payload: {
      data: {
        job: 'import',
        id: importId,
        status: 'undone',
        progress: { done: undone.processedRows, total: undone.totalRows },
      },
    },
  });
  return toLeadImport(undone);
}

/** GET /data/imports/{id}/results/: every row's outcome as CSV (line, outcome, record, message). */
export async function importResultsCsv(ctx: TenantContext, importId: string): Promise<string> {
  assertCan(ctx, 'leads.read');
  await getImport(ctx, importId);
  const rows = await ctx.tx
    .select({
      line: dataImportRows.line,
      outcome: dataImportRows.outcome,
      recordId: dataImportRows.recordId,
      message: dataImportRows.message,
    })
    .from(dataImportRows)
    .where(and(eq(dataImportRows.importId, importId), eq(dataImportRows.organizationId, ctx.organizationId)))
    .orderBy(asc(dataImportRows.line), asc(dataImportRows.id));
  const body = stringify(
    [['line', 'outcome', 'record_id', 'message'], ...rows.map((r) => [r.line, r.outcome, r.recordId ?? '', r.message])],
    {
      record_delimiter: 'windows',
    },
  );
  return `\ufeff${body}`;
}

/**
 * Runs an import to its end: counts the rows, then reads, checks and writes them batch by
 * batch, giving the event loop a turn between batches (PGlite is one connection). Ends the
 * record completed (with one summary event and audit entry) or failed with why, and removes
 * the file either way.
 */
export async function runImport(
  db: Database,
  job: ImportJob,
  shouldStop: () => boolean,
  dbKind: DatabaseKind = 'pglite',
): Promise<void> {
  const scope = { organizationId: job.organizationId, userId: job.userId };
  try {
    // The whole file is read once before anything is written: a file that cannot be parsed
    // (a quote never closed, a broken workbook) fails here with its line and leaves no rows.
    let total = 0;
    try {
      for await (const _record of readRecords(job.source)) total += 1;
    } catch (err) {
      throw new ImportUnreadable(unreadableMessage(err));
    }
    await inScope(db, scope, (tx) =>
      tx
        .update(leadImports)
        .set({
          status: 'processing',
          totalRows: Math.max(0, total - 1),
          startedAt: new Date(),
          heartbeatAt: new Date(),
        })
        .where(eq(leadImports.id, job.id)),
    );

    let columns: string[] | undefined;
    let fields: (string | null)[] = [];
    let batch: ValidRow[] = [];
    let clientBatch: ValidClientRow[] = [];
    let counts = emptyCounts();
    let keptErrors = 0;
    const pace = createBatchPace(dbKind === 'postgres' ? IMPORT_BATCH_POSTGRES : IMPORT_BATCH);
    // A batch's time: its rows read and checked, and its transaction.
    let batchStarted = performance.now();
    const flush = async () => {
      if (counts.processed === 0) return;
      const rows = batch;
      const clientRows = clientBatch;
      const c = counts;
      keptErrors += await inScope(
        db,
        scope,
        (tx) =>
          job.resource === 'clients'
            ? writeClientsBatch(tx, job, clientRows, c, keptErrors)
            : writeBatch(tx, job, rows, c, keptErrors),
        'import',
      );
      pace.record(c.processed, performance.now() - batchStarted);
      batch = [];
      clientBatch = [];
      counts = emptyCounts();
      await pause();
      batchStarted = performance.now();
      if (shouldStop()) throw new ImportInterrupted(DATA_JOB_FAILURES.importShutdown);
    };
    for await (const record of readRecords(job.source)) {
      if (!columns) {
        columns = record.values.map((c) => c.trim());
        const seen = new Map<string, number>();
        fields = columns.map((name) => {
          const n = (seen.get(name) ?? 0) + 1;
          seen.set(name, n);
          return job.mapping[n === 1 ? name : `${name} (${n})`] ?? null;
        });
        continue;
      }
      counts.processed += 1;
      const parsed =
        job.resource === 'clients'
          ? parseClientRow(clientRowInput(record.values, fields))
          : importRowSchema.safeParse(rowInput(record.values, fields as (ImportField | null)[]));
      if (parsed.success) {
        if (job.resource === 'clients') clientBatch.push({ line: record.line, data: parsed.data as ClientImportRow });
        else batch.push({ line: record.line, data: parsed.data as ImportRow });
      } else {
        counts.failed += 1;
        for (const issue of parsed.error.issues)
          counts.errors.push({
            row: record.line,
            field: String(issue.path[0] ?? 'row'),
            ...rowErrorOf(issue),
            message: issue.message,
          });
      }
      if (counts.processed >= pace.size) await flush();
    }
    await flush();
    await inScope(db, scope, async (tx) => {
      const [row] = await tx
        .update(leadImports)
        .set({ status: 'completed', finishedAt: new Date(), heartbeatAt: new Date() })
        .where(eq(leadImports.id, job.id))
        .returning();
      if (!row) return;
      await tellProgress(tx, job, 'completed', { done: row.processedRows, total: row.totalRows });
      const summary = toLeadImport(row);
      const totals = {
        rows: summary.processed_rows,
        created: summary.created,
        updated: summary.updated,
        skipped: summary.skipped,
        failed: summary.failed,
      };
      await recordAudit(tx, job.meta, {
        action: `${job.resource === 'clients' ? 'client' : 'lead'}.${job.dryRun ? 'import_checked' : 'imported'}`,
        userId: job.userId,
        organizationId: job.organizationId,
        targetType: 'lead_import',
        targetId: job.id,
        metadata: totals,
      });
      if (job.dryRun || job.resource !== 'leads') return;
      await tellAssignees(tx, job);
      await enqueue(tx, {
        kind: LEADS_IMPORTED,
        organizationId: job.organizationId,
        payload: { data: { id: job.id, ...totals } },
      });
    });
  } catch (err) {
    const failure =
      err instanceof ImportInterrupted || err instanceof ImportUnreadable
        ? err.message
        : `The import stopped: ${err instanceof Error ? err.message.slice(0, 500) : 'unknown error'}`;
    // A failed import leaves no rows: what its earlier batches wrote is taken back, like an undo.
    await inScope(db, scope, async (tx) => {
      if (!job.dryRun) await revertRows(tx, job.organizationId, job.id, job.resource);
      const [row] = await tx
        .update(leadImports)
        .set({ status: 'failed', failure, finishedAt: new Date() })
        .where(eq(leadImports.id, job.id))
        .returning();
      if (row) await tellProgress(tx, job, 'failed', { done: row.processedRows, total: row.totalRows });
    });
    if (!(err instanceof ImportInterrupted) && !(err instanceof ImportUnreadable)) throw err;
  } finally {
    await rm(job.source.path, { force: true });
  }
}

/**
 * Fails every import of any organisation left queued or processing by a process that is gone
 * (its heartbeat stopped), and takes back what its batches wrote, as a failure in the process
 * does: a failed import leaves no rows. Runs at start-up and then every minute, so an import
 * never stays "processing" forever.
 */
export async function failStaleImports(db: Database, staleAfterMs = IMPORT_STALE_AFTER_MS): Promise<number> {
  const stale = sql`${leadImports.status} in ('queued', 'processing')
    and coalesce(${leadImports.heartbeatAt}, ${leadImports.createdAt}) < now() - make_interval(secs => ${staleAfterMs / 1000})`;
  const found = await inScope(db, {}, async (tx) => {
    await setScope(tx, {});
    await tx.execute(sql`select set_config('app.import_sweep', 'on', true)`);
    return tx.select({ id: leadImports.id, organizationId: leadImports.organizationId }).from(leadImports).where(stale);
  });
  let failed = 0;
  for (const { id, organizationId } of found) {
    // One transaction per import, in its organisation, locking the row so a second sweep or a
    // process that woke up again cannot take the same rows back twice.
    await inScope(db, { organizationId }, async (tx) => {
      const [job] = await tx
        .select()
        .from(leadImports)
        .where(and(eq(leadImports.id, id), stale))
        .for('update');
      if (!job) return;
      if (!job.dryRun) await revertRows(tx, organizationId, id, job.resource);
      await tx
        .update(leadImports)
        .set({ status: 'failed', failure: DATA_JOB_FAILURES.importInterrupted, finishedAt: new Date() })
        .where(eq(leadImports.id, id));
      await tellProgress(tx, { id, organizationId }, 'failed', { done: job.processedRows, total: job.totalRows });
      failed += 1;
    });
  }
  return failed;
}
