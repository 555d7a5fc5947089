import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { LogoMark } from '../../../components/logo-mark.tsx';
import { ThemeToggle } from '../../../components/theme-toggle.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';

type AuthShellProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Under the card: "No account? Create one" and the like. */
  footer?: ReactNode;
};

/** The frame of every /auth/* page (no dashboard layout): brand, language and theme, one card. */
export function AuthShell({ title, description, children, footer }: AuthShellProps) {
  const { t } = useTranslation();
  const { lp } = useLocalizedPath();
  return (
    <div className="relative isolate flex min-h-dvh flex-col bg-background">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-80 bg-[radial-gradient(50%_60%_at_50%_0%,var(--color-indigo-100),transparent)] dark:bg-[radial-gradient(50%_60%_at_50%_0%,--alpha(var(--color-indigo-500)/16%),transparent)]"
      />
      <header className="flex items-center justify-between gap-3 px-4 py-4 sm:px-6">
        <Link
          to={lp('/')}
          className="flex items-center gap-2.5 rounded-md text-base font-semibold tracking-tight text-foreground focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
        >
          <LogoMark className="size-7" />
          {t('brand.name')}
        </Link>
        <div className="flex items-center gap-1">
          <ThemeToggle />
          <LanguageSwitch />
        </div>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:items-center sm:pt-0">
        <div className="w-full max-w-md">
          <div className="rounded-2xl border border-border bg-card px-5 py-7 shadow-xl shadow-slate-900/5 sm:px-8 sm:py-9 dark:shadow-black/30">
            <h1 className="text-2xl font-semibold tracking-tight text-foreground">{title}</h1>
            {description !== undefined && <p className="mt-2 text-sm text-muted-foreground">{description}</p>}
            <div className="mt-7">{children}</div>
          </div>
          {footer !== undefined && <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div>}
        </div>
      </main>
    </div>
  );
}
