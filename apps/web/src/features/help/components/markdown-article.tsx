import type { ComponentProps, ReactNode } from 'react';
import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';
import { Link } from 'react-router';
import remarkGfm from 'remark-gfm';
import type { Language } from '../../../i18n/language.ts';
import { localizePath } from '../../../i18n/language.ts';
import { headingId } from '../help-content.ts';
import { screenshotUrl } from '../screenshots.ts';

/** The text of a heading's children, for its anchor (the same rule as the table of contents). */
function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (node !== null && typeof node === 'object' && 'props' in node) {
    return textOf((node.props as { children?: ReactNode }).children);
  }
  return '';
}

/**
 * An article's Markdown as React elements (react-markdown with GitHub tables): no HTML string is
 * ever injected, and raw HTML in a file is shown as text, not run. Headings get the anchors the
 * table of contents links to; `screenshot:<name>` images are the committed screenshots of the
 * page's language; links inside the help centre stay in the app and in the page's language.
 */
export function MarkdownArticle({
  markdown,
  language,
  tableLabel,
}: {
  markdown: string;
  language: Language;
  /** The accessible name of a table's scrolling box. */
  tableLabel: string;
}) {
  const components: Components = {
    h2: ({ children }) => (
      <h2 id={headingId(textOf(children))} className="mt-10 scroll-mt-24 text-xl font-semibold text-foreground">
        {children}
      </h2>
    ),
    h3: ({ children }) => (
      <h3 id={headingId(textOf(children))} className="mt-8 scroll-mt-24 text-lg font-semibold text-foreground">
        {children}
      </h3>
    ),
    p: ({ children }) => <p className="mt-4 leading-7">{children}</p>,
    ul: ({ children }) => <ul className="mt-4 list-disc space-y-2 pl-6">{children}</ul>,
    ol: ({ children }) => <ol className="mt-4 list-decimal space-y-2 pl-6">{children}</ol>,
    li: ({ children }) => <li className="pl-1 leading-7">{children}</li>,
    strong: ({ children }) => <strong className="font-semibold text-foreground">{children}</strong>,
    code: ({ children }) => (
      <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.875em] text-foreground">{children}</code>
    ),
    table: ({ children }) => (
      // Focusable, so a keyboard can scroll a table wider than a phone (axe: scrollable-region-focusable).
      <div
        role="region"
        aria-label={tableLabel}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus (WCAG 2.1.1)
        tabIndex={0}
        className="mt-6 overflow-x-auto rounded-lg border border-border focus-visible:outline-2 focus-visible:outline-ring"
      >
        <table className="w-full border-collapse text-left text-sm">{children}</table>
      </div>
    ),
    th: ({ children }) => <th className="border-b border-border bg-muted px-3 py-2 font-semibold">{children}</th>,
    td: ({ children }) => <td className="border-b border-border px-3 py-2 align-top">{children}</td>,
    a: ({ href, children }) => (
      <ArticleLink href={href ?? ''} language={language}>
        {children}
      </ArticleLink>
    ),
    img: ({ src, alt }) => (
      <figure className="mt-6">
        <img
          src={typeof src === 'string' ? src : ''}
          alt={alt ?? ''}
          loading="lazy"
          decoding="async"
          width={1366}
          height={768}
          className="h-auto w-full rounded-lg border border-border shadow-sm"
        />
        {alt ? <figcaption className="mt-2 text-sm text-muted-foreground">{alt}</figcaption> : null}
      </figure>
    ),
  };
  return (
    <div className="text-base text-foreground/90">
      <Markdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        components={components}
        urlTransform={(url, key) =>
          key === 'src' && url.startsWith('screenshot:')
            ? (screenshotUrl(url.slice('screenshot:'.length), language) ?? '')
            : defaultUrlTransform(url)
        }
      >
        {markdown}
      </Markdown>
    </div>
  );
}

function ArticleLink({ href, language, children }: { href: string; language: Language } & ComponentProps<'a'>) {
  const className = 'font-medium text-primary-soft-foreground underline underline-offset-2 hover:no-underline';
  if (href.startsWith('/')) {
    return (
      <Link to={localizePath(href, language)} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} rel="noopener noreferrer">
      {children}
    </a>
  );
}
