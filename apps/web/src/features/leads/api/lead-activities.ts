import type { LeadActivity } from '@leadcapture/contracts/leads';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { envelope, invalidateAroundLead, leadDetailQueryKey, schemas } from './leads.ts';

export const ACTIVITIES_PAGE_SIZE = 20;
export type LoggedActivityType = 'call' | 'email' | 'meeting';

export const leadActivitiesQueryKey = (leadId: string) => [...leadDetailQueryKey(leadId), 'activities'] as const;

/** `GET /leads/{id}/activities/`: the timeline, newest first, a page at a time ("Show older"). */
export function leadActivitiesQueryOptions(leadId: string) {
  return infiniteQueryOptions({
    queryKey: leadActivitiesQueryKey(leadId),
    queryFn: async ({ pageParam, signal }) => {
      const [{ leadActivitySchema }, { paginated }] = await Promise.all([schemas(), envelope()]);
      return api.get(`/leads/${leadId}/activities/`, {
        params: { page: pageParam, page_size: ACTIVITIES_PAGE_SIZE },
        schema: paginated(leadActivitySchema),
        signal,
        quiet: true,
      });
    },
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (last.next === null ? undefined : lastPage + 1),
  });
}

export function useLeadActivities(leadId: string) {
  return useInfiniteQuery(leadActivitiesQueryOptions(leadId));
}

/** `POST /leads/{id}/activities/`: a call, email or meeting logged by hand. */
export function useLogActivity(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { type: LoggedActivityType; description: string }) => {
      const { leadActivitySchema } = await schemas();
      return api.post(`/leads/${leadId}/activities/`, body, { schema: leadActivitySchema, quiet: true });
    },
    // The activity factor of the score counts it: the lead and its score are refetched too.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: leadDetailQueryKey(leadId), exact: true });
      await invalidateAroundLead(queryClient, leadId);
    },
  });
}

export type { LeadActivity };
