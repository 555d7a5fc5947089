import { meSchema, type UpdateMeInput } from '@leadcapture/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../auth/api/me.ts';

/** `PATCH /auth/me/`: own profile. Writes the answer into the user query (no refetch needed). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateMeInput) => api.patch('/auth/me/', changes, { schema: meSchema, quiet: true }),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
