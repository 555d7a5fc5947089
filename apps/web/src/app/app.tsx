import { useTranslation } from 'react-i18next';
import { stripLanguagePrefix, type Language } from '../i18n/language.ts';
import { HomePage } from '../pages/home-page.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export type AppProps = { pathname: string; search: string; language: Language };

/**
 * One page for now. The server answers index.html for every non-API path, so unknown paths
 * (including deep links that a later router will own, like /sv/leads) land here and get a
 * proper not-found page in the right language instead of a blank screen.
 */
export function App({ pathname, search, language }: AppProps) {
  const { t } = useTranslation();
  const isHome = stripLanguagePrefix(pathname) === '/';
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-20"
      >
        {t('nav.skipToContent')}
      </a>
      <SiteHeader pathname={pathname} search={search} language={language} isHome={isHome} />
      {/* tabIndex lets the skip link move focus here in every browser. */}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {isHome ? <HomePage /> : <NotFoundPage language={language} />}
      </main>
      <SiteFooter />
    </div>
  );
}
