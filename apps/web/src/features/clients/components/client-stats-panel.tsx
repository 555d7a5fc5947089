import { CLIENT_STATUSES, CLIENT_TYPES, type ClientStats } from '@leadcapture/contracts/clients';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useClientStats } from '../api/clients.ts';
import { formatAmount } from '../utils/format.ts';

/** The first day of a YYYY-MM month, at noon UTC: the same month in every time zone. */
const monthDate = (month: string) => `${month}-15T12:00:00Z`;

/**
 * Conversions per month as bars in plain SVG: twelve numbers do not need a chart library on
 * the clients page. Screen readers get a summary and the numbers as a table.
 */
export function ConversionsChart({
  months,
  language,
}: {
  months: ClientStats['conversions_by_month'];
  language: string;
}) {
  const { t } = useTranslation('clients');
  const titleId = useId();
  const width = 360;
  const height = 120;
  const bottom = 18;
  const max = Math.max(1, ...months.map((m) => m.count));
  const slot = width / Math.max(1, months.length);
  const total = months.reduce((n, m) => n + m.count, 0);
  const peak = months.reduce<(typeof months)[number] | undefined>(
    (best, m) => (best === undefined || m.count > best.count ? m : best),
    undefined,
  );
  const summary =
    total === 0 || peak === undefined
      ? t('stats.chartEmpty')
      : t('stats.chartSummary', {
          count: total,
          total: formatNumber(total, language),
          month: formatDate(monthDate(peak.month), language, 'LLLL yyyy'),
          peak: formatNumber(peak.count, language),
        });
  return (
    <figure className="grid gap-2">
      <svg viewBox={`0 0 ${width} ${height}`} className="h-32 w-full text-primary" role="img" aria-labelledby={titleId}>
        <title id={titleId}>{summary}</title>
        {months.map((m, i) => {
          const h = ((height - bottom - 4) * m.count) / max;
          const x = i * slot + slot * 0.2;
          return (
            <g key={m.month}>
              <rect
                x={x}
                y={height - bottom - h}
                width={slot * 0.6}
                height={Math.max(h, m.count > 0 ? 2 : 1)}
                rx={2}
                fill="currentColor"
                opacity={m.count > 0 ? 0.85 : 0.2}
              />
              <text
                x={x + slot * 0.3}
                y={height - 4}
                textAnchor="middle"
                className="fill-muted-foreground text-[9px]"
                aria-hidden="true"
              >
                {formatDate(monthDate(m.month), language, 'LLLLL')}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="text-xs text-muted-foreground">{summary}</figcaption>
      <table className="sr-only">
        <caption>{t('stats.conversions')}</caption>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{formatDate(monthDate(m.month), language, 'LLLL yyyy')}</th>
              <td>{formatNumber(m.count, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function Counts({ title, rows }: { title: string; rows: { key: string; label: string; count: number }[] }) {
  const { i18n } = useTranslation();
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-medium">{title}</h3>
      <dl className="grid gap-1 text-sm">
        {rows.map((r) => (
          <div key={r.key} className="flex justify-between gap-3">
            <dt className="text-muted-foreground">{r.label}</dt>
            <dd className="font-medium tabular-nums">{formatNumber(r.count, i18n.language)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** `GET /clients/stats/` on the clients page: counts, values per currency, conversions by month. */
export function ClientStatsPanel() {
  const { t } = useTranslation('clients');
  const stats = useClientStats();
  return (
    <QueryState query={stats} errorMessage={t('stats.loadFailed')} rows={1} rowClassName="h-48 w-full">
      {(data) => <ClientStatsCard data={data} />}
    </QueryState>
  );
}

function ClientStatsCard({ data }: { data: ClientStats }) {
  const { t, i18n } = useTranslation('clients');
  const language = i18n.language;

  const line = (
    summary: { total: number; average: number | null },
    currency: (typeof data.values)[number]['currency'],
  ) =>
    summary.average === null
      ? t('stats.valueLineNoAverage', { total: formatAmount(summary.total, currency, language) })
      : t('stats.valueLine', {
          total: formatAmount(summary.total, currency, language),
          average: formatAmount(summary.average, currency, language),
        });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {t('stats.title')}
          <span className="ml-2 text-base font-normal text-muted-foreground">
            {t('stats.total')}: {formatNumber(data.total, language)}
          </span>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6 pt-4 md:grid-cols-2 xl:grid-cols-4">
        <Counts
          title={t('stats.byStatus')}
          rows={CLIENT_STATUSES.map((s) => ({ key: s, label: t(`status.${s}`), count: data.by_status[s] }))}
        />
        <Counts
          title={t('stats.byType')}
          rows={CLIENT_TYPES.map((s) => ({ key: s, label: t(`type.${s}`), count: data.by_type[s] }))}
        />
        <div className="grid content-start gap-2">
          <h3 className="text-sm font-medium">{t('stats.values')}</h3>
          {data.values.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('stats.valuesEmpty')}</p>
          ) : (
            data.values.map((v) => (
              <div key={v.currency} className="grid gap-1 text-sm">
                <p className="text-xs text-muted-foreground">
                  {t('stats.clientsInCurrency', { count: v.clients, currency: v.currency.toUpperCase() })}
                </p>
                <dl className="grid gap-1">
                  <div>
                    <dt className="text-muted-foreground">{t('stats.estimated')}</dt>
                    <dd className="font-medium tabular-nums">{line(v.estimated_value, v.currency)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">{t('stats.actual')}</dt>
                    <dd className="font-medium tabular-nums">{line(v.actual_value, v.currency)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">{t('stats.lifetime')}</dt>
                    <dd className="font-medium tabular-nums">{line(v.lifetime_value, v.currency)}</dd>
                  </div>
                </dl>
              </div>
            ))
          )}
        </div>
        <div className="grid content-start gap-2">
          <h3 className="text-sm font-medium">{t('stats.conversions')}</h3>
          <ConversionsChart months={data.conversions_by_month} language={language} />
        </div>
      </CardContent>
    </Card>
  );
}
