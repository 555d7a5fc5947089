import type { LeadScore } from '@leadcapture/contracts/leads';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateAroundLead, leadDetailQueryKey, leadQueryOptions, schemas, type Lead } from './leads.ts';

export const leadScoreQueryKey = (leadId: string) => [...leadDetailQueryKey(leadId), 'score'] as const;

/** `GET /leads/{id}/score/`: why a lead has its score, factor by factor. */
export function leadScoreQueryOptions(leadId: string) {
  return queryOptions({
    queryKey: leadScoreQueryKey(leadId),
    queryFn: async ({ signal }) => {
      const { leadScoreSchema } = await schemas();
      return api.get(`/leads/${leadId}/score/`, { schema: leadScoreSchema, signal, quiet: true });
    },
  });
}

export function useLeadScore(leadId: string, { enabled = true } = {}) {
  return useQuery({ ...leadScoreQueryOptions(leadId), enabled });
}

/**
 * `PUT /leads/{id}/score/`: a score set by hand (0-100) overrides the rules until cleared (null).
 * The answer goes into the score query and the lead's `score` / `manual_score` follow at once.
 */
export function useSetManualScore(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (manualScore: number | null) => {
      const { leadScoreSchema } = await schemas();
      return api.put(
        `/leads/${leadId}/score/`,
        { manual_score: manualScore },
        { schema: leadScoreSchema, quiet: true },
      );
    },
    onSuccess: async (score: LeadScore) => {
      queryClient.setQueryData(leadScoreQueryKey(leadId), score);
      queryClient.setQueryData<Lead>(leadQueryOptions(leadId).queryKey, (lead) =>
        lead === undefined
          ? lead
          : { ...lead, score: score.score, auto_score: score.auto_score, manual_score: score.manual_score },
      );
      await invalidateAroundLead(queryClient, leadId);
    },
  });
}

export type { LeadScore };
