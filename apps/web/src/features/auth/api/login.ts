import type { LoginInput } from '@leadcapture/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from './me.ts';
import { startSession } from './session.ts';

/**
 * `POST /auth/login/` (skip-auth). On success the session is stored and the cached user dropped,
 * so the guard of the next page loads the right one. Navigation is the page's job (spec 01 §4:
 * to /dashboard or the `redirect` query). quiet: the form shows "Invalid email or password" itself.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      // Loaded on demand, see me.ts; by the time the user submits, the form has already loaded it.
      const { authResultSchema } = await import('@leadcapture/contracts/auth');
      return api.post('/auth/login/', input, { schema: authResultSchema, quiet: true });
    },
    onSuccess: (result) => {
      queryClient.removeQueries({ queryKey: meQueryKey });
      startSession(result);
    },
  });
}
