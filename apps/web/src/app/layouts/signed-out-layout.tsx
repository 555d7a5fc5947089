import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { hasSession } from '../../lib/session.ts';

/**
 * Wraps the open pages (home, /auth/*). Arriving here signed out (logout, forced logout, a failed
 * guard) drops everything the previous user had cached. Done in an effect on purpose: it runs
 * after the signed-in pages are unmounted. Clearing earlier, while they are still on screen
 * during the navigation, makes their queries refetch without a token, fail with 401 and log out
 * a second time.
 */
export function SignedOutLayout() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!hasSession()) queryClient.clear();
  }, [queryClient]);
  return <Outlet />;
}
