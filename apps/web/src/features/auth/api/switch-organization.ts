import { meParser } from '@leadcapture/contracts/me-check';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../../lib/api-client.ts';
import { saveOrganizationId } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { meQueryKey, meQueryOptions } from './me.ts';

/**
 * `POST /auth/switch-organization/`: makes another of the user's organisations the current one.
 * Every query but the user's own is tenant data of the old organisation, so all of it is
 * invalidated. An organisation the user is not in fails with "Organization not found" (spec 01 §4).
 */
export function useSwitchOrganization() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (organizationId: string) => {
      const me = queryClient.getQueryData(meQueryOptions().queryKey);
      if (me !== undefined && !me.organizations.some((o) => o.id === organizationId)) {
        throw new ApiError(t('organization.notFound'), { status: 404, code: 'NOT_FOUND' });
      }
      return api.post(
        '/auth/switch-organization/',
        { organization_id: organizationId },
        { schema: meParser, quiet: true },
      );
    },
    onSuccess: async (me) => {
      saveOrganizationId(me.current_organization?.id ?? null);
      queryClient.setQueryData(meQueryKey, me);
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      if (me.current_organization !== null) {
        toast.success(t('organization.switched', { name: me.current_organization.name }));
      }
    },
    onError: (error) => {
      toast.error(
        error instanceof ApiError && error.status === 404 ? t('organization.notFound') : t('organization.switchFailed'),
      );
    },
  });
}
