import type { DashboardOverview } from '@leadcapture/contracts/analytics';
import { eventUrls } from '@leadcapture/contracts/event-urls';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrPreview } from '../../../components/qr-preview.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useEventQrCode } from '../../events/api/qr-code.ts';

type UpcomingEvent = DashboardOverview['upcoming_events'][number];

/**
 * "Scan QR" in the Lobby: the QR code of a running or upcoming event, large enough to hold up
 * to a visitor at the booth, with the capture page one tap away for a kiosk tablet.
 */
export function ShowQrDialog({
  open,
  onOpenChange,
  events,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  events: readonly UpcomingEvent[];
}) {
  const { t } = useTranslation('dashboard');
  const [chosen, setChosen] = useState<string | null>(null);
  const event = events.find((e) => e.id === chosen) ?? events[0];
  const qr = useEventQrCode(open && event ? event.id : null, { format: 'svg', size: 512 });
  const captureUrl = event ? eventUrls(window.location.origin, event).public_url : '';

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={t('qr.title')}
      description={t('qr.description')}
      footer={
        event && (
          <Button asChild variant="outline">
            <a href={captureUrl} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden="true" />
              {t('qr.openCapture')}
            </a>
          </Button>
        )
      }
    >
      <div className="grid gap-4">
        {events.length > 1 && (
          <Select
            aria-label={t('qr.event')}
            value={event?.id ?? ''}
            onChange={(e) => setChosen(e.target.value)}
            options={events.map((e) => ({ value: e.id, label: e.name }))}
          />
        )}
        <div className="mx-auto aspect-square w-full max-w-72 rounded-xl bg-white p-3 ring-1 ring-border">
          <QrPreview
            qr={qr}
            alt={t('qr.alt', { name: event?.name ?? '' })}
            failedMessage={t('qr.failed')}
            className="size-full"
          />
        </div>
        {event && <p className="text-center text-sm font-medium text-foreground">{event.name}</p>}
      </div>
    </Modal>
  );
}
