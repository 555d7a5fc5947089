/** Languages the UI ships in. English is the source language and lives at the root path. */
export const languages = ['en', 'sv'] as const;
export type Language = (typeof languages)[number];

const SWEDISH_PREFIX = '/sv';

function hasSwedishPrefix(pathname: string): boolean {
  return pathname === SWEDISH_PREFIX || pathname.startsWith(`${SWEDISH_PREFIX}/`);
}

/**
 * The language comes from the URL, not from the browser, so a shared link opens in the same
 * language for everyone and search engines index each language separately.
 */
export function languageFromPath(pathname: string): Language {
  return hasSwedishPrefix(pathname) ? 'sv' : 'en';
}

/** The path inside the app, independent of language: `/sv/leads` and `/leads` both give `/leads`. */
export function stripLanguagePrefix(pathname: string): string {
  if (!hasSwedishPrefix(pathname)) return pathname === '' ? '/' : pathname;
  const rest = pathname.slice(SWEDISH_PREFIX.length);
  return rest === '' ? '/' : rest;
}

/** The same page in another language, so switching language keeps the user where they are. */
export function localizePath(pathname: string, language: Language): string {
  const path = stripLanguagePrefix(pathname);
  if (language === 'en') return path;
  return path === '/' ? SWEDISH_PREFIX : `${SWEDISH_PREFIX}${path}`;
}
