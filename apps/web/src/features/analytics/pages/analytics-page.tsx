import {
  ANALYTICS_RANGES,
  MAX_CUSTOM_RANGE_YEARS,
  type AnalyticsExportFormat,
  type AnalyticsRange,
  type SpeedToLead,
} from '@leadcapture/contracts/analytics';
import type { TFunction } from 'i18next';
import { Download } from 'lucide-react';
import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { QueryError } from '../../../components/ui/query-state.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import {
  DEFAULT_RANGE,
  downloadAnalyticsExport,
  PICKER_RANGES,
  useEventFunnel,
  useEventsSummary,
  useLeadsOverview,
  useLeadsSummary,
  useRealTime,
  useTeamSummary,
  type RangeParams,
} from '../api/analytics.ts';
import { ChartCard } from '../components/chart-card.tsx';
import { bucketLabel, HorizontalBars, TrendChart } from '../components/charts.tsx';
import { useAddressParams } from '../../../lib/use-address-params.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRange = (v: string | null): v is AnalyticsRange => (ANALYTICS_RANGES as readonly string[]).includes(v ?? '');

/** The range in the address (?range=&from=&to=), so a view can be shared and survives a reload. */
function useRangeParams(): [
  RangeParams,
  string | null,
  (change: (current: URLSearchParams) => URLSearchParams) => void,
] {
  const [search, setSearch] = useAddressParams();
  const range = search.get('range');
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  let params: RangeParams = DEFAULT_RANGE;
  if (isRange(range)) {
    params = range === 'custom' ? (DATE.test(from) && DATE.test(to) ? { range, from, to } : DEFAULT_RANGE) : { range };
  }
  return [params, search.get('event'), (change) => setSearch(change, { replace: true })];
}

/** Seconds as people read a wait: under a minute, minutes, hours, days. */
export function formatDuration(seconds: number | null, t: TFunction<'analytics'>, language: string): string {
  if (seconds === null) return t('duration.none');
  if (seconds < 60) return t('duration.underMinute');
  const value = (v: number) => formatNumber(v, language, { maximumFractionDigits: 1 });
  if (seconds < 3600) return t('duration.minutes', { value: value(Math.round(seconds / 60)) });
  if (seconds < 86_400) return t('duration.hours', { value: value(seconds / 3600) });
  const days = Math.round((seconds / 86_400) * 10) / 10;
  return t('duration.days', { count: days, value: value(days) });
}

const percent = (rate: number, language: string) =>
  formatNumber(rate / 100, language, { style: 'percent', maximumFractionDigits: 1 });

/** /analytics (spec 01 §2, §7): the organisation's figures over a range, charted, each with its table. */
export function AnalyticsPage() {
  const { t, i18n } = useTranslation(['analytics', 'common', 'leads']);
  const language = i18n.language;
  const [range, eventParam, setSearch] = useRangeParams();
  const summary = useLeadsSummary(range);
  const period = summary.data?.period;

  const change = (next: RangeParams) =>
    setSearch((current) => {
      const params = new URLSearchParams(current);
      params.set('range', next.range);
      if (next.range === 'custom' && next.from && next.to) {
        params.set('from', next.from);
        params.set('to', next.to);
      } else {
        params.delete('from');
        params.delete('to');
      }
      return params;
    });
  const chooseEvent = (id: string) =>
    setSearch((current) => {
      const params = new URLSearchParams(current);
      params.set('event', id);
      return params;
    });

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-foreground">{t('title')}</h1>
          <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
          {period && (
            <p className="text-sm text-muted-foreground" data-testid="analytics-period">
              {t('range.showing', {
                from: formatDate(`${period.from}T12:00:00Z`, language),
                to: formatDate(`${period.to}T12:00:00Z`, language),
                timezone: period.timezone,
              })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <RangePicker value={range} onChange={change} />
          <ExportMenu range={range} language={language === 'sv' ? 'sv' : 'en'} />
        </div>
      </header>

      <RealTimeBlock />

      {summary.isError && summary.data === undefined ? (
        <QueryError message={t('loadFailed')} onRetry={() => void summary.refetch()} />
      ) : (
        <>
          <Figures range={range} />
          <ChartCard
            title={t('trend.title')}
            description={period ? t(`trend.description_${period.bucket}`) : undefined}
            loading={summary.data === undefined}
            summary={trendSummary(summary.data, t, language)}
            chart={
              summary.data && (
                <TrendChart
                  points={summary.data.trend}
                  bucket={summary.data.period.bucket}
                  language={language}
                  name={t('trend.leads')}
                />
              )
            }
            table={
              summary.data && (
                <SimpleTable
                  headers={[t('trend.date'), t('trend.leads')]}
                  rows={summary.data.trend.map((p) => [
                    bucketLabel(p.date, summary.data.period.bucket, language),
                    formatNumber(p.count, language),
                  ])}
                />
              )
            }
          />
          <div className="grid gap-6 lg:grid-cols-2">
            <SourceMix range={range} />
            <StatusPipeline range={range} />
          </div>
          <EventsCompared range={range} onFunnel={chooseEvent} />
          <TeamPerformance range={range} />
          <EventFunnel range={range} eventId={eventParam} onEvent={chooseEvent} />
        </>
      )}
    </div>
  );
}

function trendSummary(
  data: ReturnType<typeof useLeadsSummary>['data'],
  t: TFunction<'analytics'>,
  language: string,
): string {
  if (!data) return '';
  const total = data.trend.reduce((n, p) => n + p.count, 0);
  const from = formatDate(`${data.period.from}T12:00:00Z`, language);
  const to = formatDate(`${data.period.to}T12:00:00Z`, language);
  if (total === 0) return t('trend.summaryEmpty', { from, to });
  const peak = data.trend.reduce((best, p) => (p.count > best.count ? p : best));
  return t('trend.summary', {
    total: formatNumber(total, language),
    from,
    to,
    peak: formatNumber(peak.count, language),
    peakDate: bucketLabel(peak.date, data.period.bucket, language),
  });
}

// --- range and export ------------------------------------------------------------------------

function withinYears(from: string, to: string, years: number): boolean {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  return Date.parse(`${to}T00:00:00Z`) <= Date.UTC(y + years, m - 1, d);
}

function RangePicker({ value, onChange }: { value: RangeParams; onChange: (next: RangeParams) => void }) {
  const { t } = useTranslation('analytics');
  const selectId = useId();
  const fromId = useId();
  const toId = useId();
  const errorId = useId();
  const [choice, setChoice] = useState<AnalyticsRange>(value.range);
  const [from, setFrom] = useState(value.from ?? '');
  const [to, setTo] = useState(value.to ?? '');
  const [error, setError] = useState<string | null>(null);

  const apply = (e: SyntheticEvent) => {
    e.preventDefault();
    if (!from || !to) return setError(t('range.needBoth'));
    if (from > to) return setError(t('range.reversed'));
    if (!withinYears(from, to, MAX_CUSTOM_RANGE_YEARS)) return setError(t('range.tooLong'));
    setError(null);
    onChange({ range: 'custom', from, to });
  };

  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1">
        <label htmlFor={selectId} className="text-sm text-muted-foreground">
          {t('range.label')}
        </label>
        <Select
          id={selectId}
          className="w-48"
          value={choice}
          onChange={(e) => {
            const next = e.target.value;
            if (!isRange(next)) return;
            setChoice(next);
            setError(null);
            if (next !== 'custom') onChange({ range: next });
          }}
          options={PICKER_RANGES.map((r) => ({ value: r, label: t(`range.${r}`) }))}
        />
      </div>
      {choice === 'custom' && (
        <form className="flex flex-wrap items-end gap-2" onSubmit={apply} noValidate>
          <div className="grid gap-1">
            <label htmlFor={fromId} className="text-sm text-muted-foreground">
              {t('range.from')}
            </label>
            <Input
              id={fromId}
              type="date"
              className="h-10 w-40"
              value={from}
              max={to || undefined}
              aria-invalid={error !== null}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => setFrom(e.target.value)}
            />
          </div>
          <div className="grid gap-1">
            <label htmlFor={toId} className="text-sm text-muted-foreground">
              {t('range.to')}
            </label>
            <Input
              id={toId}
              type="date"
              className="h-10 w-40"
              value={to}
              min={from || undefined}
              aria-invalid={error !== null}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => setTo(e.target.value)}
            />
          </div>
          <Button type="submit" variant="outline">
            {t('range.apply')}
          </Button>
          {error && (
            <p id={errorId} role="alert" className="basis-full text-sm text-destructive-soft-foreground">
              {error}
            </p>
          )}
        </form>
      )}
    </div>
  );
}

function ExportMenu({ range, language }: { range: RangeParams; language: 'en' | 'sv' }) {
  const { t } = useTranslation('analytics');
  const [busy, setBusy] = useState(false);
  const run = (format: AnalyticsExportFormat) => {
    setBusy(true);
    downloadAnalyticsExport(range, format, language)
      .catch(() => toast.error(t('export.failed')))
      .finally(() => setBusy(false));
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" loading={busy}>
          <Download aria-hidden="true" />
          {t('export.button')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {(['csv', 'xlsx', 'pdf'] as const).map((format) => (
          <DropdownMenuItem key={format} onSelect={() => run(format)}>
            {t(`export.${format}`)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

// --- figures ---------------------------------------------------------------------------------

function Figure({ label, value, detail }: { label: string; value: string | undefined; detail?: string | undefined }) {
  return (
    <Card className="p-4 sm:p-5">
      <p className="text-sm font-medium text-muted-foreground">{label}</p>
      {value === undefined ? (
        <Skeleton className="mt-2 h-8 w-20" />
      ) : (
        <p className="mt-1 text-2xl font-bold tracking-tight text-foreground tabular-nums">{value}</p>
      )}
      {detail !== undefined && <p className="mt-1 text-xs text-muted-foreground">{detail}</p>}
    </Card>
  );
}

function RealTimeBlock() {
  const { t, i18n } = useTranslation('analytics');
  const language = i18n.language;
  const live = useRealTime();
  const d = live.data;
  const n = (v: number | undefined) => (v === undefined ? undefined : formatNumber(v, language));
  return (
    <section aria-labelledby="analytics-live" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="analytics-live" className="text-lg font-semibold text-foreground">
          {t('realTime.title')}
        </h2>
        {d && (
          <p className="text-xs text-muted-foreground">
            {t('realTime.updated', { time: formatDate(d.at, language, 'HH:mm') })}
          </p>
        )}
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Figure label={t('realTime.today')} value={n(d?.leads_today)} />
        <Figure label={t('realTime.lastHour')} value={n(d?.leads_last_hour)} />
        <Figure label={t('realTime.perMinute')} value={n(d?.leads_per_minute)} />
        <Figure label={t('realTime.pageViews')} value={n(d?.page_views_today)} />
        <Figure label={t('realTime.activeEvents')} value={n(d?.active_events)} />
      </div>
    </section>
  );
}

function Figures({ range }: { range: RangeParams }) {
  const { t, i18n } = useTranslation('analytics');
  const language = i18n.language;
  const summary = useLeadsSummary(range).data;
  const overview = useLeadsOverview(range).data;
  const speed = overview?.speed_to_lead;
  return (
    <section aria-label={t('figures.label')} className="grid gap-3 sm:grid-cols-3 sm:gap-4">
      <Figure
        label={t('figures.newLeads')}
        value={summary && formatNumber(summary.new_leads, language)}
        detail={
          summary &&
          (summary.period.range === 'all'
            ? t('figures.previousAll')
            : t('figures.previous', { count: summary.previous_leads }))
        }
      />
      <Figure
        label={t('figures.converted')}
        value={summary && formatNumber(summary.converted_leads, language)}
        detail={summary && t('figures.conversionRate', { rate: percent(summary.conversion_rate, language) })}
      />
      <Figure
        label={t('figures.speed')}
        value={speed && formatDuration(speed.median_seconds, t, language)}
        detail={speed && t('figures.speedDetail', { count: speed.uncontacted })}
      />
    </section>
  );
}

// --- charts ----------------------------------------------------------------------------------

function SimpleTable({ headers, rows }: { headers: string[]; rows: ReactNode[][] }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          {headers.map((h, i) => (
            <TableHead key={h} className={i > 0 ? 'text-right' : undefined}>
              {h}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row, r) => (
          <TableRow key={r}>
            {row.map((cell, i) =>
              i === 0 ? (
                <TableHead key={i} scope="row" className="font-medium text-foreground">
                  {cell}
                </TableHead>
              ) : (
                <TableCell key={i} className="text-right tabular-nums">
                  {cell}
                </TableCell>
              ),
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Empty() {
  const { t } = useTranslation('analytics');
  return <p className="flex h-full items-center justify-center text-sm text-muted-foreground">{t('empty')}</p>;
}

function SourceMix({ range }: { range: RangeParams }) {
  const { t, i18n } = useTranslation(['analytics', 'common']);
  const language = i18n.language;
  const data = useLeadsSummary(range).data;
  const total = data?.new_leads ?? 0;
  const rows = (data?.by_source ?? []).map((s) => ({ label: t(`common:leadSource.${s.source}`), leads: s.count }));
  return (
    <ChartCard
      title={t('sources.title')}
      description={t('sources.description')}
      loading={data === undefined}
      summary={t('sources.summary', {
        list: rows.map((r) => `${r.label} ${formatNumber(r.leads, language)}`).join(', ') || '0',
      })}
      chart={
        rows.length === 0 ? (
          <Empty />
        ) : (
          <HorizontalBars rows={rows} series={[{ key: 'leads', name: t('sources.leads') }]} language={language} />
        )
      }
      table={
        <SimpleTable
          headers={[t('sources.source'), t('sources.leads'), t('sources.share')]}
          rows={rows.map((r) => [
            r.label,
            formatNumber(r.leads, language),
            percent(total > 0 ? (r.leads / total) * 100 : 0, language),
          ])}
        />
      }
    />
  );
}

function StatusPipeline({ range }: { range: RangeParams }) {
  const { t, i18n } = useTranslation(['analytics', 'leads']);
  const language = i18n.language;
  const data = useLeadsSummary(range).data;
  const rows = (data?.by_status ?? []).map((s) => ({ label: t(`leads:status.${s.status}`), leads: s.count }));
  return (
    <ChartCard
      title={t('pipeline.title')}
      description={t('pipeline.description')}
      loading={data === undefined}
      summary={t('pipeline.summary', {
        list:
          rows
            .filter((r) => r.leads > 0)
            .map((r) => `${r.label} ${formatNumber(r.leads, language)}`)
            .join(', ') || '0',
      })}
      chart={
        data?.new_leads === 0 ? (
          <Empty />
        ) : (
          <HorizontalBars rows={rows} series={[{ key: 'leads', name: t('pipeline.leads') }]} language={language} />
        )
      }
      table={
        <SimpleTable
          headers={[t('pipeline.status'), t('pipeline.leads')]}
          rows={rows.map((r) => [r.label, formatNumber(r.leads, language)])}
        />
      }
    />
  );
}

/** How many events the comparison chart draws (the table lists them all). */
const CHART_EVENTS = 8;

function EventsCompared({ range, onFunnel }: { range: RangeParams; onFunnel: (id: string) => void }) {
  const { t, i18n } = useTranslation('analytics');
  const language = i18n.language;
  const data = useEventsSummary(range).data;
  const list = data?.events ?? [];
  const rows = list.slice(0, CHART_EVENTS).map((e) => ({
    label: e.name,
    submissions: e.submissions,
    qualified: e.qualified,
    converted: e.converted,
  }));
  const top = list[0];
  return (
    <ChartCard
      title={t('events.title')}
      description={t('events.description')}
      loading={data === undefined}
      summary={
        top
          ? t('events.summary', {
              count: list.length,
              name: top.name,
              submissions: formatNumber(top.submissions, language),
            })
          : t('funnel.none')
      }
      chart={
        rows.length === 0 ? (
          <p className="flex h-full items-center justify-center text-sm text-muted-foreground">{t('funnel.none')}</p>
        ) : (
          <HorizontalBars
            rows={rows}
            series={[
              { key: 'submissions', name: t('events.submissions') },
              { key: 'qualified', name: t('events.qualified') },
              { key: 'converted', name: t('events.converted') },
            ]}
            language={language}
            labelWidth={128}
          />
        )
      }
      table={
        <SimpleTable
          headers={[
            t('events.event'),
            t('events.pageViews'),
            t('events.submissions'),
            t('events.qualified'),
            t('events.converted'),
            t('events.conversion'),
            t('events.speed'),
          ]}
          rows={list.map((e) => [
            <Button
              key={e.id}
              variant="link"
              className="p-0 text-left"
              onClick={() => onFunnel(e.id)}
              aria-label={t('events.funnelLink', { name: e.name })}
            >
              {e.name}
            </Button>,
            formatNumber(e.page_views, language),
            formatNumber(e.submissions, language),
            formatNumber(e.qualified, language),
            formatNumber(e.converted, language),
            percent(e.conversion_rate, language),
            formatDuration(e.speed_to_lead.median_seconds, t, language),
          ])}
        />
      }
    />
  );
}

function speedLine(speed: SpeedToLead, t: TFunction<'analytics'>, language: string) {
  return t('team.speedSummary', {
    median: formatDuration(speed.median_seconds, t, language),
    p90: formatDuration(speed.p90_seconds, t, language),
    uncontacted: formatNumber(speed.uncontacted, language),
  });
}

function TeamPerformance({ range }: { range: RangeParams }) {
  const { t, i18n } = useTranslation('analytics');
  const language = i18n.language;
  const data = useTeamSummary(range).data;
  const members = data?.members ?? [];
  const rows = members.map((m) => ({
    label: m.name || m.email,
    assigned: m.assigned,
    handled: m.handled,
    converted: m.converted,
  }));
  return (
    <div className="grid gap-3">
      <ChartCard
        title={t('team.title')}
        description={t('team.description')}
        loading={data === undefined}
        summary={t('team.summary', {
          list: rows.map((r) => `${r.label} ${formatNumber(r.handled, language)}`).join(', '),
        })}
        chart={
          <HorizontalBars
            rows={rows}
            series={[
              { key: 'assigned', name: t('team.assigned') },
              { key: 'handled', name: t('team.handled') },
              { key: 'converted', name: t('team.converted') },
            ]}
            language={language}
            labelWidth={128}
          />
        }
        table={
          <SimpleTable
            headers={[
              t('team.member'),
              t('team.assigned'),
              t('team.handled'),
              t('team.converted'),
              t('team.conversion'),
              t('team.median'),
              t('team.p90'),
              t('team.uncontacted'),
            ]}
            rows={members.map((m) => [
              m.name || m.email,
              formatNumber(m.assigned, language),
              formatNumber(m.handled, language),
              formatNumber(m.converted, language),
              percent(m.conversion_rate, language),
              formatDuration(m.speed_to_lead.median_seconds, t, language),
              formatDuration(m.speed_to_lead.p90_seconds, t, language),
              formatNumber(m.speed_to_lead.uncontacted, language),
            ])}
          />
        }
      />
      {data && (
        <Card className="grid gap-1 p-4 text-sm" role="note" aria-label={t('team.speedTitle')}>
          <p className="font-semibold text-foreground">{t('team.speedTitle')}</p>
          <p className="text-muted-foreground">{speedLine(data.speed_to_lead, t, language)}</p>
          {data.unassigned > 0 && (
            <p className="text-muted-foreground">{t('team.unassigned', { count: data.unassigned })}</p>
          )}
        </Card>
      )}
    </div>
  );
}

function EventFunnel({
  range,
  eventId,
  onEvent,
}: {
  range: RangeParams;
  eventId: string | null;
  onEvent: (id: string) => void;
}) {
  const { t, i18n } = useTranslation('analytics');
  const language = i18n.language;
  const selectId = useId();
  const events = useEventsSummary(range).data?.events;
  const chosen = events?.find((e) => e.id === eventId) ?? events?.[0];
  const funnel = useEventFunnel(chosen?.id ?? null, range);
  const data = funnel.data?.event_id === chosen?.id ? funnel.data : undefined;
  const steps = data?.steps ?? [];
  const rows = steps.map((s) => ({ label: t(`funnel.steps.${s.step}`), count: s.count }));
  const picker =
    events && events.length > 0 ? (
      <div className="flex items-center gap-2">
        <label htmlFor={selectId} className="text-sm text-muted-foreground">
          {t('funnel.event')}
        </label>
        <Select
          id={selectId}
          className="w-52"
          value={chosen?.id ?? ''}
          onChange={(e) => onEvent(e.target.value)}
          options={events.map((e) => ({ value: e.id, label: e.name }))}
        />
      </div>
    ) : null;
  if (events && events.length === 0) {
    return (
      <Card className="p-6 text-sm text-muted-foreground" role="region" aria-label={t('funnel.title')}>
        <h2 className="mb-1 text-lg font-semibold text-foreground">{t('funnel.title')}</h2>
        {t('funnel.none')}
      </Card>
    );
  }
  return (
    <ChartCard
      title={t('funnel.title')}
      description={t('funnel.description')}
      loading={data === undefined}
      actions={picker}
      summary={
        data
          ? t('funnel.summary', {
              name: data.name,
              list: steps.map((s) => `${t(`funnel.steps.${s.step}`)} ${formatNumber(s.count, language)}`).join(', '),
            })
          : ''
      }
      chart={<HorizontalBars rows={rows} series={[{ key: 'count', name: t('funnel.count') }]} language={language} />}
      table={
        <SimpleTable
          headers={[t('funnel.step'), t('funnel.count'), t('funnel.ofPrevious'), t('funnel.ofStart')]}
          rows={steps.map((s) => [
            t(`funnel.steps.${s.step}`),
            formatNumber(s.count, language),
            percent(s.rate_from_previous, language),
            percent(s.rate_from_start, language),
          ])}
        />
      }
    />
  );
}
