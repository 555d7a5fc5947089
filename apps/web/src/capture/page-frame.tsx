import type { ReactNode } from 'react';
import { localizePath, type Language } from '../i18n/language.ts';
import { accentVariables, DEFAULT_ACCENT } from './accent.ts';
import type { Translate } from './i18n.ts';

/** Buttons and focus rings of the pages without an event (not found, could not load, confirm). */
const neutralAccent = accentVariables(DEFAULT_ACCENT);

/** The accent button of the page (submit, try again): the event's colour, readable text on it. */
export const primaryButtonClass =
  'inline-flex h-12 w-full items-center justify-center gap-2 rounded-xl bg-(--form-accent) px-6 text-base font-semibold text-(--form-accent-foreground) shadow-sm transition hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--form-ring) disabled:cursor-wait disabled:opacity-70 sm:w-auto sm:min-w-40';

export const secondaryButtonClass =
  'inline-flex h-11 items-center justify-center gap-2 rounded-xl border border-input bg-card px-5 text-sm font-semibold text-foreground shadow-xs transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--form-ring)';

export const cardClass = 'rounded-2xl bg-card text-card-foreground shadow-xl shadow-slate-900/5 ring-1 ring-border';

export interface PageFrameProps {
  /** The event's accent variables; without them (loading, not found) the band is neutral. */
  accent?: Record<string, string> | undefined;
  /** Shown under the card once the page has content (not while loading: it would move down). */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * The public layout: a band of the event's colour across the top, the page's card over it, and
 * a small footer. No dashboard chrome: a visitor came for one form.
 */
export function PageFrame({ accent, footer, children }: PageFrameProps) {
  return (
    <div className="capture-accent flex min-h-dvh flex-col" style={accent ?? neutralAccent}>
      <div
        aria-hidden="true"
        className={accent === undefined ? 'h-36 bg-muted sm:h-52' : 'capture-band h-36 sm:h-52'}
      />
      <main id="main" className="relative -mt-24 flex-1 px-3 pb-8 sm:-mt-36 sm:px-6 sm:pb-12">
        <div className="mx-auto grid w-full max-w-2xl gap-6">{children}</div>
      </main>
      {footer}
    </div>
  );
}

/** The other language of this same page, with its query (the QR marker, UTM tags) kept. */
export function otherLanguageHref(pathname: string, search: string, language: Language): string {
  return `${localizePath(pathname, language === 'en' ? 'sv' : 'en')}${search}`;
}

export function PageFooter({
  t,
  language,
  pathname,
  search,
}: {
  t: Translate;
  language: Language;
  pathname: string;
  search: string;
}) {
  const other = language === 'en' ? 'sv' : 'en';
  return (
    <footer className="px-4 pb-8 text-center text-sm text-muted-foreground">
      <p className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1">
        <a
          href={otherLanguageHref(pathname, search, language)}
          lang={other}
          hrefLang={other}
          className="inline-flex min-h-11 items-center rounded-sm underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-(--form-ring,var(--ring))"
        >
          {t('footer.otherLanguage')}
        </a>
        <span aria-hidden="true">·</span>
        <a
          href={localizePath('/', language)}
          className="inline-flex min-h-11 items-center rounded-sm underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-(--form-ring,var(--ring))"
        >
          {t('footer.poweredBy', { brand: 'LeadCapture' })}
        </a>
      </p>
    </footer>
  );
}

/**
 * The organiser's mark at the top of a page's card: its logo (the event's, else the
 * organisation's), or the organiser's initial on the brand colour when there is none.
 */
export function BrandMark({ logoUrl, name, t }: { logoUrl: string | null; name: string; t: Translate }) {
  if (logoUrl !== null) {
    return (
      <img
        src={logoUrl}
        alt={t('event.logoAlt', { organization: name })}
        width={64}
        height={64}
        className="size-16 shrink-0 rounded-2xl bg-white object-contain p-1.5 shadow-sm ring-1 ring-border"
      />
    );
  }
  return (
    <div
      aria-hidden="true"
      className="grid size-16 shrink-0 place-items-center rounded-2xl bg-(--form-accent) text-2xl font-bold text-(--form-accent-foreground) shadow-sm"
    >
      {name.trim().charAt(0).toUpperCase()}
    </div>
  );
}

/** Not found, could not load, an invalid link: an icon, a title (the page's h1), a text, an action. */
export function MessageCard({
  icon,
  title,
  children,
  headingRef,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  headingRef?: (element: HTMLHeadingElement | null) => void;
}) {
  return (
    <section className={`${cardClass} grid justify-items-center gap-4 px-6 py-12 text-center sm:px-12 sm:py-16`}>
      <div className="grid size-14 place-items-center rounded-full bg-muted text-muted-foreground">{icon}</div>
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight text-foreground focus:outline-none"
      >
        {title}
      </h1>
      {children}
    </section>
  );
}
