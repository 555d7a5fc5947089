import { detailSchema } from '@leadcapture/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /auth/password/reset/` (skip-auth). Always succeeds for a valid address: no account enumeration. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: { email: string }) =>
      api.post('/auth/password/reset/', input, { schema: detailSchema, quiet: true }),
  });
}

/** `POST /auth/password/reset/confirm/` (skip-auth); then the page sends the user to /auth/login. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (input: { token: string; password: string; password_confirm: string }) =>
      api.post('/auth/password/reset/confirm/', input, { schema: detailSchema, quiet: true }),
  });
}
