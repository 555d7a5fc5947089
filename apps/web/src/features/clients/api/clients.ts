import type {
  Client,
  ClientOrdering,
  ClientStats,
  ConvertLeadData,
  CreateClientData,
  UpdateClientData,
} from '@leadcapture/contracts/clients';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * The clients API (`/clients/`, and the convert of a lead): one place for the query keys.
 * Keys: ['clients', 'list', filters], ['clients', 'detail', id], ['clients', 'stats'].
 * The schemas (zod) load with the first call, not with the page.
 */
export const schemas = () => import('@leadcapture/contracts/clients');
const envelope = () => import('@leadcapture/contracts/envelope');

export const clientsQueryKey = ['clients'] as const;
export const clientListsQueryKey = [...clientsQueryKey, 'list'] as const;
export const clientDetailQueryKey = (id: string) => [...clientsQueryKey, 'detail', id] as const;
export const clientStatsQueryKey = [...clientsQueryKey, 'stats'] as const;

export const CLIENTS_PAGE_SIZE = 25;

export type ClientListFilters = {
  status?: readonly string[];
  clientType?: readonly string[];
  priority?: readonly string[];
  relationshipManager?: readonly string[];
  industry?: readonly string[] | undefined;
  tags?: readonly string[] | undefined;
  /** YYYY-MM-DD; a `…Before` day is included. */
  createdAfter?: string | undefined;
  createdBefore?: string | undefined;
  convertedAfter?: string | undefined;
  convertedBefore?: string | undefined;
  search?: string | undefined;
  ordering?: ClientOrdering | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
};

const joined = (values: readonly string[] | undefined) =>
  values === undefined || values.length === 0 ? undefined : values.join(',');

export function clientListParams(filters: ClientListFilters) {
  return {
    status: joined(filters.status),
    client_type: joined(filters.clientType),
    priority: joined(filters.priority),
    relationship_manager: joined(filters.relationshipManager),
    industry: joined(filters.industry),
    tags: joined(filters.tags),
    created_after: filters.createdAfter,
    created_before: filters.createdBefore,
    converted_after: filters.convertedAfter,
    converted_before: filters.convertedBefore,
    search: filters.search,
    ordering: filters.ordering,
    page: filters.page,
    page_size: filters.pageSize,
  };
}

/** `GET /clients/`: one page. */
export function clientListQueryOptions(filters: ClientListFilters) {
  return queryOptions({
    queryKey: [...clientListsQueryKey, filters] as const,
    queryFn: ({ signal }) =>
      api.get('/clients/', {
        params: clientListParams(filters),
        schema: Promise.all([schemas(), envelope()]).then(([{ clientSchema }, { paginated }]) =>
          paginated(clientSchema),
        ),
        signal,
        quiet: true,
      }),
  });
}

export function useClientList(filters: ClientListFilters) {
  return useQuery({ ...clientListQueryOptions(filters), placeholderData: keepPreviousData });
}

/** `GET /clients/{id}/`. Quiet: the page says "not found" itself. */
export function clientQueryOptions(id: string) {
  return queryOptions({
    queryKey: clientDetailQueryKey(id),
    queryFn: ({ signal }) =>
      api.get(`/clients/${id}/`, { schema: schemas().then((m) => m.clientSchema), signal, quiet: true }),
  });
}

export function useClient(id: string, { enabled = true } = {}) {
  return useQuery({ ...clientQueryOptions(id), enabled });
}

/** `GET /clients/stats/`. */
export function clientStatsQueryOptions() {
  return queryOptions({
    queryKey: clientStatsQueryKey,
    queryFn: ({ signal }): Promise<ClientStats> =>
      api.get('/clients/stats/', { schema: schemas().then((m) => m.clientStatsSchema), signal, quiet: true }),
  });
}

export function useClientStats() {
  return useQuery(clientStatsQueryOptions());
}

/** After a write: the client's answer into its detail query; lists and stats are stale. */
async function storeClient(queryClient: QueryClient, client: Client): Promise<void> {
  queryClient.setQueryData(clientQueryOptions(client.id).queryKey, client);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: clientListsQueryKey }),
    queryClient.invalidateQueries({ queryKey: clientStatsQueryKey }),
  ]);
}

/** `POST /clients/`: a client entered directly. Quiet: the form shows 422s on its fields. */
export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (data: CreateClientData) => {
      const { clientSchema } = await schemas();
      return api.post('/clients/', data, { schema: clientSchema, quiet: true });
    },
    onSuccess: (client) => storeClient(queryClient, client),
  });
}

/** `PATCH /clients/{id}/`. Quiet: the form shows 422s on its fields. */
export function useUpdateClient(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: UpdateClientData) => {
      const { clientSchema } = await schemas();
      return api.patch(`/clients/${id}/`, changes, { schema: clientSchema, quiet: true });
    },
    onSuccess: (client) => storeClient(queryClient, client),
  });
}

/** `DELETE /clients/{id}/`: for good; its lead loses the link (so the leads are stale too). */
export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/clients/${id}/`, { quiet: true }),
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: clientDetailQueryKey(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: clientListsQueryKey }),
        queryClient.invalidateQueries({ queryKey: clientStatsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['leads'] }),
      ]);
    },
  });
}

/**
 * `POST /leads/{id}/convert_to_client/` with the chosen client fields. The lead (now converted
 * and linked), its timeline and the lists change, so everything under ['leads'] is stale.
 */
export function useConvertLead(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (overrides: ConvertLeadData) => {
      const { clientSchema } = await schemas();
      return api.post(`/leads/${leadId}/convert_to_client/`, overrides, { schema: clientSchema, quiet: true });
    },
    onSuccess: async (client) => {
      await storeClient(queryClient, client);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['leads'] }),
        queryClient.invalidateQueries({ queryKey: ['analytics'] }),
      ]);
    },
  });
}

export type { Client };
