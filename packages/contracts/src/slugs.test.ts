import { describe, expect, it } from 'vitest';
import { slugify, slugProblem, suggestSlug, SLUG_MAX_LENGTH, SLUG_SUFFIX_ROOM } from './slugs.ts';

describe('slugs', () => {
  it('makes lowercase ASCII words joined by hyphens', () => {
    expect(slugify('Nordic Expo 2026')).toBe('nordic-expo-2026');
    expect(slugify('  Göteborg / Malmö — Ærø Straße  ')).toBe('goteborg-malmo-aero-strasse');
    expect(slugify('---')).toBe('');
  });

  it('suggests a valid, unreserved slug with room for a suffix', () => {
    expect(suggestSlug('Admin')).toBe('admin-event');
    expect(suggestSlug('AB')).toBe('ab-event');
    expect(suggestSlug('展会')).toBe('event');
    const long = suggestSlug('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH - SLUG_SUFFIX_ROOM);
    expect(long.endsWith('-')).toBe(false);
    for (const name of ['Admin', 'AB', '展会', 'word '.repeat(40), 'Nordic Expo']) {
      expect(slugProblem(suggestSlug(name)), name).toBeNull();
    }
  });

  it('refuses bad formats and reserved words', () => {
    expect(slugProblem('nordic-expo')).toBeNull();
    expect(slugProblem('ab')).toBe('format');
    expect(slugProblem('a'.repeat(61))).toBe('format');
    expect(slugProblem('Nordic')).toBe('format');
    expect(slugProblem('-nordic')).toBe('format');
    expect(slugProblem('nor--dic')).toBe('format');
    expect(slugProblem('nor_dic')).toBe('format');
    expect(slugProblem('api')).toBe('reserved');
    expect(slugProblem('capture')).toBe('reserved');
    expect(slugProblem('confirm')).toBe('reserved');
  });
});
