import { readFileSync } from 'node:fs';
import { PASSWORD_MESSAGES } from '@leadcapture/contracts/passwords';
import { validationError } from '../../http/errors.ts';
import { createArgon2Pool } from './argon2-pool.ts';

/** argon2id with the OWASP minimum (m=19 MiB, t=2, p=1): ~17 ms a hash on our machines. */
// algorithm 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

const argon2 = createArgon2Pool();

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, verified against when the account does not exist, so that a
 * login for an unknown email costs the same time as one with a wrong password.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  return decoyHash;
}

let common: Set<string> | undefined;
/** The shipped list of the 10,000 most common passwords, loaded on first use. */
function commonPasswords(): Set<string> {
  if (!common) {
    const text = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8');
    common = new Set(text.split('\n').filter((l) => l && !l.startsWith('#')));
  }
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** Rules the contract schema cannot check: not common, not the user's own email or name. */
export function assertAcceptablePassword(
  password: string,
  field: string,
  personal: { email?: string; firstName?: string; lastName?: string } = {},
): void {
  const lower = password.toLowerCase();
  const local = personal.email?.split('@')[0]?.toLowerCase();
  if (isCommonPassword(password) || (local && local.length >= 4 && lower === local)) {
    throw validationError({ [field]: [PASSWORD_MESSAGES.common] });
  }
}
