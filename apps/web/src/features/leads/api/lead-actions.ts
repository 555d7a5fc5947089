import type { LeadStatus } from '@leadcapture/contracts/constants';
import type { Lead } from '@leadcapture/contracts/leads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
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

export type ApprovalDecision = 'approve' | 'reject';

/** `POST /leads/{id}/approve/` or `/reject/` for a lead waiting for approval (409 when already decided). */
export function useDecideApproval(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: ApprovalDecision) => {
      const { leadSchema } = await schemas();
      return api.post(`/leads/${id}/${decision}/`, undefined, { schema: leadSchema, quiet: true });
    },
    onSuccess: (lead) => storeLead(queryClient, lead),
    onError: () => invalidateAroundLead(queryClient, id),
  });
}
