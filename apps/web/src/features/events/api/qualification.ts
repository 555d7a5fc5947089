import type {
  EventAssignment,
  EventScoringRules,
  UpdateEventAssignmentInput,
  UpdateEventScoringRulesInput,
} from '@leadcapture/contracts/qualification';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { offersQueryKey } from '../../offers/api/offers.ts';
import { eventsQueryKey } from './events.ts';

/**
 * An event's or an offer's qualification (`/events/{id}/assignment/`, `/events/{id}/scoring_rules/`,
 * the same under `/offers/{id}/`, docs/leads-scoring.md): who new captures go to, and the scoring
 * rules over its form answers. Keys sit under the page's detail key, so removing it drops them too.
 */
const schemas = () => import('@leadcapture/contracts/qualification');

/** The two kinds of capture page with their own qualification. */
export type QualifiedPageKind = 'event' | 'offer';

const pageKey = (id: string, kind: QualifiedPageKind) =>
  [...(kind === 'event' ? eventsQueryKey : offersQueryKey), 'detail', id] as const;
const pagePath = (id: string, kind: QualifiedPageKind) => `/${kind === 'event' ? 'events' : 'offers'}/${id}`;

export const eventAssignmentQueryKey = (id: string, kind: QualifiedPageKind = 'event') =>
  [...pageKey(id, kind), 'assignment'] as const;
export const eventScoringRulesQueryKey = (id: string, kind: QualifiedPageKind = 'event') =>
  [...pageKey(id, kind), 'scoring_rules'] as const;

export function eventAssignmentQueryOptions(id: string, kind: QualifiedPageKind = 'event') {
  return queryOptions({
    queryKey: eventAssignmentQueryKey(id, kind),
    queryFn: async ({ signal }) => {
      const { eventAssignmentSchema } = await schemas();
      return api.get(`${pagePath(id, kind)}/assignment/`, { schema: eventAssignmentSchema, signal, quiet: true });
    },
  });
}

export function useEventAssignment(id: string, kind: QualifiedPageKind = 'event') {
  return useQuery(eventAssignmentQueryOptions(id, kind));
}

/** `PUT /events/{id}/assignment/`. Quiet: the card words the failure. */
export function useUpdateEventAssignment(id: string, kind: QualifiedPageKind = 'event') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateEventAssignmentInput) => {
      const { eventAssignmentSchema } = await schemas();
      return api.put(`${pagePath(id, kind)}/assignment/`, body, { schema: eventAssignmentSchema, quiet: true });
    },
    onSuccess: (saved: EventAssignment) => queryClient.setQueryData(eventAssignmentQueryKey(id, kind), saved),
  });
}

export function eventScoringRulesQueryOptions(id: string, kind: QualifiedPageKind = 'event') {
  return queryOptions({
    queryKey: eventScoringRulesQueryKey(id, kind),
    queryFn: async ({ signal }) => {
      const { eventScoringRulesSchema } = await schemas();
      return api.get(`${pagePath(id, kind)}/scoring_rules/`, { schema: eventScoringRulesSchema, signal, quiet: true });
    },
  });
}

export function useEventScoringRules(id: string, kind: QualifiedPageKind = 'event') {
  return useQuery(eventScoringRulesQueryOptions(id, kind));
}

/**
 * `PUT /events/{id}/scoring_rules/`: the event's leads are rescored, so lead lists, details and
 * scores are stale too.
 */
export function useUpdateEventScoringRules(id: string, kind: QualifiedPageKind = 'event') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateEventScoringRulesInput) => {
      const { eventScoringRulesSchema } = await schemas();
      return api.put(`${pagePath(id, kind)}/scoring_rules/`, body, { schema: eventScoringRulesSchema, quiet: true });
    },
    onSuccess: async (saved: EventScoringRules) => {
      queryClient.setQueryData(eventScoringRulesQueryKey(id, kind), saved);
      await queryClient.invalidateQueries({ queryKey: ['leads'] });
    },
  });
}

export type { EventAssignment, EventScoringRules };
