import { renderToString } from 'react-dom/server';
import type { Language } from '../i18n/language.ts';
import { LandingPage } from './landing-page.tsx';
import { createTranslator } from './strings.ts';

/**
 * The landing page as HTML, rendered at build time (scripts/prerender-landing.mjs, through the
 * light build's preact/compat alias) so / and /sv carry the whole page before any script runs;
 * main.tsx hydrates the same tree. Whatever depends on the visitor (theme, reduced motion, the
 * redirects) is left to the browser: this render is the state every visitor starts from.
 */
export function renderLandingPage(language: Language): string {
  return renderToString(<LandingPage language={language} t={createTranslator(language)} />);
}

const ROOT = '<div id="root"></div>';
const STYLESHEET = /<link rel="stylesheet"[^>]*? href="([^"]+)"[^>]*>/g;

/**
 * The built page's HTML with the rendered page in #root and its stylesheets inlined (`read` gives
 * a stylesheet's text from its address): the CSS is small, and as a file it was the one request
 * between the HTML and the first paint.
 */
export function prerenderedHtml(html: string, language: Language, read: (href: string) => string): string {
  if (!html.includes(ROOT)) throw new Error(`the landing page's HTML no longer has ${ROOT}`);
  return html
    .replace(ROOT, () => `<div id="root">${renderLandingPage(language)}</div>`)
    .replace(STYLESHEET, (_link, href: string) => {
      const css = read(href);
      if (css.includes('</style')) throw new Error(`${href} cannot be inlined: it holds </style`);
      return `<style>${css}</style>`;
    });
}
