import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../../components/error-page.tsx';

/** Every path no route claims (spec 01 §8: "Page Not Found: {path}"). */
export function NotFoundPage() {
  const { t } = useTranslation('errors');
  const { pathname } = useLocation();
  return <ErrorPage status={404} detail={t('page.notFoundDetail', { path: pathname })} />;
}
