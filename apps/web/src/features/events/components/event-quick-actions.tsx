import { QrCode, UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QrPrintDialog } from '../../../components/qr-print-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import type { Event } from '../api/events.ts';
import { CopyButton } from './copy-button.tsx';

/**
 * The event's shortcuts for a day at the stand, shown while its "Quick actions" setting is on
 * (settings.quick_actions): the QR code large enough to hold up to a visitor (and print), the
 * short link to share, and a lead met in person added with the event already chosen.
 */
export function EventQuickActions({ event, canWrite }: { event: Event; canWrite: boolean }) {
  const { t } = useTranslation('events');
  const { lp } = useLocalizedPath();
  const [showing, setShowing] = useState(false);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-wrap items-center gap-2">
      <h2 id={titleId} className="sr-only">
        {t('detail.quickActions.title')}
      </h2>
      <Button onClick={() => setShowing(true)}>
        <QrCode aria-hidden="true" />
        {t('detail.quickActions.showQr')}
      </Button>
      <CopyButton value={event.short_url} label={t('detail.quickActions.copyLinkLabel')} size="md">
        {t('detail.quickActions.copyLink')}
      </CopyButton>
      {canWrite && (
        <Button asChild variant="outline">
          <Link to={lp(`/leads/form?event=${event.id}`)}>
            <UserPlus aria-hidden="true" />
            {t('detail.quickActions.addLead')}
          </Link>
        </Button>
      )}
      <QrPrintDialog
        source={{
          resourcePath: `/events/${event.id}`,
          revision: event.slug,
          title: event.name,
          shortUrl: event.short_url,
        }}
        description={t('detail.qr.printDescription')}
        scanText={t('detail.qr.printScan')}
        open={showing}
        onOpenChange={setShowing}
      />
    </section>
  );
}
