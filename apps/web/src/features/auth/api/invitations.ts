import type { AcceptInvitationNewAccountInput } from '@leadcapture/contracts/team';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session.ts';

const schemas = () => import('@leadcapture/contracts/team');

export const invitationQueryKey = (token: string) => ['invitations', token] as const;

/**
 * `GET /auth/invitations/lookup/?token=` (no sign-in): the organisation, role, inviter and state
 * of a mailed link. Sent without a token (skipAuth) so a stale session cannot turn an open page
 * into a forced logout. Quiet: the page words every failure itself.
 */
export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: invitationQueryKey(token),
    queryFn: ({ signal }) =>
      api.get('/auth/invitations/lookup/', {
        params: { token },
        schema: schemas().then((m) => m.invitationSchema),
        signal,
        quiet: true,
        skipAuth: true,
      }),
    // The link's state changes only by this page's own accept; no refetch on focus behind the user's back.
    staleTime: Infinity,
  });
}

export function useInvitation(token: string) {
  return useQuery({ ...invitationQueryOptions(token), enabled: token !== '' });
}

export type AcceptInput = { token: string } | AcceptInvitationNewAccountInput;

/**
 * `POST /auth/invitations/accept/`: with only the token for the signed-in invitee (bearer sent),
 * or with name and password for a new person (no bearer). The answer is login's: the session is
 * stored with the invitation's organisation current, and everything cached for the previous
 * session or organisation (the user with its organisation list, the switcher's source) is stale.
 */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AcceptInput) => {
      const { authResultSchema } = await import('@leadcapture/contracts/auth');
      return api.post('/auth/invitations/accept/', input, {
        schema: authResultSchema,
        quiet: true,
        skipAuth: 'password' in input,
      });
    },
    onSuccess: async (result) => {
      startSession(result);
      // Everything but the link itself, the user (with the organisation list) included: the guard
      // of the next page refetches it, so the switcher lists the new organisation.
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'invitations' });
    },
  });
}
