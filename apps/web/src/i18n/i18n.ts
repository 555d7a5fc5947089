import { createInstance, type BackendModule, type ResourceKey } from 'i18next';
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
 *   support    contact page and offline page
 *   builder    the form builder of events and offers (components/form-builder)
 *   events     events list, event form and event page
 *   leads      leads list, lead form and lead page
 *   notifications  the bell in the dashboard header and the notifications page
 *   offers     offers list and offer builder (page settings, QR and print, figures, leads)
 *   apiKeys    the API keys page (/settings/api-keys)
 *   integrations  the integrations page (tools, their connect dialogs, Zapier)
 *   webhooks   outgoing webhooks on /settings/integrations (list, form, secret, delivery log)
 *   analytics  the Analytics page (/analytics: range, charts and their tables, export, real time)
 * Each namespace of each language is a chunk of its own (0.3-6 KB gzip): a page downloads the
 * strings it shows, not the terms of service. `coreNamespaces` load with the language before the
 * first render; any other loads when a component first asks for it (`useTranslation('settings')`
 * suspends until it is there), and main.tsx fetches a page's namespaces together with its code
 * (app/page-strings.ts), so that wait is rare.
 */
export type Resources = typeof en;
export const namespaces = [
  'common',
  'auth',
  'errors',
  'dashboard',
  'data',
  'settings',
  'billing',
  'legal',
  'support',
  'builder',
  'events',
  'leads',
  'clients',
  'notifications',
  'team',
  'offers',
  'apiKeys',
  'integrations',
  'webhooks',
  'analytics',
  'staff',
  'data-imports',
  'help',
  'landing',
] as const;
export type Namespace = (typeof namespaces)[number];
export const defaultNamespace = 'common';

/** Needed by every page: the shell, and the API toasts, error pages and validation messages. */
export const coreNamespaces = ['common', 'errors'] as const satisfies readonly Namespace[];

const files = import.meta.glob<ResourceKey>('../locales/*/*.json', { import: 'default' });

/**
 * The one i18next instance. A module singleton because the router's loaders switch the
 * language before a page renders, and the API client translates its toasts outside React.
 */
export const i18n = createInstance();

const downloads = new Map<string, Promise<ResourceKey>>();

/** One namespace of one language, downloaded once. */
function download(language: string, namespace: string): Promise<ResourceKey> {
  const key = `${language}/${namespace}`;
  let pending = downloads.get(key);
  if (pending === undefined) {
    const file = files[`../locales/${key}.json`];
    pending = file === undefined ? Promise.reject(new Error(`No strings for ${key}`)) : file();
    // A failed download (flaky network) may be retried by the next component or navigation.
    pending.catch(() => downloads.delete(key));
    downloads.set(key, pending);
  }
  return pending;
}

/** i18next's loader for namespaces that are not there yet (react-i18next suspends meanwhile). */
const backend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    download(language, namespace).then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

let initialised: Promise<unknown> | undefined;

function start(language: Language): Promise<unknown> {
  initialised ??= i18n
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: language,
      // Both languages are complete (locales.test.ts), so there is nothing to fall back to.
      fallbackLng: false,
      supportedLngs: languages,
      ns: coreNamespaces,
      defaultNS: defaultNamespace,
      // React already escapes everything it renders; escaping here too would double-encode.
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  return initialised;
}

/** Fetches namespaces of a language ahead of the components that use them (already there: no request). */
export async function loadNamespaces(language: Language, wanted: readonly string[]): Promise<void> {
  // The downloads start now, beside i18next's own start rather than after it.
  const bundles = Promise.all(
    wanted.map(async (namespace) => [namespace, await download(language, namespace)] as const),
  );
  await start(language);
  for (const [namespace, resources] of await bundles) {
    if (!i18n.hasResourceBundle(language, namespace))
      i18n.addResourceBundle(language, namespace, resources, true, true);
  }
}

/** Starts i18next (once) and makes `language` current with its core strings loaded. Safe to call concurrently. */
export async function initI18n(language: Language): Promise<typeof i18n> {
  await loadNamespaces(language, coreNamespaces);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  return i18n;
}
