import { HELP_ARTICLES, HELP_CATEGORIES, helpArticleList } from '@leadcapture/contracts/help';
import { describe, expect, it } from 'vitest';
import { files as english } from './content-en.ts';
import { files as swedish } from './content-sv.ts';
import { buildLibrary, parseArticle } from './help-content.ts';
import { screenshotNames, screenshotUrl } from './screenshots.ts';

const paths = (files: Record<string, string>, language: string) =>
  Object.keys(files)
    .map((path) => path.replace(`./content/${language}/`, ''))
    .sort();

describe('help content', () => {
  it('has at least 24 articles in the six categories, at least three in each', () => {
    expect(HELP_CATEGORIES).toEqual([
      'getting-started',
      'lead-management',
      'integrations',
      'analytics',
      'security',
      'billing',
    ]);
    expect(helpArticleList().length).toBeGreaterThanOrEqual(24);
    for (const category of HELP_CATEGORIES) expect(HELP_ARTICLES[category].length).toBeGreaterThanOrEqual(3);
  });

  it('has every article in English and Swedish, with the same categories and slugs and nothing else', () => {
    const expected = helpArticleList()
      .map(({ category, slug }) => `${category}/${slug}.md`)
      .sort();
    expect(paths(english, 'en')).toEqual(expected);
    expect(paths(swedish, 'sv')).toEqual(expected);
  });

  it('gives every article a title, a summary, headings and a body in both languages', () => {
    const en = buildLibrary('en', english);
    const sv = buildLibrary('sv', swedish);
    expect(sv.map((a) => `${a.category}/${a.slug}`)).toEqual(en.map((a) => `${a.category}/${a.slug}`));
    en.forEach((article, i) => {
      const translated = sv[i];
      expect(translated, article.slug).toBeDefined();
      if (!translated) return;
      expect(article.body.length, article.slug).toBeGreaterThan(400);
      expect(translated.body.length, article.slug).toBeGreaterThan(400);
      // A translation, not a copy: the Swedish title differs from the English one.
      expect(translated.title, article.slug).not.toBe(article.title);
      // Same structure: as many sections, and the same screenshots.
      expect(translated.headings.length, article.slug).toBe(article.headings.length);
      expect(screenshotNames(translated.body), article.slug).toEqual(screenshotNames(article.body));
    });
  });

  it('has every screenshot an article shows, in its language, with alt text', () => {
    for (const [language, files] of [
      ['en', english],
      ['sv', swedish],
    ] as const) {
      for (const [path, source] of Object.entries(files)) {
        for (const name of screenshotNames(source))
          expect(screenshotUrl(name, language), `${path}: ${name}`).toBeTruthy();
        for (const match of source.matchAll(/!\[([^\]]*)\]\(/g)) expect(match[1]?.trim(), path).not.toBe('');
      }
    }
  });

  it('refuses a file without front matter or without a title', () => {
    expect(() => parseArticle('billing', 'x', '# no front matter')).toThrow(/front matter/);
    expect(() => parseArticle('billing', 'x', '---\nsummary: "s"\n---\nbody')).toThrow(/title/);
    const ok = parseArticle(
      'billing',
      'x',
      '---\ntitle: "T: colon"\nsummary: "S"\n---\n\n## One\n\n```\n## not a heading\n```\n',
    );
    expect(ok.title).toBe('T: colon');
    expect(ok.headings).toEqual([{ id: 'one', text: 'One', depth: 2 }]);
  });
});
