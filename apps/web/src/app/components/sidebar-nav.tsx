import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { stripLanguagePrefix } from '../../i18n/language.ts';
import { useLocalizedPath } from '../../i18n/use-localized-path.ts';
import { cn } from '../../lib/cn.ts';
import { isNavItemActive, navItems, type NavItem } from '../navigation.ts';
import { SetupGuideProgress } from './setup-guide-progress.tsx';

/** The main navigation from app/navigation.ts; used by the desktop sidebar and the phone drawer. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { lp } = useLocalizedPath();
  const path = stripLanguagePrefix(useLocation().pathname);
  const groups: { id: NavItem['group']; label: string }[] = [
    { id: 'main', label: t('nav.mainGroup') },
    { id: 'account', label: t('nav.accountGroup') },
  ];
  return (
    <nav aria-label={t('nav.main')} className="grid gap-6">
      {groups.map((group) => (
        <div key={group.id}>
          <p className="px-3 pb-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {group.label}
          </p>
          <ul className="grid gap-0.5">
            {navItems
              .filter((item) => item.group === group.id)
              .map((item) => {
                const active = isNavItemActive(item, path);
                const Icon = item.icon;
                return (
                  <li key={item.to}>
                    <NavLink
                      to={lp(item.to)}
                      end
                      onClick={onNavigate}
                      aria-current={active ? 'page' : undefined}
                      className={cn(
                        'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                        active
                          ? 'bg-primary-soft text-primary-soft-foreground'
                          : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
                      )}
                    >
                      <Icon aria-hidden="true" className="size-[1.125rem] shrink-0" />
                      {item.label(t)}
                      {item.to === '/onboarding' && <SetupGuideProgress />}
                    </NavLink>
                  </li>
                );
              })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
