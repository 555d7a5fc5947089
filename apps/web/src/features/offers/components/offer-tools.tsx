import { Check, Copy, Download, Printer, QrCode } from 'lucide-react';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useDownloadOfferQrCode, useOfferQrCode, type QrFormat } from '../api/offer-qr-code.ts';
import type { Offer } from '../api/offers.ts';

/** The size the QR preview and the print sheet ask for: sharp at A4 width. */
const QR_DISPLAY_SIZE = 1024;
const COPIED_MS = 2_000;

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

/** The offer's code as an image, fetched only while `show` is true; a retry when it failed. */
function QrImage({ offer, show, className }: { offer: Offer; show: boolean; className?: string }) {
  const { t } = useTranslation(['offers', 'common']);
  // The slug is what the code encodes: a new slug is a new code.
  const qr = useOfferQrCode(show ? offer.id : null, { format: 'svg', size: QR_DISPLAY_SIZE }, { revision: offer.slug });
  if (qr.url !== null) return <img src={qr.url} alt={t('qr.alt', { title: offer.title })} className={className} />;
  if (qr.isError) {
    return (
      <div
        role="alert"
        className="grid size-full place-items-center content-center gap-2 p-2 text-center text-sm text-slate-700"
      >
        <p>{t('qr.previewFailed')}</p>
        <Button variant="outline" size="sm" className="print:hidden" onClick={() => void qr.refetch()}>
          {t('common:ui.retry')}
        </Button>
      </div>
    );
  }
  return <Skeleton className="size-full bg-slate-100" />;
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
          <QrImage offer={offer} show={open} className="size-full" />
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

/** What is printed: the code large, the offer's title and its short link. */
function PrintSheet({ offer, show }: { offer: Offer; show: boolean }) {
  const { t } = useTranslation('offers');
  return (
    <div className="grid justify-items-center gap-6 bg-white p-8 text-center text-slate-900">
      <h2 className="text-3xl font-bold text-balance">{offer.title}</h2>
      <div className="aspect-square w-full max-w-[12cm]">
        <QrImage offer={offer} show={show} className="size-full" />
      </div>
      <p className="text-lg font-medium">{t('print.scan')}</p>
      {/* The short link: what the code opens, and the shortest address to type from paper. */}
      <p className="font-mono text-base break-all">{offer.short_url}</p>
    </div>
  );
}

/**
 * The print modal: a preview of the sheet and a Print button. The sheet itself is also mounted
 * at the end of <body> (`data-print-sheet`, hidden on screen): styles.css prints only it while
 * it is there, so the dashboard and the dialog around it stay off the paper.
 */
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
    <>
      <Modal
        open={open}
        onOpenChange={onOpenChange}
        size="lg"
        title={t('print.title')}
        description={t('print.description')}
        footer={
          <Button onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            {t('print.print')}
          </Button>
        }
      >
        <div className="rounded-xl ring-1 ring-border">
          <PrintSheet offer={offer} show={open} />
        </div>
      </Modal>
      {open &&
        createPortal(
          <div data-print-sheet="" className="hidden print:block">
            <PrintSheet offer={offer} show={open} />
          </div>,
          document.body,
        )}
    </>
  );
}
