import type { OrganizationMember } from '@leadcapture/contracts/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../auth/api/me.ts';

/**
 * `GET /organizations/{id}/members/`: the people leads can be assigned to. It lives here until
 * the team screens arrive with a feature of their own.
 */
const memberPageSchema = () =>
  Promise.all([import('@leadcapture/contracts/organizations'), import('@leadcapture/contracts/envelope')]).then(
    ([{ organizationMemberSchema }, { paginated }]) => paginated(organizationMemberSchema),
  );

export const membersQueryKey = (organizationId: string) => ['organizations', organizationId, 'members'] as const;

export function membersQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: membersQueryKey(organizationId),
    queryFn: async ({ signal }) => {
      const page = await api.get(`/organizations/${organizationId}/members/`, {
        params: { page_size: 100 },
        schema: memberPageSchema(),
        signal,
        quiet: true,
      });
      return page.results;
    },
    // Teams change rarely; a picker need not refetch on every visit.
    staleTime: 5 * 60_000,
  });
}

/** The current organisation's members (empty until known), for assign pickers and names. */
export function useMembers() {
  const organizationId = useCurrentUser().current_organization?.id;
  const query = useQuery({ ...membersQueryOptions(organizationId ?? ''), enabled: organizationId !== undefined });
  return { ...query, members: query.data ?? [] };
}

/** "Ada Lovelace", else the email. */
export function memberName(member: Pick<OrganizationMember, 'first_name' | 'last_name' | 'email'>): string {
  return `${member.first_name} ${member.last_name}`.trim() || member.email;
}

/** Who can be given leads: active members who may write (viewers cannot work a lead). */
export function isAssignable(member: OrganizationMember): boolean {
  return member.is_active && member.role !== 'viewer';
}

export type { OrganizationMember };
