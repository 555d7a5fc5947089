import { authResultSchema, type RegisterInput } from '@leadcapture/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from './me.ts';
import { startSession } from '../../../lib/session.ts';

/** `POST /auth/register/` (skip-auth): creates the account and its organisation and signs in. Then /onboarding. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => api.post('/auth/register/', input, { schema: authResultSchema, quiet: true }),
    onSuccess: (result) => {
      queryClient.removeQueries({ queryKey: meQueryKey });
      startSession(result);
    },
  });
}
