import { PassThrough, Readable } from 'node:stream';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import { neutraliseCell, type ExportFormat, type LeadExportQuery } from '@leadcapture/contracts/lead-imports';
import type { LeadListQuery } from '@leadcapture/contracts/leads';
import type { TenantContext } from '../../db/tenant.ts';
import { assertCan } from '../../http/permissions.ts';
import type { TenantRunner } from '../../http/tenant.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { users } from '../auth/auth.table.ts';
import { events } from '../events/events.table.ts';
import { leads } from './leads.table.ts';
import { LIST_ORDER_COLUMNS, listConditions, type LeadRow } from './leads.service.ts';

/** Rows per batch: one short transaction each, so a long export never holds PGlite for long. */
export const EXPORT_BATCH_SIZE = 1000;

interface ExportRow {
  lead: LeadRow;
  assignee: string | null;
  eventName: string | null;
}
interface ExportBatchRow extends ExportRow {
  cursorKey: string | null;
}

const iso = (d: Date | null) => d?.toISOString() ?? '';

/**
 * The columns of an export, one per lead field, named for people (the import recognises these
 * names, so an export can be imported again). Enumerations are their API values; custom form
 * answers are one JSON column (decision 015: events' forms differ, one file may span events).
 */
const COLUMNS: { header: string; value: (r: ExportRow) => string }[] = [
  { header: 'ID', value: (r) => r.lead.id },
  { header: 'First name', value: (r) => r.lead.firstName },
  { header: 'Last name', value: (r) => r.lead.lastName },
  { header: 'Email', value: (r) => r.lead.email },
  { header: 'Phone', value: (r) => r.lead.phone },
  { header: 'Company', value: (r) => r.lead.company },
  { header: 'Job title', value: (r) => r.lead.jobTitle },
  { header: 'Company size', value: (r) => r.lead.companySize },
  { header: 'Source', value: (r) => r.lead.source },
  { header: 'Status', value: (r) => r.lead.status },
  { header: 'Interest', value: (r) => r.lead.interest ?? '' },
  { header: 'Score', value: (r) => String(r.lead.score) },
  { header: 'Budget range', value: (r) => r.lead.budgetRange },
  { header: 'Decision timeline', value: (r) => r.lead.decisionTimeline },
  { header: 'Decision role', value: (r) => r.lead.decisionRole },
  { header: 'Interested products', value: (r) => r.lead.interestedProducts.join(', ') },
  { header: 'Tags', value: (r) => r.lead.tags.join(', ') },
  { header: 'Assigned to', value: (r) => r.assignee ?? '' },
  { header: 'Notes', value: (r) => r.lead.notes },
  { header: 'Follow-up date', value: (r) => iso(r.lead.followUpDate) },
  { header: 'Event', value: (r) => r.eventName ?? '' },
  { header: 'Approval status', value: (r) => r.lead.approvalStatus },
  { header: 'Email verified', value: (r) => (r.lead.emailVerifiedAt ? 'yes' : 'no') },
  { header: 'Consent given at', value: (r) => iso(r.lead.consentGivenAt) },
  {
    header: 'Custom fields',
    value: (r) => (Object.keys(r.lead.customFields).length > 0 ? JSON.stringify(r.lead.customFields) : ''),
  },
  { header: 'Created at', value: (r) => iso(r.lead.createdAt) },
  { header: 'Updated at', value: (r) => iso(r.lead.updatedAt) },
];
export const EXPORT_HEADERS = COLUMNS.map((c) => c.header);

const cells = (row: ExportRow) => COLUMNS.map((c) => neutraliseCell(c.value(row)));

type OrderKey = keyof typeof LIST_ORDER_COLUMNS;
/** The SQL type of each ordering column, to read its cursor back from text without loss. */
const KEY_TYPES: Record<OrderKey, string> = {
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  follow_up_date: 'timestamptz',
  first_name: 'text',
  last_name: 'text',
  company: 'text',
  email: 'text',
  score: 'integer',
  status: 'text',
};

/** Where the previous batch ended: the ordering column as text (microseconds kept) and the id. */
interface Cursor {
  key: string | null;
  id: string;
}

/**
 * The keyset of the list's ordering (leads.service listOrderBy): (column, id) in the same
 * direction, leads without a follow-up date last. Never OFFSET: every batch is an index range.
 */
function keyset(ordering: LeadListQuery['ordering']) {
  const descending = ordering.startsWith('-');
  const name = ordering.replace(/^-/, '') as OrderKey;
  const column = LIST_ORDER_COLUMNS[name];
  const type = sql.raw(KEY_TYPES[name]);
  const cmp = sql.raw(descending ? '<' : '>');
  const direction = descending ? desc : asc;
  const nullable = name === 'follow_up_date';
  const orderBy: SQL[] = [...(nullable ? [sql`${column} is null`] : []), direction(column), direction(leads.id)];
  const after = (c: Cursor): SQL => {
    if (c.key === null) return sql`${column} is null and ${leads.id} ${cmp} ${c.id}::uuid`;
    const beyond = sql`(${column}, ${leads.id}) ${cmp} (cast(${c.key} as ${type}), ${c.id}::uuid)`;
    return nullable ? sql`(${column} is null or ${beyond})` : beyond;
  };
  return { orderBy, after, key: sql<string | null>`${column}::text` };
}

type ListFilter = Omit<LeadListQuery, 'page' | 'page_size'>;

async function readBatch(ctx: TenantContext, query: ListFilter, cursor: Cursor | null): Promise<ExportBatchRow[]> {
  const ks = keyset(query.ordering);
  return ctx.tx
    .select({
      lead: leads,
      assignee: users.email,
      eventName: events.name,
      cursorKey: ks.key,
    })
    .from(leads)
    .leftJoin(users, eq(users.id, leads.assignedTo))
    .leftJoin(events, eq(events.id, leads.eventId))
    .where(and(listConditions(ctx, query), cursor ? ks.after(cursor) : undefined))
    .orderBy(...ks.orderBy)
    .limit(EXPORT_BATCH_SIZE);
}

/** Every row of the filter, batch by batch, each batch in its own short tenant transaction. */
async function* exportRows(run: TenantRunner, organizationId: string, query: ListFilter): AsyncGenerator<ExportRow[]> {
  let cursor: Cursor | null = null;
  for (;;) {
    const after: Cursor | null = cursor;
    const batch: ExportBatchRow[] = await run((ctx) => readBatch(ctx, query, after), organizationId);
    if (batch.length > 0) yield batch;
    const last: ExportBatchRow | undefined = batch.at(-1);
    if (!last || batch.length < EXPORT_BATCH_SIZE) return;
    cursor = { key: last.cursorKey, id: last.lead.id };
  }
}

function csvStream(rows: AsyncGenerator<ExportRow[]>): Readable {
  const options = { record_delimiter: 'windows' as const };
  return Readable.from(
    (async function* () {
      // The BOM tells Excel the file is UTF-8 (å, ä, ö would be garbled otherwise).
      yield Buffer.from(`\ufeff${stringify([EXPORT_HEADERS], options)}`, 'utf8');
      for await (const batch of rows) yield Buffer.from(stringify(batch.map(cells), options), 'utf8');
    })(),
  );
}

function xlsxStream(rows: AsyncGenerator<ExportRow[]>, log: (err: unknown) => void): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Leads');
  void (async () => {
    sheet.addRow(EXPORT_HEADERS).commit();
    for await (const batch of rows) {
      for (const row of batch) sheet.addRow(cells(row)).commit();
      // The zip writer does not wait for a slow client; this does, so memory stays flat.
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

export interface LeadExport {
  total: number;
  fileName: string;
  contentType: string;
  body: Readable;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * GET /leads/export/ (viewers too): counts the filter's leads and audits the export in one
 * transaction (a refusal answers the envelope before any byte is sent), then streams the rows
 * batch by batch, each batch its own transaction.
 */
export async function exportLeads(
  run: TenantRunner,
  meta: RequestMeta,
  query: LeadExportQuery,
  log: (err: unknown) => void,
): Promise<LeadExport> {
  const { format, ...listQuery } = query;
  const { organizationId, total } = await run(async (ctx) => {
    assertCan(ctx, 'leads.read');
    const [counted] = await ctx.tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(leads)
      .where(listConditions(ctx, listQuery));
    const n = counted?.n ?? 0;
    const { ordering, deleted, ...filters } = listQuery;
    await recordAudit(ctx.tx, meta, {
      action: 'lead.exported',
      userId: ctx.userId,
      organizationId: ctx.organizationId,
      targetType: 'organization',
      targetId: ctx.organizationId,
      metadata: { rows: n, format, ordering, deleted: deleted ?? false, filters },
    });
    return { organizationId: ctx.organizationId, total: n };
  });
  const rows = exportRows(run, organizationId, listQuery);
  const day = new Date().toISOString().slice(0, 10);
  return {
    total,
    fileName: `leads-${day}.${format}`,
    contentType: CONTENT_TYPES[format],
    body: format === 'csv' ? csvStream(rows) : xlsxStream(rows, log),
  };
}
