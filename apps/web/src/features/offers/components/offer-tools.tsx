import { Check, Copy, Download, Printer, QrCode } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QR_DISPLAY_SIZE, QrImage, QrPrintDialog, type QrSource } from '../../../components/qr-print-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useDownloadOfferQrCode, type QrFormat } from '../api/offer-qr-code.ts';
import type { Offer } from '../api/offers.ts';

const COPIED_MS = 2_000;

const offerQrSource = (offer: Offer): QrSource => ({
  resourcePath: `/offers/${offer.id}`,
  revision: offer.slug,
  title: offer.title,
  shortUrl: offer.short_url,
});

/** The builder's header actions of a saved offer: the QR code dialog and the print sheet. */
export function OfferTools({ offer }: { offer: Offer }) {
  const { t } = useTranslation('offers');
  const [open, setOpen] = useState<'qr' | 'print' | null>(null);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen('qr')}>
        <QrCode aria-hidden="true" />
        {t('qr.open')}
      </Button>
      <Button variant="outline" onClick={() => setOpen('print')}>
        <Printer aria-hidden="true" />
        {t('print.open')}
      </Button>
      <OfferQrDialog offer={offer} open={open === 'qr'} onOpenChange={(next) => setOpen(next ? 'qr' : null)} />
      <OfferPrintDialog offer={offer} open={open === 'print'} onOpenChange={(next) => setOpen(next ? 'print' : null)} />
    </>
  );
}

/** QR display (spec 01 §2): the code, PNG and SVG downloads, and the public URL to copy. */
export function OfferQrDialog({
  offer,
  open,
  onOpenChange,
}: {
  offer: Offer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(['offers', 'errors']);
  const download = useDownloadOfferQrCode(offer.id);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const save = (format: QrFormat) =>
    download.mutate(
      { format, size: QR_DISPLAY_SIZE },
      {
        onError: (error) => {
          if (!isHandledGlobally(error)) toast.error(t('qr.downloadFailed'));
        },
      },
    );
  const downloading = download.isPending ? download.variables.format : null;

  const copy = async () => {
    try {
      // Outside secure contexts `navigator.clipboard` is undefined: the TypeError lands below too.
      await navigator.clipboard.writeText(offer.public_url);
      setCopied(true);
      toast.success(t('qr.copied'));
    } catch {
      toast.error(t('errors:generic.copyFailed'));
    }
  };

  const live = offer.status === 'active' && offer.is_published;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={t('qr.title')}
      description={t('qr.description')}
      footer={
        <>
          <Button
            variant="secondary"
            onClick={() => save('svg')}
            disabled={downloading === 'png'}
            loading={downloading === 'svg'}
          >
            <Download aria-hidden="true" />
            {t('qr.downloadSvg')}
          </Button>
          <Button onClick={() => save('png')} disabled={downloading === 'svg'} loading={downloading === 'png'}>
            <Download aria-hidden="true" />
            {t('qr.downloadPng')}
          </Button>
        </>
      }
    >
      {/* minmax(0, 1fr): the long URL below truncates instead of widening the dialog. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <div className="mx-auto aspect-square w-full max-w-64 rounded-xl bg-white p-3 ring-1 ring-border">
          <QrImage source={offerQrSource(offer)} show={open} className="size-full" />
        </div>
        <p className="text-center text-xs break-all text-muted-foreground">{t('qr.opens', { url: offer.short_url })}</p>
        {!live && (
          <p className="rounded-lg bg-warning-soft p-3 text-sm text-warning-soft-foreground">{t('qr.notPublic')}</p>
        )}
        <div className="flex min-w-0 items-center gap-2">
          <p className="min-w-0 flex-1 truncate font-mono text-xs text-muted-foreground" title={offer.public_url}>
            {offer.public_url}
          </p>
          <Button variant="outline" size="sm" aria-label={t('qr.copyUrlLabel')} onClick={() => void copy()}>
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {t('qr.copyUrl')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/** The print modal (components/qr-print-dialog.tsx, shared with events), in the offer's words. */
export function OfferPrintDialog({
  offer,
  open,
  onOpenChange,
}: {
  offer: Offer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('offers');
  return (
    <QrPrintDialog
      source={offerQrSource(offer)}
      description={t('print.description')}
      scanText={t('print.scan')}
      open={open}
      onOpenChange={onOpenChange}
    />
  );
}
