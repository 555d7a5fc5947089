import { createHmac, timingSafeEqual } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import type { Role } from '@leadcapture/contracts/constants';
import {
  DATA_EXPORT_PROGRESS,
  EXPORT_LINK_MINUTES,
  EXPORT_RETENTION_DAYS,
  type CreateDataExportInput,
  type DataExport,
  type DataExportFormat,
  type DataExportProgressData,
  type DataResource,
  type ExportColumn,
  type ExportFilters,
} from '@leadcapture/contracts/data-exports';
import type { LeadExportQuery } from '@leadcapture/contracts/lead-imports';
import { DATA_JOB_FAILURES } from '@leadcapture/contracts/data-imports';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseKind, Tx } from '../../db/database.ts';
import { allowStatementTime, inScope, type TenantContext } from '../../db/tenant.ts';
import { AppError, notFound, validationError } from '../../http/errors.ts';
import { assertCan } from '../../http/permissions.ts';
import { createBatchPace, pause } from '../../jobs/batch-pace.ts';
import { enqueue } from '../../jobs/outbox.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { users } from '../auth/auth.table.ts';
import { assertRoom } from '../billing/billing.service.ts';
import { organizations } from '../organizations/organizations.table.ts';
import { dataExports } from './data-exports.table.ts';
import type { ExportLanguage } from './data-exports.labels.ts';
import {
  CUSTOM_PREFIX,
  RESOURCES,
  type Cells,
  type ColumnDef,
  type Cursor,
  type ExportMemo,
  type Formatting,
} from './data-exports.resources.ts';
import type { TenantRunner } from '../../http/tenant.ts';

type ExportRow = typeof dataExports.$inferSelect;

/** Rows per batch, sized by time like the lead export's (jobs/batch-pace.ts). */
const EXPORT_BATCH = { initial: 200, min: 100, max: 2000, targetMs: 30 };
/**
 * Rows per batch on PostgreSQL, fixed: a batch there waits on the network and holds nothing, and
 * its fixed cost (transaction, scope, progress row, a handful of statements) is paid per batch,
 * so a time-sized pace that shrank to 100 rows on a loaded machine made 1,000 batches of 100k.
 */
export const EXPORT_BATCH_POSTGRES = 2500;
/** At most one progress message a second: a live socket needs no more to move a bar. */
const PROGRESS_EVERY_MS = 1000;
/** A running export whose heartbeat is older than this belongs to a process that died. */
export const EXPORT_STALE_AFTER_MS = 2 * 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

const EXTENSIONS: Record<DataExportFormat, string> = { csv: 'csv', xlsx: 'xlsx', json: 'json' };
export const CONTENT_TYPES: Record<DataExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json; charset=utf-8',
};

const exportNotFound = () => notFound('Export');

// --- cells -----------------------------------------------------------------------------------

const FORMULA_START = /^[=+\-@\t\r]/;
/** A phone number as people write it: digits, spaces, dashes, dots, brackets, an optional +. */
const PHONE = /^\+?[\d\s().-]{5,40}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * OWASP "CSV injection": a cell a spreadsheet would read as a formula (= + - @ tab CR first) is
 * written with a leading quote. A phone number (+46 70 …) and a number (-5) are data a
 * spreadsheet shows as they are, so they stay readable (issue 26: no more '+46…).
 */
export function guardCell(value: string, kind: ColumnDef['kind']): string {
  if (!FORMULA_START.test(value)) return value;
  if (kind === 'phone' && PHONE.test(value) && (value.match(/\d/g)?.length ?? 0) >= 5) return value;
  if (kind === 'number' && NUMBER.test(value)) return value;
  return `'${value}`;
}

// --- signed links ----------------------------------------------------------------------------

/** `<expiry seconds>.<HMAC>` over the export's id: a download link that works without a header. */
export function signDownload(secret: string, exportId: string, now = Date.now()): string {
  const exp = Math.floor(now / 1000) + EXPORT_LINK_MINUTES * 60;
  const mac = createHmac('sha256', secret).update(`data-export:${exportId}:${exp}`).digest('base64url');
  return `${exp}.${mac}`;
}

export function verifyDownload(secret: string, exportId: string, token: string, now = Date.now()): boolean {
  const [expText, mac] = token.split('.');
  const exp = Number(expText);
  if (!mac || !Number.isInteger(exp) || exp * 1000 < now) return false;
  const want = createHmac('sha256', secret).update(`data-export:${exportId}:${exp}`).digest();
  const got = Buffer.from(mac, 'base64url');
  return got.length === want.length && timingSafeEqual(got, want);
}

// --- records ---------------------------------------------------------------------------------

export interface LinkSigner {
  publicUrl: string;
  secret: string;
}

type ExportWithAuthor = {
  row: ExportRow;
  author: { id: string; email: string; firstName: string; lastName: string } | null;
};

export function toDataExport({ row, author }: ExportWithAuthor, signer: LinkSigner): DataExport {
  const downloadable = row.status === 'done' && row.fileKey !== null;
  return {
    id: row.id,
    resource: row.resource,
    format: row.format,
    status: row.status,
    progress: { done: row.progressDone, total: row.progressTotal },
    filters: row.filters,
    columns: row.columns ?? null,
    for_reimport: row.forReimport,
    row_count: row.status === 'done' ? row.progressDone : 0,
    size: row.sizeBytes,
    file_name: row.fileName,
    failure: row.failure,
    created_by: author
      ? { id: author.id, email: author.email, name: `${author.firstName} ${author.lastName}`.trim() }
      : null,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    expires_at: downloadable ? (row.expiresAt?.toISOString() ?? null) : null,
    download_url: downloadable
      ? `${signer.publicUrl}/api/v1/data/exports/${row.id}/download/?token=${signDownload(signer.secret, row.id)}`
      : null,
  };
}

const withAuthor = (tx: Tx) =>
  tx
    .select({
      row: dataExports,
      author: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
    })
    .from(dataExports)
    .leftJoin(users, eq(users.id, dataExports.createdBy));

export async function listExports(
  ctx: TenantContext,
  window: { limit: number; offset: number },
  signer: LinkSigner,
): Promise<{ results: DataExport[]; total: number }> {
  const mine = eq(dataExports.organizationId, ctx.organizationId);
  const rows = await withAuthor(ctx.tx)
    .where(mine)
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(window.limit)
    .offset(window.offset);
  const [counted] = await ctx.tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(dataExports)
    .where(mine);
  return { results: rows.map((r) => toDataExport(r, signer)), total: counted?.n ?? 0 };
}

export async function getExport(ctx: TenantContext, exportId: string, signer: LinkSigner): Promise<DataExport> {
  const [row] = await withAuthor(ctx.tx)
    .where(and(eq(dataExports.organizationId, ctx.organizationId), eq(dataExports.id, exportId)))
    .limit(1);
  if (!row) throw exportNotFound();
  return toDataExport(row, signer);
}

/** The columns an export of the resource can have here, in the caller's language. */
export async function exportColumns(
  ctx: TenantContext,
  resource: DataResource,
  lang: ExportLanguage,
): Promise<ExportColumn[]> {
  const spec = RESOURCES[resource];
  assertCan(ctx, spec.read);
  const timeZone = await organizationZone(ctx.tx, ctx.organizationId);
  const columns = await spec.columns(ctx, { lang, forReimport: false, timeZone });
  return columns.map((c) => ({ code: c.code, label: c.header }));
}

async function organizationZone(tx: Tx, organizationId: string): Promise<string> {
  const [org] = await tx
    .select({ settings: organizations.settings })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org?.settings.timezone ?? 'UTC';
}

async function userLanguage(tx: Tx, userId: string): Promise<ExportLanguage> {
  const [user] = await tx.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return user?.language === 'sv' ? 'sv' : 'en';
}

/** What the background work needs to run an export after its POST has answered. */
export interface ExportJob {
  id: string;
  organizationId: string;
  userId: string;
  role: Role;
}

/**
 * POST /data/exports/: checks the resource's read permission, the filters and the columns, and
 * that the plan's storage has room; counts the rows and writes the record (queued) and the audit
 * entry in one transaction. The work itself runs in the background (runExport).
 */
export async function createExport(
  ctx: TenantContext,
  meta: RequestMeta,
  input: CreateDataExportInput,
): Promise<{ record: { id: string; status: 'queued' }; job: ExportJob }> {
  const spec = RESOURCES[input.resource];
  assertCan(ctx, spec.read);
  const filters: ExportFilters = input.filters ?? {};
  const where = spec.where(ctx, filters);
  if (input.columns) {
    const known = new Set(
      (await spec.columns(ctx, { lang: 'en', forReimport: true, timeZone: 'UTC' })).map((c) => c.code),
    );
    const unknown = input.columns.filter((c) => !known.has(c) && !c.startsWith(CUSTOM_PREFIX));
    if (unknown.length > 0) throw validationError({ columns: [`Unknown columns: ${unknown.join(', ')}`] });
    if (new Set(input.columns).size !== input.columns.length)
      throw validationError({ columns: ['A column is named twice'] });
  }
  // A plan whose storage is full gets the paywall before any work starts; the file's size
  // counts once it is written.
  await assertRoom(ctx, 'storage', 1);
  await allowStatementTime(ctx.tx, 'export');
  const total = await spec.count(ctx, where);
  const language = await userLanguage(ctx.tx, ctx.userId);
  const day = new Date().toISOString().slice(0, 10);
  const [row] = await ctx.tx
    .insert(dataExports)
    .values({
      organizationId: ctx.organizationId,
      resource: input.resource,
      format: input.format,
      filters,
      columns: input.columns ?? null,
      forReimport: input.for_reimport ?? false,
      language,
      progressTotal: total,
      fileName: `${input.resource}-${day}.${EXTENSIONS[input.format]}`,
      createdBy: ctx.userId,
    })
    .returning({ id: dataExports.id });
  if (!row) throw new Error('export insert returned no row');
  await recordAudit(ctx.tx, meta, {
    action: 'data.exported',
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'data_export',
    targetId: row.id,
    metadata: { resource: input.resource, format: input.format, rows: total, filters },
  });
  return {
    record: { id: row.id, status: 'queued' },
    job: { id: row.id, organizationId: ctx.organizationId, userId: ctx.userId, role: ctx.role },
  };
}

// --- the work --------------------------------------------------------------------------------

export interface ExportWork {
  db: Database;
  storage: FileStorage;
  /** Wakes the outbox so a progress message leaves at once rather than at its next poll. */
  kick: () => void;
  log: FastifyBaseLogger;
  /** Which database: batches are sized by it (batchesOf). */
  dbKind?: DatabaseKind;
}

/** A tenant transaction of the job: the author's organisation, user and role. */
function inJob<T>(db: Database, job: ExportJob, fn: (ctx: TenantContext) => Promise<T>): Promise<T> {
  return inScope(
    db,
    { organizationId: job.organizationId, userId: job.userId },
    (tx) => fn({ organizationId: job.organizationId, userId: job.userId, role: job.role, tx }),
    'export',
  );
}

async function announce(tx: Tx, job: ExportJob, data: DataExportProgressData) {
  await enqueue(tx, {
    kind: DATA_EXPORT_PROGRESS,
    organizationId: job.organizationId,
    payload: { user_id: job.userId, data },
  });
}

/** Runs a function in one short tenant transaction of the export's organisation. */
type BatchRunner = <T>(fn: (ctx: TenantContext) => Promise<T>) => Promise<T>;

interface BatchHooks {
  /** Checked before each batch: the process is stopping. */
  shouldStop?: () => boolean;
  /** Runs in the batch's transaction once its rows are read, with the rows done so far. */
  onBatch?: (ctx: TenantContext, done: number) => Promise<void>;
  /** PostgreSQL: large fixed batches; PGlite (default): batches sized by time. */
  dbKind?: DatabaseKind;
}

/**
 * The rows of an export, batch by batch: each batch its own short tenant transaction, sized by
 * time, with a turn of the event loop between two (one export never holds the others, on PGlite
 * neither the other requests). The background job and `GET /leads/export/` both read this way.
 */
async function* batchesOf(
  run: BatchRunner,
  resource: DataResource,
  filters: ExportFilters,
  fmt: Formatting,
  hooks: BatchHooks = {},
): AsyncGenerator<Cells[]> {
  const spec = RESOURCES[resource];
  const pace =
    hooks.dbKind === 'postgres'
      ? createBatchPace({
          initial: EXPORT_BATCH_POSTGRES,
          min: EXPORT_BATCH_POSTGRES,
          max: EXPORT_BATCH_POSTGRES,
          targetMs: 1,
        })
      : createBatchPace(EXPORT_BATCH);
  const memo: ExportMemo = {};
  let cursor: Cursor | null = null;
  let done = 0;
  for (;;) {
    if (hooks.shouldStop?.()) throw new AppError('SERVICE_UNAVAILABLE', DATA_JOB_FAILURES.exportRestarted);
    const size = pace.size;
    const started = performance.now();
    const from: Cursor | null = cursor;
    const sofar = done;
    const batch = await run(async (ctx) => {
      await allowStatementTime(ctx.tx, 'export');
      const read = await spec.batch(ctx, spec.where(ctx, filters), from, size, fmt, filters, memo);
      await hooks.onBatch?.(ctx, sofar + read.rows.length);
      return read;
    });
    done += batch.rows.length;
    if (batch.rows.length > 0) yield batch.rows;
    pace.record(batch.rows.length, performance.now() - started);
    if (!batch.cursor) return;
    cursor = batch.cursor;
    await pause();
  }
}

/** The job's rows: each batch also records its progress and heartbeat, and tells the live channel. */
function rowsOf(
  work: ExportWork,
  job: ExportJob,
  record: ExportRow,
  fmt: Formatting,
  shouldStop: () => boolean,
): AsyncGenerator<Cells[]> {
  let announced = performance.now();
  return batchesOf((fn) => inJob(work.db, job, fn), record.resource, record.filters, fmt, {
    shouldStop,
    dbKind: work.dbKind,
    async onBatch(ctx, progress) {
      await ctx.tx
        .update(dataExports)
        .set({
          progressDone: progress,
          heartbeatAt: new Date(),
          progressTotal: sql`greatest(${dataExports.progressTotal}, ${progress})`,
        })
        .where(eq(dataExports.id, job.id));
      if (performance.now() - announced >= PROGRESS_EVERY_MS) {
        announced = performance.now();
        await announce(ctx.tx, job, {
          id: job.id,
          status: 'running',
          progress: { done: progress, total: Math.max(record.progressTotal, progress) },
        });
      }
    },
  });
}

const line = (cells: string[]) => stringify([cells], { record_delimiter: 'windows' });

async function* csvBytes(header: string[], rows: AsyncIterable<Cells[]>, columns: ColumnDef[]): AsyncGenerator<Buffer> {
  // The BOM tells Excel the file is UTF-8 (å, ä, ö would be garbled otherwise).
  yield Buffer.from(`\ufeff${line(header)}`, 'utf8');
  for await (const batch of rows) {
    const text = stringify(
      batch.map((row) => columns.map((c) => guardCell(row[c.code] ?? '', c.kind))),
      { record_delimiter: 'windows' },
    );
    yield Buffer.from(text, 'utf8');
  }
}

async function* jsonBytes(rows: AsyncIterable<Cells[]>, columns: ColumnDef[]): AsyncGenerator<Buffer> {
  // JSON is read by programs, not spreadsheets: values as they are, keyed by header.
  let first = true;
  yield Buffer.from('[');
  for await (const batch of rows) {
    const parts = batch.map((row) => {
      const out: Record<string, string> = {};
      for (const c of columns) out[c.header] = row[c.code] ?? '';
      const text = `${first ? '' : ','}\n${JSON.stringify(out)}`;
      first = false;
      return text;
    });
    yield Buffer.from(parts.join(''), 'utf8');
  }
  yield Buffer.from('\n]\n');
}

/** XLSX through exceljs's streaming writer: each row is committed and leaves memory at once. */
function xlsxBytes(
  header: string[],
  rows: AsyncIterable<Cells[]>,
  columns: ColumnDef[],
  sheetName: string,
  log: (err: unknown) => void = () => undefined,
): PassThrough {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  void (async () => {
    sheet.addRow(header).commit();
    for await (const batch of rows) {
      if (out.destroyed) return;
      for (const row of batch) sheet.addRow(columns.map((c) => guardCell(row[c.code] ?? '', c.kind))).commit();
      // The zip writer does not wait for a slow reader; this does, so memory stays flat.
      if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => {
    log(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}

const SHEET_NAMES: Record<DataResource, Record<ExportLanguage, string>> = {
  leads: { en: 'Leads', sv: 'Leads' },
  clients: { en: 'Clients', sv: 'Kunder' },
  events: { en: 'Events', sv: 'Evenemang' },
  offers: { en: 'Offers', sv: 'Erbjudanden' },
};

/** Words a person can act on, for the record's `failure`; the cause goes to the log. */
function failureText(err: unknown): string {
  if (err instanceof AppError && err.code === 'SERVICE_UNAVAILABLE') return err.message;
  return DATA_JOB_FAILURES.exportUnwritten;
}

/**
 * Runs one export: reads the rows batch by batch (each batch its own short transaction, with its
 * progress and heartbeat), writes the file into storage as it goes, then marks the record done
 * with its size, or failed with a reason (the partial file is never kept: storage writes whole
 * or not at all).
 */
export async function runExport(work: ExportWork, job: ExportJob, shouldStop: () => boolean): Promise<void> {
  const prepared = await inJob(work.db, job, async (ctx) => {
    const [record] = await ctx.tx
      .update(dataExports)
      .set({ status: 'running', startedAt: new Date(), heartbeatAt: new Date() })
      .where(and(eq(dataExports.id, job.id), eq(dataExports.status, 'queued')))
      .returning();
    if (!record) return null;
    const fmt: Formatting = {
      lang: record.language === 'sv' ? 'sv' : 'en',
      forReimport: record.forReimport,
      timeZone: await organizationZone(ctx.tx, job.organizationId),
    };
    const all = await RESOURCES[record.resource].columns(ctx, fmt);
    const byCode = new Map(all.map((c) => [c.code, c]));
    const columns = record.columns
      ? record.columns.map(
          (code): ColumnDef =>
            byCode.get(code) ?? { code, header: code.slice(CUSTOM_PREFIX.length) || code, kind: 'text' },
        )
      : all;
    await announce(ctx.tx, job, { id: job.id, status: 'running', progress: { done: 0, total: record.progressTotal } });
    return { record, fmt, columns };
  });
  if (!prepared) return;
  work.kick();
  const { record, fmt, columns } = prepared;
  const key = `${job.organizationId}/exports/${job.id}.${EXTENSIONS[record.format]}`;
  const header = columns.map((c) => c.header);
  const rows = rowsOf(work, job, record, fmt, shouldStop);
  try {
    const body: AsyncIterable<Uint8Array> =
      record.format === 'csv'
        ? csvBytes(header, rows, columns)
        : record.format === 'json'
          ? jsonBytes(rows, columns)
          : xlsxBytes(header, rows, columns, SHEET_NAMES[record.resource][fmt.lang]);
    const { size } = await work.storage.write(key, body);
    await inJob(work.db, job, async (ctx) => {
      const [done] = await ctx.tx
        .update(dataExports)
        .set({
          status: 'done',
          fileKey: key,
          sizeBytes: size,
          finishedAt: new Date(),
          expiresAt: new Date(Date.now() + EXPORT_RETENTION_DAYS * DAY_MS),
        })
        .where(eq(dataExports.id, job.id))
        .returning();
      if (done) {
        await announce(ctx.tx, job, {
          id: job.id,
          status: 'done',
          progress: { done: done.progressDone, total: done.progressDone },
        });
      }
    });
  } catch (err) {
    work.log.error({ err, exportId: job.id }, 'data export failed');
    await inJob(work.db, job, async (ctx) => {
      const [failed] = await ctx.tx
        .update(dataExports)
        .set({ status: 'failed', failure: failureText(err), finishedAt: new Date() })
        .where(eq(dataExports.id, job.id))
        .returning();
      if (failed) {
        await announce(ctx.tx, job, {
          id: job.id,
          status: 'failed',
          progress: { done: failed.progressDone, total: failed.progressTotal },
        });
      }
    });
  }
  work.kick();
}

// --- GET /leads/export/: the same machinery, streamed ------------------------------------

export interface StreamedExport {
  total: number;
  fileName: string;
  contentType: string;
  body: Readable;
}

/** The file of `GET /leads/export/`: English headers the import recognises, codes and UTC in the cells. */
const LEGACY_FORMATTING: Formatting = { lang: 'en', forReimport: true, labelHeaders: true, timeZone: 'UTC' };

/**
 * `GET /leads/export/` (viewers too), the download that streams while it is read: counts the
 * filter's leads and audits the export in one transaction (a refusal answers the envelope before
 * any byte is sent), then streams the rows through the data centre's machinery (the same
 * columns, formula guard and writers as `/data/exports/`), each batch its own transaction.
 */
export async function streamLeadExport(
  run: TenantRunner,
  meta: RequestMeta,
  query: LeadExportQuery,
  log: (err: unknown) => void,
): Promise<StreamedExport> {
  const { format, ...filters } = query;
  const spec = RESOURCES.leads;
  const { organizationId, total, columns } = await run(async (ctx) => {
    assertCan(ctx, spec.read);
    await allowStatementTime(ctx.tx, 'export');
    const n = await spec.count(ctx, spec.where(ctx, filters));
    const { ordering, deleted, ...rest } = filters;
    await recordAudit(ctx.tx, meta, {
      action: 'lead.exported',
      userId: ctx.userId,
      organizationId: ctx.organizationId,
      targetType: 'organization',
      targetId: ctx.organizationId,
      metadata: { rows: n, format, ordering, deleted: deleted ?? false, filters: rest },
    });
    return { organizationId: ctx.organizationId, total: n, columns: await spec.columns(ctx, LEGACY_FORMATTING) };
  });
  const rows = batchesOf((fn) => run(fn, organizationId), 'leads', filters, LEGACY_FORMATTING);
  const header = columns.map((c) => c.header);
  const day = new Date().toISOString().slice(0, 10);
  return {
    total,
    fileName: `leads-${day}.${format}`,
    contentType: CONTENT_TYPES[format],
    body:
      format === 'csv'
        ? Readable.from(csvBytes(header, rows, columns))
        : xlsxBytes(header, rows, columns, SHEET_NAMES.leads.en, log),
  };
}

// --- download --------------------------------------------------------------------------------

export interface ExportFile {
  fileName: string;
  contentType: string;
  size: number;
  body: Readable;
}

async function openFile(storage: FileStorage, row: ExportRow | undefined): Promise<ExportFile> {
  if (!row) throw exportNotFound();
  if (row.status !== 'done' || row.fileKey === null) {
    throw new AppError(
      'CONFLICT',
      row.status === 'done' ? 'The file was removed after 7 days. Export again.' : 'The export is not finished yet.',
    );
  }
  const body = await storage.read(row.fileKey);
  if (!body) throw exportNotFound();
  return { fileName: row.fileName, contentType: CONTENT_TYPES[row.format], size: row.sizeBytes, body };
}

/** A signed link's download: the token names the export, so it is read without a tenant. */
export async function openSignedDownload(db: Database, storage: FileStorage, exportId: string): Promise<ExportFile> {
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.export_sweep', 'on', true)`);
    const [found] = await tx.select().from(dataExports).where(eq(dataExports.id, exportId)).limit(1);
    return found;
  });
  return openFile(storage, row);
}

/** A signed-in download (an API client with a token in its header): within the tenant. */
export async function findDownload(ctx: TenantContext, exportId: string): Promise<ExportRow | undefined> {
  const [row] = await ctx.tx
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.organizationId, ctx.organizationId), eq(dataExports.id, exportId)))
    .limit(1);
  return row;
}

export const openTenantDownload = (storage: FileStorage, row: ExportRow | undefined) => openFile(storage, row);

// --- the sweep -------------------------------------------------------------------------------

/**
 * The scheduled sweep: removes the files of exports past `expires_at` (their size stops counting
 * against storage at once) and fails exports whose process died (heartbeat stale).
 */
export async function sweepExports(
  db: Database,
  storage: FileStorage,
  now = new Date(),
  staleAfterMs = EXPORT_STALE_AFTER_MS,
): Promise<{ removed: number; failed: number }> {
  const sweep = <T>(fn: (tx: Tx) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.export_sweep', 'on', true)`);
      return fn(tx);
    });
  const expired = await sweep((tx) =>
    tx
      .select({ id: dataExports.id, fileKey: dataExports.fileKey })
      .from(dataExports)
      .where(and(isNotNull(dataExports.fileKey), lt(dataExports.expiresAt, now)))
      .limit(500),
  );
  for (const row of expired) if (row.fileKey) await storage.remove(row.fileKey);
  if (expired.length > 0) {
    await sweep((tx) =>
      tx
        .update(dataExports)
        .set({ fileKey: null })
        .where(
          inArray(
            dataExports.id,
            expired.map((r) => r.id),
          ),
        ),
    );
  }
  const stale = await sweep((tx) =>
    tx
      .update(dataExports)
      .set({
        status: 'failed',
        failure: DATA_JOB_FAILURES.exportRestarted,
        finishedAt: now,
      })
      .where(
        and(
          inArray(dataExports.status, ['queued', 'running']),
          lt(
            sql`coalesce(${dataExports.heartbeatAt}, ${dataExports.createdAt})`,
            new Date(now.getTime() - staleAfterMs),
          ),
        ),
      )
      .returning({ id: dataExports.id }),
  );
  return { removed: expired.length, failed: stale.length };
}
