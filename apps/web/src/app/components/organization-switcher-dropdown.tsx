import { Building2, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { useCurrentUser } from '../../features/auth/api/me.ts';
import { useSwitchOrganization } from '../../features/auth/api/switch-organization.ts';
import type { DeferredTriggerProps } from '../../lib/use-deferred-overlay.ts';
import { CreateOrganizationDialog } from './create-organization-dialog.tsx';
import { OrganizationSwitcherButton, useCurrentOrganization } from './organization-switcher.tsx';

/** The switcher's menu itself (organization-switcher.tsx draws it once its code is here). */
export function OrganizationSwitcherDropdown({
  defaultOpen,
  trigger,
}: {
  defaultOpen: boolean;
  trigger: DeferredTriggerProps;
}) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const current = useCurrentOrganization();
  const switchOrganization = useSwitchOrganization();
  const [creating, setCreating] = useState(false);

  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>
          <OrganizationSwitcherButton disabled={switchOrganization.isPending} {...trigger} />
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
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            {t('organization.create')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {/* Outside the menu, which closes as the item is chosen; mounted only while open (starts empty). */}
      {creating && <CreateOrganizationDialog onClose={() => setCreating(false)} />}
    </>
  );
}
