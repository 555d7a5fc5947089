/**
 * Transactional mail in the user's language. English is the source; Swedish is complete;
 * other profile languages fall back to English until their UI exists.
 */
export type MailTemplate = 'verify_email' | 'password_reset' | 'lead_email_confirmation';
type Lang = 'en' | 'sv';

interface Copy {
  subject: string;
  greeting: (name: string) => string;
  /** A function when the text names the event the mail is about. */
  body: string | ((event: string) => string);
  action: string;
  expiry: string;
  ignore: string;
  signature: string;
}

const COPY: Record<MailTemplate, Record<Lang, Copy>> = {
  verify_email: {
    en: {
      subject: 'Confirm your email address',
      greeting: (n) => `Hi ${n},`,
      body: 'Welcome to LeadCapture! Please confirm your email address so we know it is really you.',
      action: 'Confirm email address',
      expiry: 'This link is valid for 48 hours and can be used once.',
      ignore: 'If you did not create an account, you can ignore this email.',
      signature: 'The LeadCapture team',
    },
    sv: {
      subject: 'Bekräfta din e-postadress',
      greeting: (n) => `Hej ${n},`,
      body: 'Välkommen till LeadCapture! Bekräfta din e-postadress så att vi vet att det verkligen är du.',
      action: 'Bekräfta e-postadress',
      expiry: 'Länken gäller i 48 timmar och kan användas en gång.',
      ignore: 'Om du inte har skapat något konto kan du bortse från det här mejlet.',
      signature: 'LeadCapture-teamet',
    },
  },
  password_reset: {
    en: {
      subject: 'Reset your password',
      greeting: (n) => `Hi ${n},`,
      body: 'We received a request to reset the password of your LeadCapture account.',
      action: 'Choose a new password',
      expiry: 'This link is valid for 1 hour and can be used once.',
      ignore: 'If you did not ask for this, you can ignore this email: your password stays the same.',
      signature: 'The LeadCapture team',
    },
    sv: {
      subject: 'Återställ ditt lösenord',
      greeting: (n) => `Hej ${n},`,
      body: 'Vi har fått en begäran om att återställa lösenordet till ditt LeadCapture-konto.',
      action: 'Välj ett nytt lösenord',
      expiry: 'Länken gäller i 1 timme och kan användas en gång.',
      ignore: 'Om du inte har bett om detta kan du bortse från mejlet: ditt lösenord förblir detsamma.',
      signature: 'LeadCapture-teamet',
    },
  },
  // Double opt-in for a visitor who left their details on a capture page (docs/capture.md).
  lead_email_confirmation: {
    en: {
      subject: 'Please confirm your email address',
      greeting: (n) => `Hi ${n},`,
      body: (event) =>
        `Thank you for your interest${event ? ` at ${event}` : ''}. Please confirm your email address so the organiser can follow up with you.`,
      action: 'Confirm my email address',
      expiry: 'This link is valid for 7 days and can be used once.',
      ignore: 'If you did not leave your details, you can ignore this email.',
      signature: 'LeadCapture, on behalf of the organiser',
    },
    sv: {
      subject: 'Bekräfta din e-postadress',
      greeting: (n) => `Hej ${n},`,
      body: (event) =>
        `Tack för ditt intresse${event ? ` på ${event}` : ''}. Bekräfta din e-postadress så att arrangören kan återkomma till dig.`,
      action: 'Bekräfta min e-postadress',
      expiry: 'Länken gäller i 7 dagar och kan användas en gång.',
      ignore: 'Om du inte har lämnat dina uppgifter kan du bortse från det här mejlet.',
      signature: 'LeadCapture, för arrangörens räkning',
    },
  },
};

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function renderMail(
  template: MailTemplate,
  language: string,
  params: { name: string; link: string; event?: string },
) {
  const c = COPY[template][language === 'sv' ? 'sv' : 'en'];
  const body = typeof c.body === 'string' ? c.body : c.body(params.event ?? '');
  const text = [
    c.greeting(params.name),
    '',
    body,
    '',
    `${c.action}: ${params.link}`,
    '',
    c.expiry,
    c.ignore,
    '',
    c.signature,
  ].join('\n');
  const html = `<!doctype html><html lang="${language === 'sv' ? 'sv' : 'en'}"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(c.greeting(params.name))}</p><p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(params.link)}" style="display:inline-block;background:#2563eb;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(c.action)}</a></p>
<p style="color:#475569;font-size:14px">${escapeHtml(c.expiry)}<br>${escapeHtml(c.ignore)}</p><p>${escapeHtml(c.signature)}</p></body></html>`;
  return { subject: c.subject, text, html };
}
