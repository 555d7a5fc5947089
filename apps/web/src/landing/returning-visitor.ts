import { localizePath, type Language } from '../i18n/language.ts';

/**
 * Spec 02 §2 root redirect: someone who chose another language and comes to the bare address
 * from elsewhere (a bookmark, a search) is taken to their language's landing page. Not when they
 * came from our own pages (the language switch links here), and only for a configured locale
 * (the caller reads the cookie with readLocaleCookie, which ignores anything else).
 */
export function rememberedLanguagePath(
  language: Language,
  remembered: Language | null,
  referrer: string,
  origin: string,
): string | null {
  if (language !== 'en' || remembered === null || remembered === 'en') return null;
  if (referrer !== '' && new URL(referrer).origin === origin) return null;
  return localizePath('/', remembered);
}
