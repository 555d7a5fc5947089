import { House } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalizedPath } from '../i18n/use-localized-path.ts';
import { Button } from './ui/button.tsx';

/** The codes with their own title and message (spec 02 §8); anything else is the generic page. */
export const ERROR_PAGE_CODES = [401, 403, 404, 500] as const;
type KnownCode = (typeof ERROR_PAGE_CODES)[number];

function isKnownCode(status: number): status is KnownCode {
  return ERROR_PAGE_CODES.some((code) => code === status);
}

type ErrorPageProps = {
  /** HTTP-like status; 404 when not given (spec 02 §2); null for a failure that has none (a crash). */
  status?: number | null;
  /** Shown instead of the default message when present (spec 02 §8). */
  message?: string | undefined;
  /** A technical line under the message, e.g. "Page Not Found: /leads". */
  detail?: string | undefined;
  /** Offer a reload, for failures a reload can fix (a chunk that did not load). */
  onReload?: (() => void) | undefined;
  /** Fill the screen (standalone) or sit inside a layout. */
  fullScreen?: boolean;
};

/**
 * The error page of spec 02 §2/§8: "{code} error", a title, a message and "Go back home" to /.
 * Headings and wording come from the errors namespace, so it works in both languages.
 */
export function ErrorPage({ status = 404, message, detail, onReload, fullScreen = true }: ErrorPageProps) {
  const { t } = useTranslation('errors');
  const { lp } = useLocalizedPath();
  const key = status !== null && isKnownCode(status) ? (String(status) as `${KnownCode}`) : 'generic';
  return (
    <div
      className={
        fullScreen
          ? 'flex min-h-dvh items-center justify-center bg-background px-4 py-16'
          : 'flex items-center justify-center px-4 py-16 sm:py-24'
      }
    >
      {/* Crawlers that run the app index no error page (spec 02 §2: not shown to bots). */}
      <meta name="robots" content="noindex" />
      <div className="w-full max-w-lg text-center">
        {status !== null && (
          <p className="text-sm font-semibold tracking-wide text-primary-soft-foreground">
            {t('page.codeLabel', { code: status })}
          </p>
        )}
        <h1 className="mt-3 text-3xl font-semibold tracking-tight text-balance text-foreground sm:text-4xl">
          {t(`page.${key}.title`)}
        </h1>
        <p className="mt-4 text-base/7 text-pretty text-muted-foreground">{message ?? t(`page.${key}.message`)}</p>
        {detail !== undefined && (
          <p className="mx-auto mt-4 w-fit max-w-full truncate rounded-md bg-muted px-3 py-1.5 font-mono text-xs text-muted-foreground">
            {detail}
          </p>
        )}
        <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
          <Button asChild>
            <Link to={lp('/')}>
              <House aria-hidden="true" />
              {t('page.homeButton')}
            </Link>
          </Button>
          {onReload !== undefined && (
            <Button variant="secondary" onClick={onReload}>
              {t('page.reload')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
