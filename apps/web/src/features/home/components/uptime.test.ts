import { describe, expect, it } from 'vitest';
import { splitUptime, uptimeUnit } from './uptime.ts';

describe('splitUptime', () => {
  it('splits into days, hours, minutes and seconds', () => {
    expect(splitUptime(2 * 86_400 + 3 * 3_600 + 4 * 60 + 5.9)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
  });

  it('clamps negative values to zero', () => {
    expect(splitUptime(-3)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('uptimeUnit', () => {
  it.each([
    [12.3, 'seconds'],
    [60, 'minutes'],
    [3_599, 'minutes'],
    [3_600, 'hours'],
    [86_400, 'days'],
  ] as const)('%s s is shown in %s', (seconds, unit) => {
    expect(uptimeUnit(splitUptime(seconds))).toBe(unit);
  });
});
