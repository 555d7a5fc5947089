import { socialProvidersSchema } from '@leadcapture/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /auth/social/` (public): the configured social sign-in providers (decision 030). */
export const socialProvidersQuery = queryOptions({
  queryKey: ['auth', 'social-providers'] as const,
  queryFn: () => api.get('/auth/social/', { schema: socialProvidersSchema, skipAuth: true, quiet: true }),
  // Configuration changes with a deployment, not while the page is open.
  staleTime: Infinity,
});

export function useSocialProviders() {
  return useQuery(socialProvidersQuery);
}
