import { QR_SIZE_DEFAULT, qrColorsScan, relativeLuminance, type Event } from '@leadcapture/contracts/events';
import { CircleCheck, Download, Printer, RotateCcw, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrPrintDialog } from '../../../components/qr-print-dialog.tsx';
import { QrPreview } from '../../../components/qr-preview.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { formatNumber } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useDownloadEventQrCode, useEventQrCode, type QrFormat } from '../api/qr-code.ts';

export const QR_DOWNLOAD_SIZES = [256, 512, 1024, 2048] as const;
const DEFAULT_COLOR = '#000000';
const DEFAULT_BACKGROUND = '#ffffff';
/** Colour fields settle this long before the preview is fetched again (a picker fires per pixel). */
const PREVIEW_DELAY_MS = 300;

const isHex = (value: string) => /^#[0-9a-f]{6}$/i.test(value);

/** WCAG contrast ratio of two #rrggbb colours, lighter over darker. */
function contrastRatio(a: string, b: string): number {
  const [high, low] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The event's QR code: a live SVG preview in the chosen colours, and PNG or SVG downloads in the
 * chosen size, saved under the server's filename. Colours that would not scan (light on dark,
 * contrast under 3:1, the server's own rule) are flagged here and cannot be downloaded.
 */
export function EventQrPanel({ event, enabled = true }: { event: Event; enabled?: boolean }) {
  const { t, i18n } = useTranslation(['events', 'errors', 'common']);
  const language = i18n.language;
  const [size, setSize] = useState<number>(QR_SIZE_DEFAULT);
  const [color, setColor] = useState(DEFAULT_COLOR);
  const [background, setBackground] = useState(DEFAULT_BACKGROUND);
  const [printing, setPrinting] = useState(false);

  const colorValid = isHex(color);
  const backgroundValid = isHex(background);
  const bothValid = colorValid && backgroundValid;
  const scans = bothValid && qrColorsScan(color, background);
  const ratio = bothValid ? contrastRatio(color, background) : null;

  // The preview follows the last colours that scan, once they settle; the size does not change
  // how an SVG looks. Colours travel as one string so equal choices compare equal.
  const candidate = scans ? `${color.toLowerCase()} ${background.toLowerCase()}` : null;
  const settled = useSettled(candidate, PREVIEW_DELAY_MS);
  const [shown, setShown] = useState(`${DEFAULT_COLOR} ${DEFAULT_BACKGROUND}`);
  if (settled !== null && settled !== shown) setShown(settled);
  const [shownColor = DEFAULT_COLOR, shownBackground = DEFAULT_BACKGROUND] = shown.split(' ');

  const preview = useEventQrCode(
    enabled ? event.id : null,
    { format: 'svg', size: QR_SIZE_DEFAULT, color: shownColor, background: shownBackground },
    { revision: event.slug, keepPrevious: true },
  );
  const previewFailedAt = preview.isError ? preview.errorUpdatedAt : 0;
  useEffect(() => {
    if (previewFailedAt !== 0) toast.error(t('detail.qr.previewFailed'));
  }, [previewFailedAt, t]);

  const download = useDownloadEventQrCode(event.id);
  const save = (format: QrFormat) =>
    download.mutate(
      { format, size, color: color.toLowerCase(), background: background.toLowerCase() },
      {
        onError: (error) => {
          if (!isHandledGlobally(error)) toast.error(t('detail.qr.downloadFailed'));
        },
      },
    );
  const downloading = download.isPending ? download.variables.format : null;

  const changed = color.toLowerCase() !== DEFAULT_COLOR || background.toLowerCase() !== DEFAULT_BACKGROUND;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('detail.qr.title')}</CardTitle>
        <CardDescription>{t('detail.qr.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 pt-4 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
        <div className="grid content-start gap-2">
          <div className="mx-auto aspect-square w-full max-w-56 rounded-xl bg-white p-2 ring-1 ring-border">
            <QrPreview
              qr={preview}
              alt={t('detail.qr.alt', { name: event.name })}
              failedMessage={t('detail.qr.previewFailed')}
              className="size-full"
            />
          </div>
          <p className="text-center text-xs break-all text-muted-foreground">
            {t('detail.qr.opens', { url: event.short_url })}
          </p>
        </div>

        <div className="grid content-start gap-4">
          <Field label={t('detail.qr.size')}>
            <Select
              value={String(size)}
              onChange={(e) => setSize(Number(e.target.value))}
              options={QR_DOWNLOAD_SIZES.map((s) => ({
                value: String(s),
                label: t('detail.qr.sizeOption', { size: String(s) }),
              }))}
            />
          </Field>
          <div className="grid gap-4">
            <ColorField
              label={t('detail.qr.color')}
              pickerLabel={t('detail.qr.colorPicker')}
              value={color}
              onChange={setColor}
              error={colorValid ? undefined : t('errors:validation.color')}
            />
            <ColorField
              label={t('detail.qr.background')}
              pickerLabel={t('detail.qr.backgroundPicker')}
              value={background}
              onChange={setBackground}
              error={backgroundValid ? undefined : t('errors:validation.color')}
            />
          </div>

          <div aria-live="polite" className="min-h-5 text-sm">
            {ratio !== null &&
              (scans ? (
                <p className="flex items-start gap-2 text-muted-foreground">
                  <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success-soft-foreground" />
                  {t('detail.qr.contrastOk', { ratio: formatNumber(ratio, language, { maximumFractionDigits: 1 }) })}
                </p>
              ) : (
                <p className="flex items-start gap-2 rounded-lg bg-warning-soft p-3 text-warning-soft-foreground">
                  <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  {t('detail.qr.contrastLow', { ratio: formatNumber(ratio, language, { maximumFractionDigits: 1 }) })}
                </p>
              ))}
          </div>

          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() => save('png')}
              disabled={!scans || downloading === 'svg'}
              loading={downloading === 'png'}
            >
              <Download aria-hidden="true" />
              {t('detail.qr.downloadPng')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => save('svg')}
              disabled={!scans || downloading === 'png'}
              loading={downloading === 'svg'}
            >
              <Download aria-hidden="true" />
              {t('detail.qr.downloadSvg')}
            </Button>
            <Button variant="outline" onClick={() => setPrinting(true)}>
              <Printer aria-hidden="true" />
              {t('detail.qr.print')}
            </Button>
            {changed && (
              <Button
                variant="ghost"
                onClick={() => {
                  setColor(DEFAULT_COLOR);
                  setBackground(DEFAULT_BACKGROUND);
                }}
              >
                <RotateCcw aria-hidden="true" />
                {t('detail.qr.resetColors')}
              </Button>
            )}
          </div>
        </div>
      </CardContent>
      {/* The printed sheet is the plain black-on-white code: it scans from paper whatever colours are tried above. */}
      <QrPrintDialog
        source={{
          resourcePath: `/events/${event.id}`,
          revision: event.slug,
          title: event.name,
          shortUrl: event.short_url,
        }}
        description={t('detail.qr.printDescription')}
        scanText={t('detail.qr.printScan')}
        open={printing}
        onOpenChange={setPrinting}
      />
    </Card>
  );
}

/** A hex text field with a native colour picker beside it; both edit the same value. */
function ColorField({
  label,
  pickerLabel,
  value,
  onChange,
  error,
}: {
  label: string;
  pickerLabel: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  // The native picker only takes a complete #rrggbb; while the text is being typed it keeps the last one.
  const [lastValid, setLastValid] = useState(value.toLowerCase());
  if (isHex(value) && value.toLowerCase() !== lastValid) setLastValid(value.toLowerCase());
  return (
    <Field label={label} error={error}>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={pickerLabel}
          value={lastValid}
          onChange={(e) => onChange(e.target.value)}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-input bg-card p-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
        <Input
          value={value}
          onChange={(e) => onChange(e.target.value.trim())}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          className="font-mono uppercase"
        />
      </div>
    </Field>
  );
}
