import type { Onboarding, UpdateOnboardingInput } from '@leadcapture/contracts/onboarding';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../auth/api/me.ts';

// Downloaded beside the request: the Setup guide reads this before the first paint (decision 010).
const onboardingSchema = () => import('@leadcapture/contracts/onboarding').then((m) => m.onboardingSchema);

/** `GET /auth/onboarding/`: where the user is in the wizard. The single source of its query key. */
export function onboardingQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'onboarding'] as const,
    queryFn: ({ signal }) => api.get('/auth/onboarding/', { schema: onboardingSchema(), signal }),
  });
}

export function useOnboarding() {
  return useQuery(onboardingQueryOptions());
}

/**
 * `PATCH /auth/onboarding/` on every move, so a user who leaves resumes where they were. Once
 * the server sets `completed_at`, the cached user is refetched: its `onboarding_completed` is what
 * the /dashboard guard reads, and a stale `false` would send the user back here.
 */
export function useUpdateOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateOnboardingInput) =>
      api.patch('/auth/onboarding/', changes, { schema: onboardingSchema(), quiet: true }),
    onSuccess: async (onboarding: Onboarding) => {
      queryClient.setQueryData(onboardingQueryOptions().queryKey, onboarding);
      if (onboarding.completed_at !== null) await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
