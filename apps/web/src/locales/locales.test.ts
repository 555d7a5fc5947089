import { describe, expect, it } from 'vitest';
import en from './en/common.json';
import sv from './sv/common.json';

/**
 * English is the source of truth; every other language must translate exactly the same keys,
 * otherwise i18next silently falls back to English in the middle of a Swedish page.
 */

type Leaves = Map<string, string>;

function collectLeaves(node: unknown, prefix: string, into: Leaves): Leaves {
  if (typeof node === 'string') {
    into.set(prefix, node);
    return into;
  }
  if (typeof node !== 'object' || node === null || Array.isArray(node)) {
    // Only nested objects and strings are valid in our translation files.
    throw new Error(`Unexpected value at "${prefix}": ${JSON.stringify(node)}`);
  }
  for (const [key, value] of Object.entries(node)) {
    collectLeaves(value, prefix === '' ? key : `${prefix}.${key}`, into);
  }
  return into;
}

/** `{{name}}` placeholders, sorted, so a translation cannot drop or rename a variable. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

const english = collectLeaves(en, '', new Map());
const swedish = collectLeaves(sv, '', new Map());

describe('locales', () => {
  it('sv has exactly the same keys as en', () => {
    const missingInSv = [...english.keys()].filter((key) => !swedish.has(key));
    const extraInSv = [...swedish.keys()].filter((key) => !english.has(key));
    expect({ missingInSv, extraInSv }).toEqual({ missingInSv: [], extraInSv: [] });
  });

  it('has no empty translations', () => {
    const empty = [...english, ...swedish].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('keeps the same interpolation placeholders in sv as in en', () => {
    const mismatched = [...english]
      .filter(([key, text]) => {
        const translated = swedish.get(key);
        return translated !== undefined && placeholders(translated).join() !== placeholders(text).join();
      })
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });
});
