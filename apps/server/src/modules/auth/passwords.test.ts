import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('ships at least 10,000 common passwords and refuses them in any case', () => {
    const list = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    expect(list.length).toBeGreaterThanOrEqual(10_000);
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('QWERTY123')).toBe(true);
    expect(isCommonPassword('Booth2026Leads')).toBe(false);
  });

  it.each(['Password1!', 'Passw0rd!', 'P@ssw0rd2024', '!!Qwerty123', 'Summer2024!', 'Dr4g0n99', 'M0nk3y!!'])(
    'refuses %s: a common password with the usual decorations (case, digits and signs around it, leetspeak)',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['Booth2026Leads', 'Kiosk-Quiet-4471', 'Harbour-Lantern-8812', 'Tr0ub4dor&3x', 'Björn-Fjäll-2026'])(
    'accepts %s, which is no decorated common password',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );

  it('hashes with argon2id at the OWASP parameters and verifies', async () => {
    const h = await hashPassword('Booth2026Leads');
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(h, 'Booth2026Leads')).toBe(true);
    expect(await verifyPassword(h, 'booth2026leads')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });
});
