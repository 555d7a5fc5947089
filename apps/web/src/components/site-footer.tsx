import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalizedPath } from '../i18n/use-localized-path.ts';

/** The public footer (home, legal and contact pages): copyright, the legal texts and the contact page. */
export function SiteFooter() {
  const { t } = useTranslation();
  const { lp } = useLocalizedPath();
  const linkClass =
    'rounded-sm underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-[current=page]:font-medium aria-[current=page]:text-foreground';
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        <nav aria-label={t('footer.legal')}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <NavLink to={lp('/terms')} className={linkClass}>
                {t('footer.terms')}
              </NavLink>
            </li>
            <li>
              <NavLink to={lp('/privacy')} className={linkClass}>
                {t('footer.privacy')}
              </NavLink>
            </li>
            <li>
              <NavLink to={lp('/contact')} className={linkClass}>
                {t('footer.contact')}
              </NavLink>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
