import { data, type LoaderFunctionArgs } from 'react-router';
import { languageFromPath } from '../../i18n/language.ts';
import { findArticle, isHelpCategory, loadHelpLibrary, type HelpArticle, type HelpLibrary } from './help-content.ts';
import { rememberArticleTitle } from './article-titles.ts';

export interface HelpLoaderData {
  library: HelpLibrary;
  article: HelpArticle | null;
}

/**
 * The help routes' loader: the language's articles (one chunk), and the category and article of
 * the address checked against them, so an unknown one is the 404 page before anything renders.
 */
export async function helpLoader({ request, params }: LoaderFunctionArgs): Promise<HelpLoaderData> {
  const language = languageFromPath(new URL(request.url).pathname);
  const library = await loadHelpLibrary(language);
  if (params['category'] !== undefined && !isHelpCategory(params['category'])) {
    // React Router's way to answer a status from a loader (the error page reads it).
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw data(null, { status: 404 });
  }
  if (params['article'] === undefined) return { library, article: null };
  const article = findArticle(library, params['category'] ?? '', params['article']);
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (!article) throw data(null, { status: 404 });
  rememberArticleTitle(new URL(request.url).pathname, article.title);
  return { library, article };
}
