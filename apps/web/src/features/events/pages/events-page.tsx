import { EVENT_STATUSES, type EventStatus } from '@leadcapture/contracts/constants';
import { eventUrls } from '@leadcapture/contracts/event-urls';
import {
  CalendarPlus,
  CalendarRange,
  Copy,
  ExternalLink,
  MapPin,
  MoreHorizontal,
  Pencil,
  Search,
  Trash2,
} from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EventStatusBadge } from '../../../components/event-status-badge.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useCurrentUser } from '../../auth/api/me.ts';
import { useDeleteEvent, useEventList, type Event } from '../api/events.ts';

const PAGE_SIZE = 25;
const isStatus = (v: string | null): v is EventStatus =>
  v !== null && (EVENT_STATUSES as readonly string[]).includes(v);

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
  const [params, setParams] = useSearchParams();
  const status = isStatus(params.get('status')) ? (params.get('status') as EventStatus) : '';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const [search, setSearch] = useState(params.get('search') ?? '');
  const deferredSearch = useDeferredValue(search.trim());
  const list = useEventList({ status, search: deferredSearch, page, pageSize: PAGE_SIZE });
  const remove = useDeleteEvent();
  const [deleting, setDeleting] = useState<Event | null>(null);

  const setParam = (key: string, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === '') next.delete(key);
        else next.set(key, value);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );

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

  const data = list.data;
  const filtered = status !== '' || deferredSearch !== '';
  const pages = data ? Math.max(1, Math.ceil(data.count / PAGE_SIZE)) : 1;

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

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchInput
          className="flex-1"
          aria-label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          maxLength={200}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setParam('search', e.target.value.trim());
          }}
        />
        <Select
          aria-label={t('list.statusFilter')}
          className="sm:w-48"
          value={status}
          onChange={(e) => setParam('status', e.target.value)}
          placeholder={t('list.allStatuses')}
          options={EVENT_STATUSES.map((s) => ({ value: s, label: t(`common:eventStatus.${s}`) }))}
        />
      </div>

      <QueryState
        query={list}
        errorMessage={t('list.loadFailed')}
        isEmpty={(page) => page.results.length === 0}
        empty={
          filtered ? (
            <EmptyState icon={Search} title={t('list.noMatchesTitle')} description={t('list.noMatchesBody')} />
          ) : (
            <EmptyState
              icon={CalendarRange}
              title={t('list.emptyTitle')}
              description={t('list.emptyBody')}
              action={
                canWrite && (
                  <Button asChild>
                    <Link to={lp('/events/form')}>{t('list.createFirst')}</Link>
                  </Button>
                )
              }
            />
          )
        }
      >
        {(data) => (
          <>
            <div className="max-md:hidden">
              <Table aria-label={t('list.title')}>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('list.columns.name')}</TableHead>
                    <TableHead>{t('list.columns.status')}</TableHead>
                    <TableHead>{t('list.columns.dates')}</TableHead>
                    <TableHead className="text-right">{t('list.columns.leads')}</TableHead>
                    <TableHead>
                      <span className="sr-only">{t('list.columns.actions')}</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.results.map((event) => (
                    <TableRow key={event.id}>
                      <TableCell>
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
                      </TableCell>
                      <TableCell>
                        <EventStatusBadge status={event.status} />
                      </TableCell>
                      <TableCell className="text-muted-foreground">{dateRange(event, language) || '—'}</TableCell>
                      <TableCell className="text-right font-medium tabular-nums">
                        {formatNumber(event.leads_captured, language)}
                      </TableCell>
                      <TableCell className="w-12 text-right">
                        <RowActions event={event} canWrite={canWrite} onCopy={copyLink} onDelete={setDeleting} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>

            <ul className="grid gap-3 md:hidden" aria-label={t('list.title')}>
              {data.results.map((event) => (
                <li key={event.id}>
                  <Card className="flex items-start gap-3 p-4">
                    <div className="grid min-w-0 flex-1 gap-1">
                      <Link
                        to={lp(`/events/${event.id}`)}
                        className="truncate font-medium text-foreground hover:underline"
                      >
                        {event.name}
                      </Link>
                      <span className="text-xs text-muted-foreground">{dateRange(event, language) || '—'}</span>
                      <span className="flex items-center gap-2">
                        <EventStatusBadge status={event.status} />
                        <span className="text-xs text-muted-foreground">
                          {t('list.leadsCount', { count: event.leads_captured })}
                        </span>
                      </span>
                    </div>
                    <RowActions event={event} canWrite={canWrite} onCopy={copyLink} onDelete={setDeleting} />
                  </Card>
                </li>
              ))}
            </ul>

            {pages > 1 && (
              <Pagination
                label={t('list.pagination')}
                summary={t('list.pageOf', { page, pages })}
                page={page}
                pages={pages}
                onPage={(next) => setParam('page', String(next))}
              />
            )}
          </>
        )}
      </QueryState>

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
