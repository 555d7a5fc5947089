import { HELP_ARTICLES, HELP_CATEGORIES, type HelpCategory } from '@leadcapture/contracts/help';
import { parse as parseYaml } from 'yaml';
import type { Language } from '../../i18n/language.ts';

/**
 * The help centre's articles: Markdown files in ./content/{en,sv}/<category>/<slug>.md with a
 * front matter block (title, summary). The index of what exists is the contract's HELP_ARTICLES;
 * help-content.test.ts holds the files to it in both languages.
 */

export interface HelpHeading {
  id: string;
  text: string;
  depth: 2 | 3;
}

export interface HelpArticle {
  category: HelpCategory;
  slug: string;
  title: string;
  summary: string;
  /** The Markdown after the front matter. */
  body: string;
  headings: HelpHeading[];
}

export type HelpLibrary = readonly HelpArticle[];

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;

/** Splits and checks the front matter; a file without a title or summary is a build-breaking bug. */
export function parseArticle(category: HelpCategory, slug: string, source: string): HelpArticle {
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new Error(`help article ${category}/${slug} has no front matter`);
  const meta: unknown = parseYaml(match[1] ?? '');
  if (typeof meta !== 'object' || meta === null) throw new Error(`help article ${category}/${slug}: bad front matter`);
  const { title, summary } = meta as Record<string, unknown>;
  if (typeof title !== 'string' || typeof summary !== 'string' || title === '' || summary === '') {
    throw new Error(`help article ${category}/${slug} needs a title and a summary`);
  }
  const body = source.slice(match[0].length);
  return { category, slug, title, summary, body, headings: headingsOf(body) };
}

/** Anchor of a heading: lowercase words joined by dashes, å ä ö folded so the link stays ASCII. */
export function headingId(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** `##` and `###` headings outside code blocks: the article's table of contents. */
function headingsOf(body: string): HelpHeading[] {
  const headings: HelpHeading[] = [];
  let inFence = false;
  for (const line of body.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence) continue;
    const heading = /^(#{2,3})\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading?.[1] && heading[2]) {
      headings.push({ id: headingId(heading[2]), text: heading[2], depth: heading[1].length as 2 | 3 });
    }
  }
  return headings;
}

/** Raw files by path, one language's glob (content-en.ts / content-sv.ts). */
export type RawContent = Record<string, string>;

/** Builds a language's library in the contract's order; a missing file throws. */
export function buildLibrary(language: Language, files: RawContent): HelpLibrary {
  return HELP_CATEGORIES.flatMap((category) =>
    HELP_ARTICLES[category].map((slug) => {
      const source = files[`./content/${language}/${category}/${slug}.md`];
      if (source === undefined) throw new Error(`help article ${language}/${category}/${slug}.md is missing`);
      return parseArticle(category, slug, source);
    }),
  );
}

const libraries = new Map<Language, Promise<HelpLibrary>>();

/** One chunk per language (every article of it), fetched once. */
export function loadHelpLibrary(language: Language): Promise<HelpLibrary> {
  let library = libraries.get(language);
  if (!library) {
    const files = language === 'sv' ? import('./content-sv.ts') : import('./content-en.ts');
    library = files.then((m) => buildLibrary(language, m.files));
    library.catch(() => libraries.delete(language));
    libraries.set(language, library);
  }
  return library;
}

export const findArticle = (library: HelpLibrary, category: string, slug: string): HelpArticle | undefined =>
  library.find((article) => article.category === category && article.slug === slug);

export const isHelpCategory = (value: string | undefined): value is HelpCategory =>
  (HELP_CATEGORIES as readonly string[]).includes(value ?? '');
