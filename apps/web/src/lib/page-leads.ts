import type { ApprovalStatus } from '@leadcapture/contracts/constants';
import type { Lead } from '@leadcapture/contracts/leads';
import { keepPreviousData, queryOptions, useQuery, type UseMutationResult } from '@tanstack/react-query';
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

export type LeadPage = { results: Lead[]; count: number; next: string | null; previous: string | null };

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
export type ApprovalVariables = { lead: Lead; decision: ApprovalDecision };

/**
 * The one approval mutation of the web (features/leads/api/lead-actions.ts `useDecideApproval`),
 * as the shared leads panel takes it: components sit below features, so the page hands it in.
 */
export type DecideApproval = UseMutationResult<Lead, unknown, ApprovalVariables>;
