import type { MembershipSummary } from '@leadcapture/contracts/auth';
import { ChevronsUpDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../features/auth/api/me.ts';
import { cn } from '../../lib/cn.ts';
import { useDeferredOverlay } from '../../lib/use-deferred-overlay.ts';
import { useSession } from '../../lib/use-session.ts';

/** The organisation the user works in: the session's, else the server's current one, else the first. */
export function useCurrentOrganization(): MembershipSummary | null {
  const me = useCurrentUser();
  const { organizationId } = useSession();
  return (
    me.organizations.find((o) => o.id === organizationId) ?? me.current_organization ?? me.organizations[0] ?? null
  );
}

/** The switcher's trigger: the current organisation's initial, name and the user's role in it. */
export function OrganizationSwitcherButton({ className, ...props }: ComponentProps<'button'>) {
  const { t } = useTranslation();
  const current = useCurrentOrganization();
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-label={t('organization.switcherLabel', { name: current?.name ?? t('organization.none') })}
      className={cn(
        'flex w-full cursor-pointer items-center gap-3 rounded-xl border border-border bg-card p-2 text-left shadow-xs transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60',
        className,
      )}
      {...props}
    >
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-sm font-semibold text-primary-foreground">
        {(current?.name ?? '?').slice(0, 1).toUpperCase()}
      </span>
      <span className="grid min-w-0 flex-1">
        <span className="truncate text-sm font-semibold text-foreground">
          {current?.name ?? t('organization.none')}
        </span>
        {current !== null && (
          <span className="truncate text-xs text-muted-foreground">{t(`roles.${current.role}`)}</span>
        )}
      </span>
      <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
    </button>
  );
}

const loadDropdown = () => import('./organization-switcher-dropdown.tsx').then((m) => m.OrganizationSwitcherDropdown);

/**
 * The organisation the user works in, and a switch to the others (POST /auth/switch-organization/).
 * The menu's code comes after the page's first paint (lib/use-deferred-overlay.ts).
 */
export function OrganizationSwitcher() {
  const menu = useDeferredOverlay(loadDropdown);
  if (menu.Overlay === null) return <OrganizationSwitcherButton {...menu.placeholderProps} />;
  return <menu.Overlay defaultOpen={menu.openOnMount} trigger={menu.triggerProps} />;
}
