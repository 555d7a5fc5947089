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

/** Leetspeak people use to "strengthen" a word: each digit or sign maps back to its letters. */
const LEET: Record<string, readonly string[]> = {
  '0': ['o'],
  '1': ['i', 'l'],
  '3': ['e'],
  '4': ['a'],
  '5': ['s'],
  '7': ['t'],
  '8': ['b'],
  '9': ['g'],
  '@': ['a'],
  $: ['s'],
  '!': ['i'],
  '|': ['l'],
};
const LEET_CHARS = /[0134578@$!|9]/;
/** At most this many leet readings of one password are tried (2^n otherwise). */
const MAX_READINGS = 64;

function leetReadings(word: string): string[] {
  let readings = [''];
  for (const char of word) {
    const options = LEET[char] ?? [char];
    readings = readings.flatMap((r) => options.map((o) => r + o));
    if (readings.length > MAX_READINGS) readings = readings.slice(0, MAX_READINGS);
  }
  return readings;
}

/**
 * The words a password is likely built on, for the common-password check: itself in lower case,
 * without the digits and signs people add before or after it (`Password1!`, `2024Summer!`), and each with
 * leetspeak read back (`Passw0rd!`, `P@ssword`). A decorated common password is as guessable as the
 * bare one: cracking tools try exactly these rules first.
 */
export function passwordBases(password: string): Set<string> {
  const lower = password.toLowerCase();
  const stripped = lower.replace(/^\P{L}+|\P{L}+$/gu, '');
  const bases = new Set([lower]);
  for (const candidate of [lower, stripped]) {
    if (candidate.length < 4) continue;
    bases.add(candidate);
    if (!LEET_CHARS.test(candidate)) continue;
    for (const reading of leetReadings(candidate)) {
      bases.add(reading);
      // Decorations written in leet too: `P@ssw0rd123$` read back is `passwordizes`.
      const bare = reading.replace(/^\P{L}+|\P{L}+$/gu, '');
      if (bare.length >= 4) bases.add(bare);
    }
  }
  return bases;
}

export function isCommonPassword(password: string): boolean {
  const list = commonPasswords();
  for (const base of passwordBases(password)) if (list.has(base)) return true;
  return false;
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
