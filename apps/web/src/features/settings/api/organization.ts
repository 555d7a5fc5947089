import type {
  CreateOrganizationInput,
  DeleteOrganizationQuery,
  Organization,
  UpdateOrganizationInput,
} from '@leadcapture/contracts/organizations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveOrganizationId } from '../../../lib/session.ts';
import { meQueryKey, meQueryOptions } from '../../auth/api/me.ts';

// The schemas download beside the request: the sidebar reads the organisation before the
// first paint, and zod is not part of it (decision 010).
const organizationSchema = () => import('@leadcapture/contracts/organizations').then((m) => m.organizationSchema);
const detailSchema = () => import('@leadcapture/contracts/auth').then((m) => m.detailSchema);

/** `GET /organizations/{id}/`: the single source of its query key. */
export function organizationQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['organizations', id] as const,
    queryFn: ({ signal }) => api.get(`/organizations/${id}/`, { schema: organizationSchema(), signal }),
  });
}

export function useOrganization(id: string) {
  return useQuery(organizationQueryOptions(id));
}

/** `PATCH /organizations/{id}/`; invalidates the user (its organisation names) too. */
export function useUpdateOrganization(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateOrganizationInput) =>
      api.patch(`/organizations/${id}/`, changes, { schema: organizationSchema(), quiet: true }),
    onSuccess: async (organization: Organization) => {
      queryClient.setQueryData(organizationQueryOptions(id).queryKey, organization);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

/**
 * `POST /organizations/`: another organisation, the user its owner. The app then works in it
 * (switching is the caller's: useSwitchOrganization), so the user's list is refetched first.
 */
export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateOrganizationInput) =>
      api.post('/organizations/', input, { schema: organizationSchema(), quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

/**
 * `DELETE /organizations/{id}/?confirmation=…` (owner). Everything shown was the deleted
 * organisation's: the user is fetched again (the server falls back to another organisation)
 * and every other query dropped.
 */
export function useDeleteOrganization(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (query: DeleteOrganizationQuery) =>
      api.delete(`/organizations/${id}/`, { params: query, schema: detailSchema(), quiet: true }),
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      const me = await queryClient.query({ ...meQueryOptions(), staleTime: 0 });
      saveOrganizationId(me.current_organization?.id ?? null);
    },
  });
}
