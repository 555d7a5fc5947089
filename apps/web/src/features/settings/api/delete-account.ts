import { accountDeletedSchema, type DeleteAccountInput } from '@leadcapture/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { api } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/session.ts';
import { clearToasts } from '../../../lib/toast.ts';

/**
 * `POST /auth/delete-account/`. On success the account and its sessions are gone on the server,
 * so the browser forgets the session and lands on /auth/login like a logout (spec 01 §5).
 */
export function useDeleteAccount() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { lp } = useLocalizedPath();
  return useMutation({
    mutationFn: (body: DeleteAccountInput) =>
      api.post('/auth/delete-account/', body, { schema: accountDeletedSchema, quiet: true }),
    onSuccess: async () => {
      clearSession();
      clearToasts();
      queryClient.clear();
      await navigate(lp('/auth/login'), { replace: true });
    },
  });
}
