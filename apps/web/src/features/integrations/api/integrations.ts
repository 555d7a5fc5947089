import { paginated } from '@leadcapture/contracts/envelope';
import { integrationSchema, type Integration, type IntegrationKind } from '@leadcapture/contracts/integrations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export const integrationsQueryKey = ['integrations'] as const;

/** The list as a plain array or as a page (03-decisions §2): read either. */
const integrationList = z
  .union([z.array(integrationSchema), paginated(integrationSchema)])
  .transform((list): Integration[] => (Array.isArray(list) ? list : list.results));

/** `GET /integrations/`: every kind, connected or not, secrets masked. */
export function integrationsQueryOptions() {
  return queryOptions({
    queryKey: integrationsQueryKey,
    queryFn: ({ signal }) => api.get('/integrations/', { schema: integrationList, params: { page_size: 100 }, signal }),
  });
}

export function useIntegrations() {
  return useQuery(integrationsQueryOptions());
}

/**
 * Connect, configure, sync now and disconnect. Each refetches the list (statuses, last synced);
 * quiet, the page words each failure in a toast (spec 01 §7). A 402 (the plan's integrations
 * limit) still opens the paywall: the client does that for every call.
 */
export function useIntegrationChanges() {
  const queryClient = useQueryClient();
  const changed = () => queryClient.invalidateQueries({ queryKey: integrationsQueryKey });
  return {
    /** `POST /integrations/{kind}/connect/` `{config}`; Salesforce answers `authorization_url`. */
    connect: useMutation({
      mutationFn: ({ kind, config }: { kind: IntegrationKind; config: Record<string, string> }) =>
        api.post(`/integrations/${kind}/connect/`, { config }, { schema: integrationSchema, quiet: true }),
      onSuccess: changed,
    }),
    /** `PATCH /integrations/{id}/` `{config}`: the fields that change; a secret left out stays. */
    configure: useMutation({
      mutationFn: ({ id, config }: { id: string; config: Record<string, string> }) =>
        api.patch(`/integrations/${id}/`, { config }, { schema: integrationSchema, quiet: true }),
      onSuccess: changed,
    }),
    /** `POST /integrations/{id}/sync/`: queued; the list shows the result as it comes. */
    sync: useMutation({
      mutationFn: (id: string) => api.post(`/integrations/${id}/sync/`, undefined, { quiet: true }),
      onSuccess: changed,
    }),
    /** `POST /integrations/{id}/disconnect/`. */
    disconnect: useMutation({
      mutationFn: (id: string) =>
        api.post(`/integrations/${id}/disconnect/`, undefined, { schema: integrationSchema, quiet: true }),
      onSuccess: changed,
    }),
  };
}
