import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { ErrorPage } from '../error-page.tsx';
import { PageHeader } from '../page-header.tsx';
import { Button } from './button.tsx';
import { Card } from './card.tsx';
import { Skeleton } from './skeleton.tsx';

/** What QueryState reads of a TanStack query result. */
export interface QueryLike<T> {
  data: T | undefined;
  isError: boolean;
  /** The failure, when known: a 403 shows the error page rather than a retry. */
  error?: unknown;
  refetch: () => unknown;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** Said, with a retry, when the data failed to load and there is none to show. */
  errorMessage: string;
  /** What stands in while loading; by default `rows` grey bars of `rowClassName`. */
  loading?: ReactNode;
  rows?: number;
  rowClassName?: string;
  /** Loaded but nothing to show: `empty` (usually an EmptyState) instead of the content. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** Inside a card, a dialog or a small panel: the failure as a line and a small retry, no card of its own. */
  compact?: boolean;
  /** The busy region's name for assistive technology ("Loading notes…"); "Loading…" by default. */
  loadingLabel?: string;
  /** Classes of the busy region and of the failure (a grid's gap, centring in a square). */
  className?: string;
  children: (data: T) => ReactNode;
}

/**
 * The three states every list and panel goes through before its content, in one place: a
 * skeleton marked busy while loading, the failure with a retry (data already shown stays, as a
 * refetch that fails should not blank the page), and the empty state.
 */
export function QueryState<T>({
  query,
  errorMessage,
  loading,
  rows = 4,
  rowClassName = 'h-14 w-full',
  isEmpty,
  empty,
  compact = false,
  loadingLabel,
  className,
  children,
}: QueryStateProps<T>) {
  const { data } = query;
  if (data === undefined) {
    // A permission failure is not fixed by trying again: the page's 403 (spec 02 §2, §8).
    if (query.isError && !compact && isApiError(query.error) && query.error.status === 403)
      return <ErrorPage status={403} fullScreen={false} />;
    if (query.isError)
      return (
        <QueryError
          message={errorMessage}
          onRetry={() => void query.refetch()}
          compact={compact}
          className={className}
        />
      );
    return (
      <QueryLoading label={loadingLabel} className={className}>
        {loading ?? <SkeletonRows rows={rows} className={rowClassName} />}
      </QueryLoading>
    );
  }
  if (isEmpty?.(data) === true) return <>{empty}</>;
  return <>{children(data)}</>;
}

/**
 * A load that failed: what failed, and Try again. An alert, so screen readers hear it at once.
 * `compact` (inside a card, a dialog, a small panel): no card of its own, a small button, and the
 * text in the colour of what it sits in.
 */
export function QueryError({
  message,
  onRetry,
  compact = false,
  className,
}: {
  message: string;
  onRetry: () => void;
  compact?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('common');
  if (compact)
    return (
      <div role="alert" className={cn('grid justify-items-start gap-2 text-sm', className)}>
        <p className="font-medium">{message}</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t('ui.retry')}
        </Button>
      </div>
    );
  return (
    <Card role="alert" className={cn('p-6 text-sm', className)}>
      <p className="font-medium text-foreground">{message}</p>
      <Button variant="outline" className="mt-3" onClick={onRetry}>
        {t('ui.retry')}
      </Button>
    </Card>
  );
}

/**
 * Content still loading: busy and named "Loading…" (or `label`) for assistive technology, its
 * shape for the eye. `as="li"` holds the place of items still to come in a list.
 */
export function QueryLoading({
  children,
  label,
  as: Tag = 'div',
  className,
}: {
  children: ReactNode;
  label?: string | undefined;
  as?: 'div' | 'li';
  className?: string | undefined;
}) {
  const { t } = useTranslation('common');
  return (
    <Tag className={cn('grid gap-2', className)} aria-busy="true" aria-label={label ?? t('ui.loading')}>
      {children}
    </Tag>
  );
}

export function SkeletonRows({ rows, className }: { rows: number; className: string }) {
  return Array.from({ length: rows }, (_, i) => <Skeleton key={i} className={className} />);
}

/**
 * A whole page still loading (a record not loaded yet): busy, with a "Loading…" heading in place of
 * the page's title for screen readers, and the page's shape for the eye.
 */
export function PageLoading({ children, className }: { children: ReactNode; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className={cn('grid gap-6', className)} aria-busy="true">
      <h1 className="sr-only">{t('ui.loading')}</h1>
      {children}
    </div>
  );
}

export interface RecordLoadFailureProps {
  error: unknown;
  /** The back link above the title (to the list). */
  eyebrow: ReactNode;
  /** Texts for a record that is not there, and for one that failed to load. */
  notFoundTitle: string;
  notFoundBody: string;
  title: string;
  loadFailed: string;
  /** The list to go back to from a missing record, and its link text. */
  listPath: string;
  backLabel: string;
  onRetry: () => void;
}

/**
 * A detail page (a lead, a client, an event) whose record did not load: "not found" with the way
 * back to its list, the 403 error page, or the load failure with a retry. A 422 is a malformed id in the address: for
 * the visitor the same as a missing record.
 */
export function RecordLoadFailure(props: RecordLoadFailureProps) {
  const missing = isApiError(props.error) && (props.error.status === 404 || props.error.status === 422);
  if (isApiError(props.error) && props.error.status === 403) return <ErrorPage status={403} fullScreen={false} />;
  return (
    <div className="grid gap-6">
      <PageHeader title={missing ? props.notFoundTitle : props.title} eyebrow={props.eyebrow} />
      {missing ? (
        <Card role="alert" className="p-6 text-sm">
          <p className="font-medium text-foreground">{props.notFoundBody}</p>
          <Button asChild variant="outline" className="mt-4">
            <Link to={props.listPath}>
              <ArrowLeft aria-hidden="true" />
              {props.backLabel}
            </Link>
          </Button>
        </Card>
      ) : (
        <QueryError message={props.loadFailed} onRetry={props.onRetry} />
      )}
    </div>
  );
}
