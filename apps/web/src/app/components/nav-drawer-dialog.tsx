import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import type { DeferredTriggerProps } from '../../lib/use-deferred-overlay.ts';
import { Brand } from './brand.tsx';
import { NavDrawerButton } from './nav-drawer.tsx';
import { OrganizationSwitcher } from './organization-switcher.tsx';
import { SidebarNav } from './sidebar-nav.tsx';

/** The drawer itself (nav-drawer.tsx draws it once its code is here). */
export function NavDrawerDialog({ defaultOpen, trigger }: { defaultOpen: boolean; trigger: DeferredTriggerProps }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(defaultOpen);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        <NavDrawerButton {...trigger} />
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
            <SidebarNav onNavigate={() => setOpen(false)} />
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
