import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { CLIENT_IMPORT_FIELDS } from '@leadcapture/contracts/client-import-fields';
import {
  clientImportRowSchema,
  type ClientImportRow,
  type DataImportMapping,
} from '@leadcapture/contracts/data-imports';
import { unneutraliseCell, type DuplicateMode } from '@leadcapture/contracts/lead-imports';
import { queryRows, type Tx } from '../../db/database.ts';
import { clientValues, type ClientRow } from '../clients/clients.service.ts';
import { clients } from '../clients/clients.table.ts';
import { codeOfLabel } from './data-exports.labels.ts';

/**
 * The clients of a data-centre import (issue 26): what a row of a clients file means, and how a
 * batch of them is written. The import's machinery (reading, batches, outcomes, undo) is
 * data-imports.service.ts; this file is what differs from leads.
 */

type ClientInsert = typeof clients.$inferInsert;

export const CLIENT_FIELD_SET = new Set<string>(CLIENT_IMPORT_FIELDS);

export const clientMappingIdentifies = (mapping: DataImportMapping) => Object.values(mapping).includes('company_name');

const ENUMS = new Set<string>(['client_type', 'priority', 'status', 'industry', 'currency']);
/** The coded fields our exports write as labels: read back from either language's. */
const LABELLED = new Set<string>(['client_type', 'priority', 'status']);
/** A date as our exports write it for people: `2026-11-27 11:42` in the organisation's zone. */
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2}) \d{2}:\d{2}$/;

/** A record's cells as the fields of a client create; empty cells are left out. */
export function clientRowInput(values: string[], fields: (string | null)[]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  fields.forEach((field, i) => {
    if (!field) return;
    const cell = unneutraliseCell((values[i] ?? '').trim());
    if (cell === '') return;
    if (LABELLED.has(field)) input[field] = codeOfLabel(`clients.${field}`, cell) ?? cell;
    else if (ENUMS.has(field)) input[field] = cell.toLowerCase().replace(/[\s-]+/g, '_');
    else if (field === 'tags')
      input[field] = cell
        .split(/[,;|]/)
        .map((v) => v.trim())
        .filter((v) => v !== '');
    else if (field === 'estimated_value') {
      const n = Number(cell.replace(/\s/g, '').replace(',', '.'));
      input[field] = Number.isFinite(n) ? n : cell;
    } else if (field === 'next_follow_up_date') {
      const day = /^\d{4}-\d{2}-\d{2}$/.test(cell) ? cell : LOCAL_DATE_TIME.exec(cell)?.[1];
      input[field] = day === undefined ? cell : `${day}T00:00:00Z`;
    } else input[field] = cell;
  });
  return input;
}

export const parseClientRow = (input: Record<string, unknown>) => clientImportRowSchema.safeParse(input);

/** The columns of a row's fields (only those the row gave). */
export function clientColumns(data: ClientImportRow): Partial<ClientInsert> {
  return clientValues(data);
}

export interface ClientRowOutcome {
  line: number;
  outcome: 'created' | 'updated' | 'skipped';
  recordId: string;
  previous: Record<string, unknown> | null;
  message: string;
}

/**
 * One batch of clients in the caller's transaction: a row whose contact email (any case) the
 * organisation's clients or an earlier row of the file already have is skipped, updates that
 * client, or is created anyway, as the import's rule says. A dry run writes nothing.
 */
export async function writeClientBatch(
  tx: Tx,
  job: { organizationId: string; userId: string; dryRun: boolean; duplicates: DuplicateMode },
  rows: { line: number; data: ClientImportRow }[],
): Promise<ClientRowOutcome[]> {
  const mode = job.duplicates;
  const emails =
    mode === 'create'
      ? []
      : [...new Set(rows.map((r) => (r.data.contact_email ?? '').toLowerCase()).filter((e) => e !== ''))].sort();
  if (emails.length > 0 && !job.dryRun) {
    const keys = JSON.stringify(emails.map((e) => `client:${job.organizationId}:${e}`));
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from jsonb_array_elements_text(${keys}::jsonb) as k order by k`,
    );
  }
  const existing = new Map<string, ClientRow>();
  if (emails.length > 0) {
    const found = await queryRows<{ id: string; address: string }>(
      tx,
      sql`select distinct on (lower(contact_email)) id, lower(contact_email) as address from clients
        where organization_id = ${job.organizationId}
          and lower(contact_email) in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))
        order by lower(contact_email), created_at, id`,
    );
    if (found.length > 0) {
      const ids = found.map((f) => f.id);
      const full = await tx
        .select()
        .from(clients)
        .where(
          and(
            eq(clients.organizationId, job.organizationId),
            sql`${clients.id} = any(${`{${ids.join(',')}}`}::uuid[])`,
          ),
        );
      const addressOf = new Map(found.map((f) => [f.id, f.address]));
      for (const row of full) existing.set(addressOf.get(row.id) ?? '', row);
    }
  }
  const inserts = new Map<string, ClientInsert>();
  const anonymous: ClientInsert[] = [];
  const updates = new Map<string, { row: ClientRow; changes: Partial<ClientInsert> }>();
  const outcomes: ClientRowOutcome[] = [];
  const values = (data: ClientImportRow): ClientInsert => ({
    ...clientColumns(data),
    id: randomUUID(),
    companyName: data.company_name,
    organizationId: job.organizationId,
    createdBy: job.userId,
  });
  for (const { data, line } of rows) {
    const email = (data.contact_email ?? '').toLowerCase();
    const pending = email === '' || mode === 'create' ? undefined : inserts.get(email);
    const known = email === '' || mode === 'create' ? undefined : existing.get(email);
    if (email === '' || mode === 'create' || (!pending && !known)) {
      const v = values(data);
      if (email === '' || mode === 'create') anonymous.push(v);
      else inserts.set(email, v);
      outcomes.push({ line, outcome: 'created', recordId: v.id ?? '', previous: null, message: '' });
    } else if (mode === 'skip') {
      outcomes.push({
        line,
        outcome: 'skipped',
        recordId: pending?.id ?? known?.id ?? '',
        previous: null,
        message: 'duplicate email',
      });
    } else if (pending) {
      inserts.set(email, { ...pending, ...clientColumns(data) });
      outcomes.push({ line, outcome: 'updated', recordId: pending.id ?? '', previous: null, message: '' });
    } else if (known) {
      const update = updates.get(email) ?? { row: known, changes: {} };
      const changes = clientColumns(data);
      update.changes = { ...update.changes, ...changes };
      updates.set(email, update);
      const previous = Object.fromEntries(Object.keys(changes).map((k) => [k, known[k as keyof ClientRow]]));
      outcomes.push({ line, outcome: 'updated', recordId: known.id, previous, message: '' });
    }
  }
  if (!job.dryRun) {
    const toInsert = [...inserts.values(), ...anonymous];
    if (toInsert.length > 0) await tx.insert(clients).values(toInsert);
    for (const { row, changes } of updates.values()) {
      await tx
        .update(clients)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(clients.id, row.id), eq(clients.organizationId, job.organizationId)));
    }
  }
  return outcomes;
}

/** Takes back a clients import: updated clients get their previous values, created ones go. */
export async function revertClientRows(
  tx: Tx,
  organizationId: string,
  updated: { recordId: string | null; previous: Record<string, unknown> | null }[],
  importId: string,
): Promise<number> {
  for (const { recordId, previous } of updated) {
    if (!recordId || !previous) continue;
    const values: Partial<ClientInsert> = { ...previous };
    if (typeof previous.nextFollowUpDate === 'string') values.nextFollowUpDate = new Date(previous.nextFollowUpDate);
    await tx
      .update(clients)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(clients.id, recordId), eq(clients.organizationId, organizationId)));
  }
  const removed = await queryRows<{ n: number }>(
    tx,
    sql`with gone as (
      delete from clients where organization_id = ${organizationId} and id in (
        select record_id from data_import_rows
        where import_id = ${importId} and organization_id = ${organizationId} and outcome = 'created')
      returning 1)
    select count(*)::int as n from gone`,
  );
  return removed[0]?.n ?? 0;
}
