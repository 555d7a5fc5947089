import { describe, expect, it } from 'vitest';
import { deriveEventStatus, manualStatusOf } from './event-status.ts';

const now = new Date('2030-05-02T12:00:00Z');

describe('deriveEventStatus', () => {
  it('keeps the statuses set by hand whatever the dates', () => {
    for (const manual of ['draft', 'inactive', 'cancelled'] as const) {
      expect(deriveEventStatus(manual, '2030-06-01T00:00:00Z', '2030-06-02T00:00:00Z', now)).toBe(manual);
      expect(deriveEventStatus(manual, '2030-01-01T00:00:00Z', '2030-01-02T00:00:00Z', now)).toBe(manual);
    }
  });

  it('reads an active event as upcoming before its start and completed after its end', () => {
    expect(deriveEventStatus('active', '2030-05-03T00:00:00Z', '2030-05-04T00:00:00Z', now)).toBe('upcoming');
    expect(deriveEventStatus('active', '2030-05-01T00:00:00Z', '2030-05-03T00:00:00Z', now)).toBe('active');
    expect(deriveEventStatus('active', '2030-04-01T00:00:00Z', '2030-04-02T00:00:00Z', now)).toBe('completed');
  });

  it('counts the boundaries as active: at the start and at the end', () => {
    expect(deriveEventStatus('active', now, null, now)).toBe('active');
    expect(deriveEventStatus('active', null, now, now)).toBe('active');
    expect(deriveEventStatus('active', null, new Date(now.getTime() - 1), now)).toBe('completed');
    expect(deriveEventStatus('active', new Date(now.getTime() + 1), null, now)).toBe('upcoming');
  });

  it('never derives from a missing or unreadable date', () => {
    expect(deriveEventStatus('active', null, null, now)).toBe('active');
    expect(deriveEventStatus('active', undefined, '', now)).toBe('active');
    expect(deriveEventStatus('active', 'not a date', 'nor this', now)).toBe('active');
  });
});

describe('manualStatusOf', () => {
  it('maps derived statuses back to active', () => {
    expect(manualStatusOf('upcoming')).toBe('active');
    expect(manualStatusOf('completed')).toBe('active');
    expect(manualStatusOf('cancelled')).toBe('cancelled');
    expect(manualStatusOf('draft')).toBe('draft');
  });
});
