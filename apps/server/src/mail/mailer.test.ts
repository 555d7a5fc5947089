import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';
import { renderMail } from './templates.ts';

describe('mail', () => {
  it('writes each message as an .eml file named after its id when no SMTP_URL is set', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'leadcapture-mail-'));
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'LeadCapture <no-reply@example.com>',
      dataDir,
      publicUrl: 'https://leads.example.com',
      log: pino({ level: 'silent' }),
    });
    const body = renderMail('password_reset', 'en', {
      name: 'Ada',
      link: 'https://leads.example.com/auth/reset-password?token=abc',
    });
    await mailer.send({ id: 'a1b2', to: 'ada@example.com', ...body });
    await mailer.send({ id: 'a1b2', to: 'ada@example.com', ...body });
    expect(readdirSync(path.join(dataDir, 'mail'))).toEqual(['a1b2.eml']);
    const eml = readFileSync(path.join(dataDir, 'mail', 'a1b2.eml'), 'utf8');
    expect(eml).toContain('To: ada@example.com');
    expect(eml).toContain('Subject: Reset your password');
    expect(eml).toContain('Message-ID: <a1b2@leads.example.com>');
    expect(eml).toContain('reset-password?token=3Dabc');
  });

  it('renders Swedish for sv and English otherwise, escaping HTML', () => {
    const sv = renderMail('verify_email', 'sv', {
      name: 'Åsa',
      link: 'https://x.example.com/sv/auth/verify-email?token=t',
    });
    expect(sv.subject).toBe('Bekräfta din e-postadress');
    expect(sv.text).toContain('Hej Åsa,');
    const de = renderMail('verify_email', 'de', {
      name: '<b>Eve</b>',
      link: 'https://x.example.com/auth/verify-email?token=t',
    });
    expect(de.subject).toBe('Confirm your email address');
    expect(de.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(de.html).not.toContain('<b>Eve</b>');
  });
});
