import MiniSearch, { type SearchResult } from 'minisearch';
import type { HelpCategory } from '@leadcapture/contracts/help';
import type { Language } from '../../i18n/language.ts';
import type { HelpLibrary } from './help-content.ts';

/**
 * Search across the help articles' titles, summaries, headings and bodies with MiniSearch:
 * prefix matching (as you type) and fuzzy matching (typos: about one wrong letter in five).
 * Terms are normalised for Swedish and English alike: lowercased, and å ä ö (and é, ü…) folded
 * to their base letter, so "forsaljning", "försäljning" and "FÖRSÄLJNING" are one term and a
 * visitor without a Swedish keyboard still finds the article. Common words of the language are
 * dropped so they neither match everything nor push results around.
 */

/** Longest query searched; the box stops there too. Longer input would only cost time. */
export const HELP_QUERY_MAX_LENGTH = 200;

const STOP_WORDS: Record<Language, ReadonlySet<string>> = {
  en: new Set(
    'a an and are as at be by can do for from how i in is it my of on or the to what when where who why with you your'.split(
      ' ',
    ),
  ),
  sv: new Set(
    'och att det som en ett i pa ar av for med till den har de inte om var jag kan man hur vad nar min mitt mina ni er du dig pa'.split(
      ' ',
    ),
  ),
};

/** Lowercase and without diacritics: å ä → a, ö → o, é → e. */
export function foldTerm(term: string): string {
  return term.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

export interface HelpHit {
  category: HelpCategory;
  slug: string;
  title: string;
  summary: string;
}

interface Indexed {
  id: string;
  category: HelpCategory;
  slug: string;
  title: string;
  summary: string;
  headings: string;
  body: string;
}

/** Markdown syntax that is not words: images' targets, code fences, table rules, emphasis marks. */
function plainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_#>|-]+/g, ' ');
}

export interface HelpSearch {
  search(query: string): HelpHit[];
}

export function createHelpSearch(language: Language, library: HelpLibrary): HelpSearch {
  const stopWords = STOP_WORDS[language];
  const processTerm = (term: string) => {
    const folded = foldTerm(term);
    return folded.length === 0 || stopWords.has(folded) ? null : folded;
  };
  const index = new MiniSearch<Indexed>({
    fields: ['title', 'summary', 'headings', 'body'],
    storeFields: ['category', 'slug', 'title', 'summary'],
    processTerm,
    searchOptions: {
      boost: { title: 4, headings: 2, summary: 2 },
      prefix: true,
      fuzzy: 0.2,
      combineWith: 'AND',
      processTerm,
    },
  });
  index.addAll(
    library.map((article) => ({
      id: `${article.category}/${article.slug}`,
      category: article.category,
      slug: article.slug,
      title: article.title,
      summary: article.summary,
      headings: article.headings.map((h) => h.text).join(' '),
      body: plainText(article.body),
    })),
  );
  const toHit = (result: SearchResult): HelpHit => ({
    category: result['category'] as HelpCategory,
    slug: result['slug'] as string,
    title: result['title'] as string,
    summary: result['summary'] as string,
  });
  return {
    search(query) {
      const text = query.slice(0, HELP_QUERY_MAX_LENGTH).trim();
      if (text === '') return [];
      const all = index.search(text);
      // Every word must match somewhere; when a typo leaves nothing, any word may.
      const results = all.length > 0 ? all : index.search(text, { combineWith: 'OR' });
      return results.slice(0, 10).map(toHit);
    },
  };
}
