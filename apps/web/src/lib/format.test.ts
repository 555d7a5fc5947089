import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatNumber, formatRelative } from './format.ts';

describe('format', () => {
  const date = new Date('2026-03-05T12:00:00Z');

  it('formats dates with the date-fns locale of the language', () => {
    expect(formatDate(date, 'en', 'd MMMM yyyy')).toBe('5 March 2026');
    expect(formatDate(date, 'sv', 'd MMMM yyyy')).toBe('5 mars 2026');
  });

  it('formats relative times in Swedish', () => {
    expect(formatRelative(new Date(Date.now() - 3 * 60_000), 'sv')).toBe('tre minuter sedan');
    expect(formatRelative(new Date(Date.now() - 3 * 60_000), 'en')).toBe('3 minutes ago');
  });

  it('formats numbers and minor-unit money per language', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'sv').replace(/\s/g, ' ')).toBe('1 234,5');
    expect(formatMoney(8900, 'en')).toBe('$89.00');
  });

  it('writes whole numbers and percentages exactly as Intl does, in both languages', () => {
    const wholes = [0, 1, -1, 7, 42, 999, 1000, -1000, 1234, 99_999, 100_000, 1_234_567, -9_876_543, 2 ** 53 - 1];
    const percents = [0, 0.001, 0.005, 0.0049, 0.125, 0.1234, 0.5, 1, 1.5, 12.3456, -0.25, -0.123];
    // Rates as the API sends them (percent points with one decimal), divided as the pages do.
    for (let points = 0; points <= 1000; points++) percents.push(points / 10 / 100);
    // And shares as the pages compute them (count / total).
    for (let count = 0; count <= 700; count++) percents.push(count / 7, count / 333);
    for (const language of ['en', 'sv']) {
      for (const value of wholes) {
        expect(formatNumber(value, language)).toBe(new Intl.NumberFormat(language).format(value));
      }
      for (const value of percents) {
        for (const digits of [0, 1, 2]) {
          const options = { style: 'percent', maximumFractionDigits: digits } as const;
          expect(formatNumber(value, language, options)).toBe(new Intl.NumberFormat(language, options).format(value));
        }
      }
    }
  });

  it('leaves fractions, other options and other languages to Intl', () => {
    expect(formatNumber(0.5, 'en')).toBe('0.5');
    expect(formatNumber(1234, 'de')).toBe('1.234');
    expect(formatNumber(1234.5, 'en', { maximumFractionDigits: 0 })).toBe('1,235');
    expect(formatNumber(0.5, 'en', { style: 'percent', minimumFractionDigits: 2 })).toBe('50.00%');
  });
});
