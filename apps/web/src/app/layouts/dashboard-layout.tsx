import { Menu, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { Suspense, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../components/logo-mark.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useLocalizedPath } from '../../i18n/use-localized-path.ts';
import { OrganizationSwitcher } from '../components/organization-switcher.tsx';
import { SidebarNav } from '../components/sidebar-nav.tsx';
import { UserMenu } from '../components/user-menu.tsx';

function Brand() {
  const { t } = useTranslation();
  const { lp } = useLocalizedPath();
  return (
    <Link
      to={lp('/dashboard')}
      className="flex items-center gap-2.5 rounded-md text-base font-semibold tracking-tight text-foreground focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
    >
      <LogoMark className="size-7" />
      {t('brand.name')}
    </Link>
  );
}

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

/**
 * The signed-in shell: a fixed sidebar from `lg` up, a top bar with a drawer below it. Both use
 * the same SidebarNav, so app/navigation.ts is the one list to extend.
 */
export function DashboardLayout() {
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <div className="min-h-dvh bg-background">
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-3 py-2 text-sm font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[70]"
      >
        {t('nav.skipToContent')}
      </a>

      {/* Desktop sidebar */}
      <aside
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
        <DialogPrimitive.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
          <DialogPrimitive.Trigger asChild>
            <Button variant="ghost" size="icon" aria-label={t('nav.openMenu')}>
              <Menu aria-hidden="true" />
            </Button>
          </DialogPrimitive.Trigger>
          <DialogPrimitive.Portal>
            <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in lg:hidden" />
            <DialogPrimitive.Content
              aria-describedby={undefined}
              className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col bg-sidebar shadow-2xl focus:outline-none data-[state=closed]:animate-drawer-out data-[state=open]:animate-drawer-in lg:hidden"
            >
              <div className="flex h-14 shrink-0 items-center justify-between pr-2 pl-4">
                <DialogPrimitive.Title className="sr-only">{t('nav.main')}</DialogPrimitive.Title>
                <Brand />
                <DialogPrimitive.Close asChild>
                  <Button variant="ghost" size="icon" aria-label={t('nav.closeMenu')}>
                    <X aria-hidden="true" />
                  </Button>
                </DialogPrimitive.Close>
              </div>
              <div className="px-3 pb-4">
                <OrganizationSwitcher />
              </div>
              <div className="flex-1 overflow-y-auto px-3 pb-6">
                <SidebarNav onNavigate={() => setDrawerOpen(false)} />
              </div>
            </DialogPrimitive.Content>
          </DialogPrimitive.Portal>
        </DialogPrimitive.Root>
        <div className="flex-1">
          <Brand />
        </div>
        <Bell />
        <UserMenu compact />
      </header>

      <main id="main" tabIndex={-1} className="focus:outline-none lg:pl-68">
        <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8 lg:px-10 lg:py-10">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
