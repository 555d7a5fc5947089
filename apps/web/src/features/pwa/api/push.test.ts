import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok } from '../../../test/fake-server.ts';
import { keyBytes, subscribeToPush, type PushEnvironment } from './push.ts';

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const SUBSCRIPTION = {
  endpoint: 'https://push.example.test/send/abc',
  expirationTime: null,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

function environment(permission: NotificationPermission) {
  const subscribe = vi.fn((_options: PushSubscriptionOptionsInit) =>
    Promise.resolve({ toJSON: () => SUBSCRIPTION } as unknown as PushSubscription),
  );
  const manager = { getSubscription: () => Promise.resolve(null), subscribe } as unknown as PushManager;
  const env: PushEnvironment = {
    requestPermission: vi.fn(() => Promise.resolve(permission)),
    pushManager: () => Promise.resolve(manager),
  };
  return { env, subscribe };
}

afterEach(() => vi.unstubAllGlobals());

describe('the push subscription (03-decisions §4b)', () => {
  it('asks, reads the VAPID key and posts the browser subscription as is', async () => {
    const server = fakeServer({
      'GET /push/vapid-public-key/': () => ok({ public_key: KEY }),
      'POST /push/subscribe/': () => ok({ subscribed: true }, 201),
    });
    const { env, subscribe } = environment('granted');
    expect(await subscribeToPush(env)).toBe('subscribed');
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: keyBytes(KEY) });
    expect(keyBytes(KEY)).toHaveLength(65);
    expect(server.bodies('POST /push/subscribe/')).toEqual([SUBSCRIPTION]);
  });

  it('calls nothing on the server when the user says no', async () => {
    const server = fakeServer({});
    expect(await subscribeToPush(environment('denied').env)).toBe('denied');
    expect(await subscribeToPush(environment('default').env)).toBe('dismissed');
    expect(server.calls).toEqual([]);
  });

  it('fails loudly when the server refuses the subscription', async () => {
    fakeServer({
      'GET /push/vapid-public-key/': () => ok({ public_key: KEY }),
      'POST /push/subscribe/': () => fail(422, 'VALIDATION_ERROR', { endpoint: ['Invalid'] }),
    });
    await expect(subscribeToPush(environment('granted').env)).rejects.toThrow();
  });

  it('says when the browser has no push at all', async () => {
    expect(await subscribeToPush(null)).toBe('unsupported');
  });
});
