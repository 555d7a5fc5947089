import { refreshResultParser } from '@leadcapture/contracts/refresh-check';
import { api } from '../../../lib/api-client.ts';
import { clearSession, saveAccessToken } from '../../../lib/session.ts';

export { clearSession };

/**
 * Calls authenticated by the HttpOnly session cookie carry this header: the server refuses them
 * without it, which a cross-site form cannot add (docs/decisions/003-authentication.md).
 */
export const CSRF_HEADERS = { 'X-Requested-With': 'fetch' } as const;

async function refreshWithCookie(): Promise<boolean> {
  try {
    // Checked without zod, like the user (me.ts): zod is not downloaded before the first answer.
    // No token in the body: the browser sends the refresh cookie, and the rotated one comes
    // back the same way.
    const tokens = await api.post(
      '/auth/refresh/',
      {},
      { schema: refreshResultParser, quiet: true, headers: CSRF_HEADERS },
    );
    saveAccessToken(tokens.access);
    return true;
  } catch {
    return false;
  }
}

/**
 * `POST /auth/refresh/`, the API client's `refresh` hook (also at start, after a reload: the access
 * token lives in memory only). The client already makes concurrent 401s of this tab share one
 * call; the Web Locks API does the same across tabs, since refresh tokens rotate and a reused
 * one ends the session everywhere (docs/decisions/003). Inside the lock, the browser sends the
 * cookie as the previous holder left it.
 */
export function refreshSession(): Promise<boolean> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator) {
    return navigator.locks.request('leadcapture:token-refresh', refreshWithCookie);
  }
  return refreshWithCookie();
}

/** Ends the session on the server, best effort: the caller clears the browser state whatever happens. */
export async function endServerSession(): Promise<void> {
  await api.post('/auth/logout/', {}, { quiet: true, headers: CSRF_HEADERS });
}
