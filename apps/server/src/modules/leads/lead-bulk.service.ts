import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { LeadStatus } from '@leadcapture/contracts/constants';
import type { BulkLeadsData, BulkLeadsResult } from '@leadcapture/contracts/leads';
import { LEAD_RETENTION_DAYS } from '@leadcapture/contracts/leads';
import type { TenantContext } from '../../db/tenant.ts';
import { validationError } from '../../http/errors.ts';
import { assertCan } from '../../http/permissions.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { liveLeadIds } from './lead-activities.service.ts';
import { notifyBulkAssigned } from '../notifications/notifications.service.ts';
import { queueWebhookEvents, subscribedEventTypes } from '../webhooks/webhooks.service.ts';
import { assignableMembers, toLead, type AssignableMember } from './leads.service.ts';
import { leadActivities, leads } from './leads.table.ts';

/** Outbox kind of a bulk change: one message naming the leads, not one per lead. */
export const LEADS_BULK_UPDATED = 'leads.bulk_updated';

type Activity = typeof leadActivities.$inferInsert;

/** A bulk request's answer, and (assign) how many leads each member got: member id -> leads. */
export interface BulkLeadsOutcome extends BulkLeadsResult {
  assigned: Record<string, number>;
}

/**
 * POST /leads/bulk/: one action on up to 1,000 leads, in the caller's one transaction. Only
 * the organisation's own leads are touched (the WHERE names it, and row-level security would
 * refuse the rest anyway); any other id is answered in `not_found`. Leads are locked in id
 * order, so two bulk requests over overlapping leads cannot deadlock.
 */
export async function bulkLeads(
  ctx: TenantContext,
  meta: RequestMeta,
  data: BulkLeadsData,
  /**
   * `audit: false`: one batch of a bulk job, which writes one audit entry for all its batches and
   * tells each assignee once at its end (so the batch tells nobody).
   */
  opts: { audit?: boolean } = {},
): Promise<BulkLeadsOutcome> {
  assertCan(ctx, data.action === 'delete' || data.action === 'restore' ? 'leads.delete' : 'leads.write');
  const ids = [...data.ids].sort();
  const result = await run(ctx, ids, data);
  const notFound = data.ids.filter((id) => !result.found.has(id));
  if (result.updated.length > 0) {
    await enqueue(ctx.tx, {
      kind: LEADS_BULK_UPDATED,
      organizationId: ctx.organizationId,
      payload: { data: { action: data.action, ids: result.updated } },
    });
    await announcePerLead(ctx, data.action, result);
    if (opts.audit !== false && result.assigned) await notifyBulkAssigned(ctx, result.assigned);
    if (opts.audit !== false)
      await recordAudit(ctx.tx, meta, {
        action: `lead.bulk_${data.action}`,
        userId: ctx.userId,
        organizationId: ctx.organizationId,
        targetType: 'lead',
        metadata: { count: result.updated.length, ids: result.updated },
      });
  }
  return { action: data.action, updated: result.updated.length, not_found: notFound, assigned: result.assigned ?? {} };
}

interface Outcome {
  /** Ids the action applied to (the organisation's, in the state the action needs). */
  found: Set<string>;
  /** Ids actually changed. */
  updated: string[];
  /** The status or assignee each changed lead had before (status and assign actions). */
  before?: Map<string, { status: LeadStatus; assignedTo: string | null }>;
  /** Leads each member got (assign). */
  assigned?: Record<string, number>;
}

/**
 * Webhooks take a bulk change lead by lead (lead.updated, and lead.status_changed,
 * lead.assigned or lead.deleted as the action is), in its transaction; the leads are read only
 * when an active webhook listens (one indexed read otherwise).
 */
async function announcePerLead(ctx: TenantContext, action: BulkLeadsData['action'], result: Outcome): Promise<void> {
  const listening = await subscribedEventTypes(ctx.tx, ctx.organizationId);
  if (listening.size === 0) return;
  if (action === 'delete') {
    await queueWebhookEvents(
      ctx.tx,
      ctx.organizationId,
      result.updated.map((id) => ({ type: 'lead.deleted' as const, data: { id } })),
      listening,
    );
    return;
  }
  const rows = await ctx.tx.select().from(leads).where(own(ctx, result.updated)).orderBy(leads.id);
  const events: Parameters<typeof queueWebhookEvents>[2] = [];
  for (const row of rows) {
    const lead = toLead(row);
    events.push({ type: 'lead.updated', data: lead });
    const before = result.before?.get(row.id);
    if (before && before.status !== lead.status)
      events.push({ type: 'lead.status_changed', data: { ...lead, previous_status: before.status } });
    if (before && before.assignedTo !== lead.assigned_to)
      events.push({ type: 'lead.assigned', data: { ...lead, previous_assigned_to: before.assignedTo } });
  }
  await queueWebhookEvents(ctx.tx, ctx.organizationId, events, listening);
}

const own = (ctx: TenantContext, ids: string[]) =>
  and(eq(leads.organizationId, ctx.organizationId), inArray(leads.id, ids));

async function lockLive(ctx: TenantContext, ids: string[]) {
  return ctx.tx
    .select({ id: leads.id, status: leads.status, assignedTo: leads.assignedTo, tags: leads.tags })
    .from(leads)
    .where(and(own(ctx, ids), isNull(leads.deletedAt)))
    .orderBy(leads.id)
    .for('update');
}

async function activities(ctx: TenantContext, rows: Omit<Activity, 'organizationId' | 'userId'>[]) {
  if (rows.length === 0) return;
  await ctx.tx
    .insert(leadActivities)
    .values(rows.map((r) => ({ ...r, organizationId: ctx.organizationId, userId: ctx.userId })));
}

async function run(ctx: TenantContext, ids: string[], data: BulkLeadsData): Promise<Outcome> {
  const now = new Date();
  switch (data.action) {
    case 'status': {
      const rows = await lockLive(ctx, ids);
      const changing = rows.filter((r) => r.status !== data.status);
      if (changing.length > 0) {
        const changingIds = changing.map((r) => r.id);
        // One statement: the move away from new also sets the speed-to-lead columns here (what
        // the activity trigger would set, at the activity's time now()), so each lead gets one
        // new row version instead of two and the trigger finds nothing left to do.
        await ctx.tx.execute(sql`
          update leads set status = ${data.status}, updated_at = ${now},
            first_contacted_at = case when first_contacted_at is null and status = 'new' and ${ctx.userId}::uuid is not null
              then now() else first_contacted_at end,
            first_contacted_by = case when first_contacted_at is null and status = 'new' and ${ctx.userId}::uuid is not null
              then ${ctx.userId}::uuid else first_contacted_by end
          where organization_id = ${ctx.organizationId}
            and id in (select jsonb_array_elements_text(${JSON.stringify(changingIds)}::jsonb)::uuid)`);
        // One INSERT … SELECT for every activity, whatever the batch size (no parameter per row).
        await ctx.tx.execute(sql`
          insert into lead_activities (organization_id, lead_id, user_id, type, description, metadata)
          select ${ctx.organizationId}::uuid, v.id, ${ctx.userId}::uuid, 'status_changed', ${data.note ?? ''},
            jsonb_build_object('from', v.status, 'to', ${data.status}::text, 'bulk', true)
          from jsonb_to_recordset(${JSON.stringify(changing.map((r) => ({ id: r.id, status: r.status })))}::jsonb)
            as v(id uuid, status text)`);
      }
      return { found: new Set(rows.map((r) => r.id)), updated: changing.map((r) => r.id), before: beforeOf(changing) };
    }
    case 'assign': {
      const rows = await lockLive(ctx, ids);
      const plan = await assignmentPlan(
        ctx,
        rows.map((r) => r.id),
        data,
      );
      const changing = rows.filter((r) => r.assignedTo !== (plan.get(r.id)?.id ?? null));
      for (const [memberId, leadIds] of groupBy(changing, (r) => plan.get(r.id)?.id ?? null)) {
        await ctx.tx.update(leads).set({ assignedTo: memberId, updatedAt: now }).where(own(ctx, leadIds));
      }
      await activities(
        ctx,
        changing.map((r) => {
          const member = plan.get(r.id);
          return {
            leadId: r.id,
            type: 'assigned' as const,
            description: data.note ?? '',
            metadata: { from: r.assignedTo, to: member?.id ?? null, to_name: member?.name ?? '', bulk: true },
          };
        }),
      );
      const assigned: Record<string, number> = {};
      for (const r of changing) {
        const to = plan.get(r.id)?.id;
        if (to) assigned[to] = (assigned[to] ?? 0) + 1;
      }
      return {
        found: new Set(rows.map((r) => r.id)),
        updated: changing.map((r) => r.id),
        before: beforeOf(changing),
        assigned,
      };
    }
    case 'tag': {
      const rows = await lockLive(ctx, ids);
      const changed: { id: string; tags: string[] }[] = [];
      for (const row of rows) {
        const tags = retag(row.tags, data.tags, data.mode);
        if (tags.join('\u0000') !== row.tags.join('\u0000')) changed.push({ id: row.id, tags });
      }
      if (changed.length > 0) {
        // One statement for every lead, each with its own new tags.
        await ctx.tx.execute(sql`
          update leads set tags = v.tags, updated_at = ${now}
          from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as v(id uuid, tags jsonb)
          where leads.id = v.id and leads.organization_id = ${ctx.organizationId}`);
      }
      return { found: new Set(rows.map((r) => r.id)), updated: changed.map((c) => c.id) };
    }
    case 'delete': {
      const found = await liveLeadIds(ctx, ids);
      const rows = await ctx.tx
        .update(leads)
        .set({ deletedAt: now })
        .where(and(own(ctx, ids), isNull(leads.deletedAt)))
        .returning({ id: leads.id });
      return { found, updated: rows.map((r) => r.id) };
    }
    case 'restore': {
      const rows = await ctx.tx
        .update(leads)
        .set({ deletedAt: null })
        .where(
          and(
            own(ctx, ids),
            isNotNull(leads.deletedAt),
            sql`${leads.deletedAt} > now() - make_interval(days => ${LEAD_RETENTION_DAYS})`,
          ),
        )
        .returning({ id: leads.id });
      await activities(
        ctx,
        rows.map((r) => ({ leadId: r.id, type: 'restored' as const, metadata: { bulk: true } })),
      );
      return { found: new Set(rows.map((r) => r.id)), updated: rows.map((r) => r.id) };
    }
  }
}

const beforeOf = (rows: { id: string; status: LeadStatus; assignedTo: string | null }[]) =>
  new Map(rows.map((r) => [r.id, { status: r.status, assignedTo: r.assignedTo }]));

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, string[]> {
  const groups = new Map<K, string[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k) ?? [];
    list.push((item as { id: string }).id);
    groups.set(k, list);
  }
  return groups;
}

/** Tags after the action, compared without case (the first spelling stays). */
export function retag(current: string[], given: string[], mode: 'add' | 'remove' | 'set'): string[] {
  const lower = (t: string) => t.toLowerCase();
  if (mode === 'set') return given;
  if (mode === 'remove') {
    const drop = new Set(given.map(lower));
    return current.filter((t) => !drop.has(lower(t)));
  }
  const have = new Set(current.map(lower));
  return [...current, ...given.filter((t) => !have.has(lower(t)))];
}

/**
 * Who gets which lead. One member: all of them. Round robin: the chosen members who can work
 * on leads (inactive ones and viewers are skipped), in turn, starting with whoever has the
 * fewest open leads, so repeated rounds even out.
 */
async function assignmentPlan(
  ctx: TenantContext,
  leadIds: string[],
  data: Extract<BulkLeadsData, { action: 'assign' }>,
): Promise<Map<string, AssignableMember | null>> {
  const plan = new Map<string, AssignableMember | null>();
  if (data.round_robin === undefined) {
    let member: AssignableMember | null = null;
    if (data.assigned_to) {
      [member = null] = await assignableMembers(ctx, [data.assigned_to]);
      if (!member) throw validationError({ assigned_to: ['Choose an active member of the team who works on leads'] });
    }
    for (const id of leadIds) plan.set(id, member);
    return plan;
  }
  const members = await assignableMembers(ctx, data.round_robin);
  if (members.length === 0)
    throw validationError({ round_robin: ['None of these members is active and works on leads'] });
  const loads = await ctx.tx
    .select({ assignedTo: leads.assignedTo, n: sql<number>`count(*)`.mapWith(Number) })
    .from(leads)
    .where(
      and(
        eq(leads.organizationId, ctx.organizationId),
        isNull(leads.deletedAt),
        inArray(
          leads.assignedTo,
          members.map((m) => m.id),
        ),
        sql`${leads.status} not in ('converted', 'lost', 'closed_won', 'closed_lost')`,
      ),
    )
    .groupBy(leads.assignedTo);
  const load = new Map(loads.map((l) => [l.assignedTo, l.n]));
  const turn = [...members].sort((a, b) => (load.get(a.id) ?? 0) - (load.get(b.id) ?? 0) || a.id.localeCompare(b.id));
  leadIds.forEach((id, i) => plan.set(id, turn[i % turn.length] ?? null));
  return plan;
}
