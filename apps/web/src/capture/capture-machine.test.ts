import { describe, expect, it } from 'vitest';
import { publicEvent } from '../test/capture-fetch.ts';
import { captureReducer, initialCaptureState, type CaptureState } from './capture-machine.ts';

const event = publicEvent();
const form: CaptureState<typeof event> = { phase: 'form', page: event, failure: null };

describe('captureReducer', () => {
  it('goes loading → form → submitting → thank_you, and back to a fresh form for the next visitor', () => {
    let state = captureReducer(initialCaptureState, { type: 'loaded', page: event });
    expect(state).toEqual(form);
    state = captureReducer(state, { type: 'submit' });
    expect(state).toEqual({ phase: 'submitting', page: event });
    state = captureReducer(state, { type: 'submitted', status: 'received', email: 'a@example.com' });
    expect(state).toEqual({ phase: 'thank_you', page: event, email: 'a@example.com' });
    expect(captureReducer(state, { type: 'reset' })).toEqual(form);
  });

  it('ends in pending_approval when the event requires approval', () => {
    const submitting = captureReducer(form, { type: 'submit' });
    expect(captureReducer(submitting, { type: 'submitted', status: 'pending_approval', email: '' }).phase).toBe(
      'pending_approval',
    );
  });

  it('tells not found (404) from a failure to load that can be retried', () => {
    expect(captureReducer(initialCaptureState, { type: 'load_failed', failure: { kind: 'not_found' } })).toEqual({
      phase: 'not_found',
    });
    const error = captureReducer(initialCaptureState, { type: 'load_failed', failure: { kind: 'network' } });
    expect(error).toEqual({ phase: 'error', failure: { kind: 'network' } });
    expect(captureReducer(error, { type: 'load' })).toEqual({ phase: 'loading' });
  });

  it('returns to the form with the failure after a failed submit, or to not found on a 404', () => {
    const submitting = captureReducer(form, { type: 'submit' });
    expect(captureReducer(submitting, { type: 'submit_failed', failure: { kind: 'limit_reached' } })).toEqual({
      ...form,
      failure: { kind: 'limit_reached' },
    });
    expect(captureReducer(submitting, { type: 'submit_failed', failure: { kind: 'not_found' } })).toEqual({
      phase: 'not_found',
    });
  });

  it('leaves "saved, it will be sent" for the form when the server refused what was kept', () => {
    const saved = captureReducer(captureReducer(form, { type: 'submit' }), { type: 'saved_offline' });
    expect(saved).toEqual({ phase: 'saved_offline', page: event });
    expect(captureReducer(saved, { type: 'kept_refused' })).toEqual(form);
    const thanks = { phase: 'thank_you', page: event, email: '' } as const;
    expect(captureReducer(thanks, { type: 'kept_refused' })).toBe(thanks);
  });

  it('ignores actions that do not fit the phase (a double submit, a late answer)', () => {
    const submitting = captureReducer(form, { type: 'submit' });
    expect(captureReducer(submitting, { type: 'submit' })).toBe(submitting);
    expect(captureReducer(form, { type: 'submitted', status: 'received', email: '' })).toBe(form);
    expect(captureReducer(form, { type: 'loaded', page: event })).toBe(form);
    expect(captureReducer(form, { type: 'reset' })).toBe(form);
    expect(captureReducer(form, { type: 'load' })).toBe(form);
  });
});
