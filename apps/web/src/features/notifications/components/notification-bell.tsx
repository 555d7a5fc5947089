import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useDeferredOverlay } from '../../../lib/use-deferred-overlay.ts';
import { useUnreadCount } from '../api/notifications.ts';

/** More than this shows as "99+" on the badge; the label says the exact number. */
const BADGE_MAX = 99;

/** The bell itself: the unread count (polled) on a badge, the exact number in its label. */
export function BellButton(props: ComponentProps<'button'>) {
  const { t, i18n } = useTranslation('notifications');
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  return (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      aria-haspopup="dialog"
      aria-label={count === 0 ? t('bell.labelNone') : t('bell.label', { count })}
      {...props}
    >
      <Bell aria-hidden="true" />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white"
        >
          {count > BADGE_MAX ? `${BADGE_MAX}+` : formatNumber(count, i18n.language)}
        </span>
      )}
    </Button>
  );
}

const loadPopover = () => import('./notification-bell-popover.tsx').then((m) => m.NotificationBellPopover);

/**
 * The bell in the dashboard's header, with a popover of the latest notifications. The popover's
 * code comes when the user reaches for it (lib/use-deferred-overlay.ts).
 */
export function NotificationBell() {
  const popover = useDeferredOverlay(loadPopover);
  if (popover.Overlay === null) return <BellButton {...popover.placeholderProps} />;
  return <popover.Overlay defaultOpen={popover.openOnMount} trigger={popover.triggerProps} />;
}
