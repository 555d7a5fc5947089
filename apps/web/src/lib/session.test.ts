import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  getSession,
  hasSession,
  saveAccessToken,
  saveOrganizationId,
  startSession,
  subscribeSession,
} from './session.ts';

function cookieWrites(): { writes: string[]; restore: () => void } {
  const writes: string[] = [];
  let proto: object | null = Object.getPrototypeOf(document) as object | null;
  let descriptor: PropertyDescriptor | undefined;
  while (proto !== null && descriptor === undefined) {
    descriptor = Object.getOwnPropertyDescriptor(proto, 'cookie');
    proto = Object.getPrototypeOf(proto) as object | null;
  }
  const accessor = descriptor;
  if (accessor?.set === undefined || accessor.get === undefined) throw new Error('no cookie accessor');
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => accessor.get?.call(document) as string,
    set: (value: string) => {
      writes.push(value);
      accessor.set?.call(document, value);
    },
  });
  return { writes, restore: () => Reflect.deleteProperty(document, 'cookie') };
}

afterEach(() => clearSession());

describe('the browser session (spec 01 §9, decision 003)', () => {
  it('keeps the access token in memory only: no cookie, no storage holds a token', () => {
    const { writes, restore } = cookieWrites();
    startSession({ access: 'a.b.c', organization: { id: 'org-1' } });
    restore();
    expect(writes).toEqual([
      'access_token=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; SameSite=Lax',
      'refresh_token=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; SameSite=Lax',
      'signed_in=1; Max-Age=604800; Path=/; SameSite=Lax',
      'organization_id=org-1; Max-Age=604800; Path=/; SameSite=Lax',
    ]);
    expect(document.cookie).not.toContain('a.b.c');
    expect(JSON.stringify(Object.entries(localStorage))).not.toContain('a.b.c');
    expect(JSON.stringify(Object.entries(sessionStorage))).not.toContain('a.b.c');
    expect(getSession()).toEqual({ accessToken: 'a.b.c', signedIn: true, organizationId: 'org-1' });
    expect(hasSession()).toBe(true);
  });

  it('is signed in after a reload by the marker alone, with no access token until a refresh', () => {
    document.cookie = 'signed_in=1; Path=/';
    expect(getSession()).toMatchObject({ accessToken: null, signedIn: true });
    expect(hasSession()).toBe(true);
  });

  it('replaces the access token on refresh', () => {
    saveAccessToken('a1');
    saveAccessToken('a2');
    expect(getSession()).toMatchObject({ accessToken: 'a2', signedIn: true });
  });

  it('clears everything, old token cookies included, and tells subscribers', () => {
    document.cookie = 'refresh_token=old; Path=/';
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    saveAccessToken('a');
    saveOrganizationId('org-1');
    clearSession();
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(3);
    expect(hasSession()).toBe(false);
    expect(getSession()).toEqual({ accessToken: null, signedIn: false, organizationId: null });
    expect(document.cookie).toBe('');
  });
});
