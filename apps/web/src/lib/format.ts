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

/**
 * The separators and signs of the app's two languages (CLDR, as Intl writes them: Swedish groups
 * with a no-break space and writes minus as U+2212).
 */
const numberSymbols: Record<string, { group: string; decimal: string; minus: string; percent: string }> = {
  en: { group: ',', decimal: '.', minus: '-', percent: '%' },
  sv: { group: '\u00a0', decimal: ',', minus: '\u2212', percent: '\u00a0%' },
};

/**
 * Whole numbers, and percentages without other options, written by hand; `undefined` for
 * anything else. The first Intl.NumberFormat of a page costs Chromium 40-60 ms of main thread
 * (its number data, loaded once per page; ~0.2 s of a 4x-slowed phone), and the Lobby's figures
 * were the first numbers of every signed-in visit, before its first paint. format.test.ts holds
 * this to Intl's output, number by number.
 */
function formatByHand(value: number, language: string, options?: Intl.NumberFormatOptions): string | undefined {
  const symbols = numberSymbols[language];
  if (symbols === undefined) return undefined;
  const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, symbols.group);
  if (options === undefined) {
    if (!Number.isSafeInteger(value)) return undefined;
    return `${value < 0 ? symbols.minus : ''}${grouped(Math.abs(value))}`;
  }
  const { style, maximumFractionDigits: digits = 0, ...others } = options;
  if (style !== 'percent' || Object.keys(others).length > 0 || !Number.isInteger(digits) || digits > 3) {
    return undefined;
  }
  // Intl rounds the number's shortest decimal form (0.145 is "0.145", not 0.14499…) half away
  // from zero: so does this, on the digits String() gives, shifted by two places for percent.
  const decimal = String(Math.abs(value));
  if (decimal.includes('e')) return undefined;
  const [whole = '', fractionDigits = ''] = decimal.split('.');
  const shift = 2 + digits;
  const allDigits = whole + fractionDigits.padEnd(shift + 1, '0');
  const cut = whole.length + shift;
  const scaled = Number(allDigits.slice(0, cut)) + (allDigits.charAt(cut) >= '5' ? 1 : 0);
  if (!Number.isSafeInteger(scaled)) return undefined;
  const unit = 10 ** digits;
  const fraction = String(scaled % unit)
    .padStart(digits, '0')
    .replace(/0+$/, '');
  const sign = value < 0 && scaled > 0 ? symbols.minus : '';
  const number = grouped(Math.floor(scaled / unit)) + (fraction === '' ? '' : symbols.decimal + fraction);
  return `${sign}${number}${symbols.percent}`;
}

/** 1,234 / 1 234 */
export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return formatByHand(value, language, options) ?? numberFormat(language, options).format(value);
}

/** Spec 02 §9: amounts arrive in minor units; USD by default. */
export function formatMoney(minorUnits: number, language: string, currency = 'USD'): string {
  return numberFormat(language === 'en' ? 'en-US' : language, { style: 'currency', currency }).format(minorUnits / 100);
}
