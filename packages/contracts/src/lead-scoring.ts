import {
  BUDGET_RANGES,
  COMPANY_SIZES,
  DECISION_ROLES,
  DECISION_TIMELINES,
  LEAD_INTERESTS,
  LEAD_SOURCES,
  type BudgetRange,
  type DecisionRole,
  type DecisionTimeline,
  type LeadInterest,
  type LeadSource,
} from './constants.ts';

/**
 * The automatic lead score (0-100): points per answer of each factor, summed and clamped. An
 * organisation sees and changes the points (`/leads/scoring_rules/`); the server stores every
 * lead's score, and the lead detail shows the same breakdown this function computes. Zod-free
 * and pure, so the web app can preview a rule change on a lead without a round trip.
 */

export const SCORE_MIN = 0;
export const SCORE_MAX = 100;
/** Points one answer can give or take. */
export const SCORE_POINTS_LIMIT = 100;

/** Company size as stored on a lead: one of the bands, or '' when unknown. */
export type CompanySizeAnswer = (typeof COMPANY_SIZES)[number] | '';

export interface ScoringRules {
  interest: Record<LeadInterest | 'none', number>;
  decision_role: Record<DecisionRole, number>;
  budget_range: Record<BudgetRange, number>;
  decision_timeline: Record<DecisionTimeline, number>;
  company_size: Record<(typeof COMPANY_SIZES)[number] | 'unknown', number>;
  source: Record<LeadSource, number>;
  /** Calls, emails, meetings and notes logged on the lead: points each, up to a cap. */
  activity: { per_activity: number; max: number };
}

export const SCORING_FACTORS = [
  'interest',
  'decision_role',
  'budget_range',
  'decision_timeline',
  'company_size',
  'source',
  'activity',
] as const;
export type ScoringFactor = (typeof SCORING_FACTORS)[number];

/** The answers a score is computed from. */
export interface ScoredLead {
  interest: LeadInterest | null;
  decision_role: DecisionRole;
  budget_range: BudgetRange;
  decision_timeline: DecisionTimeline;
  company_size: string;
  source: LeadSource;
  /** Activities that show engagement (note, call, email, meeting). */
  activity_count: number;
  /**
   * The event's answer rules the lead's form answers match (answer-rules.ts), one line each;
   * absent or empty when none do.
   */
  answers?: readonly { rule_id: string; label: string; points: number }[];
}

/** A line of a breakdown: a factor of the organisation's rules, or one of the event's answer rules. */
export type ScoreLineFactor = ScoringFactor | 'answer';

export interface ScoreLine {
  factor: ScoreLineFactor;
  /**
   * The lead's answer ('none' or 'unknown' when not given; for activity, the count); for an
   * answer rule, the rule's label.
   */
  value: string;
  points: number;
  /** The answer rule's id (answer lines only; '' for points stored before the rule was read). */
  rule_id?: string;
}

export interface ScoreBreakdown {
  /** Sum of the lines, clamped to 0-100. */
  score: number;
  lines: ScoreLine[];
}

const zeroes = <K extends string>(keys: readonly K[]): Record<K, number> =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/**
 * The rules a new organisation starts with: a hot decision maker with budget who buys soon,
 * from a large company, met at the booth, scores high; silence and "not specified" score nothing.
 */
export const DEFAULT_SCORING_RULES: ScoringRules = {
  interest: { hot: 30, warm: 15, cold: 0, none: 0 },
  decision_role: { decision_maker: 20, influencer: 10, not_involved: 0, not_specified: 0 },
  budget_range: {
    under_1000: 2,
    '1000_5000': 5,
    '5000_10000': 10,
    '10000_25000': 15,
    over_25000: 20,
    not_specified: 0,
  },
  decision_timeline: {
    asap: 15,
    '1_3_months': 12,
    '3_6_months': 8,
    '6_12_months': 4,
    next_year: 2,
    not_specified: 0,
  },
  company_size: { '1-10': 2, '11-50': 4, '51-200': 6, '201-1000': 8, '1000+': 10, unknown: 0 },
  source: {
    ...zeroes(LEAD_SOURCES),
    qr_scan: 5,
    booth_visit: 5,
    referral: 5,
    partner: 4,
    event: 3,
    website: 2,
  },
  activity: { per_activity: 2, max: 10 },
};

/** The answer keys of each table factor, in the order a screen lists them. */
export const SCORING_OPTIONS = {
  interest: [...LEAD_INTERESTS, 'none'],
  decision_role: DECISION_ROLES,
  budget_range: BUDGET_RANGES,
  decision_timeline: DECISION_TIMELINES,
  company_size: [...COMPANY_SIZES, 'unknown'],
  source: LEAD_SOURCES,
} as const;

function companySizeKey(size: string): keyof ScoringRules['company_size'] {
  return (COMPANY_SIZES as readonly string[]).includes(size) ? (size as (typeof COMPANY_SIZES)[number]) : 'unknown';
}

export function clampScore(n: number): number {
  return Math.min(SCORE_MAX, Math.max(SCORE_MIN, Math.round(n)));
}

/** The automatic score of a lead under the rules, with the points of every factor. */
export function scoreLead(lead: ScoredLead, rules: ScoringRules): ScoreBreakdown {
  const interest = lead.interest ?? 'none';
  const size = companySizeKey(lead.company_size);
  const activityPoints = Math.min(rules.activity.max, lead.activity_count * rules.activity.per_activity);
  const lines: ScoreLine[] = [
    { factor: 'interest', value: interest, points: rules.interest[interest] },
    { factor: 'decision_role', value: lead.decision_role, points: rules.decision_role[lead.decision_role] },
    { factor: 'budget_range', value: lead.budget_range, points: rules.budget_range[lead.budget_range] },
    {
      factor: 'decision_timeline',
      value: lead.decision_timeline,
      points: rules.decision_timeline[lead.decision_timeline],
    },
    { factor: 'company_size', value: size, points: rules.company_size[size] },
    { factor: 'source', value: lead.source, points: rules.source[lead.source] },
    { factor: 'activity', value: String(lead.activity_count), points: activityPoints },
    ...(lead.answers ?? []).map((hit) => ({
      factor: 'answer' as const,
      value: hit.label,
      points: hit.points,
      rule_id: hit.rule_id,
    })),
  ];
  return { score: clampScore(lines.reduce((sum, line) => sum + line.points, 0)), lines };
}

/** Rules stored before a factor or option existed read with the default's points for it. */
export function withDefaults(stored: Partial<{ [F in keyof ScoringRules]: Partial<ScoringRules[F]> }>): ScoringRules {
  const merged = {} as Record<keyof ScoringRules, unknown>;
  for (const factor of Object.keys(DEFAULT_SCORING_RULES) as (keyof ScoringRules)[]) {
    merged[factor] = { ...DEFAULT_SCORING_RULES[factor], ...stored[factor] };
  }
  return merged as ScoringRules;
}
