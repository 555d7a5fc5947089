import { organizationSchema, type Organization } from '@leadcapture/contracts/organizations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { organizationQueryOptions } from './organization.ts';

/** `POST` / `DELETE /organizations/{id}/logo/`; both answer the organisation, written to its query. */
export function useOrganizationLogo(id: string) {
  const queryClient = useQueryClient();
  const store = (organization: Organization) =>
    queryClient.setQueryData(organizationQueryOptions(id).queryKey, organization);
  const upload = useMutation({
    mutationFn: (file: File) =>
      api.upload(`/organizations/${id}/logo/`, file, { schema: organizationSchema, quiet: true, filename: file.name }),
    onSuccess: store,
  });
  const remove = useMutation({
    mutationFn: () => api.delete(`/organizations/${id}/logo/`, { schema: organizationSchema, quiet: true }),
    onSuccess: store,
  });
  return { upload, remove };
}
