import { describe, expect, it } from 'vitest';
import { retryAfterSeconds } from './retry-after.ts';

describe('retryAfterSeconds', () => {
  const now = Date.parse('2027-05-10T12:00:00Z');
  it('reads delta-seconds and HTTP dates, at least one second', () => {
    expect(retryAfterSeconds('30', 60, now)).toBe(30);
    expect(retryAfterSeconds(['0'], 60, now)).toBe(1);
    expect(retryAfterSeconds('Mon, 10 May 2027 12:01:30 GMT', 60, now)).toBe(90);
    expect(retryAfterSeconds('Mon, 10 May 2027 11:00:00 GMT', 60, now)).toBe(1);
  });
  it('falls back when absent or unreadable', () => {
    expect(retryAfterSeconds(undefined, 60, now)).toBe(60);
    expect(retryAfterSeconds('soon', 15, now)).toBe(15);
    expect(retryAfterSeconds('', 60, now)).toBe(60);
  });
});
