import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../features/auth/api/me.ts';
import { getImpersonation } from '../../lib/impersonation.ts';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { PwaPrompts } from '../../features/pwa/components/pwa-prompts.tsx';
import { Brand } from '../components/brand.tsx';
import { NavDrawer } from '../components/nav-drawer.tsx';
import { OrganizationSwitcher } from '../components/organization-switcher.tsx';
import { SidebarNav } from '../components/sidebar-nav.tsx';
import { UserMenu } from '../components/user-menu.tsx';

/**
 * The notifications bell. Its strings are a namespace of their own: while they download, an
 * empty slot of the bell's size keeps the header from jumping, and the page is not held up.
 */
function Bell() {
  return (
    <Suspense fallback={<span className="inline-block size-10" aria-hidden="true" />}>
      <NotificationBell />
    </Suspense>
  );
}

// Billing's queries and their schemas (zod, ~26 KB gzip) load only for those who read billing,
// once the browser is idle after the first paint, so they never compete with the page's own.
const BillingBanner = lazy(() =>
  import('../../features/billing/components/billing-banner.tsx').then((m) => ({ default: m.BillingBanner })),
);

// The live socket (features/live) and its code load after the shell, beside the page's own.
const LiveUpdates = lazy(() =>
  import('../../features/live/components/live-updates.tsx').then((m) => ({ default: m.LiveUpdates })),
);
// The impersonation banner's code loads only in a tab a staff member is impersonating in.
const ImpersonationBanner = lazy(() =>
  import('../../features/staff/components/impersonation-banner.tsx').then((m) => ({
    default: m.ImpersonationBanner,
  })),
);

/**
 * The billing banner above the page (spec 02 §8), for owners and admins only: the billing API
 * answers 403 to members and viewers, so for them nothing is loaded or asked.
 */
function ShellBillingBanner() {
  const organization = useCurrentUser().current_organization;
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(() => setIdle(true), { timeout: 2_000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), 200);
    return () => clearTimeout(timer);
  }, []);
  if (!idle || organization === null || (organization.role !== 'owner' && organization.role !== 'admin')) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <BillingBanner key={organization.id} role={organization.role} organizationId={organization.id} />
    </Suspense>
  );
}

/**
 * The signed-in shell: a fixed sidebar from `lg` up, a top bar with a drawer below it. Both use
 * the same SidebarNav, so app/navigation.ts is the one list to extend. Its menus, the bell's
 * popover and the drawer load when the user reaches for them, behind buttons that look the same
 * (lib/use-deferred-overlay.ts).
 */
export function DashboardLayout() {
  const { t } = useTranslation();

  return (
    <div className="min-h-dvh bg-background">
      {getImpersonation() && (
        <Suspense fallback={null}>
          <ImpersonationBanner />
        </Suspense>
      )}
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-3 py-2 text-sm font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[70]"
      >
        {t('nav.skipToContent')}
      </a>

      {/* Desktop sidebar */}
      <aside
        data-tour="navigation"
        aria-label={t('nav.sidebar')}
        className="fixed inset-y-0 left-0 z-30 hidden w-68 flex-col border-r border-border bg-sidebar lg:flex"
      >
        <div className="flex h-16 shrink-0 items-center justify-between gap-2 pr-2 pl-5">
          <Brand />
          <Bell />
        </div>
        <div className="px-3 pb-4">
          <OrganizationSwitcher />
        </div>
        <div className="flex-1 overflow-y-auto px-3 pb-4">
          <SidebarNav />
        </div>
        <div className="border-t border-border p-3">
          <UserMenu />
        </div>
      </aside>

      {/* Phone and tablet top bar with the drawer */}
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-border bg-background/85 px-3 backdrop-blur-md lg:hidden">
        <NavDrawer />
        <div className="flex-1">
          <Brand />
        </div>
        <Bell />
        <UserMenu compact />
      </header>

      <main id="main" tabIndex={-1} className="focus:outline-none lg:pl-68">
        <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8 lg:px-10 lg:py-10">
          <ShellBillingBanner />
          <Outlet />
          <PwaPrompts />
          <Suspense fallback={null}>
            <LiveUpdates />
          </Suspense>
        </div>
      </main>
    </div>
  );
}
