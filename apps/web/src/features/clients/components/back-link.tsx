import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';

/** "All clients": the way back to /clients above a client's page or form. */
export function BackLink() {
  const { t } = useTranslation('clients');
  const { lp } = useLocalizedPath();
  return (
    <Link
      to={lp('/clients')}
      className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('detail.back')}
    </Link>
  );
}
