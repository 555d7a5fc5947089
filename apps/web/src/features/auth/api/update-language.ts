import type { ProfileLanguage } from '@leadcapture/contracts/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey, meQueryOptions } from './me.ts';

/**
 * `PATCH /auth/preferences/`: the signed-in user's language, so mail and the next sign-in use
 * the language they picked in the UI. The cached user is updated in place.
 */
export function useUpdateLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: ProfileLanguage) =>
      api.patch(
        '/auth/preferences/',
        { language },
        // Loaded when first used: the user menu that offers this is on every signed-in page.
        { schema: import('@leadcapture/contracts/auth').then((m) => m.preferencesSchema), quiet: true },
      ),
    onSuccess: ({ language }) => {
      const me = queryClient.getQueryData(meQueryOptions().queryKey);
      if (me !== undefined) queryClient.setQueryData(meQueryKey, { ...me, language });
    },
  });
}
