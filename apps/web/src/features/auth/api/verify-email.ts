import { detailSchema } from '@leadcapture/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from './me.ts';

/** `POST /auth/verify-email/` (skip-auth) with the token of the mailed link. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post('/auth/verify-email/', { token }, { schema: detailSchema, quiet: true }),
    // A signed-in user's cached record still says unverified.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

/** `POST /auth/resend-verification/` (skip-auth). */
export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post('/auth/resend-verification/', { email }, { schema: detailSchema, quiet: true }),
  });
}
