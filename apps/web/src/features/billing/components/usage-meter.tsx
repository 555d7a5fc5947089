import type { UsageRow } from '@leadcapture/contracts/billing';
import { useTranslation } from 'react-i18next';
import { Progress } from '../../../components/ui/progress.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';
import { formatUsageValue } from '../utils/billing-format.ts';
import { usageTone } from '../utils/plan-actions.ts';

const toneOfBar = { ok: 'success', warning: 'warning', critical: 'danger' } as const;

/**
 * One resource's usage against its limit (spec 02 §5, §9): green, yellow from 80 %, red from 95 %,
 * the bar capped at 100 %; "Unlimited" and no bar when the plan sets no limit.
 */
export function UsageMeter({ row }: { row: UsageRow }) {
  const { t, i18n } = useTranslation('billing');
  const language = i18n.language;
  const label = t(`usage.resource.${row.resource}`);
  const current = formatUsageValue(row.resource, row.current_usage, language);
  const percentage = Math.min(100, Math.max(0, row.percentage));
  const tone = usageTone(percentage);
  return (
    <li
      className="grid gap-2.5 rounded-xl border border-border bg-card p-4"
      data-tone={row.limit === null ? 'unlimited' : tone}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="font-medium text-foreground">{label}</span>
        <span className="text-sm text-muted-foreground tabular-nums">
          {row.limit === null
            ? t('usage.unlimitedValue', { current })
            : t('usage.value', { current, limit: formatUsageValue(row.resource, row.limit, language) })}
        </span>
      </div>
      {row.limit === null ? (
        <p className="text-sm font-medium text-success-soft-foreground">{t('usage.unlimited')}</p>
      ) : (
        <>
          <Progress value={percentage} label={label} tone={toneOfBar[tone]} />
          <p
            className={cn(
              'text-xs tabular-nums',
              tone === 'ok' && 'text-muted-foreground',
              tone === 'warning' && 'font-medium text-amber-800 dark:text-amber-300',
              tone === 'critical' && 'font-medium text-red-700 dark:text-red-400',
            )}
          >
            {t('usage.percent', { percent: formatNumber(percentage / 100, language, { style: 'percent' }) })}
            {tone !== 'ok' && ` · ${t(`usage.${tone}`)}`}
          </p>
        </>
      )}
    </li>
  );
}
