import type { ApprovalStatus } from '@leadcapture/contracts/constants';
import type { Lead } from '@leadcapture/contracts/leads';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client.ts';

/**
 * The leads of one public page. Events and offers answer them the same way
 * (`GET /events/{id}/leads/`, `GET /offers/{id}/leads/`, one query shape on the server), so these
 * take the page's API path without the trailing slash: `/events/{id}` or `/offers/{id}`.
 */
export type PageLeadFilters = {
  search?: string;
  approvalStatus?: ApprovalStatus | '';
  page?: number;
  pageSize?: number;
};

type LeadPage = { results: Lead[]; count: number; next: string | null; previous: string | null };

export const PAGE_LEADS_PAGE_SIZE = 25;

/** Every cached page of one page's leads, whatever the filters: `['events', id, 'leads']`. */
export const pageLeadsQueryKey = (resourcePath: string) =>
  [...resourcePath.split('/').filter(Boolean), 'leads'] as const;

/** `GET {resourcePath}/leads/`: newest first, filtered by approval, searched by name, email and company. */
export function pageLeadsQueryOptions(resourcePath: string, filters: PageLeadFilters) {
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

export function usePageLeads(resourcePath: string, filters: PageLeadFilters, { enabled = true } = {}) {
  return useQuery({ ...pageLeadsQueryOptions(resourcePath, filters), placeholderData: keepPreviousData, enabled });
}

export type ApprovalDecision = 'approve' | 'reject';

/**
 * `POST /leads/{id}/approve/` or `/reject/` for a pending lead of the page. Optimistic: the row
 * shows the decision at once and goes back if the server refuses (409 when someone decided
 * first). The page's lead lists are refetched afterwards either way, since a filter may no
 * longer match.
 */
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
