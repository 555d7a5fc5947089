import {
  apiKeySchema,
  apiKeyUsageSchema,
  apiKeyWithSecretSchema,
  type ApiKey,
  type CreateApiKeyRequest,
  type UpdateApiKeyRequest,
} from '@leadcapture/contracts/api-keys';
import { paginated } from '@leadcapture/contracts/envelope';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const apiKeysQueryKey = ['api-keys'] as const;

/** The organisation holds few keys: one page of 100 is all of them (the server's maximum). */
const API_KEYS_PAGE_SIZE = 100;

/** `GET /auth/api-keys/` (owner and admin), newest first. */
export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: [...apiKeysQueryKey, 'list'] as const,
    queryFn: async ({ signal }): Promise<ApiKey[]> =>
      (
        await api.get('/auth/api-keys/', {
          schema: paginated(apiKeySchema),
          params: { page_size: API_KEYS_PAGE_SIZE },
          signal,
          quiet: true,
        })
      ).results,
  });
}

export function useApiKeys(enabled: boolean) {
  return useQuery({ ...apiKeysQueryOptions(), enabled });
}

/** `GET /auth/api-keys/{id}/usage/`: requests per UTC day over the last 30 days. */
export function apiKeyUsageQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...apiKeysQueryKey, 'usage', id] as const,
    queryFn: ({ signal }) => api.get(`/auth/api-keys/${id}/usage/`, { schema: apiKeyUsageSchema, signal, quiet: true }),
  });
}

export function useApiKeyUsage(id: string) {
  return useQuery(apiKeyUsageQueryOptions(id));
}

const listKey = apiKeysQueryOptions().queryKey;
const usageKey = (id: string) => apiKeyUsageQueryOptions(id).queryKey;

/**
 * The changes to keys; each refetches the list. A deleted key's usage is dropped, not asked for
 * again (it would answer 404). Quiet: the page words failures.
 */
export function useApiKeyChanges() {
  const queryClient = useQueryClient();
  const changed = () => queryClient.invalidateQueries({ queryKey: listKey });
  return {
    create: useMutation({
      mutationFn: (input: CreateApiKeyRequest) =>
        api.post('/auth/api-keys/', input, { schema: apiKeyWithSecretSchema, quiet: true }),
      onSuccess: changed,
    }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: string; input: UpdateApiKeyRequest }) =>
        api.patch(`/auth/api-keys/${id}/`, input, { schema: apiKeySchema, quiet: true }),
      onSuccess: changed,
    }),
    regenerate: useMutation({
      mutationFn: (id: string) =>
        api.post(`/auth/api-keys/${id}/regenerate/`, undefined, { schema: apiKeyWithSecretSchema, quiet: true }),
      onSuccess: (_data, id) => Promise.all([changed(), queryClient.invalidateQueries({ queryKey: usageKey(id) })]),
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete(`/auth/api-keys/${id}/`, { quiet: true }),
      onSuccess: (_data, id) => {
        queryClient.removeQueries({ queryKey: usageKey(id) });
        return changed();
      },
    }),
  };
}
