import { describe, expect, it } from 'vitest';
import { paywallFromError, toUsageResource, usagePercent } from './paywall.ts';

describe('paywall', () => {
  it('computes usage percent rounded and capped at 100, 0 without a limit (spec 02 §5)', () => {
    expect(usagePercent(1, 3)).toBe(33);
    expect(usagePercent(150, 100)).toBe(100);
    expect(usagePercent(5, null)).toBe(0);
    expect(usagePercent(5, 0)).toBe(0);
  });

  it('reads resource names in any spelling', () => {
    expect(toUsageResource('Team Members')).toBe('team_members');
    expect(toUsageResource('team-members')).toBe('team_members');
    expect(toUsageResource('widgets')).toBeNull();
  });

  it('still opens with a partial payload', () => {
    const paywall = paywallFromError({ code: 'FEATURE_LOCKED', message: 'Locked', details: { feature: 'CRM sync' } });
    expect(paywall).toMatchObject({ kind: 'feature_locked', feature: 'CRM sync', limit: null, resource: null });
  });
});
