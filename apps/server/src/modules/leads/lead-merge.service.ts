import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { evaluateAnswerRules, hotterInterest } from '@leadcapture/contracts/answer-rules';
import { scoreLead } from '@leadcapture/contracts/lead-scoring';
import {
  LEAD_LIMITS,
  MERGE_FIELDS,
  type Lead,
  type MergeField,
  type MergeLeadsData,
  type MergeSide,
} from '@leadcapture/contracts/leads';
import type { TenantContext } from '../../db/tenant.ts';
import { validationError } from '../../http/errors.ts';
import { assertCan } from '../../http/permissions.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { loadScoringRules } from './lead-scoring.service.ts';
import { leadActivities, leads } from './leads.table.ts';
import {
  eventAnswerRules,
  LEAD_DELETED,
  LEAD_UPDATED,
  leadNotFound,
  scoredAnswers,
  toLead,
  type LeadRow,
} from './leads.service.ts';

/** The column behind each field a person may choose in a merge. */
const COLUMNS = {
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  phone: 'phone',
  company: 'company',
  job_title: 'jobTitle',
  company_size: 'companySize',
  status: 'status',
  interest: 'interest',
  budget_range: 'budgetRange',
  decision_timeline: 'decisionTimeline',
  decision_role: 'decisionRole',
  assigned_to: 'assignedTo',
  notes: 'notes',
  follow_up_date: 'followUpDate',
  event: 'eventId',
  manual_score: 'manualScore',
} as const satisfies Record<MergeField, keyof LeadRow>;

/** A value the merged lead should rather take from the other lead when it has one. */
function isEmpty(value: unknown): boolean {
  return value === null || value === '' || value === 'not_specified';
}

/** Both lists, the target's first, without repeats (compared without case, as tags are). */
function union(first: readonly string[], second: readonly string[], max: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of [...first, ...second]) {
    const key = item.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out.slice(0, max);
}

/** Which side each field came from: the person's choice, else the target unless it is empty. */
export function mergeChoices(
  target: LeadRow,
  source: LeadRow,
  chosen: MergeLeadsData['fields'],
): Record<MergeField, MergeSide> {
  const sides = {} as Record<MergeField, MergeSide>;
  for (const field of MERGE_FIELDS) {
    const column = COLUMNS[field];
    sides[field] = chosen?.[field] ?? (isEmpty(target[column]) && !isEmpty(source[column]) ? 'source' : 'target');
  }
  return sides;
}

/**
 * POST /leads/{id}/merge/ (decision 017): `source` merges into the lead `targetId`, in this one
 * transaction. The target keeps its id and takes, field by field, its own value or the source's
 * (chosen, or filled in where its own is empty); tags and products are unioned, custom fields
 * merged (the target's win). The source's activities and notes move to the target, so both
 * histories read as one timeline in time order, and a `merged` entry says what came in. The
 * source goes to the bin with `merged_into` set, restorable for the bin's usual time. Both rows
 * are locked in id order, so two merges of the same pair in opposite directions cannot deadlock
 * and the second finds the first's source in the bin (404).
 */
export async function mergeLeads(
  ctx: TenantContext,
  meta: RequestMeta,
  targetId: string,
  data: MergeLeadsData,
): Promise<Lead> {
  assertCan(ctx, 'leads.write');
  if (data.source === targetId) throw validationError({ source: ['Choose a lead other than this one'] });
  const locked = await ctx.tx
    .select()
    .from(leads)
    .where(
      and(
        inArray(leads.id, [targetId, data.source]),
        eq(leads.organizationId, ctx.organizationId),
        isNull(leads.deletedAt),
      ),
    )
    .orderBy(asc(leads.id))
    .for('update');
  const target = locked.find((r) => r.id === targetId);
  const source = locked.find((r) => r.id === data.source);
  if (!target || !source) throw leadNotFound();

  const sides = mergeChoices(target, source, data.fields);
  const next: LeadRow = { ...target };
  const pick = (column: keyof LeadRow, side: MergeSide) => {
    Object.assign(next, { [column]: (side === 'source' ? source : target)[column] });
  };
  for (const field of MERGE_FIELDS) pick(COLUMNS[field], sides[field]);
  // The email's confirmation goes with the email; consent and attribution with whoever has them.
  pick('emailVerifiedAt', sides.email);
  if (target.consentGivenAt === null && source.consentGivenAt !== null) {
    next.consentGivenAt = source.consentGivenAt;
    next.consentText = source.consentText;
  }
  if (Object.keys(target.attribution).length === 0) next.attribution = source.attribution;
  next.offerId = target.offerId ?? source.offerId;
  next.tags = union(target.tags, source.tags, LEAD_LIMITS.tags);
  next.interestedProducts = union(target.interestedProducts, source.interestedProducts, LEAD_LIMITS.products);
  next.customFields = { ...source.customFields, ...target.customFields };
  next.activityCount = target.activityCount + source.activityCount;
  // The merged answers are read by the merged lead's event's (else offer's) answer rules again,
  // as a PATCH of custom_fields is: their points, and the interest they set. Unless the person
  // chose whose interest to keep, the hotter of it and the rules' wins: one person's two records
  // joined must not cool either's signal.
  const answers = evaluateAnswerRules(await eventAnswerRules(ctx, next.eventId, next.offerId), next.customFields);
  next.answerPoints = answers.points;
  if (data.fields?.interest === undefined) next.interest = hotterInterest(next.interest, answers.interest);
  const { rules } = await loadScoringRules(ctx.tx, ctx.organizationId);
  next.autoScore = scoreLead(scoredAnswers(next), rules).score;
  next.score = next.manualScore ?? next.autoScore;

  const moved = await ctx.tx
    .update(leadActivities)
    // Moving an entry is not editing it: updated_at stays (its $onUpdate would set it to now).
    .set({ leadId: target.id, updatedAt: sql`${leadActivities.updatedAt}` })
    .where(and(eq(leadActivities.leadId, source.id), eq(leadActivities.organizationId, ctx.organizationId)))
    .returning({ id: leadActivities.id });
  const now = new Date();
  await ctx.tx
    .update(leads)
    .set({ deletedAt: now, mergedIntoId: target.id, activityCount: 0, updatedAt: now })
    .where(eq(leads.id, source.id));
  // tags_lower follows tags in the database (a generated column: it may not be set).
  const { id: _id, organizationId: _org, createdAt: _created, createdBy: _by, tagsLower: _lower, ...changes } = next;
  const [row] = await ctx.tx
    .update(leads)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(leads.id, target.id), eq(leads.organizationId, ctx.organizationId)))
    .returning();
  if (!row) throw leadNotFound();
  await ctx.tx.insert(leadActivities).values({
    organizationId: ctx.organizationId,
    leadId: target.id,
    userId: ctx.userId,
    type: 'merged',
    createdAt: now,
    metadata: {
      source_id: source.id,
      source_name: `${source.firstName} ${source.lastName}`.trim(),
      source_email: source.email,
      source_company: source.company,
      source_created_at: source.createdAt.toISOString(),
      from_source: MERGE_FIELDS.filter((f) => sides[f] === 'source'),
      moved_activities: moved.length,
    },
  });
  // A score the merge moved says so on the timeline, as a score set by hand does; just after the
  // merge entry, so it reads as what the merge did.
  if (row.score !== target.score)
    await ctx.tx.insert(leadActivities).values({
      organizationId: ctx.organizationId,
      leadId: target.id,
      userId: ctx.userId,
      type: 'score_changed',
      createdAt: new Date(now.getTime() + 1),
      metadata: { from: target.score, to: row.score, manual: row.manualScore !== null, reason: 'merged' },
    });
  await recordAudit(ctx.tx, meta, {
    action: 'lead.merged',
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'lead',
    targetId: target.id,
  });
  const lead = toLead(row);
  await enqueue(ctx.tx, { kind: LEAD_UPDATED, organizationId: ctx.organizationId, payload: { data: lead } });
  await enqueue(ctx.tx, {
    kind: LEAD_DELETED,
    organizationId: ctx.organizationId,
    payload: { data: { id: source.id, merged_into: target.id } },
  });
  return lead;
}
