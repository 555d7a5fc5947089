import type { TrendBucket } from '@leadcapture/contracts/analytics';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDate, formatNumber } from '../../../lib/format.ts';

/**
 * The Analytics page's charts (recharts, loaded with this lazy page only). Colours are the design
 * tokens, so light and dark themes need nothing more; axis text is 12 px, and category axes give
 * their labels a fixed width (ellipsised) so a phone at 390 px keeps the bars readable.
 */

export const SERIES_COLORS = [
  'var(--color-primary)',
  'var(--color-info-soft-foreground)',
  'var(--color-success-soft-foreground)',
  'var(--color-warning-soft-foreground)',
] as const;

const tick = { fill: 'var(--color-muted-foreground)', fontSize: 12 };
const tooltipStyle = {
  backgroundColor: 'var(--color-popover)',
  border: '1px solid var(--color-border)',
  borderRadius: 8,
  color: 'var(--color-popover-foreground)',
  fontSize: 12,
};

/** Noon UTC of a YYYY-MM-DD day: the same calendar day wherever the browser is. */
const noon = (date: string) => `${date}T12:00:00Z`;

export function bucketLabel(date: string, bucket: TrendBucket, language: string): string {
  return formatDate(noon(date), language, bucket === 'month' ? 'MMM yyyy' : 'd MMM');
}

const ellipsis = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function TrendChart({
  points,
  bucket,
  language,
  name,
}: {
  points: readonly { date: string; count: number }[];
  bucket: TrendBucket;
  language: string;
  name: string;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: -12 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" vertical={false} />
        <XAxis
          dataKey="date"
          tick={tick}
          tickLine={false}
          axisLine={{ stroke: 'var(--color-border)' }}
          tickFormatter={(d: string) => bucketLabel(d, bucket, language)}
          minTickGap={24}
          interval="preserveStartEnd"
        />
        <YAxis tick={tick} tickLine={false} axisLine={false} allowDecimals={false} width={44} />
        <Tooltip
          contentStyle={tooltipStyle}
          labelFormatter={(d) => (typeof d === 'string' ? bucketLabel(d, bucket, language) : '')}
          formatter={(v) => [formatNumber(Number(v), language), name]}
        />
        <Area
          type="monotone"
          dataKey="count"
          name={name}
          stroke="var(--color-primary)"
          strokeWidth={2}
          fill="var(--color-primary)"
          fillOpacity={0.15}
          isAnimationActive={false}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}

export interface BarRow {
  label: string;
  [series: string]: string | number;
}

/** Horizontal bars, one row per category; several series side by side with a legend. */
export function HorizontalBars({
  rows,
  series,
  language,
  labelWidth = 116,
}: {
  rows: readonly BarRow[];
  series: readonly { key: string; name: string }[];
  language: string;
  labelWidth?: number;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        data={rows}
        layout="vertical"
        margin={{ top: 4, right: 16, bottom: 0, left: 0 }}
        barCategoryGap={series.length > 1 ? '18%' : '28%'}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" horizontal={false} />
        <XAxis
          type="number"
          tick={tick}
          tickLine={false}
          axisLine={{ stroke: 'var(--color-border)' }}
          allowDecimals={false}
          tickFormatter={(v: number) => formatNumber(v, language)}
        />
        <YAxis
          type="category"
          dataKey="label"
          tick={tick}
          tickLine={false}
          axisLine={false}
          width={labelWidth}
          interval={0}
          tickFormatter={(label: string) => ellipsis(label, Math.floor(labelWidth / 7))}
        />
        <Tooltip
          contentStyle={tooltipStyle}
          cursor={{ fill: 'var(--color-muted)' }}
          formatter={(v, n) => [formatNumber(Number(v), language), n]}
        />
        {series.length > 1 && (
          // In the order of the series (the default sorts by name, which differs by language).
          <Legend
            itemSorter={null}
            wrapperStyle={{ fontSize: 12 }}
            // The swatch carries the colour; the text stays readable in both themes.
            formatter={(value: string) => <span style={{ color: 'var(--color-muted-foreground)' }}>{value}</span>}
          />
        )}
        {series.map((s, i) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.name}
            fill={SERIES_COLORS[i % SERIES_COLORS.length]}
            radius={[0, 4, 4, 0]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
