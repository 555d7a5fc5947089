import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './language-switch.tsx';
import { LogoMark } from './logo-mark.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { Button } from './ui/button.tsx';
import { useLocalizedPath } from '../i18n/use-localized-path.ts';

export function SiteHeader() {
  const { t } = useTranslation();
  const { lp } = useLocalizedPath();
  return (
    <header className="sticky top-0 z-10 border-b border-border/80 bg-background/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        {/* NavLink: aria-current="page" on the landing page only, not on /terms or /privacy. */}
        <NavLink
          to={lp('/')}
          end
          className="flex items-center gap-2.5 rounded-md text-lg font-semibold tracking-tight text-foreground focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
        >
          <LogoMark />
          <span className="max-sm:sr-only">{t('brand.name')}</span>
        </NavLink>
        <div className="flex items-center gap-1.5 sm:gap-3">
          <LanguageSwitch />
          <ThemeToggle className="max-sm:hidden" />
          <Button asChild variant="ghost" className="max-sm:px-2.5">
            <Link to={lp('/auth/login')}>{t('home.signIn')}</Link>
          </Button>
          <Button asChild className="max-sm:hidden">
            <Link to={lp('/auth/register')}>{t('home.startTrial')}</Link>
          </Button>
        </div>
      </div>
    </header>
  );
}
