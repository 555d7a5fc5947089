import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthFrame, authBrandClass, authBrandNameClass } from '../../../components/auth-frame.tsx';
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

/** The frame of every /auth/* page of the app (no dashboard layout): brand, language and theme, one card. */
export function AuthShell({ title, description, children, footer }: AuthShellProps) {
  const { t } = useTranslation();
  const { lp } = useLocalizedPath();
  return (
    <AuthFrame
      brand={
        <Link to={lp('/')} className={authBrandClass}>
          <LogoMark className="size-7" />
          <span className={authBrandNameClass}>{t('brand.name')}</span>
        </Link>
      }
      controls={
        <>
          <ThemeToggle />
          <LanguageSwitch />
        </>
      }
      title={title}
      description={description}
      footer={footer}
    >
      {children}
    </AuthFrame>
  );
}
