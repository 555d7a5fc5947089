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
import { cn } from '../../lib/cn.ts';
import { toggleTheme } from '../../lib/theme.ts';
import { useTheme } from '../../lib/use-theme.ts';

function initials(first: string, last: string, email: string): string {
  const letters = `${first.trim().slice(0, 1)}${last.trim().slice(0, 1)}`;
  return (letters === '' ? email.slice(0, 1) : letters).toUpperCase();
}

/** Profile, settings, theme, language and log out (spec 01 §2, brief §4). */
export function UserMenu({ compact = false }: { compact?: boolean }) {
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
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={t('userMenu.label', { name })}
        className={cn(
          'flex cursor-pointer items-center gap-3 rounded-xl text-left transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
          compact ? 'p-1' : 'w-full p-2',
        )}
      >
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-800 text-xs font-semibold text-white dark:bg-slate-200 dark:text-slate-900"
        >
          {initials(me.first_name, me.last_name, me.email)}
        </span>
        {!compact && (
          <span className="grid min-w-0 flex-1">
            <span className="truncate text-sm font-medium text-foreground">{name}</span>
            <span className="truncate text-xs text-muted-foreground">{me.email}</span>
          </span>
        )}
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
