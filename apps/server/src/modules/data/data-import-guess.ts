import { CLIENT_IMPORT_FIELDS } from '@leadcapture/contracts/client-import-fields';
import type { DataImportMapping, ImportResource } from '@leadcapture/contracts/data-imports';
import { IMPORT_FIELDS } from '@leadcapture/contracts/lead-import-fields';
import { headerLabels } from './data-exports.labels.ts';

/**
 * The mapping a file's header suggests, for leads and clients alike (issue 26): the preview
 * answers it and an import sent without a mapping uses it. A column matches a field by the
 * field's code, the field's header in our own exports (English and Swedish, so a file exported
 * here comes back mapped) or a synonym people use in other tools' exports, compared folded.
 */

/** Names people give each field's column besides its code and our export's labels, best first. */
const SYNONYMS: Record<ImportResource, Record<string, readonly string[]>> = {
  leads: {
    first_name: ['first name', 'firstname', 'first', 'given name', 'forename', 'förnamn', 'tilltalsnamn'],
    last_name: ['last name', 'lastname', 'surname', 'family name', 'efternamn'],
    full_name: ['name', 'full name', 'contact', 'contact name', 'namn', 'fullständigt namn', 'kontaktperson'],
    email: ['email', 'e-mail', 'email address', 'e-mail address', 'mail', 'e-post', 'epost', 'e-postadress', 'mejl'],
    phone: ['phone', 'phone number', 'telephone', 'tel', 'mobile', 'mobile phone', 'telefon', 'telefonnummer', 'mobil'],
    company: ['company', 'company name', 'organization', 'organisation', 'företag', 'företagsnamn', 'bolag'],
    job_title: ['job title', 'title', 'position', 'titel', 'befattning', 'yrkestitel', 'roll'],
    company_size: ['company size', 'size', 'employees', 'företagsstorlek', 'storlek', 'antal anställda'],
    status: ['status', 'lead status'],
    interest: ['interest', 'interest level', 'intresse'],
    budget_range: ['budget', 'budget range', 'budgetintervall'],
    decision_timeline: ['decision timeline', 'timeline', 'beslutstidslinje', 'tidslinje', 'tidsplan'],
    decision_role: ['decision role', 'beslutsroll'],
    interested_products: ['interested products', 'products', 'intresserade produkter', 'produkter'],
    tags: ['tags', 'tag', 'labels', 'taggar', 'etiketter'],
    notes: ['notes', 'note', 'comment', 'comments', 'anteckningar', 'anteckning', 'kommentar', 'kommentarer'],
    follow_up_date: ['follow-up date', 'follow up date', 'follow-up', 'uppföljning', 'uppföljningsdatum'],
  },
  clients: {
    company_name: [
      'company',
      'company name',
      'organisation',
      'organization',
      'organisation name',
      'organization name',
      'account',
      'account name',
      'customer',
      'customer name',
      'client',
      'client name',
      'företag',
      'företagsnamn',
      'bolag',
      'organisationsnamn',
      'kund',
      'kundnamn',
      'name',
      'namn',
    ],
    contact_first_name: ['first name', 'firstname', 'given name', 'contact first name', 'förnamn'],
    contact_last_name: ['last name', 'lastname', 'surname', 'family name', 'contact last name', 'efternamn'],
    contact_email: [
      'email',
      'e-mail',
      'email address',
      'e-mail address',
      'contact email',
      'mail',
      'e-post',
      'epost',
      'e-postadress',
      'mejl',
    ],
    contact_phone: [
      'phone',
      'phone number',
      'telephone',
      'tel',
      'mobile',
      'contact phone',
      'telefon',
      'telefonnummer',
      'mobil',
    ],
    contact_job_title: ['job title', 'title', 'position', 'contact title', 'titel', 'befattning', 'yrkestitel', 'roll'],
    client_type: ['type', 'client type', 'customer type', 'company type', 'typ', 'kundtyp', 'företagstyp'],
    priority: ['priority', 'prio', 'prioritet'],
    status: ['status', 'client status', 'customer status', 'kundstatus'],
    organization_number: [
      'organisation number',
      'organization number',
      'org nr',
      'org no',
      'org number',
      'company number',
      'registration number',
      'company registration number',
      'organisationsnummer',
      'orgnummer',
    ],
    vat_id: ['vat', 'vat number', 'vat id', 'vat no', 'tax id', 'momsnummer', 'momsregistreringsnummer', 'vat-nummer'],
    website: ['website', 'web site', 'homepage', 'url', 'web', 'webbplats', 'hemsida', 'webbadress', 'webb'],
    industry: ['industry', 'sector', 'bransch', 'sektor'],
    currency: ['currency', 'valuta'],
    estimated_value: ['estimated value', 'value', 'deal value', 'potential', 'uppskattat värde', 'värde'],
    tags: ['tags', 'tag', 'labels', 'taggar', 'etiketter'],
    notes: ['notes', 'note', 'comment', 'comments', 'anteckningar', 'anteckning', 'kommentar', 'kommentarer'],
    next_follow_up_date: [
      'next follow-up',
      'next follow-up date',
      'follow-up',
      'follow-up date',
      'nästa uppföljning',
      'uppföljning',
      'uppföljningsdatum',
    ],
  },
};

const FIELDS: Record<ImportResource, readonly string[]> = { leads: IMPORT_FIELDS, clients: CLIENT_IMPORT_FIELDS };

/**
 * A header folded for comparison: without case, accents, spaces, underscores, hyphens or dots
 * ("E-Mail" = "email", "Företag" = "foretag", "contact_email" = "Contact email").
 */
export function foldHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_.-]+/g, '');
}

interface Match {
  field: string;
  /** 0: the code or our export's label; then the synonym's place in its list. */
  rank: number;
}

/** Folded name → the field it names and how surely; the first field to claim a name keeps it. */
const MATCHES: Record<ImportResource, Map<string, Match>> = {
  leads: matchesOf('leads'),
  clients: matchesOf('clients'),
};

function matchesOf(resource: ImportResource): Map<string, Match> {
  const matches = new Map<string, Match>();
  const claim = (name: string, match: Match) => {
    const key = foldHeader(name);
    const known = matches.get(key);
    if (!known || known.rank > match.rank) matches.set(key, match);
  };
  for (const field of FIELDS[resource]) {
    for (const name of [field, ...headerLabels(field)]) claim(name, { field, rank: 0 });
    (SYNONYMS[resource][field] ?? []).forEach((name, i) => claim(name, { field, rank: i + 1 }));
  }
  return matches;
}

/**
 * {column → field} for a header. Each field takes one column: the surest match wins ("Company"
 * over "Name" for a client's company name), then the leftmost; every other column is null.
 */
export function guessMapping(resource: ImportResource, columns: readonly string[]): DataImportMapping {
  const candidates = columns
    .map((column, index) => ({ column, index, match: MATCHES[resource].get(foldHeader(column)) }))
    .filter((c): c is { column: string; index: number; match: Match } => c.match !== undefined)
    .sort((a, b) => a.match.rank - b.match.rank || a.index - b.index);
  const mapping: DataImportMapping = Object.fromEntries(columns.map((column) => [column, null]));
  const taken = new Set<string>();
  for (const { column, match } of candidates) {
    if (taken.has(match.field) || mapping[column] !== null) continue;
    taken.add(match.field);
    mapping[column] = match.field;
  }
  return mapping;
}
