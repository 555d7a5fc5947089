import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../features/auth/api/me.ts';
import { cn } from '../../lib/cn.ts';
import { useDeferredOverlay } from '../../lib/use-deferred-overlay.ts';

function initials(first: string, last: string, email: string): string {
  const letters = `${first.trim().slice(0, 1)}${last.trim().slice(0, 1)}`;
  return (letters === '' ? email.slice(0, 1) : letters).toUpperCase();
}

/** The user menu's trigger: the user's initials, and beside them name and address unless compact. */
export function UserMenuButton({
  compact = false,
  className,
  ...props
}: ComponentProps<'button'> & { compact?: boolean }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const name = `${me.first_name} ${me.last_name}`.trim() || me.email;
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-label={t('userMenu.label', { name })}
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-xl text-left transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
        compact ? 'p-1 max-sm:p-1.5' : 'w-full p-2',
        className,
      )}
      {...props}
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
    </button>
  );
}

const loadDropdown = () => import('./user-menu-dropdown.tsx').then((m) => m.UserMenuDropdown);

/**
 * Profile, settings, theme, language and log out (spec 01 §2, brief §4). The menu's code comes
 * after the page's first paint (lib/use-deferred-overlay.ts); until then its button is drawn alone.
 */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const menu = useDeferredOverlay(loadDropdown);
  if (menu.Overlay === null) return <UserMenuButton compact={compact} {...menu.placeholderProps} />;
  return <menu.Overlay compact={compact} defaultOpen={menu.openOnMount} trigger={menu.triggerProps} />;
}
