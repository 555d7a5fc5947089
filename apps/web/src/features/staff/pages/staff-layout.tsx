import { NavLink, Navigate, Outlet, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { cn } from '../../../lib/cn.ts';
import { clearStaffToken, staffToken } from '../api/staff-api.ts';

/** The staff console's own light layout: a top bar with its sections, no tenant navigation. */
export function StaffLayout() {
  const { t } = useTranslation('staff');
  const { lp } = useLocalizedPath();
  const navigate = useNavigate();
  if (staffToken() === null) return <Navigate to={lp('/staff/login')} replace />;
  const sections = [
    ['users', '/staff/users'],
    ['organizations', '/staff/organizations'],
    ['audit', '/staff/audit'],
    ['system', '/staff/system'],
  ] as const;
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-3">
          <span className="font-semibold">{t('console')}</span>
          <nav aria-label={t('nav.label')} className="flex flex-1 flex-wrap gap-1">
            {sections.map(([key, path]) => (
              <NavLink
                key={key}
                to={lp(path)}
                className={({ isActive }) =>
                  cn(
                    'rounded-md px-3 py-1.5 text-sm font-medium',
                    isActive ? 'bg-foreground text-background' : 'text-muted-foreground hover:text-foreground',
                  )
                }
              >
                {t(`nav.${key}`)}
              </NavLink>
            ))}
          </nav>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              clearStaffToken();
              void navigate(lp('/staff/login'));
            }}
          >
            {t('nav.signOut')}
          </Button>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}
