import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_SCORING_RULES,
  SCORE_MAX,
  SCORE_MIN,
  SCORING_OPTIONS,
  withDefaults,
  type ScoringRules,
} from '@leadcapture/contracts/lead-scoring';
import type { AnswerRule } from '@leadcapture/contracts/answer-rules';
import type { Tx } from '../../db/database.ts';
import type { TenantContext } from '../../db/tenant.ts';
import { assertCan } from '../../http/permissions.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { leads, leadScoringRules } from './leads.table.ts';

/**
 * The organisation's scoring rules as stored, with the version a capture's cached copy is
 * checked against (`updated_at` as text; null while the organisation scores by the defaults).
 */
export interface LoadedScoringRules {
  rules: ScoringRules;
  version: string | null;
  updatedAt: Date | null;
}

export async function loadScoringRules(tx: Tx, organizationId: string): Promise<LoadedScoringRules> {
  const [row] = await tx
    .select({
      rules: leadScoringRules.rules,
      version: sql<string>`${leadScoringRules.updatedAt}::text`,
      updatedAt: leadScoringRules.updatedAt,
    })
    .from(leadScoringRules)
    .where(eq(leadScoringRules.organizationId, organizationId));
  if (!row) return { rules: DEFAULT_SCORING_RULES, version: null, updatedAt: null };
  return { rules: withDefaults(row.rules), version: row.version, updatedAt: row.updatedAt };
}

/** `case column when 'a' then 1 … else 0 end` from a points table. */
function pointsCase(column: SQL, table: Record<string, number>, options: readonly string[]): SQL {
  const whens = options.map((option) => sql` when ${option} then ${table[option] ?? 0}::int`);
  return sql`(case ${column}${sql.join(whens, sql``)} else 0 end)`;
}

/**
 * The automatic score as one SQL expression over a lead's columns: the same rules as
 * `scoreLead` (contracts/lead-scoring.ts), which the tests hold it to. Used where a write
 * rescores leads in the database (a rule change, a logged activity) without reading them out.
 */
export function autoScoreSql(rules: ScoringRules, answerPoints: SQL = sql`${leads.answerPoints}`): SQL {
  const companySize = sql`(case when ${leads.companySize} in (${sql.join(
    SCORING_OPTIONS.company_size.filter((o) => o !== 'unknown').map((o) => sql`${o}`),
    sql`, `,
  )}) then ${leads.companySize} else 'unknown' end)`;
  const sum = sql.join(
    [
      pointsCase(sql`coalesce(${leads.interest}, 'none')`, rules.interest, SCORING_OPTIONS.interest),
      pointsCase(sql`${leads.decisionRole}`, rules.decision_role, SCORING_OPTIONS.decision_role),
      pointsCase(sql`${leads.budgetRange}`, rules.budget_range, SCORING_OPTIONS.budget_range),
      pointsCase(sql`${leads.decisionTimeline}`, rules.decision_timeline, SCORING_OPTIONS.decision_timeline),
      pointsCase(companySize, rules.company_size, SCORING_OPTIONS.company_size),
      pointsCase(sql`${leads.source}`, rules.source, SCORING_OPTIONS.source),
      sql`least(${rules.activity.max}::int, ${leads.activityCount} * ${rules.activity.per_activity}::int)`,
      answerPoints,
    ],
    sql` + `,
  );
  return sql`greatest(${SCORE_MIN}::int, least(${SCORE_MAX}::int, ${sum}))`;
}

/** A lead's answer to a field, trimmed and lowercased as answer rules compare it (scalars only). */
const normalized = (text: SQL) => sql`lower(btrim(${text}))`;

/**
 * Whether a lead's answer matches one answer rule, as SQL over custom_fields: the same
 * conditions as `answerMatches` (contracts/answer-rules.ts), which the tests hold it to. A
 * multiple-choice answer is a JSON array; everything else is read as text.
 */
function answerMatchSql(rule: AnswerRule): SQL {
  const answer = sql`(${leads.customFields} -> ${rule.field})`;
  const values = rule.values.map((v) => v.trim().toLowerCase());
  const list = sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
  const ticked = (condition: SQL) =>
    sql`exists (select 1 from jsonb_array_elements_text(${answer}) as e(v) where ${condition})`;
  const first = values[0] ?? '';
  let onList: SQL;
  let onText: SQL;
  const text = normalized(sql`(${answer} #>> '{}')`);
  switch (rule.operator) {
    case 'equals':
      onList = ticked(sql`${normalized(sql`e.v`)} = ${first}`);
      onText = sql`${text} = ${first}`;
      break;
    case 'one_of':
      onList = ticked(sql`${normalized(sql`e.v`)} = any(${list})`);
      onText = sql`${text} = any(${list})`;
      break;
    case 'contains':
      onList = sql`(select count(distinct ${normalized(sql`e.v`)}) from jsonb_array_elements_text(${answer}) as e(v)
        where ${normalized(sql`e.v`)} = any(${list})) = cardinality(array(select distinct unnest(${list})))`;
      onText = first === '' ? sql`false` : sql`strpos(${text}, ${first}) > 0`;
      break;
  }
  return sql`(case jsonb_typeof(${answer}) when 'array' then ${onList} when 'null' then false
    when 'string' then ${text} <> '' and ${onText} else coalesce(${onText}, false) end)`;
}

/** The points of the answer rules a lead's answers match, as one SQL expression (0 without rules). */
export function answerPointsSql(rules: readonly AnswerRule[]): SQL {
  const scoring = rules.filter((rule) => rule.points !== 0);
  if (scoring.length === 0) return sql`0`;
  return sql`(${sql.join(
    scoring.map((rule) => sql`(case when ${answerMatchSql(rule)} then ${rule.points}::int else 0 end)`),
    sql` + `,
  )})`;
}

/**
 * An event's answer rules changed: every lead of the event (in the bin too) gets the new rules'
 * points and its automatic score again, in one statement. The interest they set is left as it
 * is: it was set when the answers arrived, and may have been changed by hand since.
 */
export async function rescoreEventAnswers(
  tx: Tx,
  organizationId: string,
  eventId: string,
  answerRules: readonly AnswerRule[],
): Promise<void> {
  await rescorePageAnswers(tx, organizationId, { kind: 'event', id: eventId }, answerRules);
}

/** The same for the leads of an event's or an offer's page, by the page's own answer rules. */
export async function rescorePageAnswers(
  tx: Tx,
  organizationId: string,
  page: { kind: 'event' | 'offer'; id: string },
  answerRules: readonly AnswerRule[],
): Promise<void> {
  const { rules } = await loadScoringRules(tx, organizationId);
  const points = answerPointsSql(answerRules);
  const auto = autoScoreSql(rules, points);
  await tx
    .update(leads)
    .set({
      answerPoints: points,
      autoScore: auto,
      score: sql`coalesce(${leads.manualScore}, ${auto})`,
      updatedAt: sql`${leads.updatedAt}`,
    })
    .where(
      and(eq(leads.organizationId, organizationId), eq(page.kind === 'event' ? leads.eventId : leads.offerId, page.id)),
    );
}

/** Column values that store a freshly computed automatic score and the score in force. */
export function rescoredColumns(rules: ScoringRules) {
  const auto = autoScoreSql(rules);
  return { autoScore: auto, score: sql`coalesce(${leads.manualScore}, ${auto})` };
}

/** GET /leads/scoring_rules/ */
export async function getScoringRules(ctx: TenantContext) {
  assertCan(ctx, 'leads.read');
  const loaded = await loadScoringRules(ctx.tx, ctx.organizationId);
  return {
    rules: loaded.rules,
    is_default: loaded.version === null,
    updated_at: loaded.updatedAt?.toISOString() ?? null,
  };
}

/**
 * PUT /leads/scoring_rules/ (owner, admin): stores the rules and rescores every lead of the
 * organisation, in the bin too, in the same transaction, so no lead is ever scored by rules
 * that are not the stored ones. One statement: the database computes the scores.
 */
export async function putScoringRules(ctx: TenantContext, meta: RequestMeta, rules: ScoringRules) {
  assertCan(ctx, 'leads.scoring');
  const now = new Date();
  await ctx.tx
    .insert(leadScoringRules)
    .values({ organizationId: ctx.organizationId, rules, updatedBy: ctx.userId, updatedAt: now })
    .onConflictDoUpdate({
      target: leadScoringRules.organizationId,
      set: { rules, updatedBy: ctx.userId, updatedAt: now },
    });
  // updated_at of the leads stays: a rule change is not a change to the lead.
  await ctx.tx
    .update(leads)
    .set({ ...rescoredColumns(rules), updatedAt: sql`${leads.updatedAt}` })
    .where(and(eq(leads.organizationId, ctx.organizationId)));
  await recordAudit(ctx.tx, meta, {
    action: 'lead.scoring_rules_updated',
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'organization',
    targetId: ctx.organizationId,
  });
  return getScoringRules(ctx);
}
