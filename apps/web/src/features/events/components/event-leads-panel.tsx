import type { Event } from '@leadcapture/contracts/events';
import { QrCode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageLeadsPanel, type PageLeadsText } from '../../../components/page-leads-panel.tsx';
import { useDecideApproval } from '../../leads/api/lead-actions.ts';
import { Button } from '../../../components/ui/button.tsx';

/**
 * The Leads tab: the event's leads through the panel events and offers share
 * (components/page-leads-panel.tsx), in the events namespace's words. Its empty state leads to
 * the QR code, the way to the first leads.
 */
export function EventLeadsPanel({
  event,
  canWrite,
  enabled = true,
  onShowQr,
}: {
  event: Event;
  canWrite: boolean;
  enabled?: boolean;
  /** Goes to the QR code (the empty state's way to get the first leads). */
  onShowQr: () => void;
}) {
  const { t } = useTranslation('events');
  const decide = useDecideApproval();
  const text: PageLeadsText = (key, values = {}) =>
    key === 'heading' ? t('detail.tabs.leads') : t(`detail.leads.${key}`, { name: event.name, ...values });
  return (
    <PageLeadsPanel
      resourcePath={`/events/${event.id}`}
      text={text}
      approvalLabel={(status) => t(`detail.approval.${status}`)}
      statusLabel={(status) => t(`detail.leadStatus.${status}`)}
      requireApproval={event.settings.require_approval}
      canWrite={canWrite}
      decide={decide}
      enabled={enabled}
      emptyIcon={QrCode}
      emptyAction={
        <Button variant="secondary" onClick={onShowQr}>
          <QrCode aria-hidden="true" />
          {t('detail.leads.emptyAction')}
        </Button>
      }
    />
  );
}
