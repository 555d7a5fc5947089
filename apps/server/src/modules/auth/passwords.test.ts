import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('ships at least 1,000 common passwords and refuses them in any case', () => {
    const list = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    expect(list.length).toBeGreaterThanOrEqual(1000);
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('QWERTY123')).toBe(true);
    expect(isCommonPassword('Booth2026Leads')).toBe(false);
  });

  it('hashes with argon2id at the OWASP parameters and verifies', async () => {
    const h = await hashPassword('Booth2026Leads');
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(h, 'Booth2026Leads')).toBe(true);
    expect(await verifyPassword(h, 'booth2026leads')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });
});
