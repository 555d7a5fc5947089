import { Languages, LogOut, Moon, Settings, Sun, UserRound } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { useCurrentUser } from '../../features/auth/api/me.ts';
import { useUpdateLanguage } from '../../features/auth/api/update-language.ts';
import { isLanguage, languages, localizePath } from '../../i18n/language.ts';
import { writeLocaleCookie } from '../../i18n/locale-cookie.ts';
import { useLocalizedPath } from '../../i18n/use-localized-path.ts';
import { toggleTheme } from '../../lib/theme.ts';
import { useTheme } from '../../lib/use-theme.ts';
import type { DeferredTriggerProps } from '../../lib/use-deferred-overlay.ts';
import { UserMenuButton } from './user-menu.tsx';

/** The user menu itself (user-menu.tsx draws it once its code is here). */
export function UserMenuDropdown({
  compact,
  defaultOpen,
  trigger,
}: {
  compact: boolean;
  defaultOpen: boolean;
  trigger: DeferredTriggerProps;
}) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const theme = useTheme();
  const logout = useLogout();
  const updateLanguage = useUpdateLanguage();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { lp, language } = useLocalizedPath();
  const name = `${me.first_name} ${me.last_name}`.trim() || me.email;

  const switchLanguage = (value: string) => {
    if (!isLanguage(value) || value === language) return;
    writeLocaleCookie(value);
    // The URL carries the language; the profile remembers it for mail and the next sign-in.
    void navigate(`${localizePath(pathname, value)}${search}`);
    updateLanguage.mutate(value);
  };

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <UserMenuButton compact={compact} {...trigger} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align={compact ? 'end' : 'start'} side={compact ? 'bottom' : 'top'} className="w-64">
        <DropdownMenuLabel className="grid">
          <span className="truncate text-sm font-medium text-popover-foreground">{name}</span>
          <span className="truncate font-normal">{me.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem asChild>
            <Link to={lp('/settings/profile')}>
              <UserRound aria-hidden="true" />
              {t('nav.profile')}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={lp('/settings')}>
              <Settings aria-hidden="true" />
              {t('nav.settings')}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={(event) => {
              // Stay open so the change can be seen and undone.
              event.preventDefault();
              toggleTheme();
            }}
          >
            {theme === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
            {theme === 'dark' ? t('theme.switchToLight') : t('theme.switchToDark')}
          </DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuLabel className="flex items-center gap-2">
          <Languages aria-hidden="true" className="size-3.5" />
          {t('userMenu.language')}
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup value={language} onValueChange={switchLanguage}>
          {languages.map((value) => (
            <DropdownMenuRadioItem key={value} value={value} lang={value}>
              {t(`language.${value}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem destructive disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOut aria-hidden="true" />
          {t('userMenu.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
