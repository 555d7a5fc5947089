import { readCookie, writeCookie } from '../lib/cookies.ts';
import { languages, type Language } from './language.ts';

/** Spec 02 §9: cookie `locale`, 365 days, path /, SameSite lax. */
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Spec 02 §5: a cookie value counts only if it is a configured locale. */
export function readLocaleCookie(): Language | null {
  const value = readCookie(LOCALE_COOKIE);
  return languages.find((language) => language === value) ?? null;
}

export function writeLocaleCookie(language: Language): void {
  if (readCookie(LOCALE_COOKIE) === language) return;
  writeCookie(LOCALE_COOKIE, language, { maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS });
}
