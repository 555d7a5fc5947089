import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The short-lived address of an invoice's PDF (`GET invoices/{id}/download/`): a browser opens
 * it without a bearer token, so the address carries its own proof, an HMAC of the organisation,
 * the invoice and the expiry with a key derived from the JWT secret for this purpose only.
 */

export const INVOICE_LINK_TTL_MS = 5 * 60 * 1000;

const purposeKey = (secret: string) => createHmac('sha256', secret).update('leadcapture:invoice-pdf:v1').digest();

function sign(secret: string, payload: string): string {
  return createHmac('sha256', purposeKey(secret)).update(payload).digest('base64url');
}

/** `<organisation>.<invoice>.<expiry ms>.<signature>`, each part URL-safe. */
export function invoiceToken(
  secret: string,
  organizationId: string,
  invoiceId: string,
  now = new Date(),
  ttlMs = INVOICE_LINK_TTL_MS,
): string {
  const payload = `${organizationId}.${invoiceId}.${now.getTime() + ttlMs}`;
  return `${payload}.${sign(secret, payload)}`;
}

export function invoicePdfPath(invoiceId: string, token: string): string {
  return `/api/v1/billing/invoices/${invoiceId}/pdf/?token=${encodeURIComponent(token)}`;
}

export type InvoiceTokenCheck =
  { ok: true; organizationId: string; invoiceId: string } | { ok: false; reason: 'invalid' | 'expired' };

/** Checks the signature first, then the expiry; says nothing about which invoice a bad token named. */
export function verifyInvoiceToken(secret: string, token: string, now = new Date()): InvoiceTokenCheck {
  const parts = token.split('.');
  if (parts.length !== 4) return { ok: false, reason: 'invalid' };
  const [organizationId = '', invoiceId = '', expires = '', signature = ''] = parts;
  const expected = Buffer.from(sign(secret, `${organizationId}.${invoiceId}.${expires}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  if (!/^\d+$/.test(expires) || Number(expires) <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, organizationId, invoiceId };
}
