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

export function isLanguage(value: unknown): value is Language {
  return languages.some((language) => language === value);
}

/** i18next's language as one of ours (it can report a fallback like 'en-US' or 'cimode'). */
export function languageOf(value: string | undefined): Language {
  const base = value?.split('-')[0];
  return isLanguage(base) ? base : 'en';
}

/** The login page with the wanted path, except for / (spec 01 §2). */
export function loginPath(language: Language, wanted?: string): string {
  const login = localizePath('/auth/login', language);
  if (wanted === undefined || stripLanguagePrefix(wanted.split('?')[0] ?? '/') === '/') return login;
  return `${login}?redirect=${encodeURIComponent(wanted)}`;
}

/**
 * Where to go after signing in: the `redirect` query when it is a path of this site (never
 * `//evil.example` or `https://…`, which would make the login page an open redirect).
 */
export function safeRedirect(value: string | null, fallback: string): string {
  if (value === null || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
