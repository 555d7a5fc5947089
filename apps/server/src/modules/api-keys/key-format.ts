import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { API_KEY_SCHEME } from '@leadcapture/contracts/api-keys';

/**
 * The shape of an API key (decision 025, "API keys"): `lc_live_`, 32 random base62 characters
 * (190 bits) and 6 base62 characters of the CRC-32 of those 32. The checksum lets a mistyped,
 * truncated or made-up key be refused without a database lookup, and lets secret scanners
 * recognise a real key; it adds no secrecy (the random part does).
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BODY_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
/** Random characters the public prefix shows: enough to tell keys apart, far too few to guess. */
const PREFIX_RANDOM_LENGTH = 6;
const SHAPE = new RegExp(`^${API_KEY_SCHEME}[0-9A-Za-z]{${BODY_LENGTH + CHECKSUM_LENGTH}}$`);

function base62(value: number, length: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < length; i += 1) {
    out = (ALPHABET[rest % 62] ?? '0') + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

function checksum(body: string): string {
  // CRC-32 is below 2^32 < 62^6: six characters always hold it.
  return base62(crc32(body), CHECKSUM_LENGTH);
}

export interface NewKey {
  key: string;
  prefix: string;
  lastFour: string;
}

export function generateKey(): NewKey {
  let body = '';
  // randomInt draws without modulo bias.
  for (let i = 0; i < BODY_LENGTH; i += 1) body += ALPHABET[randomInt(62)] ?? '0';
  const key = `${API_KEY_SCHEME}${body}${checksum(body)}`;
  return { key, prefix: `${API_KEY_SCHEME}${body.slice(0, PREFIX_RANDOM_LENGTH)}`, lastFour: key.slice(-4) };
}

/** Whether `value` has the shape and checksum of a key we issued (no lookup, no secret). */
export function isWellFormedKey(value: string): boolean {
  if (!SHAPE.test(value)) return false;
  const rest = value.slice(API_KEY_SCHEME.length);
  return checksum(rest.slice(0, BODY_LENGTH)) === rest.slice(BODY_LENGTH);
}

/** A bearer token that is meant as a key rather than an access token (JWTs start with `ey`). */
export function looksLikeKey(token: string): boolean {
  return token.startsWith('lc_');
}

/**
 * What is stored of a key: HMAC-SHA256 under a key derived (HKDF) from ENCRYPTION_KEY for this
 * use only. A stolen table alone cannot be checked against guesses; a plain hash could not be
 * guessed either (190 random bits), but the keyed hash also keeps the database from being a
 * list of usable verifiers on its own. Changing ENCRYPTION_KEY ends every key.
 */
export function createKeyHasher(encryptionKey: Buffer) {
  const hashKey = Buffer.from(hkdfSync('sha256', encryptionKey, Buffer.alloc(0), 'api-keys', 32));
  return (key: string): string => createHmac('sha256', hashKey).update(key).digest('hex');
}
export type KeyHasher = ReturnType<typeof createKeyHasher>;
