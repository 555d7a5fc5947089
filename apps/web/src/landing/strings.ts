import en from '../locales/en/landing.json';
import sv from '../locales/sv/landing.json';
import type { Language } from '../i18n/language.ts';

/**
 * The landing page's strings: the app's `landing` catalogue (locales/{en,sv}/landing.json, held
 * key for key by the catalogue test) and a `t` without i18next, as the sign-in page does
 * (decision 022): dotted keys, `{{name}}` values.
 */
export type LandingCatalogue = typeof en;
export type Translate = (key: string, values?: Record<string, string | number>) => string;

const catalogues: Record<Language, LandingCatalogue> = { en, sv };

export function createTranslator(language: Language): Translate {
  const catalogue: unknown = catalogues[language];
  return (key, values = {}) => {
    let node = catalogue;
    for (const part of key.split('.')) {
      node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
    }
    // A missing key is a bug the tests catch; showing the key beats a blank.
    if (typeof node !== 'string') return key;
    return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
  };
}
