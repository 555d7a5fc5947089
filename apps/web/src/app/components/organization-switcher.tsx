import { Building2, ChevronsUpDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { useCurrentUser } from '../../features/auth/api/me.ts';
import { useSwitchOrganization } from '../../features/auth/api/switch-organization.ts';
import { cn } from '../../lib/cn.ts';
import { useSession } from '../../lib/use-session.ts';

/** The organisation the user works in, and a switch to the others (POST /auth/switch-organization/). */
export function OrganizationSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const { organizationId } = useSession();
  const switchOrganization = useSwitchOrganization();
  const current =
    me.organizations.find((o) => o.id === organizationId) ?? me.current_organization ?? me.organizations[0] ?? null;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={cn(
          'flex w-full cursor-pointer items-center gap-3 rounded-xl border border-border bg-card p-2 text-left shadow-xs transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60',
          className,
        )}
        disabled={switchOrganization.isPending}
        aria-label={t('organization.switcherLabel', { name: current?.name ?? t('organization.none') })}
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
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-[var(--radix-dropdown-menu-trigger-width)] min-w-60">
        <DropdownMenuLabel>{t('organization.listLabel')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={current?.id ?? ''}
          onValueChange={(id) => {
            if (id !== current?.id) switchOrganization.mutate(id);
          }}
        >
          {me.organizations.map((organization) => (
            <DropdownMenuRadioItem key={organization.id} value={organization.id}>
              <Building2 aria-hidden="true" />
              <span className="grid min-w-0">
                <span className="truncate">{organization.name}</span>
                <span className="text-xs text-muted-foreground">{t(`roles.${organization.role}`)}</span>
              </span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
