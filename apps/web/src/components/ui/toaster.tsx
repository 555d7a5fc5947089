import { CircleAlert, CircleCheck, Info, TriangleAlert, X, type LucideIcon } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { dismissToast, getToasts, subscribeToasts, type Toast, type ToastType } from '../../lib/toast.ts';

/**
 * Renders the toast queue of lib/toast.ts. Mounted once by the app providers; raise toasts with
 * `toast.success(title, { message })` etc. from anywhere. Radix supplies the live region (errors
 * are announced assertively, the rest politely), pause on hover and focus, swipe to dismiss and
 * the F8 shortcut to reach the toasts from the keyboard.
 */

const icons: Record<ToastType, LucideIcon> = {
  success: CircleCheck,
  error: CircleAlert,
  warning: TriangleAlert,
  info: Info,
};

const iconTone: Record<ToastType, string> = {
  success: 'text-emerald-600 dark:text-emerald-400',
  error: 'text-red-600 dark:text-red-400',
  warning: 'text-amber-600 dark:text-amber-400',
  info: 'text-sky-600 dark:text-sky-400',
};

function ToastItem({ item }: { item: Toast }) {
  const { t } = useTranslation();
  const Icon = icons[item.type];
  return (
    <ToastPrimitive.Root
      duration={item.duration}
      type={item.type === 'error' ? 'foreground' : 'background'}
      onOpenChange={(open) => {
        if (!open) dismissToast(item.id);
      }}
      data-toast-type={item.type}
      className={cn(
        'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border border-border bg-popover p-4 pr-10 text-popover-foreground shadow-lg',
        'data-[state=closed]:animate-toast-out data-[state=open]:animate-toast-in data-[swipe=end]:animate-toast-out data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
      )}
    >
      <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', iconTone[item.type])} />
      <div className="grid min-w-0 gap-1">
        <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
        {item.message !== undefined && (
          <ToastPrimitive.Description className="text-sm break-words whitespace-pre-line text-muted-foreground">
            {item.message}
          </ToastPrimitive.Description>
        )}
        {item.action !== undefined && (
          <ToastPrimitive.Action
            altText={item.action.label}
            onClick={item.action.onClick}
            className="mt-1.5 w-fit cursor-pointer rounded-md text-sm font-semibold text-primary-soft-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {item.action.label}
          </ToastPrimitive.Action>
        )}
      </div>
      <ToastPrimitive.Close
        aria-label={t('ui.close')}
        className="absolute top-3 right-3 inline-flex size-7 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X aria-hidden="true" className="size-4" />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}

export function Toaster() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    // Provider label prefixes each announcement ("Notification: …"); the viewport label names the
    // region and tells keyboard users its shortcut (Radix fills in {hotkey}).
    <ToastPrimitive.Provider swipeDirection="right" label={t('ui.notification')}>
      {toasts.map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
      <ToastPrimitive.Viewport
        label={t('ui.notifications')}
        className="fixed right-0 bottom-0 z-[100] flex max-h-dvh w-full flex-col gap-2 p-4 outline-none sm:max-w-sm"
      />
    </ToastPrimitive.Provider>
  );
}
