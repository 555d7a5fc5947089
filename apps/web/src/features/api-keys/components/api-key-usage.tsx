import type { ApiKeyUsage } from '@leadcapture/contracts/api-keys';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useApiKeyUsage } from '../api/api-keys.ts';

/**
 * Requests per day over the last 30 days: a bar per day, and the same figures as a table for
 * screen readers. Drawn with plain elements: thirty bars need no chart library (~100 KB).
 */
export function ApiKeyUsagePanel({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation('apiKeys');
  const usage = useApiKeyUsage(id);
  return (
    <QueryState query={usage} errorMessage={t('usage.loadFailed')} rows={1} rowClassName="h-32 w-full" compact>
      {(data) => <UsageBars usage={data} name={name} />}
    </QueryState>
  );
}

function UsageBars({ usage, name }: { usage: ApiKeyUsage; name: string }) {
  const { t, i18n } = useTranslation('apiKeys');
  const language = i18n.language;
  const peak = Math.max(1, ...usage.days.map((d) => d.requests));
  const day = (date: string) => formatDate(`${date}T12:00:00Z`, language, 'd MMM');
  const first = usage.days[0];
  const last = usage.days.at(-1);
  return (
    <div className="grid gap-3">
      <p className="text-sm text-foreground">
        {t('usage.total', { count: usage.total, total: formatNumber(usage.total, language) })}
      </p>
      <div
        aria-hidden="true"
        className="flex h-28 items-end gap-0.5 rounded-lg border border-border bg-muted/40 px-2 pt-2"
        data-testid="usage-bars"
      >
        {usage.days.map((d) => (
          <div
            key={d.date}
            title={`${day(d.date)}: ${formatNumber(d.requests, language)}`}
            className="flex-1 rounded-t-sm bg-primary"
            style={{ height: `${d.requests === 0 ? 0 : Math.max(4, (d.requests / peak) * 100)}%` }}
          />
        ))}
      </div>
      {first !== undefined && last !== undefined && (
        <div aria-hidden="true" className="flex justify-between text-xs text-muted-foreground">
          <span>{day(first.date)}</span>
          <span>{day(last.date)}</span>
        </div>
      )}
      <table className="sr-only">
        <caption>{t('usage.caption', { name })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('usage.day')}</th>
            <th scope="col">{t('usage.requests')}</th>
          </tr>
        </thead>
        <tbody>
          {usage.days.map((d) => (
            <tr key={d.date}>
              <td>{day(d.date)}</td>
              <td>{formatNumber(d.requests, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
