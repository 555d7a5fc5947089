import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { CONTACT_HONEYPOT, type ContactReceipt, type contactMessageSchema } from '@leadcapture/contracts/contact';
import { inScope } from '../../db/tenant.ts';
import type { AppDeps } from '../../http/deps.ts';
import type { RequestMeta } from '../audit/audit.service.ts';
import type { ThrottleRule } from '../../http/throttle.ts';
import { enqueue, type OutboxHandler } from '../../jobs/outbox.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { escapeHtml } from '../../mail/templates.ts';

/** A person writes a handful of messages at most; a bot behind one address is stopped after 5 an hour. */
export const CONTACT_THROTTLE: ThrottleRule = { name: 'contact-ip', limit: 5, windowSeconds: 60 * 60 };

export const CONTACT_OUTBOX_KIND = 'contact.message';

interface ContactPayload {
  /** The support inbox, fixed when the message is accepted. */
  to: string;
  reference: string;
  name: string;
  email: string;
  company: string;
  subject: string;
  message: string;
  language: string;
  ip: string | null;
  userId: string | null;
}

/**
 * Queues the message for the support inbox. The outbox row is the message's durable copy: it is
 * written before we answer, and delivered (with retries) after commit, so a mail server that is
 * down loses nothing. A filled honeypot is answered the same way and nothing is queued.
 */
export async function sendContactMessage(
  deps: AppDeps,
  meta: RequestMeta,
  userId: string | null,
  input: z.output<typeof contactMessageSchema>,
): Promise<ContactReceipt> {
  if (meta.ip) await deps.throttle.consume(CONTACT_THROTTLE, meta.ip);
  const reference = randomUUID().slice(0, 8).toUpperCase();
  if (input[CONTACT_HONEYPOT]) return { reference };
  const payload: ContactPayload = {
    to: deps.config.supportEmail,
    reference,
    name: input.name,
    email: input.email,
    company: input.company,
    subject: input.subject,
    message: input.message,
    language: input.language,
    ip: meta.ip,
    userId,
  };
  // The outbox is not a tenant table: the message belongs to no organisation.
  await inScope(deps.db, {}, (tx) => enqueue(tx, { kind: CONTACT_OUTBOX_KIND, payload: { ...payload } }));
  return { reference };
}

/** Outbox kind 'contact.message': one plain mail to the support inbox, Reply-To the visitor. */
export function contactMailHandler(mailer: Mailer): OutboxHandler {
  return async (item) => {
    const p = item.payload as unknown as ContactPayload;
    const text = [
      `From: ${p.name} <${p.email}>`,
      ...(p.company ? [`Company: ${p.company}`] : []),
      `Language: ${p.language}`,
      `Reference: ${p.reference}`,
      p.userId ? `Signed-in user: ${p.userId}` : 'Not signed in',
      '',
      p.message,
    ].join('\n');
    await mailer.send({
      id: item.id,
      to: p.to,
      replyTo: `${p.name.replace(/[<>"\r\n]/g, '')} <${p.email}>`,
      subject: `[Contact ${p.reference}] ${p.subject.replace(/[\r\n]+/g, ' ')}`,
      text,
      html: `<!doctype html><html><body style="font-family:system-ui,sans-serif"><pre style="white-space:pre-wrap;font-family:inherit">${escapeHtml(text)}</pre></body></html>`,
    });
  };
}
