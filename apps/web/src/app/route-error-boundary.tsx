import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../components/error-page.tsx';
import { isApiError } from '../lib/api-client.ts';

/**
 * What a route shows when its loader, its lazy import or its render throws: the error page for
 * the status (a `throw data(null, { status: 403 })` in a loader, an ApiError from a query),
 * else the generic one. Messages of unexpected errors are not shown: they are for developers.
 */
export function RouteErrorBoundary({ inLayout = false }: { inLayout?: boolean }) {
  const error = useRouteError();
  const { pathname } = useLocation();
  const { t } = useTranslation('errors');
  const reload = () => window.location.reload();

  if (isRouteErrorResponse(error)) {
    const detail = error.status === 404 ? t('page.notFoundDetail', { path: pathname }) : undefined;
    return <ErrorPage status={error.status} detail={detail} fullScreen={!inLayout} />;
  }
  if (isApiError(error) && error.status >= 400) {
    return (
      <ErrorPage status={error.status} onReload={error.status >= 500 ? reload : undefined} fullScreen={!inLayout} />
    );
  }
  if (import.meta.env.DEV) console.error(error);
  return <ErrorPage status={null} onReload={reload} fullScreen={!inLayout} />;
}
