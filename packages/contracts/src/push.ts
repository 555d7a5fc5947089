import { z } from 'zod';
import { MESSAGES } from './fields.ts';

/**
 * Web push (spec 02 §3-§4, 03-decisions §4b): the server's VAPID public key, and the browser's
 * PushSubscription as `toJSON()` gives it, sent as is.
 */

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** Bytes of a base64url text (padding allowed), or null when it is not base64url. */
function base64urlBytes(value: string): number | null {
  if (!BASE64URL.test(value)) return null;
  const bare = value.replace(/=+$/, '');
  if (bare.length % 4 === 1) return null;
  return Math.floor((bare.length * 3) / 4);
}

export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

/** GET /push/vapid-public-key/: the key `pushManager.subscribe` takes as applicationServerKey. */
export const vapidPublicKeySchema = z.object({
  /** The uncompressed P-256 point (65 bytes), base64url without padding. */
  public_key: z.string(),
});
export type VapidPublicKey = z.infer<typeof vapidPublicKeySchema>;

const endpointSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(PUSH_ENDPOINT_MAX_LENGTH, MESSAGES.maxLength(PUSH_ENDPOINT_MAX_LENGTH))
  .pipe(z.url({ protocol: /^https?$/, error: MESSAGES.url }));

/** POST /push/subscribe/: PushSubscription.toJSON(), as is (unknown fields are ignored). */
export const pushSubscriptionSchema = z.object({
  endpoint: endpointSchema,
  /** Milliseconds since the epoch when the push service ends it, or null (most browsers). */
  expirationTime: z.number().int().min(0).nullable().optional(),
  keys: z.object(
    {
      // The browser's ECDH public key: an uncompressed P-256 point, 65 bytes (RFC 8291).
      p256dh: z
        .string({ error: MESSAGES.required })
        .max(200)
        .refine((v) => base64urlBytes(v) === 65, 'Must be the 65-byte P-256 public key, base64url.'),
      // The authentication secret: 16 bytes (RFC 8291).
      auth: z
        .string({ error: MESSAGES.required })
        .max(100)
        .refine((v) => base64urlBytes(v) === 16, 'Must be the 16-byte authentication secret, base64url.'),
    },
    { error: MESSAGES.required },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /push/subscribe/: which of the caller's subscriptions ends. */
export const pushUnsubscribeSchema = z.object({ endpoint: endpointSchema });
export type PushUnsubscribe = z.infer<typeof pushUnsubscribeSchema>;

/** A stored subscription as the API answers it (the keys stay on the server). */
export const pushSubscriptionResultSchema = z.object({
  id: z.uuid(),
  endpoint: z.string(),
  expiration_time: z.iso.datetime({ offset: true }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type PushSubscriptionResult = z.infer<typeof pushSubscriptionResultSchema>;

/**
 * What the service worker receives in a push event (JSON): the notification's title and body in
 * the member's language, the page it opens (absolute URL), and a tag that replaces an earlier
 * notification about the same thing.
 */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
