import type { OutboxHandler } from '../jobs/outbox.ts';
import type { Mailer } from './mailer.ts';
import { renderMail, type MailTemplate } from './templates.ts';

interface MailPayload {
  template: MailTemplate;
  to: string;
  language: string;
  name: string;
  /** An absolute link, or */
  link?: string;
  /** a web path without the language prefix, made absolute (in the recipient's language) on delivery. */
  path?: string;
  /** The event a lead confirmation is about. */
  event?: string;
  /** The change a notification is about, already written in the recipient's language. */
  detail?: string;
}

/** Outbox kind 'mail.send': renders in the recipient's language and sends, the outbox id as Message-ID. */
export function mailHandler(mailer: Mailer, publicUrl: string): OutboxHandler {
  return async (item) => {
    const p = item.payload as unknown as MailPayload;
    const link = p.link ?? `${publicUrl}${p.language === 'sv' ? '/sv' : ''}${p.path ?? '/'}`;
    const rendered = renderMail(p.template, p.language, {
      name: p.name,
      link,
      event: p.event ?? '',
      detail: p.detail,
    });
    await mailer.send({ id: item.id, to: p.to, ...rendered });
  };
}
