import { ArrowLeft } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PublicPage } from '../../../components/public-page.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { formatDate } from '../../../lib/format.ts';

/** The date both legal texts were last changed; shown at the top of each. */
export const LEGAL_LAST_UPDATED = '2026-11-21';

/** A section in legal.json: a title, then paragraphs (strings) and lists (objects), in file order. */
type LegalSection = { title: string; body: Record<string, string | Record<string, string>> };

/**
 * One legal text (/terms or /privacy) in the public signed-out look: site header and footer,
 * a table of contents with in-page anchors, numbered sections, and a link to the other text.
 * The copy lives in the `legal` namespace, so both languages share this layout.
 */
export function LegalDocument({ document }: { document: 'terms' | 'privacy' }) {
  const { t } = useTranslation('legal');
  const { lp, language } = useLocalizedPath();
  const tocId = useId();
  const relatedId = useId();
  const sections = Object.entries(
    t(`${document}.sections`, { returnObjects: true }) as unknown as Record<string, LegalSection>,
  );
  const other = document === 'terms' ? 'privacy' : 'terms';
  const anchor = (key: string) => `${document}-${key}`;

  return (
    <PublicPage>
      <div className="mx-auto max-w-6xl px-4 pt-10 pb-16 sm:px-6 sm:pt-14 lg:px-8 lg:pb-24">
        <header className="max-w-3xl">
          <p className="text-sm font-semibold text-primary-soft-foreground">{t('eyebrow')}</p>
          <h1 className="mt-2 text-3xl font-semibold tracking-tight text-balance text-foreground sm:text-4xl">
            {t(`${document}.title`)}
          </h1>
          <p className="mt-3 text-sm text-muted-foreground">
            {t('lastUpdated')}:{' '}
            <time dateTime={LEGAL_LAST_UPDATED}>{formatDate(LEGAL_LAST_UPDATED, language, 'PPP')}</time>
          </p>
          <p className="mt-6 text-lg/8 text-pretty text-muted-foreground">{t(`${document}.intro`)}</p>
        </header>

        <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-16">
          <nav aria-labelledby={tocId} className="lg:sticky lg:top-24 lg:self-start">
            <div className="rounded-xl border border-border bg-card p-5 text-card-foreground">
              <h2 id={tocId} className="text-sm font-semibold text-foreground">
                {t('contents')}
              </h2>
              <ol className="mt-3 space-y-2 text-sm">
                {sections.map(([key, section], index) => (
                  <li key={key} className="flex gap-2">
                    <span aria-hidden="true" className="w-5 shrink-0 text-right text-muted-foreground tabular-nums">
                      {index + 1}.
                    </span>
                    <a
                      href={`#${anchor(key)}`}
                      className="rounded-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                    >
                      {section.title}
                    </a>
                  </li>
                ))}
              </ol>
            </div>
          </nav>

          <article className="max-w-3xl min-w-0">
            {sections.map(([key, section], index) => (
              <section
                key={key}
                id={anchor(key)}
                aria-labelledby={`${anchor(key)}-title`}
                className="scroll-mt-24 border-b border-border py-8 first:pt-0 last:border-b-0"
              >
                <h2 id={`${anchor(key)}-title`} className="text-xl font-semibold tracking-tight text-foreground">
                  <span className="text-muted-foreground tabular-nums">{index + 1}.</span> {section.title}
                </h2>
                <div className="mt-4 space-y-4 text-base/7 text-foreground/90">
                  {Object.entries(section.body).map(([part, content]) =>
                    typeof content === 'string' ? (
                      <p key={part}>{content}</p>
                    ) : (
                      <ul key={part} className="list-disc space-y-2 pl-6 marker:text-muted-foreground">
                        {Object.entries(content).map(([item, text]) => (
                          <li key={item}>{text}</li>
                        ))}
                      </ul>
                    ),
                  )}
                </div>
              </section>
            ))}

            <section
              aria-labelledby={relatedId}
              className="mt-8 flex flex-col gap-4 rounded-xl border border-border bg-card p-5 text-card-foreground sm:flex-row sm:items-center sm:justify-between"
            >
              <h2 id={relatedId} className="sr-only">
                {t('relatedTitle')}
              </h2>
              <Link
                to={lp(`/${other}`)}
                className="rounded-sm font-semibold text-primary-soft-foreground underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {t(`${document}.seeOther`)}
              </Link>
              <Link
                to={lp('/')}
                className="inline-flex items-center gap-1.5 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <ArrowLeft aria-hidden="true" className="size-4" />
                {t('backHome')}
              </Link>
            </section>
          </article>
        </div>
      </div>
    </PublicPage>
  );
}
