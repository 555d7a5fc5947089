import { describe, expect, it } from 'vitest';
import { namespaces } from '../i18n/i18n.ts';
import { en } from './en/index.ts';
import { sv } from './sv/index.ts';

/**
 * English is the source of truth; Swedish must translate exactly the same keys in every
 * namespace, otherwise a Swedish page shows a raw key or an English sentence.
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

function leavesOf(bundle: Record<string, unknown>): Leaves {
  const all: Leaves = new Map();
  for (const [namespace, resources] of Object.entries(bundle)) collectLeaves(resources, `${namespace}:`, all);
  return new Map([...all].map(([key, text]) => [key.replace(':.', ':'), text]));
}

const english = leavesOf(en);
const swedish = leavesOf(sv);

describe('locales', () => {
  it('bundles every namespace in both languages', () => {
    expect(Object.keys(en).sort()).toEqual([...namespaces].sort());
    expect(Object.keys(sv).sort()).toEqual([...namespaces].sort());
  });

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

  it('really translates: most Swedish strings differ from the English ones', () => {
    const same = [...english].filter(([key, text]) => swedish.get(key) === text).map(([key]) => key);
    // Brand names, language names, codes and a few identical words are allowed to match.
    expect(same.length / english.size).toBeLessThan(0.15);
  });
});
