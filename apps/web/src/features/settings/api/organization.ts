import {
  organizationSchema,
  type Organization,
  type UpdateOrganizationInput,
} from '@leadcapture/contracts/organizations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../auth/api/me.ts';

/** `GET /organizations/{id}/`: the single source of its query key. */
export function organizationQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['organizations', id] as const,
    queryFn: ({ signal }) => api.get(`/organizations/${id}/`, { schema: organizationSchema, signal }),
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
      api.patch(`/organizations/${id}/`, changes, { schema: organizationSchema, quiet: true }),
    onSuccess: async (organization: Organization) => {
      queryClient.setQueryData(organizationQueryOptions(id).queryKey, organization);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
