import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  createBulkJobSchema,
  type BulkFilters,
  type BulkJob,
  type CreateBulkJob,
} from '@leadcapture/contracts/data-bulk';
import { DATA_JOB_FAILURES, DATA_PROGRESS_MESSAGE } from '@leadcapture/contracts/data-imports';
import type { BulkLeadsData } from '@leadcapture/contracts/leads';
import type { Role } from '@leadcapture/contracts/constants';
import { queryRows, type Database, type DatabaseKind, type Tx } from '../../db/database.ts';
import { inScope, type TenantContext } from '../../db/tenant.ts';
import { notFound, validationError } from '../../http/errors.ts';
import { assertCan } from '../../http/permissions.ts';
import { pause } from '../../jobs/batch-pace.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { notifyBulkAssigned } from '../notifications/notifications.service.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { events } from '../events/events.table.ts';
import { assignableMembers, bulkLeads, LEADS_BULK_UPDATED, listConditions } from '../leads/leads.service.ts';
import { leads } from '../leads/leads.table.ts';
import { dataBulkJobs } from './data-bulk.table.ts';
import { progressThrottle } from './data-imports.service.ts';

/** Records per batch (one transaction) on PGlite, where a batch holds the event loop. */
export const BULK_BATCH = 1000;
/**
 * Records per batch on PostgreSQL: each batch is a handful of set-based statements, so fewer,
 * larger batches cut the fixed cost per batch (claim, counters, outbox) without holding anything.
 */
export const BULK_BATCH_POSTGRES = 5000;
/** The most a batch may hold (config BULK_BATCH_SIZE). */
export const BULK_BATCH_MAX = 10_000;
/** A queued or running job whose heartbeat (updated_at) is older than this belongs to a dead process. */
export const BULK_STALE_AFTER_MS = 2 * 60_000;
/** Runs a job gets (the first and the sweep's resumptions) before the sweep gives up on it. */
export const BULK_MAX_ATTEMPTS = 3;

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
  if (data.action === 'assign' && data.params.round_robin) {
    const members = await assignableMembers(ctx, data.params.round_robin);
    if (members.length === 0)
      throw validationError({ 'params.round_robin': ['None of these members is active and works on leads'] });
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
      role: ctx.role,
      requestMeta: meta,
      attempts: 1,
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
  const query = {
    ...filters,
    ordering: '-created_at' as const,
    deleted: data.action === 'restore' ? true : filters.deleted,
  };
  const rows = await ctx.tx
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.organizationId, ctx.organizationId), listConditions(ctx, query)))
    .orderBy(asc(leads.id));
  return rows.map((r) => r.id);
}

/** One batch as a bulk request of the leads list; the event action is the bulk centre's own. */
async function runBatch(
  ctx: TenantContext,
  run: BulkRun,
  ids: string[],
): Promise<{ changed: number; assigned: Record<string, number> }> {
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
    return { changed: changed.length, assigned: {} };
  }
  const request = bulkRequest(data, ids);
  const result = await bulkLeads(ctx, run.meta, request, { audit: false });
  return { changed: result.updated, assigned: result.assigned };
}

function bulkRequest(data: CreateBulkJob, ids: string[]): BulkLeadsData {
  switch (data.action) {
    case 'status':
      return { action: 'status', ids, status: data.params.status, notify: false, note: data.params.note };
    case 'assign':
      return data.params.round_robin
        ? { action: 'assign', ids, round_robin: data.params.round_robin, note: data.params.note }
        : { action: 'assign', ids, assigned_to: data.params.assigned_to ?? null, note: data.params.note };
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

/** Another runner (the sweep's resumption) has the job: this one stops without a word. */
class TakenOver extends Error {}
/** The process is shutting down: the job is left for the sweep to resume. */
class Interrupted extends Error {}

/** Adds one batch's assignments to the job's tally, in SQL (two runners never lose a count). */
const addAssignees = (assigned: Record<string, number>) =>
  sql`(select coalesce(jsonb_object_agg(k, n), '{}'::jsonb) from (
      select k, sum(v)::int as n from (
        select key as k, value::int as v from jsonb_each_text(${dataBulkJobs.assignees})
        union all
        select key, value::int from jsonb_each_text(${JSON.stringify(assigned)}::jsonb)
      ) parts group by k) sums)`;

export interface BulkRunOptions {
  /** Leads per batch (config BULK_BATCH_SIZE); at most BULK_BATCH_MAX. Unset: by `dbKind`. */
  batchSize?: number | undefined;
  dbKind?: DatabaseKind;
}

/**
 * Runs a bulk job to its end, or on from where it stopped. The selection is read once and kept
 * in id order on the job (`selected_ids`); the job then works through it in batches, each its own
 * transaction that first claims the batch (the job's row, `done` where this runner expects it:
 * a second runner on the same job stops there), then runs the action and moves the counters and
 * the heartbeat (`updated_at`), and at most once a second a live progress message. A batch is
 * committed with its counters or not at all, so resuming at `done` repeats nothing and skips
 * nothing. Ends done with one audit entry and one notice per assignee, or failed with why
 * (batches already done stay done). A shutdown leaves the job to the sweep (resumeStaleBulkJobs).
 */
export async function runBulkJob(
  db: Database,
  run: BulkRun,
  shouldStop: () => boolean,
  opts: BulkRunOptions = {},
): Promise<void> {
  const fallback = opts.dbKind === 'postgres' ? BULK_BATCH_POSTGRES : BULK_BATCH;
  const size = Math.max(1, Math.min(opts.batchSize ?? fallback, BULK_BATCH_MAX));
  const scope = { organizationId: run.organizationId, userId: run.userId };
  const context = (tx: Tx): TenantContext => ({
    tx,
    organizationId: run.organizationId,
    userId: run.userId,
    role: run.role,
  });
  const throttle = progressThrottle();
  const mine = eq(dataBulkJobs.id, run.id);
  try {
    const begun = await inScope(db, scope, async (tx) => {
      const [row] = await tx.select().from(dataBulkJobs).where(mine).for('update');
      if (!row || (row.status !== 'queued' && row.status !== 'running')) return null;
      if (row.selectedIds) {
        await tx
          .update(dataBulkJobs)
          .set({ status: 'running', updatedAt: sql`now()` })
          .where(mine);
        return { ids: row.selectedIds, done: row.done };
      }
      const selected = await selectedIds(context(tx), run.data);
      await tx
        .update(dataBulkJobs)
        .set({
          status: 'running',
          total: selected.length,
          selectedIds: selected,
          startedAt: new Date(),
          updatedAt: sql`now()`,
        })
        .where(mine);
      return { ids: selected, done: 0 };
    });
    if (!begun) return;
    for (let at = begun.done; at < begun.ids.length; at += size) {
      const batch = begun.ids.slice(at, at + size);
      await inScope(
        db,
        scope,
        async (tx) => {
          const [claimed] = await tx
            .update(dataBulkJobs)
            .set({ updatedAt: sql`now()` })
            .where(and(mine, eq(dataBulkJobs.status, 'running'), eq(dataBulkJobs.done, at)))
            .returning({ id: dataBulkJobs.id });
          if (!claimed) throw new TakenOver();
          const outcome = await runBatch(context(tx), run, batch);
          const assigned = Object.keys(outcome.assigned).length > 0;
          const [moved] = await tx
            .update(dataBulkJobs)
            .set({
              done: sql`${dataBulkJobs.done} + ${batch.length}`,
              changed: sql`${dataBulkJobs.changed} + ${outcome.changed}`,
              ...(assigned ? { assignees: addAssignees(outcome.assigned) } : {}),
              updatedAt: sql`now()`,
            })
            .where(mine)
            // Not the whole row: its selected_ids hold the whole selection (megabytes at 100k).
            .returning({ done: dataBulkJobs.done, total: dataBulkJobs.total });
          if (moved && throttle.shouldTell()) await tell(tx, run, 'running', { done: moved.done, total: moved.total });
        },
        'bulk',
      );
      await pause();
      if (shouldStop() && at + size < begun.ids.length) throw new Interrupted();
    }
    await inScope(db, scope, async (tx) => {
      const [row] = await tx
        .update(dataBulkJobs)
        .set({ status: 'done', finishedAt: new Date(), updatedAt: sql`now()` })
        .where(and(mine, eq(dataBulkJobs.status, 'running')))
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
      if (run.data.action === 'assign') await notifyBulkAssigned(context(tx), row.assignees, run.id);
      await tell(tx, run, 'done', { done: row.done, total: row.total });
    });
  } catch (err) {
    if (err instanceof TakenOver) return;
    if (err instanceof Interrupted) {
      // Its heartbeat is dated back, so the sweep of the next process (or another) resumes it at once.
      await inScope(db, scope, (tx) =>
        tx
          .update(dataBulkJobs)
          .set({ updatedAt: sql`now() - make_interval(secs => ${BULK_STALE_AFTER_MS / 1000 + 1})` })
          .where(and(mine, eq(dataBulkJobs.status, 'running'))),
      );
      return;
    }
    const failure = err instanceof Error ? err.message.slice(0, 500) : 'unknown error';
    await inScope(db, scope, async (tx) => {
      const [row] = await tx
        .update(dataBulkJobs)
        .set({ status: 'failed', failure, finishedAt: new Date(), updatedAt: sql`now()` })
        .where(and(mine, inArray(dataBulkJobs.status, ['queued', 'running'])))
        .returning();
      if (row) await tell(tx, run, 'failed', { done: row.done, total: row.total });
    });
    throw err;
  }
}

/** Bulk jobs running in this process; stop() lets each finish its batch and leaves it to the sweep. */
export function createBulkRunner(db: Database, log: FastifyBaseLogger, opts: BulkRunOptions = {}) {
  const running = new Set<Promise<void>>();
  let stopping = false;
  return {
    start(run: BulkRun) {
      const done: Promise<void> = runBulkJob(db, run, () => stopping, opts)
        .catch((err: unknown) => log.error({ err, bulkJobId: run.id }, 'bulk job failed'))
        .finally(() => running.delete(done));
      running.add(done);
    },
    /** Resolves when every job this runner has in hand has stopped (tests, shutdown). */
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    async stop() {
      stopping = true;
      await Promise.allSettled([...running]);
    },
  };
}
export type BulkRunner = ReturnType<typeof createBulkRunner>;

/**
 * The sweep of bulk jobs whose process died (scheduled every minute, and soon after start): a
 * queued or running job whose heartbeat is older than `staleAfterMs` is claimed (attempts + 1,
 * heartbeat now, so one sweep takes it) and resumed at `done` by `resume`; after
 * BULK_MAX_ATTEMPTS runs it is marked failed instead, keeping what it did.
 */
export async function resumeStaleBulkJobs(
  db: Database,
  resume: (run: BulkRun) => void,
  staleAfterMs = BULK_STALE_AFTER_MS,
): Promise<{ resumed: number; failed: number }> {
  const stale = sql`${dataBulkJobs.updatedAt} < now() - make_interval(secs => ${staleAfterMs / 1000})`;
  const unfinished = inArray(dataBulkJobs.status, ['queued', 'running']);
  const { claimed, gaveUp } = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.bulk_sweep', 'on', true)`);
    const failed = await tx
      .update(dataBulkJobs)
      .set({ status: 'failed', failure: DATA_JOB_FAILURES.bulkGaveUp, finishedAt: new Date(), updatedAt: sql`now()` })
      .where(and(unfinished, stale, sql`${dataBulkJobs.attempts} >= ${BULK_MAX_ATTEMPTS}`))
      .returning({ id: dataBulkJobs.id });
    const rows = await tx
      .update(dataBulkJobs)
      .set({ attempts: sql`${dataBulkJobs.attempts} + 1`, updatedAt: sql`now()` })
      .where(and(unfinished, stale))
      .returning();
    return { claimed: rows, gaveUp: failed.length };
  });
  let failed = gaveUp;
  let resumed = 0;
  for (const row of claimed) {
    const data = createBulkJobSchema.safeParse({
      resource: row.resource,
      action: row.action,
      ...(row.ids ? { ids: row.ids } : row.filters ? { filters: row.filters } : {}),
      params: row.params,
    });
    if (!row.createdBy || !data.success) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.bulk_sweep', 'on', true)`);
        await tx
          .update(dataBulkJobs)
          .set({ status: 'failed', failure: DATA_JOB_FAILURES.bulkMemberGone, finishedAt: new Date() })
          .where(eq(dataBulkJobs.id, row.id));
      });
      failed += 1;
      continue;
    }
    resume({
      id: row.id,
      organizationId: row.organizationId,
      userId: row.createdBy,
      role: row.role,
      meta: row.requestMeta ?? { ip: null, userAgent: '' },
      data: data.data,
    });
    resumed += 1;
  }
  return { resumed, failed };
}
