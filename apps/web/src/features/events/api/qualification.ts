import type {
  EventAssignment,
  EventScoringRules,
  UpdateEventAssignmentInput,
  UpdateEventScoringRulesInput,
} from '@leadcapture/contracts/qualification';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { eventsQueryKey } from './events.ts';

/**
 * An event's qualification (`/events/{id}/assignment/`, `/events/{id}/scoring_rules/`,
 * docs/leads-scoring.md): who new captures go to, and the scoring rules over its form answers.
 * Keys sit under the event's detail key, so removing an event drops them too.
 */
const schemas = () => import('@leadcapture/contracts/qualification');

export const eventAssignmentQueryKey = (id: string) => [...eventsQueryKey, 'detail', id, 'assignment'] as const;
export const eventScoringRulesQueryKey = (id: string) => [...eventsQueryKey, 'detail', id, 'scoring_rules'] as const;

export function eventAssignmentQueryOptions(id: string) {
  return queryOptions({
    queryKey: eventAssignmentQueryKey(id),
    queryFn: async ({ signal }) => {
      const { eventAssignmentSchema } = await schemas();
      return api.get(`/events/${id}/assignment/`, { schema: eventAssignmentSchema, signal, quiet: true });
    },
  });
}

export function useEventAssignment(id: string) {
  return useQuery(eventAssignmentQueryOptions(id));
}

/** `PUT /events/{id}/assignment/`. Quiet: the card words the failure. */
export function useUpdateEventAssignment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateEventAssignmentInput) => {
      const { eventAssignmentSchema } = await schemas();
      return api.put(`/events/${id}/assignment/`, body, { schema: eventAssignmentSchema, quiet: true });
    },
    onSuccess: (saved: EventAssignment) => queryClient.setQueryData(eventAssignmentQueryKey(id), saved),
  });
}

export function eventScoringRulesQueryOptions(id: string) {
  return queryOptions({
    queryKey: eventScoringRulesQueryKey(id),
    queryFn: async ({ signal }) => {
      const { eventScoringRulesSchema } = await schemas();
      return api.get(`/events/${id}/scoring_rules/`, { schema: eventScoringRulesSchema, signal, quiet: true });
    },
  });
}

export function useEventScoringRules(id: string) {
  return useQuery(eventScoringRulesQueryOptions(id));
}

/**
 * `PUT /events/{id}/scoring_rules/`: the event's leads are rescored, so lead lists, details and
 * scores are stale too.
 */
export function useUpdateEventScoringRules(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateEventScoringRulesInput) => {
      const { eventScoringRulesSchema } = await schemas();
      return api.put(`/events/${id}/scoring_rules/`, body, { schema: eventScoringRulesSchema, quiet: true });
    },
    onSuccess: async (saved: EventScoringRules) => {
      queryClient.setQueryData(eventScoringRulesQueryKey(id), saved);
      await queryClient.invalidateQueries({ queryKey: ['leads'] });
    },
  });
}

export type { EventAssignment, EventScoringRules };
