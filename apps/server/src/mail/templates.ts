import type { UsageResource } from '@leadcapture/contracts/billing';
import type { LeadStatus, Role } from '@leadcapture/contracts/constants';
/**
 * Transactional mail in the user's language. English is the source; Swedish is complete;
 * other profile languages fall back to English until their UI exists.
 */
export type MailTemplate =
  | 'verify_email'
  | 'password_reset'
  | 'lead_email_confirmation'
  | 'lead_status_changed'
  | 'lead_follow_up_due'
  | 'lead_new'
  | 'lead_hot'
  | 'lead_new_batch'
  | 'lead_assigned'
  | 'leads_imported'
  | 'leads_bulk_assigned'
  | 'invitation_accepted'
  | 'team_message'
  | 'notification_digest'
  | 'team_invitation'
  | 'trial_ending'
  | 'trial_ended'
  | 'usage_threshold'
  | 'held_leads'
  | 'payment_failed'
  | 'integration_error'
  | 'webhook_disabled';
type Lang = 'en' | 'sv';

interface Copy {
  subject: string;
  greeting: (name: string) => string;
  /** A function when the text names what the mail is about (an event, a change). */
  body: string | ((detail: string) => string);
  action: string;
  expiry: string;
  ignore: string;
  signature: string;
}

/** A notice that several leads are now the recipient's: the same mail, its own subject. */
function leadsForYou(en: string, sv: string): Record<Lang, Copy> {
  return {
    en: {
      subject: en,
      greeting: (n) => `Hi ${n},`,
      body: (detail) => detail,
      action: 'Open your leads',
      expiry: '',
      ignore: 'You get this email because of your notification settings for leads.',
      signature: 'The LeadCapture team',
    },
    sv: {
      subject: sv,
      greeting: (n) => `Hej ${n},`,
      body: (detail) => detail,
      action: 'Öppna dina leads',
      expiry: '',
      ignore: 'Du får det här mejlet på grund av dina aviseringsinställningar för leads.',
      signature: 'LeadCapture-teamet',
    },
  };
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
  // A rep is told that a lead assigned to them changed status (POST /leads/{id}/status/ notify).
  lead_status_changed: {
    en: {
      subject: 'A lead assigned to you changed status',
      greeting: (n) => `Hi ${n},`,
      body: (detail) => detail,
      action: 'Open the lead',
      expiry: '',
      ignore: 'You get this email because the lead is assigned to you.',
      signature: 'The LeadCapture team',
    },
    sv: {
      subject: 'En lead som är tilldelad dig har bytt status',
      greeting: (n) => `Hej ${n},`,
      body: (detail) => detail,
      action: 'Öppna leaden',
      expiry: '',
      ignore: 'Du får det här mejlet eftersom leaden är tilldelad dig.',
      signature: 'LeadCapture-teamet',
    },
  },
  // An invitation to join an organisation (POST /auth/team/members/ and resend-invite). The
  // invitee may have no account yet, so no name may be known.
  team_invitation: {
    en: {
      subject: 'You are invited to join your team on LeadCapture',
      greeting: (n) => (n ? `Hi ${n},` : 'Hi,'),
      body: (detail) => detail,
      action: 'Accept the invitation',
      expiry: 'This link is valid for 7 days and can be used once.',
      ignore: 'If you did not expect this invitation, you can ignore this email.',
      signature: 'The LeadCapture team',
    },
    sv: {
      subject: 'Du är inbjuden till ditt team på LeadCapture',
      greeting: (n) => (n ? `Hej ${n},` : 'Hej,'),
      body: (detail) => detail,
      action: 'Acceptera inbjudan',
      expiry: 'Länken gäller i 7 dagar och kan användas en gång.',
      ignore: 'Om du inte väntade dig den här inbjudan kan du bortse från mejlet.',
      signature: 'LeadCapture-teamet',
    },
  },
  // The day of a lead's follow-up date, to whoever follows it up (jobs: follow-up reminders).
  lead_follow_up_due: {
    en: {
      subject: 'Follow-up due today',
      greeting: (n) => `Hi ${n},`,
      body: (detail) => detail,
      action: 'Open the lead',
      expiry: '',
      ignore: 'You get this email because you follow up this lead.',
      signature: 'The LeadCapture team',
    },
    sv: {
      subject: 'Uppföljning i dag',
      greeting: (n) => `Hej ${n},`,
      body: (detail) => detail,
      action: 'Öppna leaden',
      expiry: '',
      ignore: 'Du får det här mejlet eftersom du följer upp leaden.',
      signature: 'LeadCapture-teamet',
    },
  },
  // A new lead for whoever follows it up (assigned rep, else the event’s or offer’s creator).
  lead_new: {
    en: {
      subject: 'You have a new lead',
      greeting: (n) => `Hi ${n},`,
      body: (detail) => detail,
      action: 'Open the lead',
      expiry: '',
      ignore: 'You get this email because of your notification settings for leads.',
      signature: 'The LeadCapture team',
    },
    sv: {
      subject: 'Du har fått en ny lead',
      greeting: (n) => `Hej ${n},`,
      body: (detail) => detail,
      action: 'Öppna leaden',
      expiry: '',
      ignore: 'Du får det här mejlet på grund av dina aviseringsinställningar för leads.',
      signature: 'LeadCapture-teamet',
    },
  },
  // Many new leads of one page at once (held captures released by an upgrade): one mail per person.
  lead_new_batch: {
    en: {
      subject: 'You have new leads',
      greeting: (n) => `Hi ${n},`,
      body: (detail) => detail,
      action: 'Open the leads',
      expiry: '',
      ignore: 'You get this email because of your notification settings for leads.',
      signature: 'The LeadCapture team',
    },
    sv: {
      subject: 'Du har fått nya leads',
      greeting: (n) => `Hej ${n},`,
      body: (detail) => detail,
      action: 'Öppna leadsen',
      expiry: '',
      ignore: 'Du får det här mejlet på grund av dina aviseringsinställningar för leads.',
      signature: 'LeadCapture-teamet',
    },
  },
  // A hot lead (interest hot or score at the threshold): sent at once, never in a digest.
  lead_hot: {
    en: {
      subject: 'A hot lead just came in',
      greeting: (n) => `Hi ${n},`,
      body: (detail) => detail,
      action: 'Open the lead now',
      expiry: '',
      ignore: 'You get this email because of your notification settings for leads.',
      signature: 'The LeadCapture team',
    },
    sv: {
      subject: 'En het lead har precis kommit in',
      greeting: (n) => `Hej ${n},`,
      body: (detail) => detail,
      action: 'Öppna leaden nu',
      expiry: '',
      ignore: 'Du får det här mejlet på grund av dina aviseringsinställningar för leads.',
      signature: 'LeadCapture-teamet',
    },
  },
  // Someone else assigned a lead to the recipient.
  lead_assigned: {
    en: {
      subject: 'A lead was assigned to you',
      greeting: (n) => `Hi ${n},`,
      body: (detail) => detail,
      action: 'Open the lead',
      expiry: '',
      ignore: 'You get this email because of your notification settings for leads.',
      signature: 'The LeadCapture team',
    },
    sv: {
      subject: 'En lead har tilldelats dig',
      greeting: (n) => `Hej ${n},`,
      body: (detail) => detail,
      action: 'Öppna leaden',
      expiry: '',
      ignore: 'Du får det här mejlet på grund av dina aviseringsinställningar för leads.',
      signature: 'LeadCapture-teamet',
    },
  },
  // An import's new leads went to the recipient by its event's automatic assignment.
  leads_imported: leadsForYou('Imported leads were assigned to you', 'Importerade leads har tilldelats dig'),
  // Someone else assigned many leads to the recipient at once (a bulk job): one mail, not one per lead.
  leads_bulk_assigned: leadsForYou('Leads were assigned to you', 'Leads har tilldelats dig'),
  // To the inviter and the owners when an invited person joins.
  invitation_accepted: {
    en: {
      subject: 'A new member joined your team',
      greeting: (n) => `Hi ${n},`,
      body: (detail) => detail,
      action: 'See your team',
      expiry: '',
      ignore: 'You get this email because of your notification settings for the team.',
      signature: 'The LeadCapture team',
    },
    sv: {
      subject: 'En ny medlem har gått med i ert team',
      greeting: (n) => `Hej ${n},`,
      body: (detail) => detail,
      action: 'Se ert team',
      expiry: '',
      ignore: 'Du får det här mejlet på grund av dina aviseringsinställningar för teamet.',
      signature: 'LeadCapture-teamet',
    },
  },
  // An owner or admin wrote to the team (POST /notifications/send/).
  team_message: {
    en: {
      subject: 'A message from your team',
      greeting: (n) => `Hi ${n},`,
      body: (detail) => detail,
      action: 'Open LeadCapture',
      expiry: '',
      ignore: 'You get this email because of your notification settings for the team.',
      signature: 'The LeadCapture team',
    },
    sv: {
      subject: 'Ett meddelande från ditt team',
      greeting: (n) => `Hej ${n},`,
      body: (detail) => detail,
      action: 'Öppna LeadCapture',
      expiry: '',
      ignore: 'Du får det här mejlet på grund av dina aviseringsinställningar för teamet.',
      signature: 'LeadCapture-teamet',
    },
  },
  // Once a day: what the recipient chose to get as a digest.
  notification_digest: {
    en: {
      subject: 'Your daily LeadCapture summary',
      greeting: (n) => `Hi ${n},`,
      body: (detail) => detail,
      action: 'Open your notifications',
      expiry: '',
      ignore: 'You get this email because you chose a daily summary in your notification settings.',
      signature: 'The LeadCapture team',
    },
    sv: {
      subject: 'Din dagliga sammanfattning från LeadCapture',
      greeting: (n) => `Hej ${n},`,
      body: (detail) => detail,
      action: 'Öppna dina aviseringar',
      expiry: '',
      ignore: 'Du får det här mejlet eftersom du har valt en daglig sammanfattning i dina aviseringsinställningar.',
      signature: 'LeadCapture-teamet',
    },
  },
  // To every owner, once per trial, when 3 days or fewer are left (docs/billing.md).
  trial_ending: {
    en: {
      subject: 'Your LeadCapture trial ends soon',
      greeting: (n) => `Hi ${n},`,
      body: (detail) => detail,
      action: 'Choose a plan',
      expiry: '',
      ignore: 'You get this email because you own the organisation.',
      signature: 'The LeadCapture team',
    },
    sv: {
      subject: 'Din provperiod på LeadCapture tar snart slut',
      greeting: (n) => `Hej ${n},`,
      body: (detail) => detail,
      action: 'Välj en plan',
      expiry: '',
      ignore: 'Du får det här mejlet eftersom du äger organisationen.',
      signature: 'LeadCapture-teamet',
    },
  },
  // To every owner when the trial has ended and the organisation is on free.
  trial_ended: {
    en: {
      subject: 'Your LeadCapture trial has ended',
      greeting: (n) => `Hi ${n},`,
      body: (detail) => detail,
      action: 'Choose a plan',
      expiry: '',
      ignore: 'You get this email because you own the organisation.',
      signature: 'The LeadCapture team',
    },
    sv: {
      subject: 'Din provperiod på LeadCapture har tagit slut',
      greeting: (n) => `Hej ${n},`,
      body: (detail) => detail,
      action: 'Välj en plan',
      expiry: '',
      ignore: 'Du får det här mejlet eftersom du äger organisationen.',
      signature: 'LeadCapture-teamet',
    },
  },
  // To every owner when a limited resource first reaches 80 % or 100 % of its limit.
  usage_threshold: {
    en: {
      subject: 'Your plan’s usage',
      greeting: (n) => `Hi ${n},`,
      body: (detail) => detail,
      action: 'See your usage',
      expiry: '',
      ignore: 'You get this email because you own the organisation.',
      signature: 'The LeadCapture team',
    },
    sv: {
      subject: 'Användningen av din plan',
      greeting: (n) => `Hej ${n},`,
      body: (detail) => detail,
      action: 'Se din användning',
      expiry: '',
      ignore: 'Du får det här mejlet eftersom du äger organisationen.',
      signature: 'LeadCapture-teamet',
    },
  },
  // To every owner, once a month, when visitors' captures are held past the month's lead limit.
  held_leads: {
    en: {
      subject: 'New leads are waiting for you on LeadCapture',
      greeting: (n) => `Hi ${n},`,
      body: (detail) => detail,
      action: 'Upgrade to see them',
      expiry: '',
      ignore: 'You get this email because you own the organisation.',
      signature: 'The LeadCapture team',
    },
    sv: {
      subject: 'Nya leads väntar på er i LeadCapture',
      greeting: (n) => `Hej ${n},`,
      body: (detail) => detail,
      action: 'Uppgradera för att se dem',
      expiry: '',
      ignore: 'Du får det här mejlet eftersom du äger organisationen.',
      signature: 'LeadCapture-teamet',
    },
  },
  // To every owner when the payment provider could not take an invoice's payment.
  payment_failed: {
    en: {
      subject: 'Your LeadCapture payment failed',
      greeting: (n) => `Hi ${n},`,
      body: (detail) => detail,
      action: 'Update your payment method',
      expiry: '',
      ignore: 'You get this email because you own the organisation.',
      signature: 'The LeadCapture team',
    },
    sv: {
      subject: 'Din betalning till LeadCapture misslyckades',
      greeting: (n) => `Hej ${n},`,
      body: (detail) => detail,
      action: 'Uppdatera betalningsmetod',
      expiry: '',
      ignore: 'Du får det här mejlet eftersom du äger organisationen.',
      signature: 'LeadCapture-teamet',
    },
  },
  // To every owner when a provider refuses an integration's credentials and its sync stops.
  integration_error: {
    en: {
      subject: 'An integration stopped syncing',
      greeting: (n) => `Hi ${n},`,
      body: (detail) => detail,
      action: 'Update the integration',
      expiry: '',
      ignore: 'You get this email because you own the organisation.',
      signature: 'The LeadCapture team',
    },
    sv: {
      subject: 'En integration har slutat synkronisera',
      greeting: (n) => `Hej ${n},`,
      body: (detail) => detail,
      action: 'Uppdatera integrationen',
      expiry: '',
      ignore: 'Du får det här mejlet eftersom du äger organisationen.',
      signature: 'LeadCapture-teamet',
    },
  },
  // To every owner when a webhook is disabled by its endpoint (410) or by 5 days of failures.
  webhook_disabled: {
    en: {
      subject: 'A webhook was disabled',
      greeting: (n) => `Hi ${n},`,
      body: (detail) => detail,
      action: 'See your webhooks',
      expiry: '',
      ignore: 'You get this email because you own the organisation.',
      signature: 'The LeadCapture team',
    },
    sv: {
      subject: 'En webhook har stängts av',
      greeting: (n) => `Hej ${n},`,
      body: (detail) => detail,
      action: 'Se era webhooks',
      expiry: '',
      ignore: 'Du får det här mejlet eftersom du äger organisationen.',
      signature: 'LeadCapture-teamet',
    },
  },
};

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The shipped subject of a template in a language: a push message's title. */
export function mailSubject(template: MailTemplate, language: string): string {
  return COPY[template][language === 'sv' ? 'sv' : 'en'].subject;
}

/** An organisation's own subject and body for a mail, with {{placeholders}}. */
export interface MailOverride {
  subject: string;
  body: string;
}

export interface MailParams {
  name: string;
  link: string;
  event?: string;
  detail?: string;
}

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;

/** The placeholders a template's subject and body may use. */
export function templateVariables(template: MailTemplate): string[] {
  if (template === 'lead_email_confirmation') return ['name', 'event', 'link'];
  const body = COPY[template].en.body;
  return typeof body === 'string' ? ['name', 'link'] : ['name', 'detail', 'link'];
}

/** The editable text of a template as shipped: what an owner starts from and resets to. */
export function defaultTemplateText(template: MailTemplate, language: string): MailOverride {
  const c = COPY[template][language === 'sv' ? 'sv' : 'en'];
  const placeholder = template === 'lead_email_confirmation' ? '{{event}}' : '{{detail}}';
  const body = typeof c.body === 'string' ? c.body : c.body(placeholder);
  return { subject: c.subject, body: `${c.greeting('{{name}}')}\n\n${body}` };
}

/**
 * Placeholders in `text` the template does not know, and `{{` or `}}` that open or close no
 * placeholder: an owner's wording is refused with them rather than mailed with a hole in it.
 */
export function unknownPlaceholders(template: MailTemplate, text: string): string[] {
  const known = new Set(templateVariables(template));
  const bad = new Set<string>();
  for (const m of text.matchAll(PLACEHOLDER)) if (!known.has(m[1] ?? '')) bad.add(m[0]);
  const stray = text.replace(PLACEHOLDER, '');
  if (stray.includes('{{') || stray.includes('}}')) bad.add('{{');
  return [...bad];
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (_all, key: string) => values[key] ?? '');
}

const paragraphsHtml = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

/** A mail in the recipient's language; an organisation's wording (override) replaces subject and body. */
export function renderMail(template: MailTemplate, language: string, params: MailParams, override?: MailOverride) {
  const c = COPY[template][language === 'sv' ? 'sv' : 'en'];
  let subject = c.subject;
  let main: string;
  if (override) {
    // Placeholders are filled with plain text; the HTML part escapes everything below.
    const values = { name: params.name, link: params.link, event: params.event ?? '', detail: params.detail ?? '' };
    subject = fill(override.subject, values).replace(/\s+/g, ' ').trim();
    main = fill(override.body, values);
  } else {
    const body = typeof c.body === 'string' ? c.body : c.body(params.detail ?? params.event ?? '');
    main = `${c.greeting(params.name)}\n\n${body}`;
  }
  const text = [main, '', `${c.action}: ${params.link}`, '', c.expiry, c.ignore, '', c.signature].join('\n');
  const html = `<!doctype html><html lang="${language === 'sv' ? 'sv' : 'en'}"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
${paragraphsHtml(main)}
<p><a href="${escapeHtml(params.link)}" style="display:inline-block;background:#2563eb;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(c.action)}</a></p>
<p style="color:#475569;font-size:14px">${escapeHtml(c.expiry)}<br>${escapeHtml(c.ignore)}</p><p>${escapeHtml(c.signature)}</p></body></html>`;
  return { subject, text, html };
}

const LEAD_STATUS_NAMES: Record<Lang, Record<LeadStatus, string>> = {
  en: {
    new: 'New',
    contacted: 'Contacted',
    qualified: 'Qualified',
    unqualified: 'Unqualified',
    converted: 'Converted',
    lost: 'Lost',
    demo_scheduled: 'Demo scheduled',
    proposal_sent: 'Proposal sent',
    closed_won: 'Closed won',
    closed_lost: 'Closed lost',
    nurturing: 'Nurturing',
  },
  sv: {
    new: 'Ny',
    contacted: 'Kontaktad',
    qualified: 'Kvalificerad',
    unqualified: 'Ej kvalificerad',
    converted: 'Konverterad',
    lost: 'Förlorad',
    demo_scheduled: 'Demo bokad',
    proposal_sent: 'Offert skickad',
    closed_won: 'Vunnen',
    closed_lost: 'Förlorad affär',
    nurturing: 'Vårdas',
  },
};

/** The body of a lead_status_changed mail, in the recipient's language. */
export function leadStatusChangeDetail(
  language: string,
  change: { lead: string; from: LeadStatus; to: LeadStatus; by: string; note: string },
): string {
  const lang: Lang = language === 'sv' ? 'sv' : 'en';
  const names = LEAD_STATUS_NAMES[lang];
  const sentence =
    lang === 'sv'
      ? `${change.by} har ändrat status för ${change.lead} från ${names[change.from]} till ${names[change.to]}.`
      : `${change.by} changed the status of ${change.lead} from ${names[change.from]} to ${names[change.to]}.`;
  if (!change.note) return sentence;
  return `${sentence} ${lang === 'sv' ? 'Anteckning' : 'Note'}: “${change.note}”`;
}

/** The body of a lead_follow_up_due mail, in the recipient's language. */
export function leadFollowUpDetail(language: string, lead: { name: string; company: string }): string {
  const who = [lead.name, lead.company].filter(Boolean).join(', ');
  return language === 'sv'
    ? `Det är dags att följa upp ${who || 'en lead'} i dag, enligt uppföljningsdatumet.`
    : `It is time to follow up ${who || 'a lead'} today, as scheduled.`;
}

const ROLE_NAMES: Record<Lang, Record<Role, string>> = {
  en: { owner: 'owner', admin: 'admin', member: 'member', viewer: 'viewer' },
  sv: { owner: 'ägare', admin: 'administratör', member: 'medlem', viewer: 'läsare' },
};

/** The body of a team_invitation mail, in the invitee's language. */
export function teamInvitationDetail(
  language: string,
  invitation: { organization: string; invitedBy: string; role: Role },
): string {
  const lang: Lang = language === 'sv' ? 'sv' : 'en';
  const role = ROLE_NAMES[lang][invitation.role];
  return lang === 'sv'
    ? `${invitation.invitedBy} har bjudit in dig till ${invitation.organization} på LeadCapture som ${role}.`
    : `${invitation.invitedBy} has invited you to join ${invitation.organization} on LeadCapture as ${role}.`;
}

/** The body of a trial_ending mail, in the owner's language. */
export function trialEndingDetail(language: string, days: number): string {
  if (language === 'sv') {
    return `Din provperiod på Professional slutar om ${days} ${days === 1 ? 'dag' : 'dagar'}. Välj en plan för att behålla det du använder; annars fortsätter organisationen på Free.`;
  }
  return `Your Professional trial ends in ${days} ${days === 1 ? 'day' : 'days'}. Choose a plan to keep what you use; otherwise the organisation continues on Free.`;
}

/** The body of a trial_ended mail, in the owner's language. */
export function trialEndedDetail(language: string): string {
  return language === 'sv'
    ? 'Din provperiod på Professional har tagit slut och organisationen är nu på Free. Inget har raderats; välj en plan för att få tillbaka Professionals gränser.'
    : 'Your Professional trial has ended and the organisation is now on Free. Nothing was deleted; choose a plan to get Professional’s limits back.';
}

const RESOURCE_NAMES: Record<Lang, Record<UsageResource, [one: string, many: string]>> = {
  en: {
    leads: ['lead this month', 'leads this month'],
    team_members: ['team member', 'team members'],
    events: ['active event', 'active events'],
    offers: ['offer', 'offers'],
    integrations: ['integration', 'integrations'],
    storage: ['MB of storage', 'MB of storage'],
  },
  sv: {
    leads: ['lead den här månaden', 'leads den här månaden'],
    team_members: ['teammedlem', 'teammedlemmar'],
    events: ['aktivt evenemang', 'aktiva evenemang'],
    offers: ['erbjudande', 'erbjudanden'],
    integrations: ['integration', 'integrationer'],
    storage: ['MB lagring', 'MB lagring'],
  },
};

/** The body of a usage_threshold mail, in the owner's language. */
export function usageThresholdDetail(
  language: string,
  usage: { resource: UsageResource; percentage: number; limit: number },
): string {
  const lang: Lang = language === 'sv' ? 'sv' : 'en';
  const [one, many] = RESOURCE_NAMES[lang][usage.resource];
  const what = `${usage.limit} ${usage.limit === 1 ? one : many}`;
  if (lang === 'sv') {
    return usage.percentage >= 100
      ? `Ni har använt hela planens gräns på ${what}. Uppgradera planen för att lägga till fler.`
      : `Ni har använt ${usage.percentage} % av planens gräns på ${what}.`;
  }
  return usage.percentage >= 100
    ? `You have used all of your plan’s ${what}. Upgrade your plan to add more.`
    : `You have used ${usage.percentage} % of your plan’s ${what}.`;
}

/** The body of a leads_imported mail, in the assignee's language. */
export function leadsImportedDetail(language: string, count: number, eventName: string): string {
  if (language === 'sv')
    return count === 1
      ? `1 lead importerades till ${eventName} och tilldelades dig.`
      : `${count} leads importerades till ${eventName} och tilldelades dig.`;
  return count === 1
    ? `1 lead was imported into ${eventName} and assigned to you.`
    : `${count} leads were imported into ${eventName} and assigned to you.`;
}

/** The body of a held_leads mail, in the owner's language. */
export function heldLeadsDetail(language: string, limit: number): string {
  return language === 'sv'
    ? `Planens gräns på ${limit} leads den här månaden är nådd. Besökarnas nya leads sparas och väntar: uppgradera planen så visas de direkt, med sina aviseringar.`
    : `Your plan’s limit of ${limit} leads this month is reached. Visitors’ new leads are kept and waiting: upgrade your plan and they appear at once, with their notifications.`;
}

/** The body of an integration_error mail, in the owner's language. */
export function integrationErrorDetail(language: string, integration: { name: string; reason: string }): string {
  return language === 'sv'
    ? `${integration.name} tog inte emot uppgifterna för integrationen (${integration.reason}). Inga leads skickas dit förrän du har uppdaterat dem.`
    : `${integration.name} refused the integration’s credentials (${integration.reason}). No leads are sent there until you update them.`;
}

/** The body of a webhook_disabled mail, in the owner's language. */
export function webhookDisabledDetail(
  language: string,
  webhook: { name: string; url: string; reason: 'manual' | 'gone' | 'failing' },
): string {
  const which = `“${webhook.name}” (${webhook.url})`;
  if (language === 'sv') {
    return webhook.reason === 'gone'
      ? `Webhooken ${which} har stängts av: adressen svarade 410 Gone. Inga fler händelser skickas dit förrän ni slår på den igen.`
      : `Webhooken ${which} har stängts av efter fem dagar då varje leverans misslyckades. Inga fler händelser skickas dit förrän ni slår på den igen.`;
  }
  return webhook.reason === 'gone'
    ? `The webhook ${which} was disabled: its address answered 410 Gone. No more events are sent to it until you enable it again.`
    : `The webhook ${which} was disabled after five days in which every delivery failed. No more events are sent to it until you enable it again.`;
}

const leadWho = (lead: { name: string; company: string }, fallback: string) =>
  [lead.name, lead.company].filter(Boolean).join(', ') || fallback;

/** The body of a lead_new or lead_hot mail, in the recipient's language. */
export function leadNewDetail(
  language: string,
  lead: { name: string; company: string; source: string; hot: boolean; score: number },
): string {
  if (language === 'sv') {
    const who = leadWho(lead, 'En ny lead');
    const where = lead.source ? ` via ${lead.source}` : '';
    return lead.hot
      ? `${who} har precis kommit in${where} och är het (poäng ${lead.score}). Hör av dig medan intresset är som störst.`
      : `${who} har kommit in${where}.`;
  }
  const who = leadWho(lead, 'A new lead');
  const where = lead.source ? ` through ${lead.source}` : '';
  return lead.hot
    ? `${who} just came in${where} and is hot (score ${lead.score}). Reach out while the interest is high.`
    : `${who} came in${where}.`;
}

/** The body of a lead_new_batch mail, in the recipient's language. */
export function leadNewBatchDetail(language: string, batch: { count: number; hot: number; source: string }): string {
  if (language === 'sv') {
    const what = batch.count === 1 ? '1 ny lead' : `${batch.count} nya leads`;
    const where = batch.source ? ` från ${batch.source}` : '';
    const hot = batch.hot > 0 ? ` ${batch.hot} av dem är heta: hör av dig medan intresset är som störst.` : '';
    return `${what}${where} har kommit in till dig.${hot}`;
  }
  const what = batch.count === 1 ? '1 new lead' : `${batch.count} new leads`;
  const where = batch.source ? ` from ${batch.source}` : '';
  const hot =
    batch.hot > 0
      ? ` ${batch.hot} of them ${batch.hot === 1 ? 'is' : 'are'} hot: reach out while the interest is high.`
      : '';
  return `${what}${where} came in for you.${hot}`;
}

/** The body of a lead_assigned mail, in the recipient's language. */
export function leadAssignedDetail(language: string, lead: { name: string; company: string; by: string }): string {
  return language === 'sv'
    ? `${lead.by || 'En kollega'} har tilldelat dig ${leadWho(lead, 'en lead')}.`
    : `${lead.by || 'A colleague'} assigned ${leadWho(lead, 'a lead')} to you.`;
}

/** The body of a leads_bulk_assigned mail, in the recipient's language. */
export function leadsBulkAssignedDetail(language: string, given: { count: number; by: string }): string {
  const n = given.count.toLocaleString(language === 'sv' ? 'sv-SE' : 'en-GB');
  if (language === 'sv')
    return `${given.by || 'En kollega'} har tilldelat dig ${n} ${given.count === 1 ? 'lead' : 'leads'}.`;
  return `${given.by || 'A colleague'} assigned ${n} ${given.count === 1 ? 'lead' : 'leads'} to you.`;
}

/** The body of an invitation_accepted mail, in the recipient's language. */
export function invitationAcceptedDetail(
  language: string,
  member: { name: string; email: string; role: Role },
): string {
  const lang: Lang = language === 'sv' ? 'sv' : 'en';
  const who = member.name ? `${member.name} (${member.email})` : member.email;
  const role = ROLE_NAMES[lang][member.role];
  return lang === 'sv'
    ? `${who} har accepterat inbjudan och gått med i teamet som ${role}.`
    : `${who} accepted the invitation and joined the team as ${role}.`;
}

/** The body of a team_message mail: the title, then the message as written. */
export function teamMessageDetail(language: string, message: { title: string; message: string; from: string }): string {
  const by = language === 'sv' ? `Från ${message.from}` : `From ${message.from}`;
  return `${message.title}\n\n${message.message}\n\n${by}`;
}

/** The body of a notification_digest mail: one line per notification, oldest first. */
export function digestDetail(language: string, lines: string[], more: number): string {
  const intro =
    language === 'sv'
      ? `Här är det som har hänt sedan din förra sammanfattning (${lines.length + more}):`
      : `Here is what happened since your last summary (${lines.length + more}):`;
  const tail = more > 0 ? [language === 'sv' ? `… och ${more} till.` : `… and ${more} more.`] : [];
  return [intro, ...lines.map((l) => `• ${l}`), ...tail].join('\n');
}

/** The body of a payment_failed mail, in the owner's language. */
export function paymentFailedDetail(
  language: string,
  payment: { number: string; amountDue: number; currency: string },
): string {
  const lang: Lang = language === 'sv' ? 'sv' : 'en';
  const amount = new Intl.NumberFormat(lang === 'sv' ? 'sv-SE' : 'en-GB', {
    style: 'currency',
    currency: payment.currency.toUpperCase(),
  }).format(payment.amountDue / 100);
  return lang === 'sv'
    ? `Vi kunde inte dra betalningen för faktura ${payment.number} (${amount} att betala). Uppdatera betalningsmetoden så att planen fortsätter utan avbrott.`
    : `We could not take the payment for invoice ${payment.number} (${amount} due). Update your payment method to keep your plan running.`;
}
