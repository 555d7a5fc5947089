import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { languageOf, languages, localizePath } from '../i18n/language.ts';
import { writeLocaleCookie } from '../i18n/locale-cookie.ts';
import { cn } from '../lib/cn.ts';
import { languageSwitchClasses } from './ui/classes.ts';

/**
 * Links rather than a toggle: each language has its own URL, so the switch keeps the page the
 * user is on, can be opened in a new tab and is what search engines follow. Signed-in pages use
 * the user menu instead, which also saves the choice on the profile.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const current = languageOf(i18n.language);
  return (
    <nav aria-label={t('nav.languageSwitch')} className={className}>
      <ul className={languageSwitchClasses.list}>
        {languages.map((language) => {
          const active = language === current;
          return (
            <li key={language}>
              <Link
                to={`${localizePath(pathname, language)}${search}`}
                hrefLang={language}
                lang={language}
                aria-current={active ? 'true' : undefined}
                onClick={() => writeLocaleCookie(language)}
                className={cn(
                  languageSwitchClasses.link,
                  active ? languageSwitchClasses.active : languageSwitchClasses.inactive,
                )}
              >
                {t(`language.${language}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
