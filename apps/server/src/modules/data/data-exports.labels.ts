/**
 * The words of an export a person reads: column headers and the labels of coded values, in
 * English and Swedish (the languages of the interface). An export for re-import uses the codes
 * instead. Wording follows the web app's locales so a file reads like the screen it came from.
 */
export type ExportLanguage = 'en' | 'sv';
type Words = Record<string, { en: string; sv: string }>;

export const HEADERS: Words = {
  id: { en: 'ID', sv: 'ID' },
  first_name: { en: 'First name', sv: 'Förnamn' },
  last_name: { en: 'Last name', sv: 'Efternamn' },
  email: { en: 'Email', sv: 'E-post' },
  phone: { en: 'Phone', sv: 'Telefon' },
  company: { en: 'Company', sv: 'Företag' },
  job_title: { en: 'Job title', sv: 'Titel' },
  company_size: { en: 'Company size', sv: 'Företagsstorlek' },
  source: { en: 'Source', sv: 'Källa' },
  status: { en: 'Status', sv: 'Status' },
  interest: { en: 'Interest', sv: 'Intresse' },
  score: { en: 'Score', sv: 'Poäng' },
  budget_range: { en: 'Budget range', sv: 'Budget' },
  decision_timeline: { en: 'Decision timeline', sv: 'Beslutstidslinje' },
  decision_role: { en: 'Decision role', sv: 'Roll i beslutet' },
  interested_products: { en: 'Interested products', sv: 'Intressanta produkter' },
  tags: { en: 'Tags', sv: 'Taggar' },
  assigned_to: { en: 'Assigned to', sv: 'Tilldelad' },
  notes: { en: 'Notes', sv: 'Anteckningar' },
  activities: { en: 'Activities', sv: 'Aktiviteter' },
  follow_up_date: { en: 'Follow-up date', sv: 'Uppföljningsdatum' },
  event: { en: 'Event', sv: 'Evenemang' },
  approval_status: { en: 'Approval status', sv: 'Godkännande' },
  email_verified: { en: 'Email verified', sv: 'E-post bekräftad' },
  consent_given_at: { en: 'Consent given at', sv: 'Samtycke lämnat' },
  created_at: { en: 'Created at', sv: 'Skapad' },
  updated_at: { en: 'Updated at', sv: 'Uppdaterad' },
  company_name: { en: 'Company', sv: 'Företag' },
  contact_first_name: { en: 'Contact first name', sv: 'Kontaktens förnamn' },
  contact_last_name: { en: 'Contact last name', sv: 'Kontaktens efternamn' },
  contact_email: { en: 'Contact email', sv: 'Kontaktens e-post' },
  contact_phone: { en: 'Contact phone', sv: 'Kontaktens telefon' },
  contact_job_title: { en: 'Contact job title', sv: 'Kontaktens titel' },
  client_type: { en: 'Type', sv: 'Typ' },
  priority: { en: 'Priority', sv: 'Prioritet' },
  organization_number: { en: 'Organisation number', sv: 'Organisationsnummer' },
  vat_id: { en: 'VAT number', sv: 'Momsregistreringsnummer' },
  website: { en: 'Website', sv: 'Webbplats' },
  industry: { en: 'Industry', sv: 'Bransch' },
  currency: { en: 'Currency', sv: 'Valuta' },
  estimated_value: { en: 'Estimated value', sv: 'Uppskattat värde' },
  relationship_manager: { en: 'Relationship manager', sv: 'Kundansvarig' },
  next_follow_up_date: { en: 'Next follow-up', sv: 'Nästa uppföljning' },
  name: { en: 'Name', sv: 'Namn' },
  title: { en: 'Title', sv: 'Titel' },
  description: { en: 'Description', sv: 'Beskrivning' },
  start_date: { en: 'Starts', sv: 'Börjar' },
  end_date: { en: 'Ends', sv: 'Slutar' },
  location: { en: 'Location', sv: 'Plats' },
  published: { en: 'Published', sv: 'Publicerad' },
  form_fields: { en: 'Form fields', sv: 'Formulärfält' },
  lead_count: { en: 'Leads', sv: 'Leads' },
};

const VALUES: Record<string, Words> = {
  'leads.status': {
    new: { en: 'New', sv: 'Ny' },
    contacted: { en: 'Contacted', sv: 'Kontaktad' },
    qualified: { en: 'Qualified', sv: 'Kvalificerad' },
    unqualified: { en: 'Unqualified', sv: 'Ej kvalificerad' },
    converted: { en: 'Converted', sv: 'Konverterad' },
    lost: { en: 'Lost', sv: 'Förlorad' },
    demo_scheduled: { en: 'Demo scheduled', sv: 'Demo bokad' },
    proposal_sent: { en: 'Proposal sent', sv: 'Offert skickad' },
    closed_won: { en: 'Closed won', sv: 'Vunnen' },
    closed_lost: { en: 'Closed lost', sv: 'Förlorad affär' },
    nurturing: { en: 'Nurturing', sv: 'Bearbetas' },
  },
  'leads.interest': {
    hot: { en: 'Hot', sv: 'Het' },
    warm: { en: 'Warm', sv: 'Varm' },
    cold: { en: 'Cold', sv: 'Kall' },
  },
  'leads.decision_timeline': {
    asap: { en: 'As soon as possible', sv: 'Så snart som möjligt' },
    '1_3_months': { en: '1–3 months', sv: '1–3 månader' },
    '3_6_months': { en: '3–6 months', sv: '3–6 månader' },
    '6_12_months': { en: '6–12 months', sv: '6–12 månader' },
    next_year: { en: 'Next year', sv: 'Nästa år' },
    not_specified: { en: 'Not specified', sv: 'Inte angiven' },
  },
  'leads.decision_role': {
    decision_maker: { en: 'Decision maker', sv: 'Beslutsfattare' },
    influencer: { en: 'Influencer', sv: 'Påverkar beslutet' },
    not_involved: { en: 'Not involved', sv: 'Inte delaktig' },
    not_specified: { en: 'Not specified', sv: 'Inte angiven' },
  },
  'leads.approval_status': {
    approved: { en: 'Approved', sv: 'Godkänd' },
    pending: { en: 'Pending approval', sv: 'Väntar på godkännande' },
    rejected: { en: 'Rejected', sv: 'Avvisad' },
  },
  'leads.source': {
    qr_scan: { en: 'QR scan', sv: 'QR-skanning' },
    booth_visit: { en: 'Booth visit', sv: 'Monterbesök' },
    referral: { en: 'Referral', sv: 'Rekommendation' },
    website: { en: 'Website', sv: 'Webbplats' },
    direct: { en: 'Direct', sv: 'Direkt' },
    manual: { en: 'Manual', sv: 'Manuell' },
    event: { en: 'Event', sv: 'Evenemang' },
    social_media: { en: 'Social media', sv: 'Sociala medier' },
    email_marketing: { en: 'Email marketing', sv: 'E-postmarknadsföring' },
    cold_outreach: { en: 'Cold outreach', sv: 'Kall kontakt' },
    partner: { en: 'Partner', sv: 'Partner' },
    import: { en: 'Import', sv: 'Import' },
    api: { en: 'API', sv: 'API' },
    other: { en: 'Other', sv: 'Annat' },
  },
  'clients.status': {
    active: { en: 'Active', sv: 'Aktiv' },
    inactive: { en: 'Inactive', sv: 'Inaktiv' },
    prospecting: { en: 'Prospecting', sv: 'Prospektering' },
    onboarding: { en: 'Onboarding', sv: 'Onboarding' },
    at_risk: { en: 'At risk', sv: 'I riskzonen' },
    churned: { en: 'Churned', sv: 'Förlorad' },
  },
  'clients.client_type': {
    enterprise: { en: 'Enterprise', sv: 'Storföretag' },
    smb: { en: 'Small or medium business', sv: 'Litet eller medelstort företag' },
    startup: { en: 'Startup', sv: 'Startup' },
    individual: { en: 'Individual', sv: 'Privatperson' },
    nonprofit: { en: 'Non-profit', sv: 'Ideell organisation' },
    government: { en: 'Government', sv: 'Offentlig sektor' },
  },
  'clients.priority': {
    high: { en: 'High', sv: 'Hög' },
    medium: { en: 'Medium', sv: 'Medel' },
    low: { en: 'Low', sv: 'Låg' },
  },
  'events.status': {
    draft: { en: 'Draft', sv: 'Utkast' },
    active: { en: 'Active', sv: 'Aktiv' },
    inactive: { en: 'Inactive', sv: 'Inaktiv' },
    cancelled: { en: 'Cancelled', sv: 'Inställt' },
  },
  'offers.status': {
    draft: { en: 'Draft', sv: 'Utkast' },
    active: { en: 'Active', sv: 'Aktiv' },
    archived: { en: 'Archived', sv: 'Arkiverad' },
  },
};

const WORDS: Words = {
  yes: { en: 'Yes', sv: 'Ja' },
  no: { en: 'No', sv: 'Nej' },
  note: { en: 'notes', sv: 'anteckningar' },
  call: { en: 'calls', sv: 'samtal' },
  email: { en: 'emails', sv: 'e-postmeddelanden' },
  meeting: { en: 'meetings', sv: 'möten' },
  last: { en: 'last', sv: 'senast' },
};

export const word = (key: string, lang: ExportLanguage) => WORDS[key]?.[lang] ?? key;

/** A column's header: its label, or its code for re-import. */
export function headerOf(code: string, lang: ExportLanguage, forReimport: boolean): string {
  if (forReimport) return code;
  return HEADERS[code]?.[lang] ?? code;
}

/** A coded value's label (the code itself when it has none, or for re-import). */
export function valueLabel(set: string, code: string, lang: ExportLanguage, forReimport: boolean): string {
  if (forReimport || code === '') return code;
  return VALUES[set]?.[code]?.[lang] ?? code;
}
