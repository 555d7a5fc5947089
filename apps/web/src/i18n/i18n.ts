import { createInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { en } from '../locales/en/index.ts';
import { languages, type Language } from './language.ts';

/**
 * Namespaces, one file per area under locales/{en,sv}/ (docs/web-app.md lists them):
 *   common     shell, navigation, buttons, language and theme, landing page
 *   auth       sign-in, registration, password and e-mail pages
 *   errors     API error toasts, error pages, validation messages
 *   dashboard  dashboard and onboarding
 *   settings   settings hub, profile, organisation
 *   billing    paywall and usage
 *   legal      terms of service and privacy policy
 * Each language is one lazily loaded chunk (~5 KB gzip): a page loads only its own language.
 */
export type Resources = typeof en;
export const namespaces = ['common', 'auth', 'errors', 'dashboard', 'settings', 'billing', 'legal'] as const;
export const defaultNamespace = 'common';

const loaders: Record<Language, () => Promise<Resources>> = {
  en: () => import('../locales/en/index.ts').then((m) => m.en),
  sv: () => import('../locales/sv/index.ts').then((m) => m.sv),
};

/**
 * The one i18next instance. A module singleton because the router's loaders switch the
 * language before a page renders, and the API client translates its toasts outside React.
 */
export const i18n = createInstance();

const loaded = new Map<Language, Promise<void>>();

/** Downloads a language once and hands its namespaces to i18next. */
export function loadLanguage(language: Language): Promise<void> {
  let pending = loaded.get(language);
  if (pending === undefined) {
    pending = loaders[language]().then((bundle) => {
      for (const [namespace, resources] of Object.entries(bundle)) {
        i18n.addResourceBundle(language, namespace, resources, true, true);
      }
    });
    // A failed download (flaky network) may be retried by the next navigation.
    pending.catch(() => loaded.delete(language));
    loaded.set(language, pending);
  }
  return pending;
}

let initialised: Promise<unknown> | undefined;

/** Starts i18next (once) and makes `language` current with its strings loaded. Safe to call concurrently. */
export async function initI18n(language: Language): Promise<typeof i18n> {
  initialised ??= i18n.use(initReactI18next).init({
    lng: language,
    // Both languages are complete (locales.test.ts), so there is nothing to fall back to.
    fallbackLng: false,
    supportedLngs: languages,
    ns: namespaces,
    defaultNS: defaultNamespace,
    resources: {},
    partialBundledLanguages: true,
    // React already escapes everything it renders; escaping here too would double-encode.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await Promise.all([initialised, loadLanguage(language)]);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  return i18n;
}
