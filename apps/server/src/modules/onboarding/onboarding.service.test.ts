import { describe, expect, it } from 'vitest';
import { applyProgress, NOT_STARTED } from './onboarding.service.ts';

const now = new Date('2026-11-21T10:00:00.000Z');
const earlier = new Date('2026-11-20T10:00:00.000Z');

describe('applyProgress', () => {
  it('keeps everything when nothing relevant is sent', () => {
    expect(applyProgress(NOT_STARTED, {}, now)).toEqual(NOT_STARTED);
  });

  it('merges completed steps into wizard order', () => {
    const state = { ...NOT_STARTED, completedSteps: ['setup_forms' as const] };
    expect(applyProgress(state, { completed_steps: ['welcome', 'setup_forms'] }, now).completedSteps).toEqual([
      'welcome',
      'setup_forms',
    ]);
  });

  it('keeps the first completion time', () => {
    const done = {
      currentStep: 'complete' as const,
      completedSteps: ['complete' as const],
      skipped: false,
      completedAt: earlier,
    };
    expect(applyProgress(done, { current_step: 'welcome' }, now)).toMatchObject({
      currentStep: 'welcome',
      completedAt: earlier,
    });
    expect(applyProgress(done, { skipped: true }, now)).toMatchObject({ skipped: true, completedAt: earlier });
  });

  it('does not mark "complete" done when skipping', () => {
    expect(applyProgress(NOT_STARTED, { skipped: true, current_step: 'setup_forms' }, now)).toEqual({
      currentStep: 'complete',
      completedSteps: [],
      skipped: true,
      completedAt: now,
    });
  });
});
