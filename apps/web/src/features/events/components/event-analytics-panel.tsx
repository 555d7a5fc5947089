import type { Event, EventAnalytics } from '@leadcapture/contracts/events';
import { ArrowRight, Info } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { QueryError, QueryLoading, SkeletonRows } from '../../../components/ui/query-state.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import {
  DEFAULT_EVENT_ANALYTICS_DAYS,
  EVENT_ANALYTICS_PERIODS,
  useEventAnalytics,
  type EventAnalyticsDays,
} from '../api/event-analytics.ts';
import { formatConversion } from './event-quick-stats.tsx';

const isPeriod = (value: number): value is EventAnalyticsDays =>
  (EVENT_ANALYTICS_PERIODS as readonly number[]).includes(value);

/**
 * The Analytics tab: a period, its three figures, page views and submissions per day, and where
 * the submissions came from.
 */
export function EventAnalyticsPanel({ event, enabled = true }: { event: Event; enabled?: boolean }) {
  const { t, i18n } = useTranslation(['events', 'common']);
  const language = i18n.language;
  const [days, setDays] = useState<EventAnalyticsDays>(DEFAULT_EVENT_ANALYTICS_DAYS);
  const analytics = useEventAnalytics(event.id, days, { enabled });
  const data = analytics.data;
  const period = t(`detail.analytics.periods.${days}`);
  const { lp } = useLocalizedPath();

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-0.5">
          <h2 className="text-lg font-semibold text-foreground">{t('detail.analytics.title')}</h2>
          <Link
            to={lp(`/analytics?event=${event.id}`)}
            className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
          >
            {t('detail.analytics.funnelLink')}
            <ArrowRight aria-hidden="true" className="size-3.5" />
          </Link>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor="event-analytics-period" className="text-sm text-muted-foreground">
            {t('detail.analytics.period')}
          </label>
          <Select
            id="event-analytics-period"
            className="w-40"
            value={String(days)}
            onChange={(e) => {
              const next = Number(e.target.value);
              if (isPeriod(next)) setDays(next);
            }}
            options={EVENT_ANALYTICS_PERIODS.map((d) => ({
              value: String(d),
              label: t(`detail.analytics.periods.${d}`),
            }))}
          />
        </div>
      </div>

      {!event.settings.analytics_tracking && (
        <p className="flex items-start gap-2 rounded-xl bg-info-soft p-3 text-sm text-info-soft-foreground">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('detail.analytics.trackingOff')}
        </p>
      )}

      {analytics.isError && data === undefined ? (
        <QueryError message={t('detail.analytics.loadFailed')} onRetry={() => void analytics.refetch()} />
      ) : (
        <>
          <section aria-label={t('detail.analytics.figuresLabel')} className="grid gap-3 sm:grid-cols-3 sm:gap-4">
            <Figure label={t('detail.analytics.pageViews')} value={data && formatNumber(data.page_views, language)} />
            <Figure
              label={t('detail.analytics.submissions')}
              value={data && formatNumber(data.submissions, language)}
            />
            <Figure
              label={t('detail.analytics.conversion')}
              value={data && formatConversion(data.conversion_rate, language)}
            />
          </section>

          <Card>
            <CardHeader>
              <CardTitle>{t('detail.analytics.chartTitle')}</CardTitle>
              <CardDescription>{period}</CardDescription>
            </CardHeader>
            <CardContent className="pt-4">
              {data === undefined ? (
                <QueryLoading>
                  <Skeleton className="h-48 w-full sm:h-56" />
                </QueryLoading>
              ) : (
                <ActivityChart analytics={data} language={language} />
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>{t('detail.analytics.sourcesTitle')}</CardTitle>
              <CardDescription>{t('detail.analytics.sourcesDescription')}</CardDescription>
            </CardHeader>
            <CardContent className="pt-4">
              {data === undefined ? (
                <QueryLoading className="gap-3">
                  <SkeletonRows rows={3} className="h-8 w-full" />
                </QueryLoading>
              ) : (
                <SourceBars sources={data.by_source} language={language} />
              )}
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string | undefined }) {
  return (
    <Card className="p-4 sm:p-5">
      <p className="text-sm font-medium text-muted-foreground">{label}</p>
      {value === undefined ? (
        <QueryLoading className="mt-1">
          <Skeleton className="h-8 w-20" />
        </QueryLoading>
      ) : (
        <p className="mt-1 text-2xl font-semibold tracking-tight text-foreground tabular-nums sm:text-3xl">{value}</p>
      )}
    </Card>
  );
}

function SourceBars({ sources, language }: { sources: EventAnalytics['by_source']; language: string }) {
  const { t } = useTranslation(['events', 'common']);
  if (sources.length === 0)
    return <p className="text-sm text-muted-foreground">{t('detail.analytics.sourcesEmpty')}</p>;
  const max = Math.max(...sources.map((s) => s.count), 1);
  const total = sources.reduce((n, s) => n + s.count, 0);
  return (
    <ul className="grid gap-3">
      {sources.map(({ source, count }) => (
        <li key={source} className="grid gap-1.5">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="font-medium text-foreground">{t(`common:leadSource.${source}`)}</span>
            <span className="text-muted-foreground tabular-nums">
              {formatNumber(count, language)}
              <span className="ml-2 text-xs">
                {formatNumber(total === 0 ? 0 : count / total, language, {
                  style: 'percent',
                  maximumFractionDigits: 0,
                })}
              </span>
            </span>
          </div>
          <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-muted">
            <div className="h-full rounded-full bg-primary" style={{ width: `${(count / max) * 100}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

// --- the chart ----------------------------------------------------------------------------------

type Day = EventAnalytics['by_day'][number];

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 24, left: 36 };

/** Noon UTC of a YYYY-MM-DD day: the same calendar day in every time zone people work in. */
const noon = (date: string) => `${date}T12:00:00Z`;

/** A round top for the y axis: 1, 2, 5 × 10^n at or above the highest count. */
function niceMax(max: number): number {
  if (max <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((s) => s * magnitude >= max) ?? 10;
  return step * magnitude;
}

/**
 * Page views (area) and submissions (line) per day in plain SVG, in the style of the Lobby's
 * trend chart: no chart library for two lines. The series differ in shape as well as colour, a
 * legend names them, and screen readers get a summary plus, for up to 31 days, a table.
 */
function ActivityChart({ analytics, language }: { analytics: EventAnalytics; language: string }) {
  const { t } = useTranslation('events');
  const gradientId = useId();
  const titleId = useId();
  const points = analytics.by_day;

  const geometry = useMemo(() => {
    const top = niceMax(Math.max(0, ...points.map((p) => Math.max(p.page_views, p.submissions))));
    const innerW = WIDTH - PAD.left - PAD.right;
    const innerH = HEIGHT - PAD.top - PAD.bottom;
    const x = (i: number) => PAD.left + (points.length <= 1 ? innerW / 2 : (i / (points.length - 1)) * innerW);
    const y = (v: number) => PAD.top + innerH - (v / top) * innerH;
    const line = (value: (p: Day) => number) =>
      points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(value(p)).toFixed(1)}`).join(' ');
    const views = line((p) => p.page_views);
    const area =
      points.length > 0 ? `${views} L${x(points.length - 1).toFixed(1)},${y(0)} L${x(0).toFixed(1)},${y(0)} Z` : '';
    const ticks = [0, top / 2, top];
    const labelAt = points.length > 1 ? [0, Math.floor((points.length - 1) / 2), points.length - 1] : [0];
    return { x, y, views, area, submissions: line((p) => p.submissions), ticks, labelAt };
  }, [points]);

  const busiest = points.reduce<Day | undefined>(
    (best, p) =>
      best === undefined ||
      p.submissions > best.submissions ||
      (p.submissions === best.submissions && p.page_views > best.page_views)
        ? p
        : best,
    undefined,
  );
  const empty = analytics.page_views === 0 && analytics.submissions === 0;
  const summary =
    empty || busiest === undefined
      ? t('detail.analytics.summaryEmpty')
      : t('detail.analytics.summary', {
          views: formatNumber(analytics.page_views, language),
          submissions: formatNumber(analytics.submissions, language),
          from: formatDate(noon(analytics.from), language, 'PPP'),
          to: formatDate(noon(analytics.to), language, 'PPP'),
          date: formatDate(noon(busiest.date), language, 'PPP'),
        });

  return (
    <figure className="grid gap-3">
      <ul className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-muted-foreground" aria-hidden="true">
        <li className="flex items-center gap-2">
          <span className="h-2.5 w-4 rounded-sm bg-primary/30 ring-2 ring-primary ring-inset" />
          {t('detail.analytics.pageViews')}
        </li>
        <li className="flex items-center gap-2">
          <span className="h-0.5 w-4 rounded-full bg-success-soft-foreground" />
          {t('detail.analytics.submissions')}
        </li>
      </ul>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-48 w-full sm:h-56"
        role="img"
        aria-labelledby={titleId}
        preserveAspectRatio="none"
      >
        <title id={titleId}>{summary}</title>
        <defs>
          <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1" className="text-primary">
            <stop offset="0%" stopColor="currentColor" stopOpacity="0.28" />
            <stop offset="100%" stopColor="currentColor" stopOpacity="0.02" />
          </linearGradient>
        </defs>
        {geometry.ticks.map((tick) => (
          <g key={tick} className="text-muted-foreground">
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={geometry.y(tick)}
              y2={geometry.y(tick)}
              stroke="currentColor"
              strokeOpacity="0.18"
              strokeDasharray={tick === 0 ? undefined : '3 4'}
              vectorEffect="non-scaling-stroke"
            />
            <text x={PAD.left - 6} y={geometry.y(tick) + 4} textAnchor="end" fontSize="11" fill="currentColor">
              {formatNumber(tick, language)}
            </text>
          </g>
        ))}
        <g className="text-primary">
          {geometry.area !== '' && <path d={geometry.area} fill={`url(#${gradientId})`} />}
          {geometry.views !== '' && (
            <path
              d={geometry.views}
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
          )}
        </g>
        {geometry.submissions !== '' && (
          <path
            d={geometry.submissions}
            className="text-success-soft-foreground"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinejoin="round"
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
          />
        )}
        {geometry.labelAt.map((i) => {
          const p = points[i];
          if (p === undefined) return null;
          const anchor = i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle';
          return (
            <text
              key={p.date}
              x={geometry.x(i)}
              y={HEIGHT - 6}
              textAnchor={anchor}
              fontSize="11"
              className="fill-muted-foreground"
            >
              {formatDate(noon(p.date), language, 'd MMM')}
            </text>
          );
        })}
      </svg>
      <figcaption className="sr-only">{summary}</figcaption>
      {/* sr-only on a wrapper, not the table: a table grows to its content whatever its width,
          and would widen the page on a phone. */}
      {points.length <= 31 && !empty && (
        <div className="sr-only">
          <table>
            <caption>{t('detail.analytics.tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('detail.analytics.day')}</th>
                <th scope="col">{t('detail.analytics.pageViews')}</th>
                <th scope="col">{t('detail.analytics.submissions')}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.date}>
                  <th scope="row">{formatDate(noon(p.date), language, 'PPP')}</th>
                  <td>{formatNumber(p.page_views, language)}</td>
                  <td>{formatNumber(p.submissions, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </figure>
  );
}
