import type { AuthResult } from '@leadcapture/contracts/auth';
import { request, type ApiResult } from '../capture/api.ts';
import type { LoginValues } from './check-login.ts';

/**
 * `POST /auth/login/` with the light pages' HTTP code (capture/api.ts: envelope, time-out, one
 * retry when no answer arrived; a second sign-in from a retry only opens a session nobody uses).
 * The answer is checked for what the page goes on with, without zod.
 */

export type SignInResult = Pick<AuthResult, 'access' | 'refresh'> & {
  organization: { id: string } | null;
  user: { language: string };
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSignInResult(data: unknown): data is SignInResult {
  if (!isRecord(data) || typeof data.access !== 'string' || typeof data.refresh !== 'string') return false;
  const { organization, user } = data;
  return (
    (organization === null || (isRecord(organization) && typeof organization.id === 'string')) &&
    isRecord(user) &&
    typeof user.language === 'string'
  );
}

export function signIn(values: LoginValues): Promise<ApiResult<SignInResult>> {
  return request('POST', '/auth/login/', { body: values, accept: isSignInResult });
}
