import { HELP_CATEGORIES } from '@leadcapture/contracts/help';
import { ChevronRight } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLoaderData, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PublicPage } from '../../../components/public-page.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { CategoryIcon } from '../components/category-icon.tsx';
import { HelpContactCard } from '../components/help-contact-card.tsx';
import { HelpSearchBox } from '../components/help-search-box.tsx';
import { helpLoader, type HelpLoaderData } from '../help-loader.ts';
import { createHelpSearch } from '../help-search.ts';

export { helpLoader as loader };

/** /help and /sv/help (spec 01 §2, 03-decisions §4d): search and the six categories. */
export function HelpHomePage() {
  const { t } = useTranslation('help');
  const { lp, language } = useLocalizedPath();
  const { library } = useLoaderData<HelpLoaderData>();
  const search = useMemo(() => createHelpSearch(language, library), [language, library]);
  const [params, setParams] = useSearchParams();
  // The box answers every key at once; the address follows (a navigation per key would lag the typing).
  const [query, setQuery] = useState(() => params.get('q') ?? '');
  useEffect(() => {
    if ((params.get('q') ?? '') === query) return;
    setParams(query === '' ? {} : { q: query }, { replace: true, preventScrollReset: true });
  }, [query, params, setParams]);

  return (
    <PublicPage>
      <div className="border-b border-border bg-muted/40">
        <div className="mx-auto max-w-3xl px-4 pt-12 pb-10 sm:px-6 sm:pt-16">
          <p className="text-sm font-semibold text-primary-soft-foreground">{t('eyebrow')}</p>
          <h1 className="mt-2 text-3xl font-semibold tracking-tight text-balance text-foreground sm:text-4xl">
            {t('title')}
          </h1>
          <p className="mt-3 text-lg text-pretty text-muted-foreground">{t('intro')}</p>
          <div className="mt-8">
            <HelpSearchBox search={search} query={query} onQueryChange={setQuery} />
          </div>
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
        <h2 className="text-xl font-semibold text-foreground">{t('categories.title')}</h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {HELP_CATEGORIES.map((category) => {
            const articles = library.filter((article) => article.category === category);
            return (
              <li key={category} className="flex flex-col rounded-xl border border-border bg-card p-5 shadow-xs">
                <div className="flex items-center gap-3">
                  <span className="flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
                    <CategoryIcon category={category} className="size-5" />
                  </span>
                  <h3 className="font-semibold text-foreground">
                    <Link to={lp(`/help/${category}`)} className="hover:underline">
                      {t(`categories.${category}.name`)}
                    </Link>
                  </h3>
                </div>
                <p className="mt-3 text-sm text-muted-foreground">{t(`categories.${category}.description`)}</p>
                <ul className="mt-4 space-y-2 text-sm">
                  {articles.map((article) => (
                    <li key={article.slug}>
                      <Link
                        to={lp(`/help/${category}/${article.slug}`)}
                        className="group inline-flex items-start gap-1 text-foreground hover:text-primary-soft-foreground"
                      >
                        <ChevronRight aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                        <span className="group-hover:underline">{article.title}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
        <HelpContactCard />
      </div>
    </PublicPage>
  );
}
