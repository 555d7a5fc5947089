import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { WebhooksSection } from '../components/webhooks-section.tsx';

/**
 * /settings/integrations: for now only the webhooks section. The integrations work owns this
 * page and mounts `WebhooksSection` beside the provider cards.
 */
export function IntegrationsPage() {
  const { t } = useTranslation('webhooks');
  return (
    <div className="grid gap-8">
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <WebhooksSection />
    </div>
  );
}
