import { describe, expect, it } from 'vitest';
import { languageFromPath, localizePath, loginPath, safeRedirect, stripLanguagePrefix } from './language.ts';

describe('languageFromPath', () => {
  it.each([
    ['/', 'en'],
    ['/leads', 'en'],
    ['/sv', 'sv'],
    ['/sv/', 'sv'],
    ['/sv/leads', 'sv'],
    // Only a whole path segment selects Swedish.
    ['/svenska', 'en'],
    ['/api/sv', 'en'],
  ])('%s is %s', (pathname, expected) => {
    expect(languageFromPath(pathname)).toBe(expected);
  });
});

describe('stripLanguagePrefix', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['/sv', '/'],
    ['/sv/', '/'],
    ['/sv/leads', '/leads'],
    ['/leads', '/leads'],
    ['/svenska', '/svenska'],
  ])('%s becomes %s', (pathname, expected) => {
    expect(stripLanguagePrefix(pathname)).toBe(expected);
  });
});

describe('localizePath', () => {
  it.each([
    ['/', 'sv', '/sv'],
    ['/sv', 'en', '/'],
    ['/sv/leads', 'en', '/leads'],
    ['/leads', 'sv', '/sv/leads'],
    ['/sv/leads', 'sv', '/sv/leads'],
    ['/', 'en', '/'],
  ] as const)('%s in %s is %s', (pathname, language, expected) => {
    expect(localizePath(pathname, language)).toBe(expected);
  });
});

describe('loginPath', () => {
  it.each([
    ['en', '/dashboard', '/auth/login?redirect=%2Fdashboard'],
    ['sv', '/sv/leads?page=2', '/sv/auth/login?redirect=%2Fsv%2Fleads%3Fpage%3D2'],
    ['en', '/', '/auth/login'],
    ['sv', '/sv', '/sv/auth/login'],
  ] as const)('in %s, wanting %s, is %s', (language, wanted, expected) => {
    expect(loginPath(language, wanted)).toBe(expected);
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/settings', '/settings'],
    [null, '/dashboard'],
    ['//evil.example', '/dashboard'],
    ['https://evil.example', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
  ])('%s goes to %s', (value, expected) => {
    expect(safeRedirect(value, '/dashboard')).toBe(expected);
  });
});
