import type { QrCodeFormat } from '@leadcapture/contracts/events';
import QRCode from 'qrcode';

export interface QrImage {
  body: Buffer | string;
  contentType: string;
  extension: QrCodeFormat;
}

export interface QrOptions {
  format: QrCodeFormat;
  /** Width and height in pixels (PNG) or user units (SVG). */
  size: number;
  /** #rrggbb of the modules and of the background. */
  color: string;
  background: string;
}

/**
 * Renders a QR code of `text`. Error correction M (15 %) survives a creased or partly covered
 * print without making the symbol much denser than L; the 4-module quiet zone of the standard
 * is kept, as phone scanners miss codes printed flush against other artwork.
 */
export async function renderQrCode(text: string, opts: QrOptions): Promise<QrImage> {
  const common = {
    errorCorrectionLevel: 'M' as const,
    margin: 4,
    width: opts.size,
    // qrcode takes #rrggbbaa; the contract takes opaque colours only.
    color: { dark: `${opts.color}ff`, light: `${opts.background}ff` },
  };
  if (opts.format === 'svg') {
    const svg = await QRCode.toString(text, { ...common, type: 'svg' });
    return { body: svg, contentType: 'image/svg+xml; charset=utf-8', extension: 'svg' };
  }
  const png = await QRCode.toBuffer(text, { ...common, type: 'png' });
  return { body: png, contentType: 'image/png', extension: 'png' };
}
