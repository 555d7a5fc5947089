import { EVENT_STATUSES } from '@leadcapture/contracts/constants';
import { eventUrls } from '@leadcapture/contracts/event-urls';
import { CalendarPlus, CalendarRange, Copy, ExternalLink, MapPin, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EventStatusBadge } from '../../../components/event-status-badge.tsx';
import { ListFilters, PagedList } from '../../../components/paged-list.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useCurrentUser } from '../../auth/api/me.ts';
import { useDeleteEvent, useEventList, type Event } from '../api/events.ts';

const PAGE_SIZE = 25;

/** "12 Mar 2027 – 14 Mar 2027", one date, or nothing. */
function dateRange(event: Pick<Event, 'start_date' | 'end_date'>, language: string): string {
  const start = event.start_date ? formatDate(event.start_date, language) : '';
  const end = event.end_date ? formatDate(event.end_date, language) : '';
  if (start && end) return start === end ? start : `${start} – ${end}`;
  return start || end;
}

/**
 * /events (spec 01 §2): the organisation's events with status filter, search and the leads each
 * has captured. Filters live in the URL, so a filtered list can be shared and survives reload.
 */
export function EventsPage() {
  const { t, i18n } = useTranslation(['events', 'common']);
  const language = i18n.language;
  const { lp } = useLocalizedPath();
  const me = useCurrentUser();
  const canWrite = me.current_organization?.role !== 'viewer';
  const params = useListParams('status', EVENT_STATUSES);
  const { filter: status, page, deferredSearch } = params;
  const list = useEventList({ status, search: deferredSearch, page, pageSize: PAGE_SIZE });
  const remove = useDeleteEvent();
  const [deleting, setDeleting] = useState<Event | null>(null);

  const copyLink = async (event: Event) => {
    try {
      await navigator.clipboard.writeText(eventUrls(window.location.origin, event).public_url);
      toast.success(t('list.copied'));
    } catch {
      toast.error(t('list.copyFailed'));
    }
  };

  const confirmDelete = async () => {
    if (deleting === null) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t('list.deleted', { name: deleting.name }));
      setDeleting(null);
    } catch {
      toast.error(t('list.deleteFailed'));
    }
  };

  const rowActions = (event: Event) => (
    <RowActions event={event} canWrite={canWrite} onCopy={copyLink} onDelete={setDeleting} />
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          canWrite && (
            <Button asChild>
              <Link to={lp('/events/form')}>
                <CalendarPlus aria-hidden="true" />
                {t('list.create')}
              </Link>
            </Button>
          )
        }
      />

      <ListFilters
        params={params}
        searchLabel={t('list.search')}
        searchPlaceholder={t('list.searchPlaceholder')}
        filterLabel={t('list.statusFilter')}
        filterAll={t('list.allStatuses')}
        filterOptions={EVENT_STATUSES.map((s) => ({ value: s, label: t(`common:eventStatus.${s}`) }))}
      />

      <PagedList
        query={list}
        text={(key, values) => t(`list.${key}`, values)}
        filtered={params.filtered}
        emptyIcon={CalendarRange}
        emptyAction={
          canWrite && (
            <Button asChild>
              <Link to={lp('/events/form')}>{t('list.createFirst')}</Link>
            </Button>
          )
        }
        columns={[
          {
            header: t('list.columns.name'),
            cell: (event) => (
              <>
                <Link
                  to={lp(`/events/${event.id}`)}
                  className="font-medium text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {event.name}
                </Link>
                {event.location !== '' && (
                  <span className="mt-0.5 flex items-center gap-1 text-xs text-muted-foreground">
                    <MapPin aria-hidden="true" className="size-3" />
                    {event.location}
                  </span>
                )}
              </>
            ),
          },
          { header: t('list.columns.status'), cell: (event) => <EventStatusBadge status={event.status} /> },
          {
            header: t('list.columns.dates'),
            cellClassName: 'text-muted-foreground',
            cell: (event) => dateRange(event, language) || '—',
          },
          {
            header: t('list.columns.leads'),
            align: 'right',
            cellClassName: 'font-medium',
            cell: (event) => formatNumber(event.leads_captured, language),
          },
        ]}
        actions={rowActions}
        card={(event) => (
          <>
            <Link to={lp(`/events/${event.id}`)} className="truncate font-medium text-foreground hover:underline">
              {event.name}
            </Link>
            <span className="text-xs text-muted-foreground">{dateRange(event, language) || '—'}</span>
            <span className="flex items-center gap-2">
              <EventStatusBadge status={event.status} />
              <span className="text-xs text-muted-foreground">
                {t('list.leadsCount', { count: event.leads_captured })}
              </span>
            </span>
          </>
        )}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={params.setPage}
      />

      <Modal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        size="sm"
        title={t('list.deleteTitle')}
        description={t('list.deleteBody', { name: deleting?.name ?? '' })}
        footer={
          <>
            <Button variant="outline" onClick={() => setDeleting(null)}>
              {t('list.cancel')}
            </Button>
            <Button variant="destructive" loading={remove.isPending} onClick={() => void confirmDelete()}>
              {t('list.confirmDelete')}
            </Button>
          </>
        }
      />
    </div>
  );
}

function RowActions({
  event,
  canWrite,
  onCopy,
  onDelete,
}: {
  event: Event;
  canWrite: boolean;
  onCopy: (event: Event) => Promise<void>;
  onDelete: (event: Event) => void;
}) {
  const { t } = useTranslation('events');
  const { lp } = useLocalizedPath();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={t('list.actionsFor', { name: event.name })}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {canWrite && (
          <DropdownMenuItem asChild>
            <Link to={lp(`/events/form/${event.id}`)}>
              <Pencil aria-hidden="true" />
              {t('list.edit')}
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => void onCopy(event)}>
          <Copy aria-hidden="true" />
          {t('list.copyLink')}
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={event.public_url} target="_blank" rel="noreferrer">
            <ExternalLink aria-hidden="true" />
            {t('list.openPage')}
          </a>
        </DropdownMenuItem>
        {canWrite && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem destructive onSelect={() => onDelete(event)}>
              <Trash2 aria-hidden="true" />
              {t('list.delete')}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
