import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  /** Stable id (the outbox id): the Message-ID and the .eml file name, so a retry is recognisable. */
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes when it is not the sender (the contact form: the visitor who wrote). */
  replyTo?: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'file';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as an .eml file under
 * DATA_DIR/mail/ (and logged), so local installs show real mail without a mail server.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  publicUrl: string;
  log: FastifyBaseLogger;
}): Mailer {
  const host = new URL(opts.publicUrl).hostname || 'localhost';
  const envelope = (m: MailMessage) => ({
    from: opts.from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    messageId: `<${m.id}@${host}>`,
    ...(m.replyTo ? { replyTo: m.replyTo } : {}),
  });

  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      transport: 'smtp',
      async send(m) {
        await transport.sendMail(envelope(m));
        opts.log.info({ mailId: m.id, to: m.to, subject: m.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }

  const dir = path.join(opts.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    transport: 'file',
    async send(m) {
      const info = await transport.sendMail(envelope(m));
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${m.id}.eml`);
      // Write then rename: a crash never leaves half a message behind.
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
      opts.log.info({ mailId: m.id, to: m.to, subject: m.subject, file }, 'mail written');
    },
    close: () => transport.close(),
  };
}
