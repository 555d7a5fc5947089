import type { Language } from '../../i18n/language.ts';

/**
 * Screenshots of the real product, taken with headless Chromium from the running app with
 * sample data (apps/web/scripts/help-screenshots.mjs), one per language: src/assets/screenshots/<lang>/<name>.jpg (the landing page's walkthrough shows them too).
 * Only their addresses are bundled; the images load when an article shows them.
 */
const files = import.meta.glob<string>('../../assets/screenshots/*/*.jpg', {
  query: '?url',
  import: 'default',
  eager: true,
});

export function screenshotUrl(name: string, language: Language): string | undefined {
  return files[`../../assets/screenshots/${language}/${name}.jpg`];
}

/** Names referenced as `screenshot:<name>` in an article's Markdown. */
export function screenshotNames(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(screenshot:([a-z0-9-]+)\)/g)].map((m) => m[1] ?? '');
}
