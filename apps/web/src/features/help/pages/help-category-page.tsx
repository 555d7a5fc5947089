import { Link, useLoaderData, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PublicPage } from '../../../components/public-page.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { CategoryIcon } from '../components/category-icon.tsx';
import { HelpBreadcrumbs } from '../components/help-breadcrumbs.tsx';
import { HelpContactCard } from '../components/help-contact-card.tsx';
import { isHelpCategory } from '../help-content.ts';
import { helpLoader, type HelpLoaderData } from '../help-loader.ts';

export { helpLoader as loader };

/** /help/{category}: the category's articles with their summaries. */
export function HelpCategoryPage() {
  const { t } = useTranslation('help');
  const { lp } = useLocalizedPath();
  const { library } = useLoaderData<HelpLoaderData>();
  const { category } = useParams();
  // The loader answered 404 for anything else.
  if (!isHelpCategory(category)) return null;
  const articles = library.filter((article) => article.category === category);

  return (
    <PublicPage>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <HelpBreadcrumbs trail={[{ label: t('home'), to: lp('/help') }, { label: t(`categories.${category}.name`) }]} />
        <div className="mt-6 flex items-center gap-3">
          <span className="flex size-11 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
            <CategoryIcon category={category} className="size-6" />
          </span>
          <h1 className="text-3xl font-semibold tracking-tight text-foreground">{t(`categories.${category}.name`)}</h1>
        </div>
        <p className="mt-3 text-lg text-muted-foreground">{t(`categories.${category}.description`)}</p>
        <p className="mt-1 text-sm text-muted-foreground">{t('articleCount', { count: articles.length })}</p>
        <ul className="mt-8 divide-y divide-border overflow-hidden rounded-xl border border-border bg-card">
          {articles.map((article) => (
            <li key={article.slug}>
              <Link
                to={lp(`/help/${category}/${article.slug}`)}
                className="block px-5 py-4 hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
              >
                <span className="block font-semibold text-foreground">{article.title}</span>
                <span className="mt-1 block text-sm text-muted-foreground">{article.summary}</span>
              </Link>
            </li>
          ))}
        </ul>
        <HelpContactCard />
      </div>
    </PublicPage>
  );
}
