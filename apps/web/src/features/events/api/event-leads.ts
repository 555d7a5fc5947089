import type { ApprovalStatus } from '@leadcapture/contracts/constants';
import type { Lead } from '@leadcapture/contracts/leads';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type EventLeadFilters = {
  search?: string;
  approvalStatus?: ApprovalStatus | '';
  page?: number;
  pageSize?: number;
};

type LeadPage = { results: Lead[]; count: number; next: string | null; previous: string | null };

export const EVENT_LEADS_PAGE_SIZE = 25;

/**
 * Every cached page of one public page's leads, whatever the filters. Events and offers answer
 * their leads the same way (`GET /events/{id}/leads/`, `GET /offers/{id}/leads/`, one query shape
 * on the server), so these take the page's API path without the trailing slash: `/events/{id}`.
 */
export const pageLeadsQueryKey = (resourcePath: string) =>
  [...resourcePath.split('/').filter(Boolean), 'leads'] as const;

export const eventLeadsQueryKey = (eventId: string) => pageLeadsQueryKey(`/events/${eventId}`);

/** `GET {resourcePath}/leads/`: newest first, filtered by approval, searched by name, email and company. */
export function pageLeadsQueryOptions(resourcePath: string, filters: EventLeadFilters) {
  return queryOptions({
    queryKey: [...pageLeadsQueryKey(resourcePath), filters] as const,
    queryFn: async ({ signal }) => {
      const [{ leadSchema }, { paginated }] = await Promise.all([
        import('@leadcapture/contracts/leads'),
        import('@leadcapture/contracts/envelope'),
      ]);
      return api.get(`${resourcePath}/leads/`, {
        params: {
          search: filters.search,
          approval_status: filters.approvalStatus,
          page: filters.page,
          page_size: filters.pageSize,
        },
        schema: paginated(leadSchema),
        signal,
        quiet: true,
      });
    },
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
}

export function eventLeadsQueryOptions(eventId: string, filters: EventLeadFilters) {
  return pageLeadsQueryOptions(`/events/${eventId}`, filters);
}

export function usePageLeads(resourcePath: string, filters: EventLeadFilters, { enabled = true } = {}) {
  return useQuery({ ...pageLeadsQueryOptions(resourcePath, filters), placeholderData: keepPreviousData, enabled });
}

export function useEventLeads(eventId: string, filters: EventLeadFilters, { enabled = true } = {}) {
  return usePageLeads(`/events/${eventId}`, filters, { enabled });
}

export type ApprovalDecision = 'approve' | 'reject';

/**
 * `POST /leads/{id}/approve/` or `/reject/` for a pending lead. Optimistic: the row shows the
 * decision at once and goes back if the server refuses (409 when someone decided first). The
 * event's lead pages are refetched afterwards either way, since a filter may no longer match.
 */
export function useDecideLeadApproval(eventId: string) {
  return useDecidePageLeadApproval(`/events/${eventId}`);
}

/** useDecideLeadApproval for any public page's leads (`/events/{id}` or `/offers/{id}`). */
export function useDecidePageLeadApproval(resourcePath: string) {
  const queryClient = useQueryClient();
  const key = pageLeadsQueryKey(resourcePath);
  return useMutation({
    mutationFn: async ({ lead, decision }: { lead: Lead; decision: ApprovalDecision }) => {
      const { leadSchema } = await import('@leadcapture/contracts/leads');
      return api.post(`/leads/${lead.id}/${decision}/`, undefined, { schema: leadSchema, quiet: true });
    },
    onMutate: async ({ lead, decision }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueriesData<LeadPage>({ queryKey: key });
      const approval_status: ApprovalStatus = decision === 'approve' ? 'approved' : 'rejected';
      queryClient.setQueriesData<LeadPage>({ queryKey: key }, (page) =>
        page === undefined
          ? page
          : { ...page, results: page.results.map((l) => (l.id === lead.id ? { ...l, approval_status } : l)) },
      );
      return { before };
    },
    onError: (_error, _variables, context) => {
      for (const [queryKey, data] of context?.before ?? []) queryClient.setQueryData(queryKey, data);
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: key });
      // The organisation-wide lead lists (the leads feature) show approval too.
      await queryClient.invalidateQueries({ queryKey: ['leads'] });
    },
  });
}
