import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { inScope } from '../db/tenant.ts';
import type { OutboxHandler } from '../jobs/outbox.ts';
import { notificationLogs, notificationTemplates } from '../modules/notifications/notifications.table.ts';
import type { Mailer } from './mailer.ts';
import { renderMail, type MailOverride, type MailTemplate } from './templates.ts';

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
  /** The notification log row this mail is (notifications' deliverNotice and the digest). */
  log_id?: string;
}

/**
 * Outbox kind 'mail.send': renders in the recipient's language (with the organisation's own
 * wording of the template when it has one) and sends, the outbox id as Message-ID. A mail of an
 * organisation is logged (GET /notifications/logs/): its notification's row is marked sent or
 * failed, and mail without one (confirmations, invitations) gets a row keyed by the outbox id.
 */
export function mailHandler(mailer: Mailer, publicUrl: string, db: Database): OutboxHandler {
  return async (item) => {
    const p = item.payload as unknown as MailPayload;
    const organizationId = item.organizationId;
    const language = p.language === 'sv' ? 'sv' : 'en';
    const link = p.link ?? `${publicUrl}${language === 'sv' ? '/sv' : ''}${p.path ?? '/'}`;
    let override: MailOverride | undefined;
    if (organizationId) {
      const [row] = await inScope(db, { organizationId }, (tx) =>
        tx
          .select({ subject: notificationTemplates.subject, body: notificationTemplates.body })
          .from(notificationTemplates)
          .where(
            and(
              eq(notificationTemplates.organizationId, organizationId),
              eq(notificationTemplates.template, p.template),
              eq(notificationTemplates.language, language),
            ),
          ),
      );
      override = row;
    }
    const rendered = renderMail(
      p.template,
      p.language,
      { name: p.name, link, event: p.event ?? '', detail: p.detail },
      override,
    );
    const log = async (status: 'sent' | 'failed', error: string | null) => {
      if (!organizationId) return;
      await inScope(db, { organizationId }, async (tx) => {
        const values = { status, error, sentAt: status === 'sent' ? new Date() : null };
        if (p.log_id) {
          // The mail's own row, and for a digest the rows it gathered.
          await tx
            .update(notificationLogs)
            .set(values)
            .where(
              and(
                eq(notificationLogs.organizationId, organizationId),
                or(eq(notificationLogs.id, p.log_id), eq(notificationLogs.digestLogId, p.log_id)),
              ),
            );
          return;
        }
        await tx
          .insert(notificationLogs)
          .values({
            organizationId,
            recipient: p.to,
            channel: 'email',
            template: p.template,
            subject: rendered.subject,
            outboxId: item.id,
            ...values,
          })
          .onConflictDoUpdate({
            target: notificationLogs.outboxId,
            targetWhere: sql`${notificationLogs.outboxId} is not null`,
            set: values,
          });
      });
    };
    try {
      await mailer.send({ id: item.id, to: p.to, ...rendered });
    } catch (err) {
      // Logged as failed (the outbox retries it; a later success marks it sent) and rethrown.
      await log('failed', err instanceof Error ? err.message.slice(0, 500) : 'send failed').catch(() => undefined);
      throw err;
    }
    // The mail is out: a failed log write must not make the outbox send it again.
    await log('sent', null).catch(() => undefined);
  };
}
