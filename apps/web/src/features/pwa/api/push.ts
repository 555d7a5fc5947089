import { api } from '../../../lib/api-client.ts';

/**
 * The browser side of push (03-decisions §4b): the user's click asks for permission, then the
 * server's VAPID key (GET /push/vapid-public-key/), then the browser's subscription is posted as
 * is (POST /push/subscribe/). The worker shows what arrives (src/sw.ts).
 */

export type PushOutcome = 'subscribed' | 'denied' | 'dismissed' | 'unsupported';

const vapidKey = {
  parse(data: unknown): string {
    if (typeof data === 'object' && data !== null && 'public_key' in data && typeof data.public_key === 'string') {
      return data.public_key;
    }
    throw new Error('The server sent no VAPID key');
  },
};

/** The key as the Push API wants it: base64url to bytes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export interface PushEnvironment {
  requestPermission: () => Promise<NotificationPermission>;
  pushManager: () => Promise<PushManager>;
}

export function browserPush(): PushEnvironment | null {
  if (!('Notification' in window) || !('serviceWorker' in navigator) || !('PushManager' in window)) return null;
  return {
    requestPermission: () => Notification.requestPermission(),
    pushManager: async () => (await navigator.serviceWorker.ready).pushManager,
  };
}

/** Asks, subscribes and tells the server; throws when the server or the push service fails. */
export async function subscribeToPush(environment: PushEnvironment | null = browserPush()): Promise<PushOutcome> {
  if (environment === null) return 'unsupported';
  const permission = await environment.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'dismissed';
  const publicKey = await api.get('/push/vapid-public-key/', { schema: vapidKey });
  const manager = await environment.pushManager();
  const subscription =
    (await manager.getSubscription()) ??
    (await manager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await api.post('/push/subscribe/', subscription.toJSON());
  return 'subscribed';
}
