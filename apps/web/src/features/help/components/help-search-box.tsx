import { Search, X } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { controlClasses } from '../../../components/ui/classes.ts';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { cn } from '../../../lib/cn.ts';
import { HELP_QUERY_MAX_LENGTH, type HelpSearch } from '../help-search.ts';

/**
 * The help centre's search: results as you type, from the page's own index (no request). The
 * query lives in the address (`?q=`), so a search can be shared and the back button restores it.
 */
export function HelpSearchBox({
  search,
  query,
  onQueryChange,
}: {
  search: HelpSearch;
  query: string;
  onQueryChange: (query: string) => void;
}) {
  const { t } = useTranslation('help');
  const { lp } = useLocalizedPath();
  const inputId = useId();
  const statusId = useId();
  const hits = useMemo(() => search.search(query), [search, query]);
  const trimmed = query.trim();

  return (
    <div>
      <form role="search" aria-label={t('search.label')} onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={inputId} className="sr-only">
          {t('search.label')}
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted-foreground"
          />
          <input
            id={inputId}
            type="search"
            value={query}
            maxLength={HELP_QUERY_MAX_LENGTH}
            onChange={(event) => onQueryChange(event.target.value)}
            placeholder={t('search.placeholder')}
            aria-describedby={trimmed === '' ? undefined : statusId}
            autoComplete="off"
            spellCheck={false}
            className={cn(controlClasses, 'h-12 pr-12 pl-11 text-base [&::-webkit-search-cancel-button]:hidden')}
          />
          {query !== '' && (
            <button
              type="button"
              onClick={() => onQueryChange('')}
              className="absolute top-1/2 right-2 flex size-9 -translate-y-1/2 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X aria-hidden="true" className="size-4" />
              <span className="sr-only">{t('search.clear')}</span>
            </button>
          )}
        </div>
      </form>
      <p id={statusId} role="status" className={cn('mt-4 text-sm text-muted-foreground', trimmed === '' && 'sr-only')}>
        {trimmed === ''
          ? ''
          : hits.length === 0
            ? t('search.none', { query: trimmed })
            : t('search.results', { count: hits.length, query: trimmed })}
      </p>
      {hits.length > 0 && (
        <ul className="mt-3 divide-y divide-border overflow-hidden rounded-xl border border-border bg-card">
          {hits.map((hit) => (
            <li key={`${hit.category}/${hit.slug}`}>
              <Link
                to={lp(`/help/${hit.category}/${hit.slug}`)}
                className="block px-4 py-3 hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
              >
                <span className="block text-xs font-medium text-muted-foreground">
                  {t(`categories.${hit.category}.name`)}
                </span>
                <span className="mt-0.5 block font-semibold text-foreground">{hit.title}</span>
                <span className="mt-0.5 block text-sm text-muted-foreground">{hit.summary}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
