import { format, formatDistanceToNow, type Locale } from 'date-fns';
import { enUS, sv } from 'date-fns/locale';

/**
 * Dates and numbers in the page's language. date-fns for patterns and relative times (with its
 * Swedish locale), Intl for numbers and money. Imported only by pages that show dates, so it
 * stays out of the first page's bundle.
 */

const dateLocales: Record<string, Locale> = { en: enUS, sv };

function dateLocale(language: string): Locale {
  return dateLocales[language.split('-')[0] ?? 'en'] ?? enUS;
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** "21 Nov 2026" / "21 nov. 2026"; `pattern` is a date-fns pattern ('PP' = medium date). */
export function formatDate(value: Date | string | number, language: string, pattern = 'PP'): string {
  return format(toDate(value), pattern, { locale: dateLocale(language) });
}

/** "3 minutes ago" / "för 3 minuter sedan". */
export function formatRelative(value: Date | string | number, language: string): string {
  return formatDistanceToNow(toDate(value), { addSuffix: true, locale: dateLocale(language) });
}

/**
 * Intl formatters by language and options. Making one is costly (the locale's data is looked up
 * every time): the Lobby formats dozens of numbers while it first draws, and one new formatter
 * per number was a tenth of a second of a phone's main thread.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(language: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${options === undefined ? '' : JSON.stringify(options)}`;
  let formatter = numberFormats.get(key);
  if (formatter === undefined) {
    formatter = new Intl.NumberFormat(language, options);
    numberFormats.set(key, formatter);
  }
  return formatter;
}

/** 1,234 / 1 234 */
export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return numberFormat(language, options).format(value);
}

/** Spec 02 §9: amounts arrive in minor units; USD by default. */
export function formatMoney(minorUnits: number, language: string, currency = 'USD'): string {
  return numberFormat(language === 'en' ? 'en-US' : language, { style: 'currency', currency }).format(minorUnits / 100);
}
