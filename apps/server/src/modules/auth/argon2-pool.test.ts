import { describe, expect, it } from 'vitest';
import { createArgon2Pool } from './argon2-pool.ts';

// Small parameters: the pool's behaviour, not argon2's cost, is under test here.
const FAST = { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 };

describe('argon2 pool', () => {
  it('hashes and verifies on its worker threads', async () => {
    const pool = createArgon2Pool(1);
    const h = await pool.hash('Booth2026Leads', FAST);
    expect(h).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await pool.verify(h, 'Booth2026Leads')).toBe(true);
    expect(await pool.verify(h, 'Booth2026leads')).toBe(false);
  });

  it('answers every job when more arrive than it has threads, each with its own result', async () => {
    const pool = createArgon2Pool(2);
    const passwords = Array.from({ length: 9 }, (_, i) => `Password${i}x`);
    const hashes = await Promise.all(passwords.map((p) => pool.hash(p, FAST)));
    expect(new Set(hashes).size).toBe(9);
    const checks = await Promise.all(
      hashes.flatMap((h, i) => [pool.verify(h, passwords[i] ?? ''), pool.verify(h, passwords[(i + 1) % 9] ?? '')]),
    );
    expect(checks).toEqual(passwords.flatMap(() => [true, false]));
  });

  it('rejects a malformed hash without losing the thread for the next job', async () => {
    const pool = createArgon2Pool(1);
    await expect(pool.verify('not a hash', 'x')).rejects.toThrow();
    const h = await pool.hash('Booth2026Leads', FAST);
    expect(await pool.verify(h, 'Booth2026Leads')).toBe(true);
  });
});
