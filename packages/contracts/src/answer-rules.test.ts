import { describe, expect, it } from 'vitest';
import { answerMatches, evaluateAnswerRules, hotterInterest, type AnswerRule } from './answer-rules.ts';
import { roundedFigure } from './public-stats.ts';
import { updateEventScoringRulesSchema } from './qualification.ts';

const rule = (overrides: Partial<AnswerRule>): AnswerRule => ({
  id: '00000000-0000-4000-8000-000000000001',
  label: 'Rule',
  field: 'f',
  operator: 'equals',
  values: ['x'],
  points: 10,
  interest: null,
  ...overrides,
});

describe('answerMatches', () => {
  it('compares text trimmed and without regard to case', () => {
    expect(answerMatches(rule({ values: ['Within 3 months'] }), '  within 3 MONTHS ')).toBe(true);
    expect(answerMatches(rule({ values: ['Within 3 months'] }), 'Later')).toBe(false);
    expect(answerMatches(rule({ operator: 'one_of', values: ['A', 'B'] }), 'b')).toBe(true);
    expect(answerMatches(rule({ operator: 'one_of', values: ['A', 'B'] }), 'c')).toBe(false);
    expect(answerMatches(rule({ operator: 'contains', values: ['price'] }), 'What is the PRICE?')).toBe(true);
    expect(answerMatches(rule({ operator: 'contains', values: ['price'] }), 'Demo')).toBe(false);
  });

  it('reads a multiple-choice answer as ticked options', () => {
    const topics = ['Pricing', 'Integrations'];
    expect(answerMatches(rule({ values: ['pricing'] }), topics)).toBe(true);
    expect(answerMatches(rule({ values: ['Support'] }), topics)).toBe(false);
    expect(answerMatches(rule({ operator: 'one_of', values: ['Support', 'Integrations'] }), topics)).toBe(true);
    expect(answerMatches(rule({ operator: 'contains', values: ['Pricing', 'Integrations'] }), topics)).toBe(true);
    expect(answerMatches(rule({ operator: 'contains', values: ['Pricing', 'Support'] }), topics)).toBe(false);
    expect(answerMatches(rule({ values: ['Pricing'] }), [])).toBe(false);
  });

  it('reads checkboxes and numbers as their text, and never matches no answer', () => {
    expect(answerMatches(rule({ values: ['true'] }), true)).toBe(true);
    expect(answerMatches(rule({ values: ['true'] }), false)).toBe(false);
    expect(answerMatches(rule({ operator: 'one_of', values: ['4', '5'] }), 5)).toBe(true);
    expect(answerMatches(rule({ values: ['x'] }), undefined)).toBe(false);
    expect(answerMatches(rule({ values: [''] }), '')).toBe(false);
  });
});

describe('evaluateAnswerRules', () => {
  const rules = [
    rule({ id: 'a', label: 'Buying within 3 months', field: 'timeline', values: ['Within 3 months'], points: 20 }),
    rule({
      id: 'b',
      label: 'Interested in Pricing',
      field: 'topics',
      values: ['Pricing'],
      points: 0,
      interest: 'warm',
    }),
    rule({
      id: 'c',
      label: 'Just looking',
      field: 'timeline',
      values: ['Just looking'],
      points: -15,
      interest: 'cold',
    }),
    rule({ id: 'd', label: 'Asked for a call', field: 'call', values: ['true'], points: 5, interest: 'hot' }),
  ];

  it('sums the points of the matching rules and takes the hottest interest', () => {
    const result = evaluateAnswerRules(rules, { timeline: 'Within 3 months', topics: ['Pricing'], call: false });
    expect(result).toEqual({
      points: 20,
      interest: 'warm',
      hits: [
        { rule_id: 'a', label: 'Buying within 3 months', points: 20, interest: null },
        { rule_id: 'b', label: 'Interested in Pricing', points: 0, interest: 'warm' },
      ],
    });
    expect(evaluateAnswerRules(rules, { topics: ['Pricing'], call: true }).interest).toBe('hot');
    expect(evaluateAnswerRules(rules, { timeline: 'Just looking' })).toMatchObject({ points: -15, interest: 'cold' });
  });

  it('ignores fields the lead did not answer and inherited keys', () => {
    expect(evaluateAnswerRules(rules, {})).toEqual({ points: 0, interest: null, hits: [] });
    expect(evaluateAnswerRules([rule({ field: 'constructor', values: ['x'] })], {}).hits).toEqual([]);
  });

  it('orders interests hot > warm > cold', () => {
    expect(hotterInterest('cold', 'warm')).toBe('warm');
    expect(hotterInterest('hot', 'warm')).toBe('hot');
    expect(hotterInterest(null, 'cold')).toBe('cold');
    expect(hotterInterest(null, null)).toBeNull();
  });
});

describe('updateEventScoringRulesSchema', () => {
  it('asks for an effect, one value for equals and contains, and points within ±100', () => {
    const base = { label: 'L', field: 'f', operator: 'equals', values: ['x'] };
    expect(updateEventScoringRulesSchema.safeParse({ rules: [{ ...base, points: 5 }] }).success).toBe(true);
    expect(updateEventScoringRulesSchema.safeParse({ rules: [{ ...base, interest: 'warm' }] }).success).toBe(true);
    expect(updateEventScoringRulesSchema.safeParse({ rules: [base] }).success).toBe(false);
    expect(
      updateEventScoringRulesSchema.safeParse({ rules: [{ ...base, values: ['x', 'y'], points: 5 }] }).success,
    ).toBe(false);
    expect(updateEventScoringRulesSchema.safeParse({ rules: [{ ...base, points: 101 }] }).success).toBe(false);
    expect(updateEventScoringRulesSchema.safeParse({ rules: [{ ...base, label: ' ', points: 5 }] }).success).toBe(
      false,
    );
  });
});

describe('roundedFigure', () => {
  it('keeps small figures and rounds larger ones down to two significant digits', () => {
    expect([0, 7, 99, 100, 1234, 56_789, 1_000_000, 1_999_999].map(roundedFigure)).toEqual([
      0, 7, 99, 100, 1200, 56_000, 1_000_000, 1_900_000,
    ]);
  });
});
