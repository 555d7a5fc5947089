import { useTranslation } from 'react-i18next';
import { localizePath, type Language } from '../i18n/language.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { LogoMark } from './logo-mark.tsx';

type SiteHeaderProps = { pathname: string; search: string; language: Language; isHome: boolean };

export function SiteHeader({ pathname, search, language, isHome }: SiteHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-10 border-b border-slate-200/80 bg-white/85 backdrop-blur-md dark:border-slate-800/80 dark:bg-slate-950/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <a
          href={localizePath('/', language)}
          aria-current={isHome ? 'page' : undefined}
          className="flex items-center gap-2.5 rounded-md text-lg font-semibold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600 dark:text-white"
        >
          <LogoMark className="size-8" />
          {t('brand.name')}
        </a>
        <LanguageSwitch pathname={pathname} search={search} current={language} />
      </div>
    </header>
  );
}
