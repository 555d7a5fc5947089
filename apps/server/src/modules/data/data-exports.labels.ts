/**
 * The words of an export a person reads: column headers and the labels of coded values, in
 * English and Swedish (the languages of the interface). An export for re-import uses the codes
 * instead. Wording follows the web app's locales so a file reads like the screen it came from.
 */
export type ExportLanguage = 'en' | 'sv';
/** One word in every language: its code, English, Swedish. */
type Word = readonly [code: string, en: string, sv: string];

/**
 * Every table of words in one definition, by set: `header` names columns, `word` the words of
 * cells (yes, no, the activity summary), `<resource>.<field>` the labels of a coded field.
 */
const TABLES: Record<string, readonly Word[]> = {
  header: [
    ['id', 'ID', 'ID'],
    ['first_name', 'First name', 'Förnamn'],
    ['last_name', 'Last name', 'Efternamn'],
    ['email', 'Email', 'E-post'],
    ['phone', 'Phone', 'Telefon'],
    ['company', 'Company', 'Företag'],
    ['job_title', 'Job title', 'Titel'],
    ['company_size', 'Company size', 'Företagsstorlek'],
    ['source', 'Source', 'Källa'],
    ['status', 'Status', 'Status'],
    ['interest', 'Interest', 'Intresse'],
    ['score', 'Score', 'Poäng'],
    ['budget_range', 'Budget range', 'Budget'],
    ['decision_timeline', 'Decision timeline', 'Beslutstidslinje'],
    ['decision_role', 'Decision role', 'Roll i beslutet'],
    ['interested_products', 'Interested products', 'Intressanta produkter'],
    ['tags', 'Tags', 'Taggar'],
    ['assigned_to', 'Assigned to', 'Tilldelad'],
    ['notes', 'Notes', 'Anteckningar'],
    ['activities', 'Activities', 'Aktiviteter'],
    ['follow_up_date', 'Follow-up date', 'Uppföljningsdatum'],
    ['event', 'Event', 'Evenemang'],
    ['approval_status', 'Approval status', 'Godkännande'],
    ['email_verified', 'Email verified', 'E-post bekräftad'],
    ['consent_given_at', 'Consent given at', 'Samtycke lämnat'],
    ['created_at', 'Created at', 'Skapad'],
    ['updated_at', 'Updated at', 'Uppdaterad'],
    ['company_name', 'Company', 'Företag'],
    ['contact_first_name', 'Contact first name', 'Kontaktens förnamn'],
    ['contact_last_name', 'Contact last name', 'Kontaktens efternamn'],
    ['contact_email', 'Contact email', 'Kontaktens e-post'],
    ['contact_phone', 'Contact phone', 'Kontaktens telefon'],
    ['contact_job_title', 'Contact job title', 'Kontaktens titel'],
    ['client_type', 'Type', 'Typ'],
    ['priority', 'Priority', 'Prioritet'],
    ['organization_number', 'Organisation number', 'Organisationsnummer'],
    ['vat_id', 'VAT number', 'Momsregistreringsnummer'],
    ['website', 'Website', 'Webbplats'],
    ['industry', 'Industry', 'Bransch'],
    ['currency', 'Currency', 'Valuta'],
    ['estimated_value', 'Estimated value', 'Uppskattat värde'],
    ['relationship_manager', 'Relationship manager', 'Kundansvarig'],
    ['next_follow_up_date', 'Next follow-up', 'Nästa uppföljning'],
    ['name', 'Name', 'Namn'],
    ['title', 'Title', 'Titel'],
    ['description', 'Description', 'Beskrivning'],
    ['start_date', 'Starts', 'Börjar'],
    ['end_date', 'Ends', 'Slutar'],
    ['location', 'Location', 'Plats'],
    ['published', 'Published', 'Publicerad'],
    ['form_fields', 'Form fields', 'Formulärfält'],
    ['lead_count', 'Leads', 'Leads'],
  ],
  'leads.status': [
    ['new', 'New', 'Ny'],
    ['contacted', 'Contacted', 'Kontaktad'],
    ['qualified', 'Qualified', 'Kvalificerad'],
    ['unqualified', 'Unqualified', 'Ej kvalificerad'],
    ['converted', 'Converted', 'Konverterad'],
    ['lost', 'Lost', 'Förlorad'],
    ['demo_scheduled', 'Demo scheduled', 'Demo bokad'],
    ['proposal_sent', 'Proposal sent', 'Offert skickad'],
    ['closed_won', 'Closed won', 'Vunnen'],
    ['closed_lost', 'Closed lost', 'Förlorad affär'],
    ['nurturing', 'Nurturing', 'Bearbetas'],
  ],
  'leads.interest': [
    ['hot', 'Hot', 'Het'],
    ['warm', 'Warm', 'Varm'],
    ['cold', 'Cold', 'Kall'],
  ],
  'leads.decision_timeline': [
    ['asap', 'As soon as possible', 'Så snart som möjligt'],
    ['1_3_months', '1–3 months', '1–3 månader'],
    ['3_6_months', '3–6 months', '3–6 månader'],
    ['6_12_months', '6–12 months', '6–12 månader'],
    ['next_year', 'Next year', 'Nästa år'],
    ['not_specified', 'Not specified', 'Inte angiven'],
  ],
  'leads.decision_role': [
    ['decision_maker', 'Decision maker', 'Beslutsfattare'],
    ['influencer', 'Influencer', 'Påverkar beslutet'],
    ['not_involved', 'Not involved', 'Inte delaktig'],
    ['not_specified', 'Not specified', 'Inte angiven'],
  ],
  'leads.approval_status': [
    ['approved', 'Approved', 'Godkänd'],
    ['pending', 'Pending approval', 'Väntar på godkännande'],
    ['rejected', 'Rejected', 'Avvisad'],
  ],
  'leads.source': [
    ['qr_scan', 'QR scan', 'QR-skanning'],
    ['booth_visit', 'Booth visit', 'Monterbesök'],
    ['referral', 'Referral', 'Rekommendation'],
    ['website', 'Website', 'Webbplats'],
    ['direct', 'Direct', 'Direkt'],
    ['manual', 'Manual', 'Manuell'],
    ['event', 'Event', 'Evenemang'],
    ['social_media', 'Social media', 'Sociala medier'],
    ['email_marketing', 'Email marketing', 'E-postmarknadsföring'],
    ['cold_outreach', 'Cold outreach', 'Kall kontakt'],
    ['partner', 'Partner', 'Partner'],
    ['import', 'Import', 'Import'],
    ['api', 'API', 'API'],
    ['other', 'Other', 'Annat'],
  ],
  'clients.status': [
    ['active', 'Active', 'Aktiv'],
    ['inactive', 'Inactive', 'Inaktiv'],
    ['prospecting', 'Prospecting', 'Prospektering'],
    ['onboarding', 'Onboarding', 'Onboarding'],
    ['at_risk', 'At risk', 'I riskzonen'],
    ['churned', 'Churned', 'Förlorad'],
  ],
  'clients.client_type': [
    ['enterprise', 'Enterprise', 'Storföretag'],
    ['smb', 'Small or medium business', 'Litet eller medelstort företag'],
    ['startup', 'Startup', 'Startup'],
    ['individual', 'Individual', 'Privatperson'],
    ['nonprofit', 'Non-profit', 'Ideell organisation'],
    ['government', 'Government', 'Offentlig sektor'],
  ],
  'clients.priority': [
    ['high', 'High', 'Hög'],
    ['medium', 'Medium', 'Medel'],
    ['low', 'Low', 'Låg'],
  ],
  'events.status': [
    ['draft', 'Draft', 'Utkast'],
    ['active', 'Active', 'Aktiv'],
    ['inactive', 'Inactive', 'Inaktiv'],
    ['cancelled', 'Cancelled', 'Inställt'],
  ],
  'offers.status': [
    ['draft', 'Draft', 'Utkast'],
    ['active', 'Active', 'Aktiv'],
    ['archived', 'Archived', 'Arkiverad'],
  ],
  word: [
    ['yes', 'Yes', 'Ja'],
    ['no', 'No', 'Nej'],
    ['note', 'notes', 'anteckningar'],
    ['call', 'calls', 'samtal'],
    ['email', 'emails', 'e-postmeddelanden'],
    ['meeting', 'meetings', 'möten'],
    ['last', 'last', 'senast'],
  ],
};

const LOOKUP = new Map(
  Object.entries(TABLES).map(([set, words]) => [set, new Map(words.map(([code, en, sv]) => [code, { en, sv }]))]),
);
const lookup = (set: string, code: string, lang: ExportLanguage) => LOOKUP.get(set)?.get(code)?.[lang];

export const word = (key: string, lang: ExportLanguage) => lookup('word', key, lang) ?? key;

/** A column's header: its label, or its code for re-import. */
export function headerOf(code: string, lang: ExportLanguage, forReimport: boolean): string {
  if (forReimport) return code;
  return lookup('header', code, lang) ?? code;
}

/** A coded value's label (the code itself when it has none, or for re-import). */
export function valueLabel(set: string, code: string, lang: ExportLanguage, forReimport: boolean): string {
  if (forReimport || code === '') return code;
  return lookup(set, code, lang) ?? code;
}

/** A column's header in every language (English, Swedish): what an export of ours calls it. */
export function headerLabels(code: string): string[] {
  const labels = LOOKUP.get('header')?.get(code);
  return labels ? [labels.en, labels.sv] : [];
}

const foldValue = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
const BY_LABEL = new Map(
  Object.entries(TABLES).map(([set, words]) => [
    set,
    new Map(words.flatMap(([code, en, sv]) => [code, en, sv].map((text) => [foldValue(text), code] as const))),
  ]),
);

/**
 * A coded value read back from a file: its code written as the code, or as our exports' label
 * in either language ("Storföretag", "Small or medium business"); null for anything else.
 */
export function codeOfLabel(set: string, text: string): string | null {
  return BY_LABEL.get(set)?.get(foldValue(text)) ?? null;
}
