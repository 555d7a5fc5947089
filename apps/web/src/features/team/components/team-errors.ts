import { isApiError, isHandledGlobally } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';

type Failure = 'invite' | 'update' | 'delete' | 'resend';

/**
 * The message for a failed team change: the specific rule that refused it (last owner, already
 * a member, not allowed, too many invitations), else the catalogue's wording for the operation
 * (spec 01 §8). Null when the API client has already handled it (the paywall).
 */
export function teamFailure(
  error: unknown,
  failure: Failure,
): { key: `errors.${Failure | 'lastOwner' | 'permission' | 'conflict' | 'rateLimited'}` } | null {
  if (isHandledGlobally(error)) return null;
  if (isApiError(error)) {
    if (error.code === 'LAST_OWNER') return { key: 'errors.lastOwner' };
    if (error.code === 'PERMISSION_DENIED') return { key: 'errors.permission' };
    if (error.code === 'RATE_LIMITED') return { key: 'errors.rateLimited' };
    // Already a member or already invited; the message names the address the caller knows.
    if (error.code === 'CONFLICT') return { key: 'errors.conflict' };
  }
  return { key: `errors.${failure}` };
}

/**
 * A failed change made in a form: a 422's field messages go next to their fields (answer null),
 * anything else is the message for above the form (teamFailure).
 */
export function teamFormFailure(
  error: unknown,
  failure: Failure,
  fields: readonly string[],
  setError: (name: never, error: { type: string; message: string }) => void,
): ReturnType<typeof teamFailure> {
  // Other answers' details are no field messages.
  if (isApiError(error) && error.status === 422 && applyServerErrors(error, setError, fields)?.length === 0)
    return null;
  return teamFailure(error, failure);
}
