import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import type { DeferredTriggerProps } from '../../../lib/use-deferred-overlay.ts';
import {
  LATEST_COUNT,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationList,
  useUnreadCount,
} from '../api/notifications.ts';
import { BellButton } from './notification-bell.tsx';
import { NotificationItem } from './notification-item.tsx';

/**
 * The bell's popover (notification-bell.tsx draws it once its code is here): the latest
 * notifications, "mark all as read" and a link to the notifications page. The latest load when
 * the popover opens, not on every page.
 */
export function NotificationBellPopover({
  defaultOpen,
  trigger,
}: {
  defaultOpen: boolean;
  trigger: DeferredTriggerProps;
}) {
  const { t } = useTranslation('notifications');
  const { lp } = useLocalizedPath();
  const [open, setOpen] = useState(defaultOpen);
  const unread = useUnreadCount();
  const latest = useNotificationList({ pageSize: LATEST_COUNT }, { enabled: open });
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const count = unread.data ?? 0;

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <BellButton {...trigger} />
      </PopoverTrigger>
      <PopoverContent align="end" className="w-96 p-0" aria-label={t('bell.title')}>
        <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
          <h2 className="text-sm font-semibold text-foreground">{t('bell.title')}</h2>
          <Button
            variant="ghost"
            size="sm"
            disabled={count === 0 || markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {t('actions.markAllRead')}
          </Button>
        </div>
        <div className="p-2">
          <QueryState
            query={latest}
            compact
            errorMessage={t('list.loadFailed')}
            loading={<Spinner decorative className="size-5" />}
            loadingLabel={t('list.loading')}
            className="justify-items-center px-3 py-6 text-center"
            isEmpty={(found) => found.results.length === 0}
            empty={<p className="px-3 py-6 text-center text-sm text-muted-foreground">{t('list.empty')}</p>}
          >
            {(found) => (
              <ul className="space-y-1">
                {found.results.map((n) => (
                  <li key={n.id}>
                    <NotificationItem
                      notification={n}
                      busy={markRead.isPending}
                      onMarkRead={(id) => markRead.mutate(id)}
                      onNavigate={() => setOpen(false)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </div>
        <div className="border-t border-border px-4 py-2.5 text-center">
          <Link
            to={lp('/notifications')}
            onClick={() => setOpen(false)}
            className="text-sm font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {t('bell.viewAll')}
          </Link>
        </div>
      </PopoverContent>
    </Popover>
  );
}
