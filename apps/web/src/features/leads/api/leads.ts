import type { ApprovalStatus } from '@leadcapture/contracts/constants';
import type {
  CreateLeadData,
  FollowUpFilter,
  Lead,
  LeadListOrdering,
  UpdateLeadData,
} from '@leadcapture/contracts/leads';
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
 * The leads API (`/leads/`): one place for the query keys and calls of the lead list and one
 * lead. The schemas (zod) load with the first call, not with the page, so the list paints first.
 *
 * Keys: ['leads', 'list', filters] for pages of the list, ['leads', 'detail', id] for one lead
 * and ['leads', 'detail', id, <part>] for its activities, notes and score (lead-activities.ts,
 * lead-notes.ts, lead-score.ts), so one prefix reaches everything of a lead.
 */
export const schemas = () => import('@leadcapture/contracts/leads');
export const envelope = () => import('@leadcapture/contracts/envelope');

export const leadsQueryKey = ['leads'] as const;
export const leadListsQueryKey = [...leadsQueryKey, 'list'] as const;
export const leadDetailQueryKey = (id: string) => [...leadsQueryKey, 'detail', id] as const;

export const LEADS_PAGE_SIZE = 25;

/** The list's filters as the API takes them (several values of one filter are alternatives). */
export type LeadListFilters = {
  status?: readonly string[];
  interest?: readonly string[];
  source?: readonly string[];
  approvalStatus?: readonly ApprovalStatus[];
  event?: readonly string[];
  assignedTo?: readonly string[];
  tags?: readonly string[];
  scoreMin?: number | undefined;
  scoreMax?: number | undefined;
  createdAfter?: string | undefined;
  createdBefore?: string | undefined;
  followUp?: FollowUpFilter | undefined;
  search?: string | undefined;
  ordering?: LeadListOrdering | undefined;
  /** The bin: deleted leads, restorable for LEAD_RETENTION_DAYS. */
  deleted?: boolean | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
};

/**
 * `count_exact` is false when `count` is the server's estimate (many matches, decision 017);
 * `held_count`: this month's captures held past the plan's lead limit (the upgrade gate).
 */
export type LeadPage = {
  results: Lead[];
  count: number;
  count_exact: boolean;
  held_count: number;
  next: string | null;
  previous: string | null;
};

/** Several values travel as one comma-separated parameter (`status=new,contacted`). */
const joined = (values: readonly string[] | undefined) =>
  values === undefined || values.length === 0 ? undefined : values.join(',');

export function leadListParams(filters: LeadListFilters) {
  return {
    status: joined(filters.status),
    interest: joined(filters.interest),
    source: joined(filters.source),
    approval_status: joined(filters.approvalStatus),
    event: joined(filters.event),
    assigned_to: joined(filters.assignedTo),
    tags: joined(filters.tags),
    score_min: filters.scoreMin,
    score_max: filters.scoreMax,
    created_after: filters.createdAfter,
    created_before: filters.createdBefore,
    follow_up: filters.followUp,
    search: filters.search,
    ordering: filters.ordering,
    deleted: filters.deleted === true ? 'true' : undefined,
    page: filters.page,
    page_size: filters.pageSize,
  };
}

/** `GET /leads/`: one page of the organisation's leads (or of the bin). */
export function leadListQueryOptions(filters: LeadListFilters) {
  return queryOptions({
    queryKey: [...leadListsQueryKey, filters] as const,
    queryFn: ({ signal }) =>
      api.get('/leads/', {
        params: leadListParams(filters),
        // zod and the request travel together (lib/api-client.ts `schema`).
        schema: schemas().then((m) => m.leadListPageSchema),
        signal,
        quiet: true,
      }),
  });
}

export function useLeadList(filters: LeadListFilters) {
  return useQuery({ ...leadListQueryOptions(filters), placeholderData: keepPreviousData });
}

/** `GET /leads/{id}/`. Quiet: the page says "Lead not found" itself. */
export function leadQueryOptions(id: string) {
  return queryOptions({
    queryKey: leadDetailQueryKey(id),
    queryFn: ({ signal }) =>
      api.get(`/leads/${id}/`, { schema: schemas().then((m) => m.leadSchema), signal, quiet: true }),
  });
}

export function useLead(id: string, { enabled = true } = {}) {
  return useQuery({ ...leadQueryOptions(id), enabled });
}

/**
 * After a write to one lead: its answer goes into the detail query; the lists, the lead's
 * timeline and score (a change may log an activity or move the score) and the Lobby's figures
 * are marked stale.
 */
export async function storeLead(queryClient: QueryClient, lead: Lead): Promise<void> {
  queryClient.setQueryData(leadQueryOptions(lead.id).queryKey, lead);
  await invalidateAroundLead(queryClient, lead.id);
}

/** Everything that may show a lead besides its own detail query. */
export async function invalidateAroundLead(queryClient: QueryClient, id: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: leadListsQueryKey }),
    queryClient.invalidateQueries({ queryKey: [...leadDetailQueryKey(id), 'activities'] }),
    queryClient.invalidateQueries({ queryKey: [...leadDetailQueryKey(id), 'score'] }),
    queryClient.invalidateQueries({ queryKey: ['analytics'] }),
    // An event's own lead list (features/events) shows the same leads.
    queryClient.invalidateQueries({ queryKey: ['events'] }),
  ]);
}

/**
 * `POST /leads/`. Quiet: the form shows 422s on its fields. `created` is false when the email was
 * already one of the organisation's leads and the answer is that lead, linked rather than copied.
 */
export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateLeadData) => {
      const { leadSchema } = await schemas();
      const { data, status } = await api.postWithStatus('/leads/', body, { schema: leadSchema, quiet: true });
      return { lead: data, created: status === 201 };
    },
    onSuccess: ({ lead }) => storeLead(queryClient, lead),
  });
}

/** `PATCH /leads/{id}/` with any subset of the editable fields (the form, the follow-up, the score). */
export function useUpdateLead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: UpdateLeadData) => {
      const { leadSchema } = await schemas();
      return api.patch(`/leads/${id}/`, changes, { schema: leadSchema, quiet: true });
    },
    onSuccess: (lead) => storeLead(queryClient, lead),
  });
}

/** `DELETE /leads/{id}/`: the lead moves to the bin. */
export function useDeleteLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/leads/${id}/`, { quiet: true }),
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: leadDetailQueryKey(id) });
      await invalidateAroundLead(queryClient, id);
    },
  });
}

async function postRestore(id: string): Promise<Lead> {
  const { leadSchema } = await schemas();
  return api.post(`/leads/${id}/restore/`, undefined, { schema: leadSchema, quiet: true });
}

/** `POST /leads/{id}/restore/`: back from the bin. */
export function useRestoreLead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: postRestore, onSuccess: (lead) => storeLead(queryClient, lead) });
}

/**
 * The same restore outside a component's life: the "Undo" of the delete toast, clicked after
 * the lead's page is gone (a mutation hook's callbacks would no longer run).
 */
export async function restoreLead(queryClient: QueryClient, id: string): Promise<Lead> {
  const lead = await postRestore(id);
  await storeLead(queryClient, lead);
  return lead;
}

export type { Lead };
