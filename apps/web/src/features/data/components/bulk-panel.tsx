import { Layers } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';

/** The Bulk jobs tab as it stands before the bulk centre: bulk actions live on the leads list's selection. */
export function BulkPanel() {
  const { t } = useTranslation('data');
  const { lp } = useLocalizedPath();
  return (
    <EmptyState
      icon={Layers}
      title={t('bulk.title')}
      description={t('bulk.description')}
      action={
        <Link to={lp('/leads')} className={buttonVariants({ variant: 'outline' })}>
          {t('bulk.openLeads')}
        </Link>
      }
    />
  );
}
