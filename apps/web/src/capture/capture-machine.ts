import type { CaptureStatus } from '@leadcapture/contracts/public-capture';
import type { ApiFailure } from './api.ts';

/**
 * The states of a public page, an event's capture page or an offer page (spec 01 §4 "Public
 * offer or event page": loading, form, success, not found or unavailable, pending approval), as
 * one reducer so every transition is written down and testable. `P` is the page as loaded
 * (PublicEvent or PublicOffer):
 *
 *   loading ──loaded──▶ form ──submit──▶ submitting ──submitted──▶ thank_you | pending_approval
 *                                            └──no network, kept──▶ saved_offline
 *      │                 ▲                   │                            │
 *      ├─404──▶ not_found│                   ├─404──▶ not_found           │
 *      └─other─▶ error   └──submit_failed────┘        (reset: the next visitor, kiosk mode)
 *
 * `kept_refused` (the server refused what was kept, the page's fix panel shows it) takes
 * saved_offline back to the form: "it will be sent" no longer holds.
 *
 * A failed load (network, server) is `error` with a retry (`load` again). A failed submit goes
 * back to `form` with the failure shown and the answers kept.
 */
export type CaptureState<P> =
  | { phase: 'loading' }
  | { phase: 'not_found' }
  | { phase: 'error'; failure: ApiFailure }
  | { phase: 'form'; page: P; failure: ApiFailure | null }
  | { phase: 'submitting'; page: P }
  | { phase: 'thank_you'; page: P; email: string }
  | { phase: 'pending_approval'; page: P; email: string }
  /** No network: the answers are kept on this device and sent when it is back (docs/offline.md). */
  | { phase: 'saved_offline'; page: P };

export type CaptureAction<P> =
  | { type: 'load' }
  | { type: 'loaded'; page: P }
  | { type: 'load_failed'; failure: ApiFailure }
  | { type: 'submit' }
  | { type: 'submitted'; status: CaptureStatus; email: string }
  | { type: 'submit_failed'; failure: ApiFailure }
  | { type: 'saved_offline' }
  | { type: 'kept_refused' }
  | { type: 'reset' };

export const initialCaptureState = { phase: 'loading' } as const;

/** Actions that do not fit the current phase (a double click, a late answer) change nothing. */
export function captureReducer<P>(state: CaptureState<P>, action: CaptureAction<P>): CaptureState<P> {
  switch (action.type) {
    case 'load':
      return state.phase === 'error' || state.phase === 'loading' ? { phase: 'loading' } : state;
    case 'loaded':
      return state.phase === 'loading' ? { phase: 'form', page: action.page, failure: null } : state;
    case 'load_failed':
      if (state.phase !== 'loading') return state;
      return action.failure.kind === 'not_found' ? { phase: 'not_found' } : { phase: 'error', failure: action.failure };
    case 'submit':
      return state.phase === 'form' ? { phase: 'submitting', page: state.page } : state;
    case 'submitted':
      if (state.phase !== 'submitting') return state;
      return {
        phase: action.status === 'pending_approval' ? 'pending_approval' : 'thank_you',
        page: state.page,
        email: action.email,
      };
    case 'submit_failed':
      if (state.phase !== 'submitting') return state;
      // The page was closed (deactivated, unpublished or deleted) while the visitor filled the form in.
      if (action.failure.kind === 'not_found') return { phase: 'not_found' };
      return { phase: 'form', page: state.page, failure: action.failure };
    case 'saved_offline':
      return state.phase === 'submitting' ? { phase: 'saved_offline', page: state.page } : state;
    case 'kept_refused':
      return state.phase === 'saved_offline' ? { phase: 'form', page: state.page, failure: null } : state;
    case 'reset':
      return state.phase === 'thank_you' || state.phase === 'pending_approval' || state.phase === 'saved_offline'
        ? { phase: 'form', page: state.page, failure: null }
        : state;
  }
}
