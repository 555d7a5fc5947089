import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_SCORING_RULES,
  SCORE_MAX,
  SCORE_MIN,
  SCORING_OPTIONS,
  withDefaults,
  type ScoringRules,
} from '@leadcapture/contracts/lead-scoring';
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
export function autoScoreSql(rules: ScoringRules): SQL {
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
    ],
    sql` + `,
  );
  return sql`greatest(${SCORE_MIN}::int, least(${SCORE_MAX}::int, ${sum}))`;
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
