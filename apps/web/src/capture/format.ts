import type { Language } from '../i18n/language.ts';

/** Dates in the visitor's locale through Intl (no date library on this page): en-US, sv-SE. */
const LOCALES: Record<Language, string> = { en: 'en-US', sv: 'sv-SE' };

function parse(value: string | null): Date | null {
  if (value === null || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const formats = new Map<Language, Intl.DateTimeFormat>();

/**
 * The formatter of a language, made once. Making the first one loads the locale's data, 20–40 ms
 * of main thread on a laptop (four times that on a mid-range phone): the page makes it while the
 * event is still on its way (prepareDateFormat), not in the task that draws the event.
 */
function dateFormat(language: Language): Intl.DateTimeFormat {
  let format = formats.get(language);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeStyle: 'short' });
    formats.set(language, format);
  }
  return format;
}

export function prepareDateFormat(language: Language): void {
  dateFormat(language);
}

/**
 * When the event takes place, in the visitor's time zone: "May 12, 2026, 9:00 AM – 5:00 PM",
 * "12 maj 2026 09:00–17:00", a range across days in full; null when it has no dates.
 */
export function formatEventDates(start: string | null, end: string | null, language: Language): string | null {
  const from = parse(start);
  const to = parse(end);
  const format = dateFormat(language);
  if (from !== null && to !== null && to > from) return format.formatRange(from, to);
  const only = from ?? to;
  return only === null ? null : format.format(only);
}
