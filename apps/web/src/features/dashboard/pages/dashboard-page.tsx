import type { DashboardOverview } from '@leadcapture/contracts/analytics';
import { OVERVIEW_PERIODS, type OverviewPeriod } from '@leadcapture/contracts/constants';
import {
  ArrowDownRight,
  ArrowRight,
  ArrowUpRight,
  BarChart3,
  Building2,
  CalendarPlus,
  CalendarRange,
  MapPin,
  Percent,
  QrCode,
  Rocket,
  ScanLine,
  UserPlus,
  Users,
} from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApprovalBadge } from '../../../components/approval-badge.tsx';
import { EventStatusBadge } from '../../../components/event-status-badge.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryError, QueryLoading, SkeletonRows } from '../../../components/ui/query-state.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { formatDate, formatNumber, formatRelative } from '../../../lib/format.ts';
import { useDeferredOverlay } from '../../../lib/use-deferred-overlay.ts';
import { useCurrentUser } from '../../auth/api/me.ts';
import { useUpdateOnboarding } from '../../onboarding/api/onboarding.ts';
import { DEFAULT_OVERVIEW_PERIOD, useDashboardOverview } from '../api/overview.ts';
import { LeadsTrendChart } from '../components/leads-trend-chart.tsx';
import { StatCard } from '../components/stat-card.tsx';

// The QR dialog (and the dialog code under it) loads when the user reaches for it, not with the page.
const loadShowQrDialog = () => import('../components/show-qr-dialog.tsx').then((m) => m.ShowQrDialog);

/**
 * The Lobby (/dashboard, spec 01 §2): the organisation's figures for a chosen period, the leads
 * trend, the latest leads, the events running now or next, and quick actions. A new organisation
 * sees where to start instead of a wall of zeros.
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation(['dashboard', 'common']);
  const language = i18n.language;
  const me = useCurrentUser();
  const [days, setDays] = useState<OverviewPeriod>(DEFAULT_OVERVIEW_PERIOD);
  const overview = useDashboardOverview(days);
  const data = overview.data;
  const loading = data === undefined;
  const isNew = data !== undefined && data.total_leads === 0 && data.upcoming_events.length === 0;
  useLobbyTour(data !== undefined);

  return (
    <div className="grid gap-6">
      <PageHeader
        eyebrow={me.current_organization?.name}
        title={me.first_name === '' ? t('welcomeAnonymous') : t('welcome', { name: me.first_name })}
        description={t('intro')}
        actions={
          <div className="flex items-center gap-2">
            <label htmlFor="lobby-period" className="text-sm text-muted-foreground">
              {t('period.label')}
            </label>
            <Select
              id="lobby-period"
              className="min-w-44"
              value={String(days)}
              onChange={(event) => setDays(Number(event.target.value) as OverviewPeriod)}
              options={OVERVIEW_PERIODS.map((d) => ({ value: String(d), label: t(`period.${d}`) }))}
            />
          </div>
        }
      />

      {overview.isError && data === undefined ? (
        <QueryError message={t('loadFailed')} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <section
            data-tour="stats"
            aria-label={t('stats.label')}
            className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4"
          >
            <StatCard
              icon={Users}
              label={t('stats.totalLeads')}
              value={formatNumber(data?.total_leads ?? 0, language)}
              hint={t('stats.totalLeadsHint')}
              loading={loading}
            />
            <StatCard
              icon={CalendarRange}
              label={t('stats.activeEvents')}
              value={formatNumber(data?.active_events ?? 0, language)}
              hint={t('stats.activeEventsHint')}
              loading={loading}
            />
            <StatCard
              icon={Percent}
              label={t('stats.conversionRate')}
              value={formatNumber((data?.conversion_rate ?? 0) / 100, language, {
                style: 'percent',
                maximumFractionDigits: 1,
              })}
              hint={t('stats.conversionHint', { count: data?.converted_leads ?? 0 })}
              loading={loading}
            />
            <StatCard
              icon={UserPlus}
              label={t('stats.newLeads')}
              value={formatNumber(data?.new_leads ?? 0, language)}
              hint={data && <Change current={data.new_leads} previous={data.new_leads_previous} days={days} />}
              loading={loading}
            />
          </section>

          <div className="grid gap-6 lg:grid-cols-3">
            <Card data-tour="trend" className="lg:col-span-2">
              <CardHeader>
                <CardTitle>{t('trend.title')}</CardTitle>
                <CardDescription>
                  {t('trend.description', { period: t(`period.${days}`).toLowerCase() })}
                </CardDescription>
              </CardHeader>
              <CardContent className="pt-4">
                {data === undefined ? (
                  <QueryLoading>
                    <Skeleton className="h-48 w-full sm:h-56" />
                  </QueryLoading>
                ) : (
                  <LeadsTrendChart points={data.leads_by_day} language={language} />
                )}
              </CardContent>
            </Card>
            <QuickActions overview={data} />
          </div>

          {isNew ? (
            <div data-tour="leads">
              <GettingStarted />
            </div>
          ) : (
            <div data-tour="leads" className="grid gap-6 lg:grid-cols-2">
              <RecentLeads overview={data} />
              <UpcomingEvents overview={data} />
            </div>
          )}
        </>
      )}
    </div>
  );
}

function Change({ current, previous, days: period }: { current: number; previous: number; days: number }) {
  const { t, i18n } = useTranslation(['dashboard', 'common']);
  const language = i18n.language;
  if (previous === 0) return <span>{t('stats.newLeadsHint', { days: period })}</span>;
  const change = (current - previous) / previous;
  const up = change >= 0;
  const Arrow = up ? ArrowUpRight : ArrowDownRight;
  return (
    <span className="inline-flex items-center gap-1">
      <span
        className={
          up
            ? 'inline-flex items-center font-medium text-success-soft-foreground'
            : 'inline-flex items-center font-medium text-destructive-soft-foreground'
        }
      >
        <Arrow aria-hidden="true" className="size-3.5" />
        {formatNumber(Math.abs(change), language, { style: 'percent', maximumFractionDigits: 0 })}
      </span>
      {up ? t('stats.changeUp', { days: period }) : t('stats.changeDown', { days: period })}
    </span>
  );
}

/**
 * /dashboard?tour=1, from the setup guide's tour step: the guided tour over this very page once
 * its figures are drawn; when it closes, the step is recorded (done only if the last stop was
 * reached) and the guide opens again where it was.
 */
function useLobbyTour(ready: boolean) {
  const { t } = useTranslation('dashboard');
  const { lp } = useLocalizedPath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const update = useUpdateOnboarding();
  const touring = params.get('tour') === '1';
  // Effect events: re-renders (a new `lp`, `t`) must not restart the tour.
  const onClose = useEffectEvent((finished: boolean) => {
    const saved = finished
      ? update.mutateAsync({ current_step: 'complete', completed_steps: ['dashboard_tour'] }).then(() => undefined)
      : Promise.resolve();
    void saved.finally(() => void navigate(lp('/onboarding')));
  });
  const start = useEffectEvent((close: (finished: boolean) => void) =>
    import('../components/lobby-tour.ts').then(({ startLobbyTour }) => startLobbyTour(t, close)),
  );
  useEffect(() => {
    if (!touring || !ready) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    const close = (finished: boolean) => {
      // Closed because the page went away: nothing to record, nowhere to go.
      if (!cancelled) onClose(finished);
    };
    void start(close).then((destroy) => {
      if (cancelled) destroy();
      else stop = destroy;
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [touring, ready]);
}

function QuickActions({ overview: o }: { overview: DashboardOverview | undefined }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const { lp } = useLocalizedPath();
  const [qrOpen, setQrOpen] = useState(false);
  const qrDialog = useDeferredOverlay(loadShowQrDialog);
  const events = o?.upcoming_events ?? [];
  const actionClass =
    'group flex w-full items-center gap-3 rounded-xl border border-border p-3.5 text-left transition-colors hover:border-primary/40 hover:bg-primary-soft/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60';
  const body = (Icon: typeof QrCode, title: string, hint: string) => (
    <>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
        <Icon aria-hidden="true" className="size-4.5" />
      </span>
      <span className="grid min-w-0 flex-1">
        <span className="text-sm font-semibold text-foreground">{title}</span>
        <span className="text-xs text-muted-foreground">{hint}</span>
      </span>
      <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
    </>
  );
  return (
    <Card data-tour="quick-actions">
      <CardHeader>
        <CardTitle>{t('quickActions.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2.5 pt-4">
        <Link to={lp('/events/form')} className={actionClass}>
          {body(CalendarPlus, t('quickActions.createEvent'), t('quickActions.createEventHint'))}
        </Link>
        <Link to={lp('/scan')} className={actionClass}>
          {body(ScanLine, t('quickActions.scanQr'), t('quickActions.scanQrHint'))}
        </Link>
        <button
          type="button"
          className={actionClass}
          disabled={events.length === 0}
          onClick={() => {
            setQrOpen(true);
            qrDialog.press();
          }}
        >
          {body(
            QrCode,
            t('quickActions.showQr'),
            events.length === 0 ? t('quickActions.scanQrNone') : t('quickActions.showQrHint'),
          )}
        </button>
        {events[0] !== undefined && (
          <Link to={lp(`/events/${events[0].id}/booth`)} className={actionClass}>
            {body(UserPlus, t('quickActions.booth'), t('quickActions.boothHint'))}
          </Link>
        )}
        <Link to={lp('/analytics')} className={actionClass}>
          {body(BarChart3, t('quickActions.analytics'), t('quickActions.analyticsHint'))}
        </Link>
        {qrDialog.Overlay !== null && <qrDialog.Overlay open={qrOpen} onOpenChange={setQrOpen} events={events} />}
      </CardContent>
    </Card>
  );
}

function RecentLeads({ overview: o }: { overview: DashboardOverview | undefined }) {
  const { t, i18n } = useTranslation(['dashboard', 'common']);
  const language = i18n.language;
  const { lp } = useLocalizedPath();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('recentLeads.title')}</CardTitle>
        <CardDescription>{t('recentLeads.description')}</CardDescription>
      </CardHeader>
      <CardContent className="pt-2">
        {o === undefined ? (
          <ListLoading />
        ) : o.recent_leads.length === 0 ? (
          <EmptyState
            icon={Users}
            headingLevel={3}
            title={t('recentLeads.emptyTitle')}
            description={t('recentLeads.emptyBody')}
            className="py-8"
          />
        ) : (
          <ul className="divide-y divide-border" aria-label={t('recentLeads.title')}>
            {o.recent_leads.map((lead) => {
              const name = `${lead.first_name} ${lead.last_name}`.trim() || lead.email;
              return (
                <li key={lead.id} className="flex items-center gap-3 py-3">
                  <span
                    aria-hidden="true"
                    className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-sm font-semibold text-muted-foreground"
                  >
                    {(lead.first_name[0] ?? lead.email[0] ?? '?').toUpperCase()}
                  </span>
                  <div className="grid min-w-0 flex-1">
                    <Link
                      to={lp(`/leads/${lead.id}`)}
                      className="truncate rounded-sm text-sm font-medium text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      {name}
                    </Link>
                    <span className="truncate text-xs text-muted-foreground">
                      {[lead.company, lead.event?.name].filter(Boolean).join(' · ') || lead.email}
                    </span>
                    {lead.approval_status !== 'approved' && (
                      <span className="mt-1">
                        <ApprovalBadge status={lead.approval_status} />
                      </span>
                    )}
                  </div>
                  <div className="grid justify-items-end gap-1 text-right">
                    <span className="text-xs text-muted-foreground">
                      <time dateTime={lead.created_at}>{formatRelative(lead.created_at, language)}</time>
                    </span>
                    <span className="text-xs font-medium text-foreground">{t(`common:leadSource.${lead.source}`)}</span>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function UpcomingEvents({ overview: o }: { overview: DashboardOverview | undefined }) {
  const { t, i18n } = useTranslation(['dashboard', 'common']);
  const language = i18n.language;
  const { lp } = useLocalizedPath();
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div>
          <CardTitle>{t('upcomingEvents.title')}</CardTitle>
          <CardDescription>{t('upcomingEvents.description')}</CardDescription>
        </div>
        <Button asChild variant="ghost" size="sm">
          <Link to={lp('/events')}>{t('upcomingEvents.viewAll')}</Link>
        </Button>
      </CardHeader>
      <CardContent className="pt-2">
        {o === undefined ? (
          <ListLoading />
        ) : o.upcoming_events.length === 0 ? (
          <EmptyState
            icon={CalendarRange}
            headingLevel={3}
            title={t('upcomingEvents.emptyTitle')}
            description={t('upcomingEvents.emptyBody')}
            action={
              <Button asChild size="sm">
                <Link to={lp('/events/form')}>{t('quickActions.createEvent')}</Link>
              </Button>
            }
            className="py-8"
          />
        ) : (
          <ul className="divide-y divide-border">
            {o.upcoming_events.map((event) => (
              <li key={event.id}>
                <Link
                  to={lp(`/events/${event.id}`)}
                  className="flex items-center gap-3 rounded-lg py-3 hover:bg-accent/60 focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <div className="grid min-w-0 flex-1 gap-0.5">
                    <span className="truncate text-sm font-medium text-foreground">{event.name}</span>
                    <span className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
                      {event.start_date !== null && (
                        <time dateTime={event.start_date}>{formatDate(event.start_date, language, 'PP')}</time>
                      )}
                      {event.location !== '' && (
                        <span className="inline-flex items-center gap-1">
                          <MapPin aria-hidden="true" className="size-3" />
                          {event.location}
                        </span>
                      )}
                    </span>
                  </div>
                  <div className="grid justify-items-end gap-1">
                    <EventStatusBadge status={event.status} />
                    <span className="text-xs text-muted-foreground">
                      {t('upcomingEvents.leads', { count: event.leads_captured })}
                    </span>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function GettingStarted() {
  const { t } = useTranslation(['dashboard', 'common']);
  const { lp } = useLocalizedPath();
  const steps = [
    { to: '/events/form', icon: CalendarPlus, key: 'event' },
    { to: '/onboarding', icon: Rocket, key: 'setup' },
    { to: '/settings/organization', icon: Building2, key: 'organization' },
  ] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('nextSteps.title')}</CardTitle>
        <CardDescription>{t('nextSteps.description')}</CardDescription>
      </CardHeader>
      <CardContent className="pt-4">
        <ul className="grid gap-3 md:grid-cols-3">
          {steps.map(({ to, icon: Icon, key }) => (
            <li key={key}>
              <Link
                to={lp(to)}
                className="group flex h-full items-start gap-4 rounded-xl border border-border p-4 transition-colors hover:border-primary/40 hover:bg-primary-soft/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className="text-sm font-semibold text-foreground">{t(`nextSteps.${key}.title`)}</span>
                  <span className="text-sm text-muted-foreground">{t(`nextSteps.${key}.body`)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function ListLoading() {
  return (
    <QueryLoading className="gap-3 py-2">
      <SkeletonRows rows={3} className="h-10 w-full" />
    </QueryLoading>
  );
}
