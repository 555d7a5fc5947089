import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en/common.json';
import sv from '../locales/sv/common.json';
import type { Language } from './language.ts';

/**
 * Both languages are bundled: they are a few kilobytes and loading them over the network
 * would only add a round trip before the first paint. `satisfies` makes tsc reject a Swedish
 * file that lacks a key; locales.test.ts also catches keys that exist only in Swedish.
 */
export const resources = {
  en: { common: en },
  sv: { common: sv satisfies typeof en },
} as const;

export const defaultNamespace = 'common';

export async function createI18n(language: Language): Promise<I18n> {
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    supportedLngs: ['en', 'sv'],
    ns: [defaultNamespace],
    defaultNS: defaultNamespace,
    resources,
    // React already escapes everything it renders; escaping here too would double-encode.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
