import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AnswerRule } from '@leadcapture/contracts/answer-rules';
import { isInputField, isMultiChoice, type FormField } from '@leadcapture/contracts/form-fields';
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
import type { TenantContext } from '../../db/tenant.ts';
import { notFound, validationError } from '../../http/errors.ts';
import { assertCan } from '../../http/permissions.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { events } from '../events/events.table.ts';
import { assignableMembers, rescorePageAnswers } from '../leads/leads.service.ts';
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
  action: string,
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
