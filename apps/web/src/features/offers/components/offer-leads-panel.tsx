import { useTranslation } from 'react-i18next';
import { PageLeadsPanel, type PageLeadsText } from '../../../components/page-leads-panel.tsx';
import { useDecideApproval } from '../../leads/api/lead-actions.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import type { Offer } from '../api/offers.ts';

/**
 * The offer's leads (`GET /offers/{id}/leads/`) through the panel events and offers share
 * (components/page-leads-panel.tsx), in the offers namespace's words. The leads list has no
 * offer filter in its URL yet, so the builder lists them itself.
 */
export function OfferLeadsPanel({ offer, canWrite }: { offer: Offer; canWrite: boolean }) {
  const { t } = useTranslation('offers');
  const decide = useDecideApproval();
  const text: PageLeadsText = (key, values = {}) =>
    key === 'heading' ? t('leads.title') : t(`leads.${key}`, { title: offer.title, ...values });
  return (
    <Card id="offer-leads">
      <CardHeader>
        <CardTitle>{t('leads.title')}</CardTitle>
      </CardHeader>
      <CardContent className="pt-4">
        <PageLeadsPanel
          resourcePath={`/offers/${offer.id}`}
          text={text}
          approvalLabel={(status) => t(`leads.approval.${status}`)}
          statusLabel={(status) => t(`leads.leadStatus.${status}`)}
          requireApproval={offer.settings.require_approval}
          canWrite={canWrite}
          decide={decide}
          heading={false}
        />
      </CardContent>
    </Card>
  );
}
