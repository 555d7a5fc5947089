import { z } from 'zod';
import { ANSWER_RULE_OPERATORS } from './answer-rules.ts';
import { LEAD_INTERESTS } from './constants.ts';
import { requiredText } from './fields.ts';
import { SCORE_POINTS_LIMIT } from './lead-scoring.ts';

/**
 * Qualification of an event's captures (issue 25, points 4 and 5; docs/leads-scoring.md):
 * automatic assignment of new captures, and scoring rules over the event's own form answers.
 */

// --- assignment ----------------------------------------------------------------------------

export const ASSIGNMENT_MODES = ['none', 'fixed', 'round_robin'] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];

export const ASSIGNMENT_LIMITS = { members: 100 } as const;

export const ASSIGNMENT_MESSAGES = {
  fixedOne: 'Choose the one member who gets every capture',
  noneEmpty: 'Leave the members empty when captures are not assigned',
  member: 'Choose an active member of the team who works on leads',
  duplicate: 'Each member appears once',
} as const;

/**
 * An event's assignment of new captures:
 * - none: captures stay unassigned;
 * - fixed: every capture goes to `user_ids[0]` (unassigned while that member is unavailable);
 * - round_robin: captures go in turn to the members of `user_ids` (all members who work on
 *   leads when empty), skipping those who are unavailable or no longer active.
 */
export const eventAssignmentSchema = z.object({
  mode: z.enum(ASSIGNMENT_MODES),
  user_ids: z.array(z.uuid()),
});
export type EventAssignment = z.infer<typeof eventAssignmentSchema>;

export const DEFAULT_EVENT_ASSIGNMENT: EventAssignment = { mode: 'none', user_ids: [] };

/** PUT /events/{id}/assignment/ */
export const updateEventAssignmentSchema = z
  .object({
    mode: z.enum(ASSIGNMENT_MODES, { error: `Choose one of ${ASSIGNMENT_MODES.join(', ')}` }),
    user_ids: z
      .array(z.uuid({ error: ASSIGNMENT_MESSAGES.member }))
      .max(ASSIGNMENT_LIMITS.members)
      .default([]),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.mode === 'fixed' && value.user_ids.length !== 1)
      ctx.addIssue({ code: 'custom', path: ['user_ids'], message: ASSIGNMENT_MESSAGES.fixedOne });
    if (value.mode === 'none' && value.user_ids.length > 0)
      ctx.addIssue({ code: 'custom', path: ['user_ids'], message: ASSIGNMENT_MESSAGES.noneEmpty });
    if (new Set(value.user_ids).size !== value.user_ids.length)
      ctx.addIssue({ code: 'custom', path: ['user_ids'], message: ASSIGNMENT_MESSAGES.duplicate });
  });
export type UpdateEventAssignmentInput = z.input<typeof updateEventAssignmentSchema>;

// --- answer rules --------------------------------------------------------------------------

export const ANSWER_RULE_LIMITS = { rules: 50, values: 50, label: 120, value: 200 } as const;

export const ANSWER_RULE_MESSAGES = {
  unknownField: "Choose one of the event's form fields",
  fieldType: 'Rules read choice, checkbox, text and number fields only',
  notAnOption: "Choose among the field's options",
  checkboxValue: 'A single checkbox is either true or false',
  number: 'Enter a number',
  operator: 'This condition does not apply to this field',
  effect: 'A rule adds or takes points, or sets the interest',
  oneValue: 'Give exactly one value',
} as const;

const pointsSchema = z
  .number({ error: `Enter a whole number from -${SCORE_POINTS_LIMIT} to ${SCORE_POINTS_LIMIT}` })
  .int()
  .min(-SCORE_POINTS_LIMIT)
  .max(SCORE_POINTS_LIMIT);

export const answerRuleSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  field: z.string(),
  operator: z.enum(ANSWER_RULE_OPERATORS),
  values: z.array(z.string()),
  points: z.number().int(),
  interest: z.enum(LEAD_INTERESTS).nullable(),
});

/** One rule as written: a new one has no id yet (the server gives it one). */
export const answerRuleInputSchema = z
  .object({
    id: z.uuid().optional(),
    label: requiredText(ANSWER_RULE_LIMITS.label),
    field: z.string({ error: ANSWER_RULE_MESSAGES.unknownField }).min(1, ANSWER_RULE_MESSAGES.unknownField).max(64),
    operator: z.enum(ANSWER_RULE_OPERATORS, { error: `Choose one of ${ANSWER_RULE_OPERATORS.join(', ')}` }),
    values: z.array(z.string().trim().min(1).max(ANSWER_RULE_LIMITS.value)).min(1).max(ANSWER_RULE_LIMITS.values),
    points: pointsSchema.default(0),
    interest: z.enum(LEAD_INTERESTS).nullable().default(null),
  })
  .strict()
  .superRefine((rule, ctx) => {
    if (rule.points === 0 && rule.interest === null)
      ctx.addIssue({ code: 'custom', path: ['points'], message: ANSWER_RULE_MESSAGES.effect });
    if (rule.operator !== 'one_of' && rule.operator !== 'contains' && rule.values.length !== 1)
      ctx.addIssue({ code: 'custom', path: ['values'], message: ANSWER_RULE_MESSAGES.oneValue });
  });
export type AnswerRuleInput = z.input<typeof answerRuleInputSchema>;

/** GET and PUT /events/{id}/scoring_rules/: the event's answer rules, in order. */
export const eventScoringRulesSchema = z.object({ rules: z.array(answerRuleSchema) });
export type EventScoringRules = z.infer<typeof eventScoringRulesSchema>;

export const updateEventScoringRulesSchema = z
  .object({ rules: z.array(answerRuleInputSchema).max(ANSWER_RULE_LIMITS.rules) })
  .strict();
export type UpdateEventScoringRulesInput = z.input<typeof updateEventScoringRulesSchema>;
