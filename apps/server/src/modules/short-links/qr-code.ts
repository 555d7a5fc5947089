import { errorEnvelopeSchema } from '@leadcapture/contracts/envelope';
import type { QrCodeFormat } from '@leadcapture/contracts/events';
import type { FastifyReply } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import { contentDisposition } from '../files/files.service.ts';

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

const binary = z.string().meta({ format: 'binary' });

/** The QR code is a download, not the envelope (03-decisions §2). */
export const qrResponse = {
  200: {
    description: 'The QR code image; Content-Disposition names it {slug}-qr.png or .svg',
    content: { 'image/png': { schema: binary }, 'image/svg+xml': { schema: binary } },
  },
  '4xx': errorEnvelopeSchema,
  '5xx': errorEnvelopeSchema,
};

/** A download: the plain reply, whose send takes bytes (the typed one knows only the envelope). */
export function sendQrCode(reply: FastifyReply, slug: string, image: QrImage): FastifyReply {
  return (
    reply
      .type(image.contentType)
      .header('content-disposition', contentDisposition('attachment', `${slug}-qr.${image.extension}`))
      // The slug, and so the code, can change: a cached copy is checked again before use.
      .header('cache-control', 'private, no-cache')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .send(image.body)
  );
}
