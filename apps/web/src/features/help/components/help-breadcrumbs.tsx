import { ChevronRight } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Where the page is in the help centre; the last crumb is the page itself (not a link). */
export function HelpBreadcrumbs({ trail }: { trail: { label: string; to?: string }[] }) {
  const { t } = useTranslation('help');
  return (
    <nav aria-label={t('breadcrumb')} className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1.5">
        {trail.map((crumb, index) => (
          <Fragment key={crumb.label}>
            {index > 0 && (
              <li aria-hidden="true">
                <ChevronRight className="size-3.5" />
              </li>
            )}
            <li>
              {crumb.to === undefined ? (
                <span aria-current="page" className="font-medium text-foreground">
                  {crumb.label}
                </span>
              ) : (
                <Link to={crumb.to} className="underline-offset-2 hover:text-foreground hover:underline">
                  {crumb.label}
                </Link>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
