import { LifeBuoy } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';

/** The way out of the help centre to a person: the contact form (24-hour reply). */
export function HelpContactCard() {
  const { t } = useTranslation('help');
  const { lp } = useLocalizedPath();
  return (
    <aside className="mt-12 flex flex-col gap-4 rounded-xl border border-border bg-muted/50 p-5 sm:flex-row sm:items-center">
      <LifeBuoy aria-hidden="true" className="size-8 shrink-0 text-primary-soft-foreground" />
      <div className="flex-1">
        <h2 className="font-semibold text-foreground">{t('contact.title')}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('contact.body')}</p>
      </div>
      <Link
        to={lp('/contact')}
        className="inline-flex h-10 items-center justify-center rounded-lg bg-primary px-4 text-sm font-semibold text-primary-foreground shadow-sm hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {t('contact.link')}
      </Link>
    </aside>
  );
}
