import {
  BUDGET_RANGES,
  COMPANY_SIZES,
  DECISION_ROLES,
  DECISION_TIMELINES,
  LEAD_INTERESTS,
  LEAD_SOURCES,
} from '@leadcapture/contracts/constants';
import { SCORE_MAX, SCORE_MIN, type ScoreLineFactor } from '@leadcapture/contracts/lead-scoring';
import { Gauge } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import type { Lead } from '../api/leads.ts';
import { useLeadScore, useSetManualScore } from '../api/lead-score.ts';
import { scoreVariant } from './lead-badges.tsx';

const has = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

/** The lead's answer behind a factor's points, in words ("Decision maker", "3 activities"). */
function useAnswerLabel() {
  const { t } = useTranslation(['leads', 'common']);
  return (factor: ScoreLineFactor, value: string): string => {
    switch (factor) {
      case 'interest':
        return has([...LEAD_INTERESTS, 'none'] as const, value) ? t(`interest.${value}`) : value;
      case 'decision_role':
        return has(DECISION_ROLES, value) ? t(`role.${value}`) : value;
      case 'budget_range':
        return has(BUDGET_RANGES, value) ? t(`budget.${value}`) : value;
      case 'decision_timeline':
        return has(DECISION_TIMELINES, value) ? t(`decisionTimeline.${value}`) : value;
      case 'company_size':
        return has([...COMPANY_SIZES, 'unknown'] as const, value) ? t(`companySize.${value}`) : value;
      case 'source':
        return has(LEAD_SOURCES, value) ? t(`common:leadSource.${value}`) : value;
      case 'activity':
        return t('score.activities', { count: Number(value) || 0 });
      case 'answer':
        // The event's answer rule, by its label (docs/leads-scoring.md).
        return value || t('score.answerRules');
    }
  };
}

/**
 * Why a lead has its score (`GET /leads/{id}/score/`): each factor, the lead's answer and the
 * points it gives under the organisation's rules, then each of the event's answer rules the
 * lead's answers match (by its label), the automatic total, and a score set by hand when there
 * is one.
 */
export function ScoreBreakdown({ leadId }: { leadId: string }) {
  const { t, i18n } = useTranslation('leads');
  const score = useLeadScore(leadId);
  const answer = useAnswerLabel();
  const points = (n: number) => `${n > 0 ? '+' : ''}${formatNumber(n, i18n.language)}`;

  return (
    <QueryState query={score} compact errorMessage={t('score.loadFailed')} rows={4} rowClassName="h-5 w-full">
      {(data) => (
        <div className="grid gap-3">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('score.breakdownTitle')}</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">{t('score.factor')}</th>
                <th scope="col">{t('score.answer')}</th>
                <th scope="col">{t('score.points')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {data.lines.map((line, index) => (
                <tr key={line.factor === 'answer' ? `answer-${line.rule_id ?? ''}-${index}` : line.factor}>
                  <th scope="row" className="py-1.5 pr-2 text-left font-medium text-foreground">
                    {t(`scoreFactor.${line.factor}`)}
                  </th>
                  <td className="py-1.5 pr-2 text-muted-foreground">{answer(line.factor, line.value)}</td>
                  <td
                    className={cn(
                      'py-1.5 text-right font-medium tabular-nums',
                      line.points > 0
                        ? 'text-success-soft-foreground'
                        : line.points < 0
                          ? 'text-destructive-soft-foreground'
                          : 'text-muted-foreground',
                    )}
                  >
                    {points(line.points)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-border">
                <th scope="row" colSpan={2} className="pt-2 text-left font-semibold text-foreground">
                  {t('score.automatic')}
                </th>
                <td className="pt-2 text-right font-semibold tabular-nums">
                  {formatNumber(data.auto_score, i18n.language)}
                </td>
              </tr>
            </tfoot>
          </table>
          {data.manual_score !== null && (
            <p className="rounded-lg bg-warning-soft p-2.5 text-sm text-warning-soft-foreground">
              {t('score.manualInForce', { score: data.manual_score, auto: data.auto_score })}
            </p>
          )}
        </div>
      )}
    </QueryState>
  );
}

/** Set a score by hand (it overrides the rules) or clear it (`PUT /leads/{id}/score/`). */
export function ManualScoreForm({ lead }: { lead: Lead }) {
  const { t } = useTranslation(['leads', 'errors']);
  const setScore = useSetManualScore(lead.id);
  const [text, setText] = useState(lead.manual_score?.toString() ?? '');
  const [error, setError] = useState<string | undefined>();

  const save = (value: number | null) =>
    setScore.mutate(value, {
      onSuccess: () => {
        toast.success(value === null ? t('score.cleared') : t('score.set', { score: value }));
        if (value === null) setText('');
      },
      onError: (failure) => {
        if (!isHandledGlobally(failure)) toast.error(t('errors.score'));
      },
    });

  return (
    <form
      noValidate
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const value = Number(text);
        if (text.trim() === '' || !Number.isInteger(value) || value < SCORE_MIN || value > SCORE_MAX) {
          setError(t('errors:validation.wholeNumberRange', { min: SCORE_MIN, max: SCORE_MAX }));
          return;
        }
        setError(undefined);
        save(value);
      }}
    >
      <Field label={t('score.manualLabel')} help={t('score.manualHelp')} error={error}>
        <Input
          type="number"
          inputMode="numeric"
          min={SCORE_MIN}
          max={SCORE_MAX}
          step={1}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={setScore.isPending && setScore.variables !== null}>
          {t('score.setButton')}
        </Button>
        {lead.manual_score !== null && (
          <Button
            variant="outline"
            size="sm"
            loading={setScore.isPending && setScore.variables === null}
            onClick={() => save(null)}
          >
            {t('score.clear')}
          </Button>
        )}
      </div>
    </form>
  );
}

/** The score in the header: a button that opens its "why" with the manual override. */
export function ScorePopover({ lead, canWrite }: { lead: Lead; canWrite: boolean }) {
  const { t, i18n } = useTranslation('leads');
  const score = formatNumber(lead.score, i18n.language);
  return (
    <Popover>
      <PopoverTrigger asChild>
        <button
          type="button"
          className="inline-flex cursor-pointer items-center gap-1.5 rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring max-sm:min-h-11"
          aria-label={t('score.why', { score })}
        >
          <Badge variant={scoreVariant(lead.score)} className="tabular-nums">
            <Gauge aria-hidden="true" className="size-3" />
            {t('score.badge', { score })}
            {lead.manual_score !== null && <span aria-hidden="true">·</span>}
            {lead.manual_score !== null && t('score.manualShort')}
          </Badge>
          <span className="text-xs font-medium text-primary-soft-foreground underline-offset-2 hover:underline">
            {t('score.whyShort')}
          </span>
        </button>
      </PopoverTrigger>
      <PopoverContent align="start" aria-label={t('score.breakdownTitle')} className="grid gap-4">
        <p className="text-sm font-semibold text-foreground">{t('score.popoverTitle', { score })}</p>
        <ScoreBreakdown leadId={lead.id} />
        {canWrite && <ManualScoreForm lead={lead} />}
      </PopoverContent>
    </Popover>
  );
}
