import { Printer } from 'lucide-react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useQrCode } from '../lib/qr-code.ts';
import { QrPreview } from './qr-preview.tsx';
import { Button } from './ui/button.tsx';
import { Modal } from './ui/dialog.tsx';

/** The size the QR preview and the print sheet ask for: sharp at A4 width. */
export const QR_DISPLAY_SIZE = 1024;

/** Whose code: the API resource (`/offers/{id}`, `/events/{id}`) and what the code encodes. */
export interface QrSource {
  resourcePath: string;
  /** Changes when the code does (the slug): a new slug is a new code, fetched again. */
  revision: string;
  /** The page's name: the sheet's heading and the image's alternative text. */
  title: string;
  /** What the code opens; printed under it as the shortest address to type from paper. */
  shortUrl: string;
}

/** The page's code as an image, fetched only while `show` is true; a retry when it failed. */
export function QrImage({ source, show, className }: { source: QrSource; show: boolean; className?: string }) {
  const { t } = useTranslation('common');
  const qr = useQrCode(
    show ? source.resourcePath : null,
    { format: 'svg', size: QR_DISPLAY_SIZE },
    { revision: source.revision },
  );
  return (
    <QrPreview
      qr={qr}
      alt={t('qr.alt', { title: source.title })}
      failedMessage={t('qr.previewFailed')}
      className={className}
    />
  );
}

/** What is printed: the code large, the page's name, what scanning does, and its short link. */
function PrintSheet({ source, scanText, show }: { source: QrSource; scanText: string; show: boolean }) {
  return (
    <div className="grid justify-items-center gap-6 bg-white p-8 text-center text-slate-900">
      <h2 className="text-3xl font-bold text-balance">{source.title}</h2>
      <div className="aspect-square w-full max-w-[12cm]">
        <QrImage source={source} show={show} className="size-full" />
      </div>
      <p className="text-lg font-medium">{scanText}</p>
      <p className="font-mono text-base break-all">{source.shortUrl}</p>
    </div>
  );
}

/**
 * The QR print modal of offers and events: a preview of the sheet and a Print button. The sheet
 * itself is also mounted at the end of <body> (`data-print-sheet`, hidden on screen): styles.css
 * prints only it while it is there, so the dashboard and the dialog around it stay off the paper.
 */
export function QrPrintDialog({
  source,
  description,
  scanText,
  open,
  onOpenChange,
}: {
  source: QrSource;
  /** What the sheet is for ("…for a stand or a counter"), in the page kind's words. */
  description: string;
  /** The line under the code: "Scan to open the offer", "Scan to register". */
  scanText: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <>
      <Modal
        open={open}
        onOpenChange={onOpenChange}
        size="lg"
        title={t('qr.printTitle')}
        description={description}
        footer={
          <Button onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            {t('qr.print')}
          </Button>
        }
      >
        <div className="rounded-xl ring-1 ring-border">
          <PrintSheet source={source} scanText={scanText} show={open} />
        </div>
      </Modal>
      {open &&
        createPortal(
          <div data-print-sheet="" className="hidden print:block">
            <PrintSheet source={source} scanText={scanText} show={open} />
          </div>,
          document.body,
        )}
    </>
  );
}
