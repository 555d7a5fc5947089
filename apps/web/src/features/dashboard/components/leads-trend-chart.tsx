import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../../lib/format.ts';

type Point = { date: string; count: number };

const WIDTH = 640;
const HEIGHT = 200;

/** Noon UTC of a YYYY-MM-DD day: the same calendar day in every time zone people work in. */
const noon = (date: string) => `${date}T12:00:00Z`;
const PAD = { top: 12, right: 8, bottom: 24, left: 32 };

/** A round top for the y axis: 1, 2, 5 × 10^n at or above the highest count. */
function niceMax(max: number): number {
  if (max <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((s) => s * magnitude >= max) ?? 10;
  return step * magnitude;
}

/**
 * New leads per day as an area chart, drawn in plain SVG (a chart library would cost more than
 * the whole Lobby). Screen readers get a summary, and for short periods a table of the days.
 */
export function LeadsTrendChart({ points, language }: { points: readonly Point[]; language: string }) {
  const { t } = useTranslation('dashboard');
  const gradientId = useId();
  const titleId = useId();

  const geometry = useMemo(() => {
    const top = niceMax(Math.max(0, ...points.map((p) => p.count)));
    const innerW = WIDTH - PAD.left - PAD.right;
    const innerH = HEIGHT - PAD.top - PAD.bottom;
    const x = (i: number) => PAD.left + (points.length <= 1 ? innerW / 2 : (i / (points.length - 1)) * innerW);
    const y = (v: number) => PAD.top + innerH - (v / top) * innerH;
    const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.count).toFixed(1)}`).join(' ');
    const area =
      points.length > 0 ? `${line} L${x(points.length - 1).toFixed(1)},${y(0)} L${x(0).toFixed(1)},${y(0)} Z` : '';
    const ticks = [0, top / 2, top];
    const labelAt = points.length > 1 ? [0, Math.floor((points.length - 1) / 2), points.length - 1] : [0];
    return { x, y, line, area, ticks, labelAt };
  }, [points]);

  const total = points.reduce((n, p) => n + p.count, 0);
  const peak = points.reduce<Point | undefined>(
    (best, p) => (best === undefined || p.count > best.count ? p : best),
    undefined,
  );
  const summary =
    total === 0 || peak === undefined
      ? t('trend.summaryEmpty')
      : t('trend.summary', {
          total: formatNumber(total, language),
          peak: formatNumber(peak.count, language),
          date: formatDate(noon(peak.date), language, 'PPP'),
        });

  return (
    <figure className="grid gap-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-48 w-full text-primary sm:h-56"
        role="img"
        aria-labelledby={titleId}
        preserveAspectRatio="none"
      >
        <title id={titleId}>{summary}</title>
        <defs>
          <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
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
        {geometry.area !== '' && <path d={geometry.area} fill={`url(#${gradientId})`} />}
        {geometry.line !== '' && (
          <path
            d={geometry.line}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
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
      {points.length <= 31 && total > 0 && (
        // The wrapper is what is hidden: a table grows to its content and would widen a phone page.
        <div className="sr-only">
          <table>
            <caption>{t('trend.tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('trend.day')}</th>
                <th scope="col">{t('trend.leads')}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.date}>
                  <th scope="row">{formatDate(noon(p.date), language, 'PPP')}</th>
                  <td>{formatNumber(p.count, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </figure>
  );
}
