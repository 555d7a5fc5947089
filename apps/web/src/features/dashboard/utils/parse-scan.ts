import VCard from 'vcf';

/** The booth form's prefill (spec: /events/:id/booth?first_name=&last_name=&company=&email=&phone=). */
export interface ScannedContact {
  first_name: string;
  last_name: string;
  company: string;
  email: string;
  phone: string;
}

/**
 * What a scanned code means: a visitor's contact (vCard, MECARD, mailto:, a plain email), one of
 * our own events' capture links (its short code or slug), or nothing we can use.
 */
export type ScanResult =
  | { kind: 'contact'; contact: ScannedContact }
  | { kind: 'event'; shortCode?: string; slug?: string }
  | { kind: 'unknown'; text: string };

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
const MAX = { name: 100, company: 200, email: 254, phone: 32 };

const empty = (): ScannedContact => ({ first_name: '', last_name: '', company: '', email: '', phone: '' });

/** Splits at separators not escaped with a backslash (RFC 6350 §3.4, MECARD alike). */
function splitUnescaped(value: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charAt(i);
    if (c === '\\' && i + 1 < value.length) {
      current += c + value.charAt(i + 1);
      i += 1;
    } else if (c === separator) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}

/** `\,` `\;` `\:` `\\` and `\n` as the characters they stand for. */
function unescape(value: string): string {
  return value.replace(/\\([\\,;:nN"])/g, (_all, c: string) => (c === 'n' || c === 'N' ? ' ' : c)).trim();
}

function clip(contact: ScannedContact): ScannedContact {
  return {
    first_name: contact.first_name.slice(0, MAX.name),
    last_name: contact.last_name.slice(0, MAX.name),
    company: contact.company.slice(0, MAX.company),
    email: EMAIL.test(contact.email) ? contact.email.toLowerCase().slice(0, MAX.email) : '',
    phone: contact.phone.replace(/^tel:/i, '').slice(0, MAX.phone),
  };
}

/** "Björn Åström" → first and last name, when a card has only a formatted name. */
function splitFullName(full: string): { first: string; last: string } {
  const words = full.trim().split(/\s+/);
  if (words.length < 2) return { first: words[0] ?? '', last: '' };
  return { first: words.slice(0, -1).join(' '), last: words.at(-1) ?? '' };
}

/** A property's value(s); the typings leave out the undefined `get` answers for a missing one. */
function property(card: VCard, name: string): VCard.Property | VCard.Property[] | undefined {
  const found: VCard.Property | VCard.Property[] | undefined = card.get(name);
  return found;
}

function firstValue(card: VCard, name: string): string {
  const prop = property(card, name);
  const one = Array.isArray(prop) ? prop[0] : prop;
  return one ? one.valueOf() : '';
}

/** The preferred (PREF=1 in 4.0, TYPE=PREF in 3.0) or else first of a repeated property. */
function preferredValue(card: VCard, name: string): string {
  const prop = property(card, name);
  const all = prop === undefined ? [] : Array.isArray(prop) ? prop : [prop];
  const pref = all.find((p) => {
    const params = p as unknown as { pref?: string; type?: string | string[] };
    const types = Array.isArray(params.type) ? params.type : params.type ? [params.type] : [];
    return params.pref === '1' || types.includes('pref');
  });
  return (pref ?? all[0])?.valueOf() ?? '';
}

function parseVCard(text: string): ScannedContact | null {
  // vcf expects CRLF line ends, as RFC 6350 says; QR codes often carry bare LF.
  const normalised = text.trim().replace(/\r?\n/g, '\r\n');
  let card: VCard | undefined;
  try {
    card = VCard.parse(normalised)[0];
  } catch {
    return null;
  }
  if (!card) return null;
  const contact = empty();
  const n = splitUnescaped(firstValue(card, 'n'), ';').map(unescape);
  contact.last_name = n[0] ?? '';
  contact.first_name = [n[1], n[2]].filter(Boolean).join(' ');
  if (!contact.first_name && !contact.last_name) {
    const { first, last } = splitFullName(unescape(firstValue(card, 'fn')));
    contact.first_name = first;
    contact.last_name = last;
  }
  // ORG is "organisation;unit;…": the organisation.
  contact.company = unescape(splitUnescaped(firstValue(card, 'org'), ';')[0] ?? '');
  contact.email = unescape(preferredValue(card, 'email')).replace(/^mailto:/i, '');
  contact.phone = unescape(preferredValue(card, 'tel'));
  return clip(contact);
}

/** MECARD:N:Last,First;ORG:…;TEL:…;EMAIL:…;; (DoCoMo; escapes as vCard). */
function parseMecard(text: string): ScannedContact {
  const contact = empty();
  for (const field of splitUnescaped(text.replace(/^MECARD:/i, ''), ';')) {
    const colon = field.indexOf(':');
    if (colon < 1) continue;
    const key = field.slice(0, colon).toUpperCase();
    const value = field.slice(colon + 1);
    if (key === 'N') {
      const [last = '', first = ''] = splitUnescaped(value, ',').map(unescape);
      contact.last_name = last;
      contact.first_name = first;
    } else if (key === 'ORG' && !contact.company) contact.company = unescape(value);
    else if (key === 'TEL' && !contact.phone) contact.phone = unescape(value);
    else if (key === 'EMAIL' && !contact.email) contact.email = unescape(value);
  }
  return clip(contact);
}

/** The short code or slug of one of our own capture links, else null. */
function ownEvent(url: URL, origin: string): { shortCode?: string; slug?: string } | null {
  if (url.origin !== origin) return null;
  const short = /^\/p\/(e[0-9a-hjkmnp-tv-z]{11})\/?$/.exec(url.pathname);
  if (short?.[1]) return { shortCode: short[1] };
  const capture = /^\/(?:[a-z]{2}\/)?capture\/([^/]+)\/?$/.exec(url.pathname);
  if (capture?.[1]) return { slug: decodeURIComponent(capture[1]) };
  return null;
}

/**
 * Reads a scanned code. `origin` is this app's origin: a link to one of its own capture pages
 * (short link /p/e…, or /capture/{slug}) is an event, not a contact.
 */
export function parseScan(raw: string, origin: string): ScanResult {
  const text = raw.trim();
  if (/^BEGIN:VCARD/i.test(text)) {
    const contact = parseVCard(text);
    return contact ? { kind: 'contact', contact } : { kind: 'unknown', text };
  }
  if (/^MECARD:/i.test(text)) return { kind: 'contact', contact: parseMecard(text) };
  if (/^mailto:/i.test(text)) {
    const address = decodeURIComponent(text.slice(7).split('?')[0] ?? '');
    const contact = clip({ ...empty(), email: address });
    return contact.email ? { kind: 'contact', contact } : { kind: 'unknown', text };
  }
  if (EMAIL.test(text)) return { kind: 'contact', contact: clip({ ...empty(), email: text }) };
  if (/^https?:\/\//i.test(text) && URL.canParse(text)) {
    const url = new URL(text);
    const event = ownEvent(url, origin);
    if (event) return { kind: 'event', ...event };
    // A badge that is a link: the address may carry the visitor (…?email=…&name=…).
    const email = url.searchParams.get('email') ?? '';
    if (EMAIL.test(email)) {
      const { first, last } = splitFullName(url.searchParams.get('name') ?? '');
      return { kind: 'contact', contact: clip({ ...empty(), email, first_name: first, last_name: last }) };
    }
  }
  return { kind: 'unknown', text };
}

/** The booth form's query string for a contact (empty fields left out). */
export function boothQuery(contact: ScannedContact): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(contact) as [string, string][]) if (value) params.set(key, value);
  return params.toString();
}
