import { describe, expect, it } from 'vitest';
import { languageFromPath, localizePath, stripLanguagePrefix } from './language.ts';

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
