import type { Notification } from '@leadcapture/contracts/notifications';
import { Check, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatRelative } from '../../../lib/format.ts';
import { notificationText } from './notification-text.ts';

type NotificationItemProps = {
  notification: Notification;
  onMarkRead: (id: string) => void;
  /** Shown on the page, not in the bell's popover. */
  onDelete?: ((id: string) => void) | undefined;
  /** Following the link (closes the popover); the notification is marked read too. */
  onNavigate?: (() => void) | undefined;
  busy?: boolean;
};

/** One notification: its sentence linking to what it is about, when, and its actions. */
export function NotificationItem({ notification: n, onMarkRead, onDelete, onNavigate, busy }: NotificationItemProps) {
  const { t, i18n } = useTranslation('notifications');
  const { lp } = useLocalizedPath();
  const sentence = notificationText(t, n);
  return (
    <div className={cn('flex items-start gap-3 rounded-lg px-3 py-2.5', !n.is_read && 'bg-primary-soft/60')}>
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', n.is_read ? 'bg-transparent' : 'bg-primary')}
      />
      <div className="min-w-0 flex-1">
        <p className="text-sm text-foreground">
          {n.link ? (
            <Link
              to={lp(n.link)}
              className="font-medium underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              onClick={() => {
                if (!n.is_read) onMarkRead(n.id);
                onNavigate?.();
              }}
            >
              {sentence}
            </Link>
          ) : (
            sentence
          )}
          {!n.is_read && <span className="sr-only"> ({t('item.unread')})</span>}
        </p>
        <p className="mt-0.5 text-xs text-muted-foreground">
          <time dateTime={n.created_at} title={formatDate(n.created_at, i18n.language, 'PPp')}>
            {formatRelative(n.created_at, i18n.language)}
          </time>
        </p>
      </div>
      <div className="flex shrink-0 gap-1">
        {!n.is_read && (
          <Button
            variant="ghost"
            size="icon-sm"
            disabled={busy}
            aria-label={t('item.markRead', { text: sentence })}
            title={t('item.markReadShort')}
            onClick={() => onMarkRead(n.id)}
          >
            <Check aria-hidden="true" />
          </Button>
        )}
        {onDelete !== undefined && (
          <Button
            variant="ghost"
            size="icon-sm"
            disabled={busy}
            aria-label={t('item.delete', { text: sentence })}
            title={t('item.deleteShort')}
            onClick={() => onDelete(n.id)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        )}
      </div>
    </div>
  );
}
