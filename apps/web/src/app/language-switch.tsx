import { useTranslation } from 'react-i18next';
import { languages, localizePath, type Language } from '../i18n/language.ts';

type LanguageSwitchProps = { pathname: string; search: string; current: Language };

/**
 * Plain links rather than a client-side toggle: each language has its own URL, so the switch
 * works without JavaScript state, can be opened in a new tab and keeps the page the user is on.
 */
export function LanguageSwitch({ pathname, search, current }: LanguageSwitchProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.languageSwitch')}>
      <ul className="flex items-center gap-0.5 rounded-full border border-slate-200 bg-white p-0.5 text-sm shadow-xs dark:border-slate-700 dark:bg-slate-900">
        {languages.map((language) => {
          const active = language === current;
          return (
            <li key={language}>
              <a
                href={`${localizePath(pathname, language)}${search}`}
                hrefLang={language}
                lang={language}
                aria-current={active ? 'true' : undefined}
                className={`block rounded-full px-3 py-1 font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
                  active
                    ? 'bg-slate-900 text-white dark:bg-white dark:text-slate-900'
                    : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
                }`}
              >
                {t(`language.${language}`)}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
