import { useTranslation } from 'react-i18next';
import { languageOf, localizePath, type Language } from './language.ts';

/**
 * Paths in the current language: `lp('/dashboard')` is `/dashboard` on an English page and
 * `/sv/dashboard` on a Swedish one. Every in-app link goes through it so /sv pages stay in /sv.
 */
export function useLocalizedPath(): { lp: (path: string) => string; language: Language } {
  const { i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return { lp: (path: string) => localizePath(path, language), language };
}
