import type { LeadStatus } from '@leadcapture/contracts/constants';
import type { BulkLeadsResult } from '@leadcapture/contracts/leads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { leadsQueryKey, schemas } from './leads.ts';

/**
 * The body of `POST /leads/bulk/` (bulkLeadsSchema): one action on up to LEAD_BULK_MAX leads in
 * one transaction. Written out here rather than taken from the schema's input type so that each
 * action's fields are checked where the page builds them.
 */
export type BulkLeadsRequest =
  | { action: 'status'; ids: string[]; status: LeadStatus; note?: string; notify: boolean }
  | { action: 'assign'; ids: string[]; assigned_to: string | null; note?: string }
  | { action: 'assign'; ids: string[]; round_robin: string[]; note?: string }
  | { action: 'tag'; ids: string[]; tags: string[]; mode: 'add' | 'remove' | 'set' }
  | { action: 'delete'; ids: string[] }
  | { action: 'restore'; ids: string[] };

/** `POST /leads/bulk/`; answers how many leads changed and which ids were not found. */
export function useBulkLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BulkLeadsRequest): Promise<BulkLeadsResult> => {
      const { bulkLeadsResultSchema } = await schemas();
      return api.post('/leads/bulk/', body, { schema: bulkLeadsResultSchema, quiet: true });
    },
    // Any lead on any page may have changed: lists and open leads are refetched.
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: leadsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['analytics'] }),
        queryClient.invalidateQueries({ queryKey: ['events'] }),
      ]);
    },
  });
}

export type { BulkLeadsResult };
