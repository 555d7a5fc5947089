import type { Lead, MergeField, MergeSide } from '@leadcapture/contracts/leads';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { leadNotesQueryKey } from './lead-notes.ts';
import { invalidateAroundLead, leadDetailQueryKey, leadListQueryOptions, schemas, storeLead } from './leads.ts';

export type MergeInput = { source: Lead; fields: Partial<Record<MergeField, MergeSide>> };

/**
 * `POST /leads/{id}/merge/`: `source` merges into the lead `targetId` (decision 017). The target's
 * answer goes into its detail query, and its timeline and notes (the source's moved here) are
 * fetched again; the source went to the bin, so its own queries are dropped.
 */
export function useMergeLead(targetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ source, fields }: MergeInput) => {
      const { leadSchema } = await schemas();
      return api.post(`/leads/${targetId}/merge/`, { source: source.id, fields }, { schema: leadSchema, quiet: true });
    },
    onSuccess: async (lead, { source }) => {
      queryClient.removeQueries({ queryKey: leadDetailQueryKey(source.id) });
      await Promise.all([
        storeLead(queryClient, lead),
        // The source's notes moved here with its activities.
        queryClient.invalidateQueries({ queryKey: leadNotesQueryKey(lead.id) }),
      ]);
    },
    // A 404 means one of the two changed meanwhile: what the page shows may be stale.
    onError: () => invalidateAroundLead(queryClient, targetId),
  });
}

/**
 * Leads to merge with: those found by `search`, or without one, the leads with the lead's
 * email (the likely duplicates). The lead itself is left out. `candidates` is undefined until
 * the answer is here, and empty when there is nothing to search for (no search, no email).
 */
export function useMergeCandidates(lead: Lead, search: string, enabled: boolean) {
  const term = search.trim() !== '' ? search.trim() : lead.email;
  const query = useQuery({
    ...leadListQueryOptions({ search: term, pageSize: 10, ordering: '-created_at' }),
    enabled: enabled && term !== '',
  });
  const candidates = term === '' ? [] : query.data?.results.filter((l) => l.id !== lead.id);
  return { ...query, candidates, byEmail: search.trim() === '' };
}
