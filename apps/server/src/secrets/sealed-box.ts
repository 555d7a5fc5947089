import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Credentials kept at rest (integration tokens, client secrets) are sealed with AES-256-GCM
 * under ENCRYPTION_KEY: `v1.<iv>.<tag>.<ciphertext>`, base64url. A sealed value read with
 * another key, or altered, does not open (GCM's tag), and is never mistaken for the plain one.
 */
export function createSealedBox(key: Buffer) {
  if (key.length !== 32) throw new Error('The sealing key must be 32 bytes.');
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    /** The plain value; throws when the value was sealed under another key or altered. */
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) {
        throw new Error('Not a sealed value.');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export type SealedBox = ReturnType<typeof createSealedBox>;

/** A secret as answers show it: its last four characters at most, never the whole. */
export function maskSecret(value: string): string {
  return value.length <= 8 ? '••••' : `••••${value.slice(-4)}`;
}
