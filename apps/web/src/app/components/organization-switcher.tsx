import type { MembershipSummary } from '@leadcapture/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import { ChevronsUpDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../features/auth/api/me.ts';
import { organizationQueryOptions } from '../../features/settings/api/organization.ts';
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

/** Black or white, whichever reads better on `hex` (#rrggbb): the WCAG relative luminance split. */
function textOn(hex: string): string {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

/**
 * The organisation's mark in the sidebar: its logo (organisation settings), else its initial on
 * its primary colour; the app's own colour until the organisation has loaded.
 */
function OrganizationMark({ id, name }: { id: string | null; name: string }) {
  const organization = useQuery({ ...organizationQueryOptions(id ?? ''), enabled: id !== null, staleTime: 300_000 });
  const data = organization.data;
  if (data?.logo_url) {
    return (
      <img
        src={data.logo_url}
        alt=""
        className="size-8 shrink-0 rounded-lg border border-border bg-white object-contain"
      />
    );
  }
  const colour = data !== undefined && /^#[0-9a-f]{6}$/i.test(data.primary_color) ? data.primary_color : null;
  return (
    <span
      className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-sm font-semibold text-primary-foreground"
      style={colour === null ? undefined : { backgroundColor: colour, color: textOn(colour) }}
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** The switcher's trigger: the current organisation's mark, name and the user's role in it. */
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
      <OrganizationMark id={current?.id ?? null} name={current?.name ?? '?'} />
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
