import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, hasSession, saveOrganizationId, saveTokens, subscribeSession } from './session.ts';

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

describe('session cookies (spec 01 §9)', () => {
  it('keeps both tokens and the organisation for 7 days, path /, SameSite=Lax', () => {
    const { writes, restore } = cookieWrites();
    saveTokens({ access: 'a.b.c', refresh: 'r1' });
    saveOrganizationId('org-1');
    restore();
    expect(writes).toEqual([
      'access_token=a.b.c; Max-Age=604800; Path=/; SameSite=Lax',
      'refresh_token=r1; Max-Age=604800; Path=/; SameSite=Lax',
      'organization_id=org-1; Max-Age=604800; Path=/; SameSite=Lax',
    ]);
    expect(getSession()).toEqual({ accessToken: 'a.b.c', refreshToken: 'r1', organizationId: 'org-1' });
    expect(hasSession()).toBe(true);
  });

  it('keeps the old refresh token when a refresh answers only an access token', () => {
    saveTokens({ access: 'a1', refresh: 'r1' });
    saveTokens({ access: 'a2' });
    expect(getSession()).toMatchObject({ accessToken: 'a2', refreshToken: 'r1' });
  });

  it('clears everything and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    saveTokens({ access: 'a', refresh: 'r' });
    clearSession();
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(hasSession()).toBe(false);
  });
});
