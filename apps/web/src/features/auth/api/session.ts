import { api } from '../../../lib/api-client.ts';
import { clearSession, getSession, saveTokens } from '../../../lib/session.ts';

export { clearSession };

async function refreshWith(seenRefreshToken: string | null): Promise<boolean> {
  const current = getSession();
  // Another tab rotated the tokens while we waited for the lock: its new access token is ours too
  // (cookies are shared), and presenting the old refresh token again would revoke the session.
  if (current.refreshToken !== seenRefreshToken && current.accessToken !== null) return true;
  if (current.refreshToken === null) return false;
  try {
    // Loaded on demand like the user schema: keeps zod out of the first page (see me.ts).
    const { refreshResultSchema } = await import('@leadcapture/contracts/auth');
    const tokens = await api.post(
      '/auth/refresh/',
      { refresh: current.refreshToken },
      { schema: refreshResultSchema, quiet: true },
    );
    saveTokens(tokens);
    return true;
  } catch {
    return false;
  }
}

/**
 * `POST /auth/refresh/`, the API client's `refresh` hook. The client already makes concurrent
 * 401s of this tab share one call; the Web Locks API does the same across tabs, since refresh
 * tokens rotate and a reused one ends the session everywhere (docs/decisions/003).
 */
export function refreshSession(): Promise<boolean> {
  const seen = getSession().refreshToken;
  if (typeof navigator !== 'undefined' && 'locks' in navigator) {
    return navigator.locks.request('leadcapture:token-refresh', () => refreshWith(seen));
  }
  return refreshWith(seen);
}

/** Ends the session on the server, best effort: the caller clears the browser state whatever happens. */
export async function endServerSession(): Promise<void> {
  const { refreshToken } = getSession();
  if (refreshToken === null) return;
  await api.post('/auth/logout/', { refresh: refreshToken }, { quiet: true });
}
