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
});
