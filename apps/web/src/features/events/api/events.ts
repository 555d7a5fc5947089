import type {
  CreateEventInput,
  Event,
  EventOrdering,
  EventTemplate,
  UpdateEventInput,
} from '@leadcapture/contracts/events';
import type { EventStatus } from '@leadcapture/contracts/constants';
import type { Language } from '../../../i18n/language.ts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../lib/api-client.ts';

/**
 * The events API (`/events/`): one place for query keys and calls. The schemas (zod) load with
 * the first call, not with the page, so the events list paints before they arrive.
 */
const schemas = () => import('@leadcapture/contracts/events');
const envelope = () => import('@leadcapture/contracts/envelope');

export const eventsQueryKey = ['events'] as const;

export type EventListFilters = {
  status?: EventStatus | '';
  search?: string;
  ordering?: EventOrdering;
  page?: number;
  pageSize?: number;
};

export function eventListQueryOptions(filters: EventListFilters) {
  return queryOptions({
    queryKey: [...eventsQueryKey, 'list', filters] as const,
    queryFn: async ({ signal }) => {
      const [{ eventSchema }, { paginated }] = await Promise.all([schemas(), envelope()]);
      return api.get('/events/', {
        params: {
          status: filters.status,
          search: filters.search,
          ordering: filters.ordering,
          page: filters.page,
          page_size: filters.pageSize,
        },
        schema: paginated(eventSchema),
        signal,
        quiet: true,
      });
    },
  });
}

export function useEventList(filters: EventListFilters) {
  return useQuery({ ...eventListQueryOptions(filters), placeholderData: keepPreviousData });
}

/** The organisation's events as choices of a picker or filter (the newest 100), newest first. */
export function useEventChoices(): { value: string; label: string }[] {
  const events = useQuery({ ...eventListQueryOptions({ pageSize: 100, ordering: '-start_date' }), staleTime: 60_000 });
  const results = events.data?.results;
  return useMemo(() => (results ?? []).map((e) => ({ value: e.id, label: e.name })), [results]);
}

export function eventQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...eventsQueryKey, 'detail', id] as const,
    queryFn: async ({ signal }) => {
      const { eventSchema } = await schemas();
      return api.get(`/events/${id}/`, { schema: eventSchema, signal, quiet: true });
    },
  });
}

export function useEvent(id: string) {
  return useQuery(eventQueryOptions(id));
}

export function useEventTemplates(language: Language) {
  return useQuery({
    queryKey: [...eventsQueryKey, 'templates', language] as const,
    queryFn: async ({ signal }) => {
      const [{ eventTemplateSchema }, { paginated }] = await Promise.all([schemas(), envelope()]);
      const page = await api.get('/events/templates/', {
        params: { language, page_size: 100 },
        schema: paginated(eventTemplateSchema),
        signal,
        quiet: true,
      });
      return page.results;
    },
    staleTime: 5 * 60_000,
  });
}

/** Writes an event answer into its detail query and marks every list stale. */
function useStoreEvent() {
  const queryClient = useQueryClient();
  return async (event: Event) => {
    queryClient.setQueryData(eventQueryOptions(event.id).queryKey, event);
    await queryClient.invalidateQueries({ queryKey: [...eventsQueryKey, 'list'] });
    await queryClient.invalidateQueries({ queryKey: ['analytics'] });
  };
}

/** `POST /events/`. Quiet: the form shows 422s on its fields. */
export function useCreateEvent() {
  const store = useStoreEvent();
  return useMutation({
    mutationFn: async (body: CreateEventInput) => {
      const { eventSchema } = await schemas();
      return api.post('/events/', body, { schema: eventSchema, quiet: true });
    },
    onSuccess: store,
  });
}

/** `PATCH /events/{id}/`. */
export function useUpdateEvent(id: string) {
  const store = useStoreEvent();
  return useMutation({
    mutationFn: async (body: UpdateEventInput) => {
      const { eventSchema } = await schemas();
      return api.patch(`/events/${id}/`, body, { schema: eventSchema, quiet: true });
    },
    onSuccess: store,
  });
}

/** `DELETE /events/{id}/`; the event's leads stay (their event link is cleared). */
export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/events/${id}/`, { quiet: true }),
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: eventQueryOptions(id).queryKey });
      await queryClient.invalidateQueries({ queryKey: eventsQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['analytics'] });
    },
  });
}

/** `POST /events/templates/` with `event_id`: the event's look, form and settings as a template. */
export function useSaveEventAsTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { event_id: string; name: string; description?: string }) => {
      const { eventTemplateSchema } = await schemas();
      return api.post('/events/templates/', body, { schema: eventTemplateSchema, quiet: true });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...eventsQueryKey, 'templates'] }),
  });
}

/** `POST` / `DELETE /events/{id}/logo/`; both answer the event. */
export function useEventLogo(id: string) {
  const store = useStoreEvent();
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const { eventSchema } = await schemas();
      return api.upload(`/events/${id}/logo/`, file, { schema: eventSchema, quiet: true, filename: file.name });
    },
    onSuccess: store,
  });
  const remove = useMutation({
    mutationFn: async () => {
      const { eventSchema } = await schemas();
      return api.delete(`/events/${id}/logo/`, { schema: eventSchema, quiet: true });
    },
    onSuccess: store,
  });
  return { upload, remove };
}

export type { Event, EventTemplate };
