import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, newTotpSecret, totpCode, verifyTotp } from './totp.ts';

// RFC 6238 Appendix B: the seeds are ASCII "1234567890" repeated to the hash's length.
const SEED_SHA1 = Buffer.from('12345678901234567890');
const SEED_SHA256 = Buffer.from('12345678901234567890123456789012');
const SEED_SHA512 = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234');
const VECTORS: Array<[number, string, string, string]> = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('matches the RFC test vector at %i s', (seconds, sha1, sha256, sha512) => {
    const step = Math.floor(seconds / 30);
    expect(hotp(SEED_SHA1, step, 8, 'sha1')).toBe(sha1);
    expect(hotp(SEED_SHA256, step, 8, 'sha256')).toBe(sha256);
    expect(hotp(SEED_SHA512, step, 8, 'sha512')).toBe(sha512);
  });

  it('matches RFC 4226 appendix D (HOTP, 6 digits)', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expected.forEach((code, counter) => expect(hotp(SEED_SHA1, counter)).toBe(code));
  });

  it('round-trips base32 and accepts the step either side only', () => {
    const secret = newTotpSecret();
    expect(base32Encode(base32Decode(secret))).toBe(secret);
    expect(base32Encode(SEED_SHA1)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    const now = 1_700_000_000_000;
    const code = totpCode(secret, now);
    const step = Math.floor(now / 30_000);
    expect(verifyTotp(secret, code, now)).toBe(step);
    expect(verifyTotp(secret, code, now + 30_000)).toBe(step);
    expect(verifyTotp(secret, code, now + 60_000)).toBeNull();
    expect(verifyTotp(secret, 'abcdef', now)).toBeNull();
    expect(verifyTotp(secret, '12345', now)).toBeNull();
  });
});
