import { useTranslation } from 'react-i18next';
import { BulkPanel } from '../components/bulk-panel.tsx';
import { ImportsPanel } from '../components/imports-panel.tsx';

/** /dashboard/data/imports: the imports and bulk jobs of the data centre (folded into its tabs later). */
export function DataImportsPage() {
  const { t } = useTranslation('data-imports');
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t('pageTitle')}</h1>
      <ImportsPanel />
      <BulkPanel />
    </div>
  );
}
