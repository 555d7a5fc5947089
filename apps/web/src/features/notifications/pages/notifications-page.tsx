import { BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import {
  NOTIFICATIONS_PAGE_SIZE,
  useDeleteNotification,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationList,
  useUnreadCount,
} from '../api/notifications.ts';
import { NotificationItem } from '../components/notification-item.tsx';
import { useAddressParams } from '../../../lib/use-address-params.ts';

/** A positive page number from the URL, else 1. */
function pageParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/**
 * /notifications (spec 01 §2): all my notifications or the unread ones (kept in the URL), newest
 * first, a page at a time; mark read, mark all read, delete.
 */
export function NotificationsPage() {
  const { t } = useTranslation(['notifications', 'common']);
  const [params, setParams] = useAddressParams();
  const unreadOnly = params.get('unread') === 'true';
  const page = pageParam(params.get('page'));
  const list = useNotificationList({ unread: unreadOnly, page });
  const unread = useUnreadCount();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const remove = useDeleteNotification();
  const busy = markRead.isPending || remove.isPending;
  const data = list.data;
  const pages = data === undefined ? 1 : Math.max(1, Math.ceil(data.count / NOTIFICATIONS_PAGE_SIZE));

  const go = (changes: { unread?: boolean; page?: number }) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      const nextUnread = changes.unread ?? unreadOnly;
      if (nextUnread) next.set('unread', 'true');
      else next.delete('unread');
      const nextPage = changes.page ?? 1;
      if (nextPage > 1) next.set('page', String(nextPage));
      else next.delete('page');
      return next;
    });

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={
          <Button
            variant="outline"
            disabled={(unread.data ?? 0) === 0 || markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {t('actions.markAllRead')}
          </Button>
        }
      />

      <div role="group" aria-label={t('page.filter')} className="inline-flex rounded-lg border border-border p-1">
        {[false, true].map((value) => (
          <Button
            key={String(value)}
            size="sm"
            variant={unreadOnly === value ? 'secondary' : 'ghost'}
            aria-pressed={unreadOnly === value}
            onClick={() => go({ unread: value })}
          >
            {value ? t('page.unread') : t('page.all')}
          </Button>
        ))}
      </div>

      <QueryState
        query={list}
        errorMessage={t('list.loadFailed')}
        isEmpty={(found) => found.results.length === 0}
        empty={
          <EmptyState
            icon={BellOff}
            title={unreadOnly ? t('page.emptyUnread') : t('list.empty')}
            description={t('page.emptyDescription')}
          />
        }
      >
        {(found) => (
          <Card className="p-2">
            <ul className="divide-y divide-border">
              {found.results.map((n) => (
                <li key={n.id} className="py-1">
                  <NotificationItem
                    notification={n}
                    busy={busy}
                    onMarkRead={(id) => markRead.mutate(id)}
                    onDelete={(id) => remove.mutate(id)}
                  />
                </li>
              ))}
            </ul>
          </Card>
        )}
      </QueryState>

      {data !== undefined && pages > 1 && (
        <Pagination
          label={t('page.pagination')}
          summary={t('page.pageOf', { page, pages })}
          page={page}
          pages={pages}
          onPage={(next) => go({ page: next })}
        />
      )}
    </div>
  );
}
