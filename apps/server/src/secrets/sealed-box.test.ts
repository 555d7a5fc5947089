import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSealedBox, maskSecret } from './sealed-box.ts';

describe('sealed box', () => {
  const box = createSealedBox(randomBytes(32));

  it('opens what it sealed, and seals the same value differently each time', () => {
    const sealed = box.seal('pat-na1-secret-token');
    expect(sealed).not.toContain('secret');
    expect(box.open(sealed)).toBe('pat-na1-secret-token');
    expect(box.seal('pat-na1-secret-token')).not.toBe(sealed);
  });

  it('refuses a value sealed under another key or altered', () => {
    const sealed = box.seal('token');
    expect(() => createSealedBox(randomBytes(32)).open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => box.open('token')).toThrow('Not a sealed value.');
  });

  it('masks all but the last four characters', () => {
    expect(maskSecret('pat-na1-0123456789abcd')).toBe('••••abcd');
    expect(maskSecret('short')).toBe('••••');
  });
});
