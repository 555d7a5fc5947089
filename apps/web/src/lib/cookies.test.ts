import { afterEach, describe, expect, it, vi } from 'vitest';
import { allCookies, deleteCookie, readCookie, writeCookie } from './cookies.ts';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.restoreAllMocks();
  deleteCookie('flavour');
});

describe('cookies', () => {
  it('reads document.cookie once per run of code, however many cookies are asked for', async () => {
    writeCookie('flavour', 'lingon', { maxAge: 60 });
    await nextTask();
    const reads = vi.spyOn(document, 'cookie', 'get');
    expect(readCookie('flavour')).toBe('lingon');
    expect(readCookie('missing')).toBeNull();
    expect(allCookies()).toContain('flavour=lingon');
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('sees a change made elsewhere in the next run of code', async () => {
    writeCookie('flavour', 'lingon', { maxAge: 60 });
    expect(readCookie('flavour')).toBe('lingon');
    // Another tab, or the server: not through writeCookie.
    document.cookie = 'flavour=hjortron; Path=/';
    await nextTask();
    expect(readCookie('flavour')).toBe('hjortron');
  });

  it('sees its own writes and deletions at once', () => {
    writeCookie('flavour', 'lingon', { maxAge: 60 });
    expect(readCookie('flavour')).toBe('lingon');
    writeCookie('flavour', 'blåbär', { maxAge: 60 });
    expect(readCookie('flavour')).toBe('blåbär');
    deleteCookie('flavour');
    expect(readCookie('flavour')).toBeNull();
  });
});
