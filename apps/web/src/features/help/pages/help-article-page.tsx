import { Link, useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PublicPage } from '../../../components/public-page.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { ArticleFeedback } from '../components/article-feedback.tsx';
import { HelpBreadcrumbs } from '../components/help-breadcrumbs.tsx';
import { HelpContactCard } from '../components/help-contact-card.tsx';
import { MarkdownArticle } from '../components/markdown-article.tsx';
import { helpLoader, type HelpLoaderData } from '../help-loader.ts';

export { helpLoader as loader };

/** /help/{category}/{article}: the article, its table of contents, "Was this helpful?" and more of its category. */
export function HelpArticlePage() {
  const { t } = useTranslation('help');
  const { lp, language } = useLocalizedPath();
  const { library, article } = useLoaderData<HelpLoaderData>();
  // The loader answered 404 without an article.
  if (article === null) return null;
  const categoryName = t(`categories.${article.category}.name`);
  const siblings = library.filter((other) => other.category === article.category && other.slug !== article.slug);
  const toc = article.headings.filter((heading) => heading.depth === 2);

  return (
    <PublicPage>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 sm:py-14 lg:grid-cols-[minmax(0,1fr)_16rem] lg:px-8">
        <article className="min-w-0 lg:col-start-1 lg:row-start-1">
          <HelpBreadcrumbs
            trail={[
              { label: t('home'), to: lp('/help') },
              { label: categoryName, to: lp(`/help/${article.category}`) },
              { label: article.title },
            ]}
          />
          <h1 className="mt-6 text-3xl font-semibold tracking-tight text-balance text-foreground sm:text-4xl">
            {article.title}
          </h1>
          <p className="mt-3 text-lg text-pretty text-muted-foreground">{article.summary}</p>
          {toc.length > 1 && (
            <nav
              aria-label={t('article.toc')}
              className="mt-8 rounded-xl border border-border bg-muted/40 p-4 lg:hidden"
            >
              <TocList title={t('article.toc')} items={toc} />
            </nav>
          )}
          <div className="mt-4">
            <MarkdownArticle markdown={article.body} language={language} tableLabel={t('article.table')} />
          </div>
          <ArticleFeedback
            key={`${article.category}/${article.slug}`}
            category={article.category}
            slug={article.slug}
          />
          <HelpContactCard />
        </article>
        <aside className="lg:col-start-2 lg:row-start-1">
          <div className="space-y-8 lg:sticky lg:top-24">
            {toc.length > 1 && (
              <nav aria-label={`${t('article.toc')} (${article.title})`} className="hidden lg:block">
                <TocList title={t('article.toc')} items={toc} />
              </nav>
            )}
            {siblings.length > 0 && (
              <div>
                <h2 className="text-sm font-semibold text-foreground">
                  {t('article.more', { category: categoryName })}
                </h2>
                <ul className="mt-3 space-y-2 text-sm">
                  {siblings.map((other) => (
                    <li key={other.slug}>
                      <Link
                        to={lp(`/help/${other.category}/${other.slug}`)}
                        className="text-muted-foreground hover:text-foreground hover:underline"
                      >
                        {other.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        </aside>
      </div>
    </PublicPage>
  );
}

function TocList({ title, items }: { title: string; items: { id: string; text: string }[] }) {
  return (
    <>
      <p className="text-sm font-semibold text-foreground">{title}</p>
      <ol className="mt-3 space-y-2 border-l border-border text-sm">
        {items.map((item) => (
          <li key={item.id} className="-ml-px">
            <a
              href={`#${item.id}`}
              className="block border-l border-transparent pl-3 text-muted-foreground hover:border-foreground hover:text-foreground"
            >
              {item.text}
            </a>
          </li>
        ))}
      </ol>
    </>
  );
}
