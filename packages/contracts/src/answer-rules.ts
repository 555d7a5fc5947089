import type { LeadInterest } from './constants.ts';
import type { SubmissionValue } from './form-fields.ts';

/**
 * Scoring from an event's own form answers (docs/leads-scoring.md "Answer rules"): each rule
 * reads one field of the event's form and, when the answer matches, adds points (or takes them)
 * and may set the lead's interest. Zod-free and pure: the server applies it at capture and when
 * answers change, the web previews it, and the SQL twin (answerPointsSql on the server) is held
 * to it by tests.
 */

export const ANSWER_RULE_OPERATORS = ['equals', 'one_of', 'contains'] as const;
export type AnswerRuleOperator = (typeof ANSWER_RULE_OPERATORS)[number];

export interface AnswerRule {
  id: string;
  /** Shown in the score breakdown, e.g. "Buying within 3 months". */
  label: string;
  /** The id of one of the event's form fields. */
  field: string;
  /**
   * equals: the answer is values[0] (a multiple-choice answer ticks it);
   * one_of: the answer is one of values (a multiple-choice answer ticks at least one);
   * contains: a text answer contains values[0]; a multiple-choice answer ticks every value.
   * Text is compared trimmed and without regard to case.
   */
  operator: AnswerRuleOperator;
  values: string[];
  /** Added to the automatic score when the rule matches (negative takes points away). */
  points: number;
  /** Set as the lead's interest when the rule matches (the hottest of the matching rules wins). */
  interest: LeadInterest | null;
}

/** A rule that matched a lead's answers. */
export interface AnswerHit {
  rule_id: string;
  label: string;
  points: number;
  interest: LeadInterest | null;
}

export interface AnswerEvaluation {
  /** The sum of the matching rules' points. */
  points: number;
  /** The hottest interest a matching rule sets, or null. */
  interest: LeadInterest | null;
  hits: AnswerHit[];
}

const norm = (text: string) => text.trim().toLowerCase();

function scalarText(answer: SubmissionValue): string {
  return typeof answer === 'string' ? answer : String(answer);
}

/** Whether one answer matches a rule's condition. No answer never matches. */
export function answerMatches(
  rule: Pick<AnswerRule, 'operator' | 'values'>,
  answer: SubmissionValue | undefined,
): boolean {
  if (answer === undefined) return false;
  const values = rule.values.map(norm);
  if (Array.isArray(answer)) {
    const ticked = new Set(answer.map(norm));
    switch (rule.operator) {
      case 'equals':
        return values[0] !== undefined && ticked.has(values[0]);
      case 'one_of':
        return values.some((v) => ticked.has(v));
      case 'contains':
        return values.length > 0 && values.every((v) => ticked.has(v));
    }
  }
  const text = norm(scalarText(answer));
  if (text === '') return false;
  switch (rule.operator) {
    case 'equals':
      return text === values[0];
    case 'one_of':
      return values.includes(text);
    case 'contains':
      return values[0] !== undefined && values[0] !== '' && text.includes(values[0]);
  }
}

const INTEREST_HEAT: Record<LeadInterest, number> = { hot: 3, warm: 2, cold: 1 };

/** The hotter of two interests (null: none). */
export function hotterInterest(a: LeadInterest | null, b: LeadInterest | null): LeadInterest | null {
  if (a === null) return b;
  if (b === null) return a;
  return INTEREST_HEAT[b] > INTEREST_HEAT[a] ? b : a;
}

/** The rules that match a lead's answers (custom_fields), their points and the interest they set. */
export function evaluateAnswerRules(
  rules: readonly AnswerRule[],
  answers: Readonly<Record<string, SubmissionValue>>,
): AnswerEvaluation {
  const hits: AnswerHit[] = [];
  let points = 0;
  let interest: LeadInterest | null = null;
  for (const rule of rules) {
    const answer = Object.prototype.hasOwnProperty.call(answers, rule.field) ? answers[rule.field] : undefined;
    if (!answerMatches(rule, answer)) continue;
    hits.push({ rule_id: rule.id, label: rule.label, points: rule.points, interest: rule.interest });
    points += rule.points;
    interest = hotterInterest(interest, rule.interest);
  }
  return { points, interest, hits };
}
