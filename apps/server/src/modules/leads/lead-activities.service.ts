import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { scoreLead } from '@leadcapture/contracts/lead-scoring';
import {
  ENGAGEMENT_ACTIVITY_TYPES,
  type LeadActivity,
  type LeadActivityType,
  type LeadNote,
} from '@leadcapture/contracts/leads';
import { queryRows } from '../../db/database.ts';
import type { TenantContext } from '../../db/tenant.ts';
import { notFound } from '../../http/errors.ts';
import { assertCan } from '../../http/permissions.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { loadScoringRules } from './lead-scoring.service.ts';
import { LEAD_UPDATED, leadNotFound, lockLead, scoredAnswers, toLead } from './leads.service.ts';
import { leadActivities, leads } from './leads.table.ts';

const noteNotFound = () => notFound('Note');

interface ActivityRow {
  id: string;
  lead_id: string;
  type: LeadActivityType;
  description: string;
  metadata: Record<string, unknown>;
  user_id: string | null;
  user_name: string | null;
  created_at: string | Date;
  updated_at: string | Date;
}

const iso = (value: string | Date) => new Date(value).toISOString();

function toActivity(row: ActivityRow): LeadActivity {
  return {
    id: row.id,
    lead: row.lead_id,
    type: row.type,
    description: row.description,
    metadata: row.metadata,
    user: row.user_id ? { id: row.user_id, name: row.user_name ?? '' } : null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/**
 * The timeline of a lead, newest first: its activities and, at the start of time, the lead's
 * creation, which is not stored as a row (it is the lead itself: its source, event, creator),
 * so a capture writes one row less.
 */
export async function listActivities(
  ctx: TenantContext,
  leadId: string,
  types: readonly LeadActivityType[] | undefined,
  page: { limit: number; offset: number },
): Promise<{ results: LeadActivity[]; total: number }> {
  assertCan(ctx, 'leads.read');
  const [lead] = await ctx.tx
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.organizationId, ctx.organizationId)));
  if (!lead) throw leadNotFound();
  const wantsCreated = !types || types.includes('lead_created');
  const typeFilter: SQL = types
    ? sql`and a.type in (${sql.join(
        types.map((t) => sql`${t}`),
        sql`, `,
      )})`
    : sql``;
  const created = wantsCreated
    ? sql`union all
      select l.id, l.id as lead_id, 'lead_created' as type, '' as description,
        jsonb_build_object('source', l.source, 'event_id', l.event_id) as metadata,
        l.created_by as user_id, nullif(trim(u.first_name || ' ' || u.last_name), '') as user_name,
        l.created_at, l.created_at as updated_at
      from leads l left join users u on u.id = l.created_by
      where l.id = ${leadId} and l.organization_id = ${ctx.organizationId}`
    : sql``;
  const rows = await queryRows<ActivityRow & { total: string }>(
    ctx.tx,
    sql`select *, count(*) over () as total from (
      select a.id, a.lead_id, a.type, a.description, a.metadata, a.user_id,
        nullif(trim(u.first_name || ' ' || u.last_name), '') as user_name, a.created_at, a.updated_at
      from lead_activities a left join users u on u.id = a.user_id
      where a.lead_id = ${leadId} and a.organization_id = ${ctx.organizationId} ${typeFilter}
      ${created}
    ) timeline
    order by created_at desc, id desc
    limit ${page.limit} offset ${page.offset}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page.offset > 0) {
    const [counted] = await queryRows<{ n: number }>(
      ctx.tx,
      sql`select count(*)::int as n from lead_activities a
        where a.lead_id = ${leadId} and a.organization_id = ${ctx.organizationId} ${typeFilter}`,
    );
    total = (counted?.n ?? 0) + (wantsCreated ? 1 : 0);
  }
  return { results: rows.map(toActivity), total };
}

async function activityById(ctx: TenantContext, activityId: string): Promise<LeadActivity> {
  const [row] = await queryRows<ActivityRow>(
    ctx.tx,
    sql`select a.id, a.lead_id, a.type, a.description, a.metadata, a.user_id,
        nullif(trim(u.first_name || ' ' || u.last_name), '') as user_name, a.created_at, a.updated_at
      from lead_activities a left join users u on u.id = a.user_id
      where a.id = ${activityId} and a.organization_id = ${ctx.organizationId}`,
  );
  if (!row) throw new Error(`activity ${activityId} vanished`);
  return toActivity(row);
}

const isEngagement = (type: LeadActivityType) => (ENGAGEMENT_ACTIVITY_TYPES as readonly string[]).includes(type);

/**
 * One engagement more or less on the lead: the activity factor of its score moves with it, so
 * the score is computed again, in the same transaction as the activity.
 */
async function countEngagement(ctx: TenantContext, leadId: string, delta: 1 | -1): Promise<void> {
  const current = await lockLead(ctx, leadId);
  const activityCount = Math.max(0, current.activityCount + delta);
  const { rules } = await loadScoringRules(ctx.tx, ctx.organizationId);
  const autoScore = scoreLead({ ...scoredAnswers(current), activity_count: activityCount }, rules).score;
  const [row] = await ctx.tx
    .update(leads)
    .set({ activityCount, autoScore, score: current.manualScore ?? autoScore, updatedAt: new Date() })
    .where(eq(leads.id, leadId))
    .returning();
  if (row)
    await enqueue(ctx.tx, { kind: LEAD_UPDATED, organizationId: ctx.organizationId, payload: { data: toLead(row) } });
}

/** POST /leads/{id}/activities/ (call, email, meeting) and POST /leads/{id}/notes/ (note). */
export async function logActivity(
  ctx: TenantContext,
  leadId: string,
  data: { type: LeadActivityType; description: string },
): Promise<LeadActivity> {
  assertCan(ctx, 'leads.write');
  await lockLead(ctx, leadId);
  const [row] = await ctx.tx
    .insert(leadActivities)
    .values({
      organizationId: ctx.organizationId,
      leadId,
      type: data.type,
      description: data.description,
      userId: ctx.userId,
    })
    .returning({ id: leadActivities.id });
  if (!row) throw new Error('activity insert returned no row');
  if (isEngagement(data.type)) await countEngagement(ctx, leadId, 1);
  return activityById(ctx, row.id);
}

/** A note as the notes routes answer it: its text as `body`, the name it is sent under. */
function toNote({ description, ...activity }: LeadActivity): LeadNote {
  return { ...activity, body: description };
}

/** GET /leads/{id}/notes/: the lead's notes, newest first. */
export async function listNotes(
  ctx: TenantContext,
  leadId: string,
  page: { limit: number; offset: number },
): Promise<{ results: LeadNote[]; total: number }> {
  const notes = await listActivities(ctx, leadId, ['note'], page);
  return { results: notes.results.map(toNote), total: notes.total };
}

/** POST /leads/{id}/notes/ */
export async function addNote(ctx: TenantContext, leadId: string, body: string): Promise<LeadNote> {
  return toNote(await logActivity(ctx, leadId, { type: 'note', description: body }));
}

/** A note of the lead that the user may change: their own, or anyone's for owners and admins. */
async function editableNote(ctx: TenantContext, leadId: string, noteId: string) {
  await lockLead(ctx, leadId);
  const [note] = await ctx.tx
    .select({ id: leadActivities.id, userId: leadActivities.userId })
    .from(leadActivities)
    .where(
      and(
        eq(leadActivities.id, noteId),
        eq(leadActivities.leadId, leadId),
        eq(leadActivities.organizationId, ctx.organizationId),
        eq(leadActivities.type, 'note'),
      ),
    )
    .for('update');
  if (!note) throw noteNotFound();
  if (note.userId !== ctx.userId) assertCan(ctx, 'records.delete');
  return note;
}

/** PATCH /leads/{id}/notes/{noteId}/ */
export async function updateNote(ctx: TenantContext, leadId: string, noteId: string, body: string): Promise<LeadNote> {
  assertCan(ctx, 'leads.write');
  await editableNote(ctx, leadId, noteId);
  await ctx.tx
    .update(leadActivities)
    .set({ description: body, updatedAt: new Date() })
    .where(eq(leadActivities.id, noteId));
  return toNote(await activityById(ctx, noteId));
}

/** DELETE /leads/{id}/notes/{noteId}/ */
export async function deleteNote(ctx: TenantContext, leadId: string, noteId: string): Promise<void> {
  assertCan(ctx, 'leads.write');
  await editableNote(ctx, leadId, noteId);
  await ctx.tx.delete(leadActivities).where(eq(leadActivities.id, noteId));
  await countEngagement(ctx, leadId, -1);
}

/** Live leads of the organisation among `ids` (for bulk answers). */
export async function liveLeadIds(ctx: TenantContext, ids: readonly string[]): Promise<Set<string>> {
  const rows = await ctx.tx
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.organizationId, ctx.organizationId), inArray(leads.id, [...ids]), isNull(leads.deletedAt)));
  return new Set(rows.map((r) => r.id));
}
