import type { ApprovalStatus, LeadStatus } from '@leadcapture/contracts/constants';
import type { Lead } from '@leadcapture/contracts/leads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { pageLeadsQueryKey, type ApprovalVariables, type LeadPage } from '../../../lib/page-leads.ts';
import { invalidateAroundLead, leadQueryOptions, schemas, storeLead } from './leads.ts';

export type ChangeStatusInput = { status: LeadStatus; note?: string | undefined; notify?: boolean | undefined };

/**
 * `POST /leads/{id}/status/` with an optional note (kept on the timeline) and whether to tell the
 * assigned rep. Optimistic: the badge shows the new status at once and goes back on failure.
 */
export function useChangeLeadStatus(id: string) {
  const queryClient = useQueryClient();
  const key = leadQueryOptions(id).queryKey;
  return useMutation({
    mutationFn: async ({ status, note, notify }: ChangeStatusInput) => {
      const { leadSchema } = await schemas();
      const body = { status, notify: notify ?? false, ...(note !== undefined && note.trim() !== '' ? { note } : {}) };
      return api.post(`/leads/${id}/status/`, body, { schema: leadSchema, quiet: true });
    },
    onMutate: async ({ status }) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData<Lead>(key);
      if (before !== undefined) queryClient.setQueryData<Lead>(key, { ...before, status });
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before !== undefined) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (lead) => storeLead(queryClient, lead),
  });
}

/** `POST /leads/{id}/assign/`: one member (user id), or null to unassign. */
export function useAssignLead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ assignedTo, note }: { assignedTo: string | null; note?: string }) => {
      const { leadSchema } = await schemas();
      const body = { assigned_to: assignedTo, ...(note !== undefined && note.trim() !== '' ? { note } : {}) };
      return api.post(`/leads/${id}/assign/`, body, { schema: leadSchema, quiet: true });
    },
    onSuccess: (lead) => storeLead(queryClient, lead),
  });
}

/**
 * `POST /leads/{id}/approve/` or `/reject/` for a lead waiting for approval: the one approval
 * mutation of the web, used by the lead page and by the leads panels of events and offers.
 * Optimistic: the lead's page and its event's or offer's lead lists show the decision at once
 * and go back if the server refuses (409 when someone decided first). Afterwards the answer is
 * stored and everything that shows the lead is refetched, since a list's filter may no longer match.
 */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ lead, decision }: ApprovalVariables) => {
      const { leadSchema } = await schemas();
      return api.post(`/leads/${lead.id}/${decision}/`, undefined, { schema: leadSchema, quiet: true });
    },
    onMutate: async ({ lead, decision }) => {
      const approval_status: ApprovalStatus = decision === 'approve' ? 'approved' : 'rejected';
      const detail = leadQueryOptions(lead.id).queryKey;
      const lists = pageListKeys(lead);
      await Promise.all([
        queryClient.cancelQueries({ queryKey: detail, exact: true }),
        ...lists.map((queryKey) => queryClient.cancelQueries({ queryKey })),
      ]);
      const before = {
        detail: queryClient.getQueryData<Lead>(detail),
        lists: lists.flatMap((queryKey) => queryClient.getQueriesData<LeadPage>({ queryKey })),
      };
      if (before.detail !== undefined) queryClient.setQueryData<Lead>(detail, { ...before.detail, approval_status });
      for (const queryKey of lists) {
        queryClient.setQueriesData<LeadPage>({ queryKey }, (page) =>
          page === undefined
            ? page
            : { ...page, results: page.results.map((l) => (l.id === lead.id ? { ...l, approval_status } : l)) },
        );
      }
      return { before };
    },
    onError: (_error, { lead }, context) => {
      if (context === undefined) return;
      if (context.before.detail !== undefined) {
        queryClient.setQueryData(leadQueryOptions(lead.id).queryKey, context.before.detail);
      }
      for (const [queryKey, data] of context.before.lists) queryClient.setQueryData(queryKey, data);
    },
    onSuccess: (lead) => queryClient.setQueryData(leadQueryOptions(lead.id).queryKey, lead),
    onSettled: async (_lead, _error, { lead }) => {
      await Promise.all([
        invalidateAroundLead(queryClient, lead.id),
        ...pageListKeys(lead).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]);
    },
  });
}

/** The lead lists of the event or offer that captured the lead (lib/page-leads.ts). */
function pageListKeys(lead: Pick<Lead, 'event' | 'offer'>) {
  return [
    ...(lead.event === null ? [] : [pageLeadsQueryKey(`/events/${lead.event}`)]),
    ...(lead.offer === null ? [] : [pageLeadsQueryKey(`/offers/${lead.offer}`)]),
  ];
}
