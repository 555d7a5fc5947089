import type { InviteMemberInput, TeamMember, TeamMemberStatus, UpdateMemberInput } from '@leadcapture/contracts/team';
import type { Role } from '@leadcapture/contracts/constants';
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
 * The team API (`/auth/team/members/`, spec 01 §4, §6; docs/decisions/018): one place for the
 * query keys. Keys: ['team', 'list', filters]. A change to the team also changes the pickers'
 * member list (`['organizations', id, 'members']`), so every mutation invalidates that too.
 * The schemas (zod) load with the first call, not with the page.
 */
const schemas = () => import('@leadcapture/contracts/team');
const envelope = () => import('@leadcapture/contracts/envelope');

export const teamQueryKey = ['team'] as const;
export const teamListsQueryKey = [...teamQueryKey, 'list'] as const;

export const TEAM_PAGE_SIZE = 25;

export type TeamListFilters = {
  page?: number | undefined;
  status?: TeamMemberStatus | undefined;
  role?: Role | undefined;
  search?: string | undefined;
};

/** `GET /auth/team/members/`: one page. Quiet: the page shows the catalogue's load failure itself. */
export function teamListQueryOptions(filters: TeamListFilters) {
  return queryOptions({
    queryKey: [...teamListsQueryKey, filters] as const,
    queryFn: ({ signal }) =>
      api.get('/auth/team/members/', {
        params: { ...filters, page_size: TEAM_PAGE_SIZE },
        schema: Promise.all([schemas(), envelope()]).then(([{ teamMemberSchema }, { paginated }]) =>
          paginated(teamMemberSchema),
        ),
        signal,
        quiet: true,
      }),
  });
}

export function useTeamList(filters: TeamListFilters) {
  return useQuery({ ...teamListQueryOptions(filters), placeholderData: keepPreviousData });
}

async function teamChanged(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: teamQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['organizations'] }),
  ]);
}

/** `POST /auth/team/members/`: 201 with the member, status invited. Quiet: the dialog words the failure. */
export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: InviteMemberInput) => {
      const { teamMemberSchema } = await schemas();
      return api.post('/auth/team/members/', input, { schema: teamMemberSchema, quiet: true });
    },
    onSuccess: () => teamChanged(queryClient),
  });
}

/** `PATCH /auth/team/members/{id}/`: role, department, job title, joined/inactive. */
export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: UpdateMemberInput }) => {
      const { teamMemberSchema } = await schemas();
      return api.patch(`/auth/team/members/${id}/`, changes, { schema: teamMemberSchema, quiet: true });
    },
    onSuccess: () => teamChanged(queryClient),
  });
}

/**
 * `PUT /auth/team/members/{id}/availability/`: whether the member takes automatically assigned
 * leads (their own for everyone; anyone's for owners and admins). Quiet: the toggle words it.
 */
export function useSetAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, available }: { id: string; available: boolean }) => {
      const { teamMemberSchema } = await schemas();
      return api.put(
        `/auth/team/members/${id}/availability/`,
        { available },
        { schema: teamMemberSchema, quiet: true },
      );
    },
    onSuccess: () => teamChanged(queryClient),
  });
}

/** `DELETE /auth/team/members/{id}/`: the membership (or the open invitation) goes. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/auth/team/members/${id}/`, { quiet: true }),
    onSuccess: () => teamChanged(queryClient),
  });
}

/** `POST /auth/team/members/{id}/resend-invite/`: a new link; the old one stops working. */
export function useResendInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const { teamMemberSchema } = await schemas();
      return api.post(`/auth/team/members/${id}/resend-invite/`, {}, { schema: teamMemberSchema, quiet: true });
    },
    onSuccess: () => teamChanged(queryClient),
  });
}

export type { TeamMember };
