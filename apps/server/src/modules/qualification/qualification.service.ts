import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { evaluateAnswerRules, type AnswerHit, type AnswerRule } from '@leadcapture/contracts/answer-rules';
import type { LeadInterest, LeadSource } from '@leadcapture/contracts/constants';
import { isInputField, isMultiChoice, type FormField, type SubmissionValue } from '@leadcapture/contracts/form-fields';
import { scoreLead, type ScoringRules } from '@leadcapture/contracts/lead-scoring';
import {
  ANSWER_RULE_MESSAGES,
  ASSIGNMENT_MESSAGES,
  type EventAssignment,
  type EventScoringRules,
  type UpdateEventAssignmentInput,
  type UpdateEventScoringRulesInput,
  updateEventAssignmentSchema,
  updateEventScoringRulesSchema,
} from '@leadcapture/contracts/qualification';
import { queryRows } from '../../db/database.ts';
import type { TenantContext } from '../../db/tenant.ts';
import { notFound, validationError } from '../../http/errors.ts';
import { assertCan } from '../../http/permissions.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { events } from '../events/events.table.ts';
import { assignableMembers, rescorePageAnswers, type VisitorScope } from '../leads/leads.service.ts';
import { assignmentTurns } from './qualification.table.ts';
import { offers } from '../offers/offers.table.ts';

/**
 * Qualification of an event's or an offer's captures (docs/leads-scoring.md): who new captures are assigned
 * to, and the scoring rules over the event's own form answers. Both live on the event's row, so
 * saving them changes the page's version and every process's cached copy of the capture page
 * is read again at its next capture (capture_leads answers `stale` for the old copy).
 */

/** The two kinds of capture page with their own qualification: events and offers. */
export type QualifiedPageKind = 'event' | 'offer';

const pageNotFound = (kind: QualifiedPageKind) => notFound(kind === 'event' ? 'Event' : 'Offer');

interface QualifiedPage {
  id: string;
  formFields: FormField[];
  assignment: EventAssignment;
  answerRules: AnswerRule[];
}

async function loadPage(ctx: TenantContext, kind: QualifiedPageKind, id: string, lock = false): Promise<QualifiedPage> {
  const table = kind === 'event' ? events : offers;
  const query = ctx.tx
    .select({
      id: table.id,
      formFields: table.formFields,
      assignment: table.assignment,
      answerRules: table.answerRules,
    })
    .from(table)
    .where(and(eq(table.id, id), eq(table.organizationId, ctx.organizationId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw pageNotFound(kind);
  return row;
}

/** Stores the page's assignment or answer rules; its updated_at moves, so its version does too. */
async function savePage(
  ctx: TenantContext,
  kind: QualifiedPageKind,
  id: string,
  values: { assignment: EventAssignment } | { answerRules: AnswerRule[] },
): Promise<Pick<QualifiedPage, 'assignment' | 'answerRules'>> {
  const table = kind === 'event' ? events : offers;
  const [row] = await ctx.tx
    .update(table)
    .set(values)
    .where(and(eq(table.id, id), eq(table.organizationId, ctx.organizationId)))
    .returning({ assignment: table.assignment, answerRules: table.answerRules });
  if (!row) throw pageNotFound(kind);
  return row;
}

function audit(
  ctx: TenantContext,
  meta: RequestMeta,
  action: 'assignment_updated' | 'scoring_rules_updated',
  kind: QualifiedPageKind,
  id: string,
  metadata: Record<string, unknown>,
) {
  return recordAudit(ctx.tx, meta, {
    action: `${kind}.${action}`,
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: kind,
    targetId: id,
    metadata,
  });
}

const permission = (kind: QualifiedPageKind, verb: 'read' | 'update') =>
  kind === 'event' ? (`events.${verb}` as const) : (`offers.${verb}` as const);

// --- assignment ----------------------------------------------------------------------------

/** GET /events/{id}/assignment/, /offers/{id}/assignment/ */
export async function getAssignment(ctx: TenantContext, kind: QualifiedPageKind, id: string): Promise<EventAssignment> {
  assertCan(ctx, permission(kind, 'read'));
  return (await loadPage(ctx, kind, id)).assignment;
}

/**
 * PUT /events/{id}/assignment/: every member named must be a joined, active member of the
 * organisation who works on leads (not a viewer): 422 otherwise, another organisation's member
 * included. Availability is not checked here: it is read at each capture.
 */
export async function putAssignment(
  ctx: TenantContext,
  meta: RequestMeta,
  kind: QualifiedPageKind,
  id: string,
  input: UpdateEventAssignmentInput,
): Promise<EventAssignment> {
  assertCan(ctx, permission(kind, 'update'));
  const data = updateEventAssignmentSchema.parse(input);
  await loadPage(ctx, kind, id, true);
  const found = new Set((await assignableMembers(ctx, data.user_ids)).map((m) => m.id));
  const unknown = data.user_ids.findIndex((id) => !found.has(id));
  if (unknown >= 0) throw validationError({ [`user_ids.${unknown}`]: [ASSIGNMENT_MESSAGES.member] });
  const assignment: EventAssignment = { mode: data.mode, user_ids: data.user_ids };
  const row = await savePage(ctx, kind, id, { assignment });
  await audit(ctx, meta, 'assignment_updated', kind, id, { mode: data.mode, members: data.user_ids.length });
  return row.assignment;
}

// --- answer rules --------------------------------------------------------------------------

/** The problems of one rule against the event's form, keyed below `rules.{index}`. */
function ruleProblems(rule: Omit<AnswerRule, 'id'>, fields: readonly FormField[]): Record<string, string[]> {
  const field = fields.find((f) => f.id === rule.field && isInputField(f));
  if (!field) return { field: [ANSWER_RULE_MESSAGES.unknownField] };
  switch (field.type) {
    case 'select':
    case 'radio':
    case 'checkbox': {
      if (field.type === 'checkbox' && !isMultiChoice(field)) {
        if (rule.operator === 'contains') return { operator: [ANSWER_RULE_MESSAGES.operator] };
        const bad = rule.values.findIndex((v) => v !== 'true' && v !== 'false');
        return bad >= 0 ? { [`values.${bad}`]: [ANSWER_RULE_MESSAGES.checkboxValue] } : {};
      }
      // A single choice never contains several; `contains` is for multiple-choice answers.
      if (rule.operator === 'contains' && !isMultiChoice(field)) return { operator: [ANSWER_RULE_MESSAGES.operator] };
      const options = new Set(field.options.map((o) => o.trim().toLowerCase()));
      const bad = rule.values.findIndex((v) => !options.has(v.trim().toLowerCase()));
      return bad >= 0 ? { [`values.${bad}`]: [ANSWER_RULE_MESSAGES.notAnOption] } : {};
    }
    case 'text':
    case 'textarea':
    case 'email':
    case 'phone':
      return {};
    case 'number':
    case 'rating': {
      if (rule.operator === 'contains') return { operator: [ANSWER_RULE_MESSAGES.operator] };
      const bad = rule.values.findIndex((v) => !Number.isFinite(Number(v)) || v.trim() === '');
      return bad >= 0 ? { [`values.${bad}`]: [ANSWER_RULE_MESSAGES.number] } : {};
    }
    default:
      return { field: [ANSWER_RULE_MESSAGES.fieldType] };
  }
}

/** Rules as stored: numbers written as the form stores them ("3", not "3.0"), ids given. */
function storedRule(
  rule: Omit<AnswerRule, 'id'> & { id?: string | undefined },
  field: FormField | undefined,
): AnswerRule {
  const numeric = field?.type === 'number' || field?.type === 'rating';
  return {
    id: rule.id ?? randomUUID(),
    label: rule.label,
    field: rule.field,
    operator: rule.operator,
    values: rule.values.map((v) => (numeric ? String(Number(v)) : v.trim())),
    points: rule.points,
    interest: rule.interest,
  };
}

/** GET /events/{id}/scoring_rules/, /offers/{id}/scoring_rules/ */
export async function getScoringRules(
  ctx: TenantContext,
  kind: QualifiedPageKind,
  id: string,
): Promise<EventScoringRules> {
  assertCan(ctx, permission(kind, 'read'));
  return { rules: (await loadPage(ctx, kind, id)).answerRules };
}

/**
 * PUT /events/{id}/scoring_rules/: replaces the event's answer rules, each checked against the
 * event's form (an unknown field, or a value that is not among the field's options: 422), and
 * rescores the event's leads in the same transaction.
 */
export async function putScoringRules(
  ctx: TenantContext,
  meta: RequestMeta,
  kind: QualifiedPageKind,
  id: string,
  input: UpdateEventScoringRulesInput,
): Promise<EventScoringRules> {
  assertCan(ctx, permission(kind, 'update'));
  const data = updateEventScoringRulesSchema.parse(input);
  const event = await loadPage(ctx, kind, id, true);
  const details: Record<string, string[]> = {};
  data.rules.forEach((rule, index) => {
    for (const [key, messages] of Object.entries(ruleProblems(rule, event.formFields)))
      details[`rules.${index}.${key}`] = messages;
  });
  if (Object.keys(details).length > 0) throw validationError(details);
  const rules = data.rules.map((rule) =>
    storedRule(
      rule,
      event.formFields.find((f) => f.id === rule.field),
    ),
  );
  const row = await savePage(ctx, kind, id, { answerRules: rules });
  await rescorePageAnswers(ctx.tx, ctx.organizationId, { kind, id }, row.answerRules);
  await audit(ctx, meta, 'scoring_rules_updated', kind, id, { rules: rules.length });
  return { rules: row.answerRules };
}

// --- qualifying new leads ------------------------------------------------------------------

/** What a new capture's answers make of it: the interest and points of the answer rules, and its score. */
export interface CaptureQualification {
  interest: LeadInterest | null;
  /** The page's answer rules' points, kept on the lead (`leads.answer_points`). */
  answerPoints: number;
  /** The automatic score: the organisation's rules over the lead, the answer rules' points included. */
  score: number;
  hits: AnswerHit[];
}

/**
 * A new capture qualified from its answers, before it is written (docs/leads-scoring.md, "At
 * capture"): the page's answer rules read the answers (the hottest interest they set, their
 * points), then the organisation's scoring rules score the lead as a capture has it (nothing
 * but its source and those answers). The one way a capture is scored: a fresh capture
 * (capture/captured-leads.ts) and a held one released by an upgrade (billing/held-leads.ts).
 */
export function qualifyCapture(
  lead: { source: LeadSource; customFields: Readonly<Record<string, SubmissionValue>> },
  answerRules: readonly AnswerRule[],
  rules: ScoringRules,
): CaptureQualification {
  const answers = evaluateAnswerRules(answerRules, lead.customFields);
  const { score } = scoreLead(
    {
      interest: answers.interest,
      decision_role: 'not_specified',
      budget_range: 'not_specified',
      decision_timeline: 'not_specified',
      company_size: '',
      source: lead.source,
      activity_count: 0,
      answers: answers.hits,
    },
    rules,
  );
  return { interest: answers.interest, answerPoints: answers.points, score, hits: answers.hits };
}

/** A page's qualification settings and what notices name it by. */
export interface PageQualification {
  kind: QualifiedPageKind;
  id: string;
  name: string;
  createdBy: string | null;
  assignment: EventAssignment;
  answerRules: AnswerRule[];
}

/**
 * The current assignment and answer rules of these events and offers (keyed `${kind}:${id}`);
 * a page no longer there is missing from the answer.
 */
export async function pageQualifications(
  scope: VisitorScope,
  pages: readonly { kind: QualifiedPageKind; id: string }[],
): Promise<Map<string, PageQualification>> {
  const found = new Map<string, PageQualification>();
  const ids = (kind: QualifiedPageKind) => [...new Set(pages.filter((p) => p.kind === kind).map((p) => p.id))];
  const eventIds = ids('event');
  if (eventIds.length > 0) {
    const rows = await scope.tx
      .select({
        id: events.id,
        name: events.name,
        createdBy: events.createdBy,
        assignment: events.assignment,
        answerRules: events.answerRules,
      })
      .from(events)
      .where(and(eq(events.organizationId, scope.organizationId), inArray(events.id, eventIds)));
    for (const row of rows) found.set(`event:${row.id}`, { kind: 'event', ...row });
  }
  const offerIds = ids('offer');
  if (offerIds.length > 0) {
    const rows = await scope.tx
      .select({
        id: offers.id,
        name: offers.title,
        createdBy: offers.createdBy,
        assignment: offers.assignment,
        answerRules: offers.answerRules,
      })
      .from(offers)
      .where(and(eq(offers.organizationId, scope.organizationId), inArray(offers.id, offerIds)));
    for (const row of rows) found.set(`offer:${row.id}`, { kind: 'offer', ...row });
  }
  return found;
}

/** A member a new lead went to by the page's automatic assignment. */
export interface AutomaticAssignee {
  id: string;
  name: string;
}

/**
 * Assigns `count` new leads of one page, in order, by the page's assignment, as `capture_leads`
 * assigns a capture batch's (db/functions/capture_leads.sql, its pools, turns and assignees):
 * the members who take captures now (joined, working on leads, account active, available), in
 * the page's order (else by user id; a round robin naming nobody takes every such member); a
 * round robin's turn counter advanced by `count` in one upsert, which holds the row until commit,
 * so concurrent captures of the page continue where these end; the k-th lead takes the turn
 * after the counter's old value plus k. Answers one assignee (or null: nobody takes it) per lead.
 */
export async function assignNewLeads(
  scope: VisitorScope,
  pageId: string,
  assignment: EventAssignment,
  count: number,
): Promise<(AutomaticAssignee | null)[]> {
  const nobody = Array.from({ length: count }, () => null);
  if (count === 0 || assignment.mode === 'none') return nobody;
  const pool = await queryRows<{ id: string; name: string }>(
    scope.tx,
    sql`select m.user_id as id, trim(u.first_name || ' ' || u.last_name) as name
        from (select ${JSON.stringify(assignment)}::jsonb as assign) as a
        left join lateral jsonb_array_elements_text(a.assign->'user_ids') with ordinality as o(user_id, position) on true
        join memberships m on m.organization_id = ${scope.organizationId}
          and (m.user_id = o.user_id::uuid or (o.user_id is null and a.assign->>'mode' = 'round_robin'))
          and m.status = 'joined' and m.available and m.role in ('owner', 'admin', 'member')
        join users u on u.id = m.user_id and u.is_active
        order by o.position, m.user_id`,
  );
  if (pool.length === 0) return nobody;
  if (pool.length === 1) return nobody.map(() => pool[0] ?? null);
  const [row] = await scope.tx
    .insert(assignmentTurns)
    .values({ pageId, organizationId: scope.organizationId, turns: count })
    .onConflictDoUpdate({ target: assignmentTurns.pageId, set: { turns: sql`${assignmentTurns.turns} + ${count}` } })
    .returning({ turns: assignmentTurns.turns });
  const before = (row?.turns ?? count) - count;
  return nobody.map((_, k) => pool[(before + k) % pool.length] ?? null);
}
