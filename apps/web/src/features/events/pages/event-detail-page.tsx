import type { EventSettings } from '@leadcapture/contracts/events';
import { CalendarDays, Check, ExternalLink, MapPin, Minus, Pencil, Trash2, UserPlus } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EventStatusBadge } from '../../../components/event-status-badge.tsx';
import { BackLink } from '../../../components/back-link.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoading, RecordLoadFailure } from '../../../components/ui/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useCurrentUser } from '../../auth/api/me.ts';
import { DEFAULT_EVENT_ANALYTICS_DAYS, useEventAnalytics } from '../api/event-analytics.ts';
import { eventQueryOptions, useDeleteEvent, type Event } from '../api/events.ts';
import { CopyButton } from '../components/copy-button.tsx';
import { EventAnalyticsPanel } from '../components/event-analytics-panel.tsx';
import { EventLeadsPanel } from '../components/event-leads-panel.tsx';
import { EventQrPanel } from '../components/event-qr-panel.tsx';
import { EventQuickActions } from '../components/event-quick-actions.tsx';
import { EventQuickStats } from '../components/event-quick-stats.tsx';
import { useAddressParams } from '../../../lib/use-address-params.ts';

export const EVENT_TABS = ['overview', 'leads', 'analytics'] as const;
export type EventTab = (typeof EVENT_TABS)[number];
const isTab = (value: string | null): value is EventTab =>
  value !== null && (EVENT_TABS as readonly string[]).includes(value);

const SETTINGS: readonly (keyof EventSettings)[] = [
  'start_active',
  'email_verification',
  'analytics_tracking',
  'require_approval',
  'quick_actions',
];

/** "21 Nov 2026, 09:00 – 17:00", "21 Nov 2026, 09:00 – 23 Nov 2026, 17:00", one end, or ''. */
function eventDates(event: Pick<Event, 'start_date' | 'end_date'>, language: string): string {
  const { start_date: start, end_date: end } = event;
  if (start !== null && end !== null) {
    const sameDay = formatDate(start, language, 'yyyy-MM-dd') === formatDate(end, language, 'yyyy-MM-dd');
    return `${formatDate(start, language, 'PPp')} – ${formatDate(end, language, sameDay ? 'p' : 'PPp')}`;
  }
  if (start !== null) return formatDate(start, language, 'PPp');
  if (end !== null) return `– ${formatDate(end, language, 'PPp')}`;
  return '';
}

/**
 * /events/{id} (spec 01 §2): one event with its figures, public page, QR code and settings
 * (Overview), its leads with approval (Leads) and its page views and submissions over time
 * (Analytics). The tab is in the URL (`?tab=analytics`), so the Lobby can link straight to it.
 */
export function EventDetailPage() {
  const { t } = useTranslation(['events', 'common']);
  const { lp } = useLocalizedPath();
  const { id = '' } = useParams();
  const remove = useDeleteEvent();
  // From the confirmed delete until the page is left, nothing of the event is fetched again: the
  // delete drops the event's query and marks everything under "events" stale, and refetching
  // would only ask for an event that is gone (a 404 in the console, error panels for a moment).
  const live = !remove.isPending && !remove.isSuccess;
  const event = useQuery({ ...eventQueryOptions(id), enabled: live });
  // What was shown stays on screen meanwhile, instead of a skeleton.
  const [shown, setShown] = useState<Event>();
  if (event.data !== undefined && event.data !== shown) setShown(event.data);
  const data = event.data ?? (live ? undefined : shown);

  if (data === undefined) {
    if (event.isError) {
      return (
        <RecordLoadFailure
          error={event.error}
          eyebrow={<BackLink to="/events">{t('detail.back')}</BackLink>}
          notFoundTitle={t('detail.notFound.title')}
          notFoundBody={t('detail.notFound.body')}
          title={t('detail.metaTitle')}
          loadFailed={t('detail.loadFailed')}
          listPath={lp('/events')}
          backLabel={t('detail.notFound.back')}
          onRetry={() => void event.refetch()}
        />
      );
    }
    return (
      <PageLoading>
        <div className="grid gap-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-8 w-64 max-w-full" />
          <Skeleton className="h-4 w-80 max-w-full" />
        </div>
        <Skeleton className="h-10 w-full" />
        <div className="grid gap-3 sm:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      </PageLoading>
    );
  }
  return <EventDetail event={data} remove={remove} live={live} />;
}

function EventDetail({
  event,
  remove,
  live,
}: {
  event: Event;
  remove: ReturnType<typeof useDeleteEvent>;
  live: boolean;
}) {
  const { t, i18n } = useTranslation(['events', 'common', 'errors']);
  const language = i18n.language;
  const { lp } = useLocalizedPath();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const role = me.current_organization?.role;
  const canWrite = role !== undefined && role !== 'viewer';
  const [params, setParams] = useAddressParams();
  const tabParam = params.get('tab');
  const tab: EventTab = isTab(tabParam) ? tabParam : 'overview';
  const [confirming, setConfirming] = useState(false);
  // The quick stats read all_time from the Analytics tab's default period: one call for both.
  const analytics = useEventAnalytics(event.id, DEFAULT_EVENT_ANALYTICS_DAYS, { enabled: live && tab === 'overview' });

  const setTab = (next: string) =>
    setParams(
      (prev) => {
        const copy = new URLSearchParams(prev);
        if (next === 'overview') copy.delete('tab');
        else copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );

  const confirmDelete = () =>
    remove.mutate(event.id, {
      onSuccess: () => {
        toast.success(t('detail.delete.deleted', { name: event.name }));
        void navigate(lp('/events'));
      },
      onError: (error) => {
        setConfirming(false);
        if (!isHandledGlobally(error)) toast.error(t('errors:generic.deleteFailed'));
      },
    });

  const dates = eventDates(event, language);

  return (
    <div className="grid gap-6">
      <PageHeader
        eyebrow={<BackLink to="/events">{t('detail.back')}</BackLink>}
        title={event.name}
        description={
          <span className="flex flex-wrap items-center gap-x-4 gap-y-1.5">
            <EventStatusBadge status={event.status} />
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
              {dates === '' ? t('detail.noDates') : dates}
            </span>
            {event.location !== '' && (
              <span className="inline-flex items-center gap-1.5">
                <MapPin aria-hidden="true" className="size-4 shrink-0" />
                {event.location}
              </span>
            )}
          </span>
        }
      />
      {/* Not PageHeader's `actions`: that box keeps its buttons on one line, too wide for a phone. */}
      <div className="-mt-2 flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <a href={event.public_url} target="_blank" rel="noreferrer">
            <ExternalLink aria-hidden="true" />
            {t('detail.actions.openCapture')}
            <span className="sr-only">{t('detail.newTab')}</span>
          </a>
        </Button>
        <Button asChild variant="outline">
          <Link to={lp(`/events/${event.id}/booth`)}>
            <UserPlus aria-hidden="true" />
            {t('detail.actions.booth')}
          </Link>
        </Button>
        {canWrite && (
          <>
            <Button asChild variant="secondary">
              <Link to={lp(`/events/form/${event.id}`)}>
                <Pencil aria-hidden="true" />
                {t('detail.actions.edit')}
              </Link>
            </Button>
            <Button
              variant="outline"
              className="text-destructive-soft-foreground hover:bg-destructive-soft hover:text-destructive-soft-foreground"
              onClick={() => setConfirming(true)}
            >
              <Trash2 aria-hidden="true" />
              {t('detail.actions.delete')}
            </Button>
          </>
        )}
      </div>

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label={t('detail.tabs.label')}>
          {EVENT_TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {t(`detail.tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>

        <TabsContent value="overview" className="grid gap-6">
          {event.settings.quick_actions && <EventQuickActions event={event} canWrite={canWrite} />}
          <EventQuickStats
            analytics={analytics.data}
            leadsCaptured={event.leads_captured}
            failed={analytics.isError && analytics.data === undefined}
          />
          <div className="grid items-start gap-6 lg:grid-cols-5">
            <div className="grid gap-6 lg:col-span-3">
              <EventQrPanel event={event} enabled={live} />
              <EventTexts event={event} />
            </div>
            <div className="grid gap-6 lg:col-span-2">
              <PublicPageCard event={event} />
              <SettingsCard event={event} />
            </div>
          </div>
        </TabsContent>

        <TabsContent value="leads">
          <EventLeadsPanel event={event} canWrite={canWrite} enabled={live} onShowQr={() => setTab('overview')} />
        </TabsContent>

        <TabsContent value="analytics">
          <EventAnalyticsPanel event={event} enabled={live} />
        </TabsContent>
      </Tabs>

      <Modal
        open={confirming}
        onOpenChange={(open) => {
          if (!remove.isPending) setConfirming(open);
        }}
        size="sm"
        title={t('detail.delete.title')}
        description={t('detail.delete.body', { name: event.name })}
        footer={
          <>
            <Button variant="outline" disabled={remove.isPending} onClick={() => setConfirming(false)}>
              {t('detail.delete.cancel')}
            </Button>
            <Button variant="destructive" loading={remove.isPending} onClick={confirmDelete}>
              {t('detail.delete.confirm')}
            </Button>
          </>
        }
      />
    </div>
  );
}

function PublicPageCard({ event }: { event: Event }) {
  const { t } = useTranslation('events');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('detail.urls.title')}</CardTitle>
        <CardDescription>{t('detail.urls.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 pt-4">
        <div className="grid gap-1.5">
          <p className="text-sm font-medium text-foreground">{t('detail.urls.publicUrl')}</p>
          <code className="block rounded-lg border border-border bg-muted/60 px-3 py-2 font-mono text-sm break-all text-foreground">
            {event.public_url}
          </code>
        </div>
        <div className="flex flex-wrap gap-2">
          <CopyButton value={event.public_url} label={t('detail.urls.copyLabel')} />
          <Button asChild variant="ghost" size="sm">
            <a href={event.public_url} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden="true" />
              {t('detail.urls.open')}
              <span className="sr-only">{t('detail.newTab')}</span>
            </a>
          </Button>
        </div>
        <div className="grid gap-1.5 border-t border-border pt-3">
          <p className="text-sm font-medium text-foreground">{t('detail.urls.shortUrl')}</p>
          <code className="block rounded-lg border border-border bg-muted/60 px-3 py-2 font-mono text-sm break-all text-foreground">
            {event.short_url}
          </code>
          <p className="text-xs text-muted-foreground">{t('detail.urls.shortUrlHint')}</p>
        </div>
        <div>
          <CopyButton value={event.short_url} label={t('detail.urls.copyShortLabel')} />
        </div>
      </CardContent>
    </Card>
  );
}

function SettingsCard({ event }: { event: Event }) {
  const { t } = useTranslation('events');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('detail.settings.title')}</CardTitle>
      </CardHeader>
      <CardContent className="pt-2">
        <dl className="divide-y divide-border">
          {SETTINGS.map((key) => {
            const on = event.settings[key];
            const Icon = on ? Check : Minus;
            return (
              <div key={key} className="flex items-start justify-between gap-4 py-3">
                <div className="grid min-w-0 gap-0.5">
                  <dt className="text-sm font-medium text-foreground">{t(`detail.settings.${key}.label`)}</dt>
                  <dd className="text-xs text-muted-foreground">{t(`detail.settings.${key}.hint`)}</dd>
                </div>
                <dd
                  className={
                    on
                      ? 'inline-flex shrink-0 items-center gap-1 rounded-full bg-success-soft px-2.5 py-0.5 text-xs font-medium text-success-soft-foreground'
                      : 'inline-flex shrink-0 items-center gap-1 rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium text-muted-foreground'
                  }
                >
                  <Icon aria-hidden="true" className="size-3.5" />
                  {on ? t('detail.settings.on') : t('detail.settings.off')}
                </dd>
              </div>
            );
          })}
        </dl>
      </CardContent>
    </Card>
  );
}

function EventTexts({ event }: { event: Event }) {
  const { t } = useTranslation('events');
  const texts = [
    { key: 'description', text: event.description },
    { key: 'welcome', text: event.welcome_message },
    { key: 'consent', text: event.consent_text },
  ] as const;
  const shown = texts.filter((x) => x.text.trim() !== '');
  if (shown.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('detail.texts.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 pt-4">
        {shown.map(({ key, text }) => (
          <section key={key} className="grid gap-1">
            <h3 className="text-sm font-medium text-muted-foreground">{t(`detail.texts.${key}`)}</h3>
            <p className="text-sm whitespace-pre-line text-foreground">{text}</p>
          </section>
        ))}
      </CardContent>
    </Card>
  );
}
