import { detailSchema } from '@leadcapture/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type ChangePasswordBody = { current_password: string; new_password: string; new_password_confirm: string };

/** `POST /auth/change-password/`. Quiet: the form shows 422s on its fields and its own toast. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      api.post('/auth/change-password/', body, { schema: detailSchema, quiet: true }),
  });
}
