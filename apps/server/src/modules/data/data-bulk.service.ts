import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { BulkFilters, BulkJob, CreateBulkJob } from '@leadcapture/contracts/data-bulk';
import { DATA_PROGRESS_MESSAGE } from '@leadcapture/contracts/data-imports';
import type { BulkLeadsData } from '@leadcapture/contracts/leads';
import type { Role } from '@leadcapture/contracts/constants';
import { queryRows, type Database, type Tx } from '../../db/database.ts';
import { inScope, type TenantContext } from '../../db/tenant.ts';
import { notFound, validationError } from '../../http/errors.ts';
import { assertCan } from '../../http/permissions.ts';
import { pause } from '../../jobs/batch-pace.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { events } from '../events/events.table.ts';
import { assignableMembers, bulkLeads, LEADS_BULK_UPDATED, listConditions } from '../leads/leads.service.ts';
import { leads } from '../leads/leads.table.ts';
import { dataBulkJobs } from './data-bulk.table.ts';
import { progressThrottle } from './data-imports.service.ts';

/** Records per batch: one bulk request of the leads list (LEAD_BULK_MAX), one transaction. */
export const BULK_BATCH = 1000;

type JobRow = typeof dataBulkJobs.$inferSelect;

export function toBulkJob(row: JobRow): BulkJob {
  return {
    id: row.id,
    resource: row.resource,
    action: row.action,
    status: row.status,
    progress: { done: row.done, total: row.total },
    changed: row.changed,
    selection: { ids: row.ids ? row.ids.length : null, filters: row.filters ?? null },
    params: row.params,
    failure: row.failure,
    created_by: row.createdBy,
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const permissionOf = (action: CreateBulkJob['action']) =>
  action === 'delete' || action === 'restore' ? 'leads.delete' : 'leads.write';

export interface BulkRun {
  id: string;
  organizationId: string;
  userId: string;
  role: Role;
  meta: RequestMeta;
  data: CreateBulkJob;
}

/** POST /data/bulk/: checks the action's parameters and keeps the job (queued). */
export async function createBulkJob(
  ctx: TenantContext,
  meta: RequestMeta,
  data: CreateBulkJob,
): Promise<{ record: BulkJob; run: BulkRun }> {
  assertCan(ctx, permissionOf(data.action));
  if (data.action === 'event' && data.params.event) {
    const [event] = await ctx.tx
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.id, data.params.event), eq(events.organizationId, ctx.organizationId)));
    if (!event) throw validationError({ 'params.event': ['Choose one of your events'] });
  }
  if (data.action === 'assign' && data.params.assigned_to) {
    const [member] = await assignableMembers(ctx, [data.params.assigned_to]);
    if (!member) throw validationError({ 'params.assigned_to': ['Choose an active member of your organisation'] });
  }
  const [row] = await ctx.tx
    .insert(dataBulkJobs)
    .values({
      organizationId: ctx.organizationId,
      resource: data.resource,
      action: data.action,
      ids: data.ids ? [...new Set(data.ids)] : null,
      filters: data.filters ? (data.filters as Record<string, unknown>) : null,
      params: data.params as Record<string, unknown>,
      createdBy: ctx.userId,
    })
    .returning();
  if (!row) throw new Error('bulk job insert returned no row');
  return {
    record: toBulkJob(row),
    run: { id: row.id, organizationId: ctx.organizationId, userId: ctx.userId, role: ctx.role, meta, data },
  };
}

/** GET /data/bulk/ */
export async function listBulkJobs(
  ctx: TenantContext,
  page: { limit: number; offset: number },
): Promise<{ results: BulkJob[]; total: number }> {
  assertCan(ctx, 'leads.read');
  const mine = eq(dataBulkJobs.organizationId, ctx.organizationId);
  const [rows, [counted]] = await Promise.all([
    ctx.tx
      .select()
      .from(dataBulkJobs)
      .where(mine)
      .orderBy(desc(dataBulkJobs.createdAt), desc(dataBulkJobs.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(dataBulkJobs)
      .where(mine),
  ]);
  return { results: rows.map(toBulkJob), total: counted?.n ?? 0 };
}

/** GET /data/bulk/{id}/ */
export async function getBulkJob(ctx: TenantContext, jobId: string): Promise<BulkJob> {
  assertCan(ctx, 'leads.read');
  const [row] = await ctx.tx
    .select()
    .from(dataBulkJobs)
    .where(and(eq(dataBulkJobs.id, jobId), eq(dataBulkJobs.organizationId, ctx.organizationId)));
  if (!row) throw notFound('Bulk job');
  return toBulkJob(row);
}

/**
 * The ids a job works on, read once at its start in id order: those named (the organisation's
 * only; others are simply not found), or every lead the filter matches then.
 */
async function selectedIds(ctx: TenantContext, data: CreateBulkJob): Promise<string[]> {
  if (data.ids) return [...new Set(data.ids)].sort();
  const filters: Partial<BulkFilters> = data.filters ?? {};
  // A restore works on the bin, whatever `deleted` the filter says.
  const query = { ...filters, ordering: '-created_at' as const, deleted: data.action === 'restore' ? true : filters.deleted };
  const rows = await ctx.tx
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.organizationId, ctx.organizationId), listConditions(ctx, query)))
    .orderBy(asc(leads.id));
  return rows.map((r) => r.id);
}

/** One batch as a bulk request of the leads list; the event action is the bulk centre's own. */
async function runBatch(ctx: TenantContext, run: BulkRun, ids: string[]): Promise<number> {
  const { data } = run;
  if (data.action === 'event') {
    const eventId = data.params.event;
    const changed = await queryRows<{ id: string }>(
      ctx.tx,
      sql`update leads set event_id = ${eventId}, updated_at = now()
        where organization_id = ${ctx.organizationId} and deleted_at is null
          and id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)
          and event_id is distinct from ${eventId}::uuid
        returning id`,
    );
    if (changed.length > 0)
      await enqueue(ctx.tx, {
        kind: LEADS_BULK_UPDATED,
        organizationId: ctx.organizationId,
        payload: { data: { action: 'event', ids: changed.map((c) => c.id) } },
      });
    return changed.length;
  }
  const request = bulkRequest(data, ids);
  const result = await bulkLeads(ctx, run.meta, request, { audit: false });
  return result.updated;
}

function bulkRequest(data: CreateBulkJob, ids: string[]): BulkLeadsData {
  switch (data.action) {
    case 'status':
      return { action: 'status', ids, status: data.params.status, notify: false };
    case 'assign':
      return { action: 'assign', ids, assigned_to: data.params.assigned_to };
    case 'tags':
      return { action: 'tag', ids, tags: data.params.tags, mode: data.params.mode };
    case 'delete':
    case 'restore':
      return { action: data.action, ids };
    case 'event':
      throw new Error('the event action is not a bulk request of the leads list');
  }
}

async function tell(tx: Tx, run: BulkRun, status: string, progress: { done: number; total: number }) {
  await enqueue(tx, {
    kind: DATA_PROGRESS_MESSAGE,
    organizationId: run.organizationId,
    payload: { data: { job: 'bulk', id: run.id, action: run.data.action, status, progress } },
  });
}

/**
 * Runs a bulk job to its end: reads the selection, then works through it in batches of
 * BULK_BATCH, each its own transaction that also moves the job's counters (and, at most once a
 * second, a live progress message), giving the event loop a turn between two. Ends done with one
 * audit entry for the whole job, or failed with why (batches already done stay done).
 */
export async function runBulkJob(db: Database, run: BulkRun, shouldStop: () => boolean): Promise<void> {
  const scope = { organizationId: run.organizationId, userId: run.userId };
  const context = (tx: Tx): TenantContext => ({
    tx,
    organizationId: run.organizationId,
    userId: run.userId,
    role: run.role,
  });
  const throttle = progressThrottle();
  try {
    const ids = await inScope(db, scope, async (tx) => {
      const selected = await selectedIds(context(tx), run.data);
      await tx
        .update(dataBulkJobs)
        .set({ status: 'running', total: selected.length, startedAt: new Date() })
        .where(eq(dataBulkJobs.id, run.id));
      return selected;
    });
    for (let i = 0; i < ids.length; i += BULK_BATCH) {
      const batch = ids.slice(i, i + BULK_BATCH);
      await inScope(
        db,
        scope,
        async (tx) => {
          const changed = await runBatch(context(tx), run, batch);
          const [moved] = await tx
            .update(dataBulkJobs)
            .set({ done: sql`${dataBulkJobs.done} + ${batch.length}`, changed: sql`${dataBulkJobs.changed} + ${changed}` })
            .where(eq(dataBulkJobs.id, run.id))
            .returning();
          if (moved && throttle.shouldTell()) await tell(tx, run, 'running', { done: moved.done, total: moved.total });
        },
        'bulk',
      );
      await pause();
      if (shouldStop()) throw new Error('The job was interrupted by a server shutdown.');
    }
    await inScope(db, scope, async (tx) => {
      const [row] = await tx
        .update(dataBulkJobs)
        .set({ status: 'done', finishedAt: new Date() })
        .where(eq(dataBulkJobs.id, run.id))
        .returning();
      if (!row) return;
      await recordAudit(tx, run.meta, {
        action: `lead.bulk_${run.data.action}`,
        userId: run.userId,
        organizationId: run.organizationId,
        targetType: 'data_bulk_job',
        targetId: run.id,
        metadata: {
          count: row.changed,
          selected: row.total,
          params: run.data.params,
          ...(run.data.filters ? { filters: run.data.filters } : {}),
        },
      });
      await tell(tx, run, 'done', { done: row.done, total: row.total });
    });
  } catch (err) {
    const failure = err instanceof Error ? err.message.slice(0, 500) : 'unknown error';
    await inScope(db, scope, async (tx) => {
      const [row] = await tx
        .update(dataBulkJobs)
        .set({ status: 'failed', failure, finishedAt: new Date() })
        .where(eq(dataBulkJobs.id, run.id))
        .returning();
      if (row) await tell(tx, run, 'failed', { done: row.done, total: row.total });
    });
    throw err;
  }
}
