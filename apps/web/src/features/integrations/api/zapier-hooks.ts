import { paginated } from '@leadcapture/contracts/envelope';
import { zapierHookSchema } from '@leadcapture/contracts/zapier';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { integrationsQueryKey } from './integrations.ts';

export const zapierHooksQueryKey = [...integrationsQueryKey, 'zapier-hooks'] as const;

/** `GET /integrations/zapier/hooks/`: the Zaps subscribed to lead events (the card shows how many). */
export function zapierHooksQueryOptions() {
  return queryOptions({
    queryKey: zapierHooksQueryKey,
    queryFn: ({ signal }) =>
      api.get('/integrations/zapier/hooks/', {
        schema: paginated(zapierHookSchema),
        params: { page_size: 100 },
        signal,
        quiet: true,
      }),
  });
}

export function useZapierHooks() {
  return useQuery(zapierHooksQueryOptions());
}
