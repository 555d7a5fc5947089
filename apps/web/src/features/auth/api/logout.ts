import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { clearToasts } from '../../../lib/toast.ts';
import { clearSession, endServerSession } from './session.ts';

/**
 * Log out (spec 01 §4): tell the server, then ALWAYS clear the session and the cache and land on
 * /auth/login, also when the server call fails (offline, expired session). The query cache is
 * cleared by the signed-out pages once they are on screen (app/layouts/signed-out-layout.tsx).
 */
export function useLogout() {
  const navigate = useNavigate();
  const { lp } = useLocalizedPath();
  return useMutation({
    mutationFn: endServerSession,
    onSettled: async () => {
      clearSession();
      clearToasts();
      await navigate(lp('/auth/login'), { replace: true });
    },
  });
}
