import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { namespaces } from '../../i18n/i18n.ts';
import { closePaywall, getPaywall, subscribePaywall, type Paywall } from '../../lib/paywall.ts';
import { getToasts, subscribeToasts } from '../../lib/toast.ts';
import { isRouteHandle } from '../page-strings.ts';
import type { AppT } from '../routes.tsx';

// Radix Toast loads with the first toast, and the paywall (Radix Dialog) with the first 402:
// neither is part of the first page's download.
const Toaster = lazy(() => import('../../components/ui/toaster.tsx').then((m) => ({ default: m.Toaster })));
const PaywallModal = lazy(() =>
  import('../../features/billing/components/paywall-modal.tsx').then((m) => ({ default: m.PaywallModal })),
);

/** "{page} - LeadCapture" from the deepest route that names its page, else the default title. */
function useRouteTitle(): void {
  // Not useTranslation(namespaces): that would wait for, and download, every namespace. The page
  // loads its own (i18n/i18n.ts), so the title is written again whenever a namespace arrives.
  const { i18n } = useTranslation();
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => isRouteHandle(match.handle))?.handle;
  const language = i18n.language;
  useEffect(() => {
    const write = () => {
      const t: AppT = i18n.getFixedT(language, namespaces);
      const page = isRouteHandle(handle) && handle.title !== undefined ? handle.title(t) : null;
      document.title = page === null ? t('meta.defaultTitle') : t('meta.titleTemplate', { page });
    };
    write();
    i18n.store.on('added', write);
    return () => i18n.store.off('added', write);
  }, [i18n, handle, language]);
}

/** Mounts the toaster once something has been toasted, then keeps it (its live region must stay). */
function ToastHost() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const [needed, setNeeded] = useState(toasts.length > 0);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/** The one global paywall of spec 02 §2, fed by every 402 through lib/paywall.ts. */
function PaywallHost() {
  const current = useSyncExternalStore(subscribePaywall, getPaywall, getPaywall);
  // Keep the last payload while the dialog plays its close animation.
  const [shown, setShown] = useState<Paywall | null>(current);
  if (current !== null && current !== shown) setShown(current);
  if (shown === null) return null;
  return (
    <Suspense fallback={null}>
      <PaywallModal paywall={shown} open={current !== null} onClose={closePaywall} />
    </Suspense>
  );
}

/** A thin bar at the top while the next page's code or data loads, so a slow link feels alive. */
function NavigationProgress() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label={t('ui.loadingPage')}
      className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-primary/20"
    >
      <div className="h-full w-1/3 animate-[nav-progress_1s_ease-in-out_infinite] bg-primary" />
    </div>
  );
}

export function RootLayout() {
  useRouteTitle();
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <ToastHost />
      <PaywallHost />
      <ScrollRestoration />
    </>
  );
}
