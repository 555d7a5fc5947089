import type { LeadNote } from '@leadcapture/contracts/leads';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { envelope, invalidateAroundLead, leadDetailQueryKey, schemas } from './leads.ts';

/** Internal notes are short and few: the first hundred, newest first, is the whole story in practice. */
export const NOTES_PAGE_SIZE = 100;

type NotePage = { results: LeadNote[]; count: number; next: string | null; previous: string | null };

export const leadNotesQueryKey = (leadId: string) => [...leadDetailQueryKey(leadId), 'notes'] as const;

/** `GET /leads/{id}/notes/`: the lead's internal notes, their text as `body` (as it is sent). */
export function leadNotesQueryOptions(leadId: string) {
  return queryOptions({
    queryKey: leadNotesQueryKey(leadId),
    queryFn: async ({ signal }) => {
      const [{ leadNoteSchema }, { paginated }] = await Promise.all([schemas(), envelope()]);
      return api.get(`/leads/${leadId}/notes/`, {
        params: { page_size: NOTES_PAGE_SIZE },
        schema: paginated(leadNoteSchema),
        signal,
        quiet: true,
      });
    },
  });
}

export function useLeadNotes(leadId: string) {
  return useQuery(leadNotesQueryOptions(leadId));
}

/** Notes show on the timeline and count towards the score: both are refetched with the notes. */
async function afterNoteChange(queryClient: QueryClient, leadId: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: leadNotesQueryKey(leadId) }),
    queryClient.invalidateQueries({ queryKey: leadDetailQueryKey(leadId), exact: true }),
    invalidateAroundLead(queryClient, leadId),
  ]);
}

/** `POST /leads/{id}/notes/`. The new note is put at the top of the list at once. */
export function useAddNote(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) => {
      const { leadNoteSchema } = await schemas();
      return api.post(`/leads/${leadId}/notes/`, { body }, { schema: leadNoteSchema, quiet: true });
    },
    onSuccess: async (note) => {
      queryClient.setQueryData<NotePage>(leadNotesQueryKey(leadId), (page) =>
        page === undefined ? page : { ...page, results: [note, ...page.results], count: page.count + 1 },
      );
      await afterNoteChange(queryClient, leadId);
    },
  });
}

/** `PATCH /leads/{id}/notes/{noteId}/`: optimistic, the edited text shows at once. */
export function useEditNote(leadId: string) {
  const queryClient = useQueryClient();
  const key = leadNotesQueryKey(leadId);
  return useMutation({
    mutationFn: async ({ noteId, body }: { noteId: string; body: string }) => {
      const { leadNoteSchema } = await schemas();
      return api.patch(`/leads/${leadId}/notes/${noteId}/`, { body }, { schema: leadNoteSchema, quiet: true });
    },
    onMutate: async ({ noteId, body }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotePage>(key);
      queryClient.setQueryData<NotePage>(key, (page) =>
        page === undefined
          ? page
          : { ...page, results: page.results.map((n) => (n.id === noteId ? { ...n, body } : n)) },
      );
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before !== undefined) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => afterNoteChange(queryClient, leadId),
  });
}

/** `DELETE /leads/{id}/notes/{noteId}/`: optimistic, the note leaves the list at once. */
export function useDeleteNote(leadId: string) {
  const queryClient = useQueryClient();
  const key = leadNotesQueryKey(leadId);
  return useMutation({
    mutationFn: (noteId: string) => api.delete(`/leads/${leadId}/notes/${noteId}/`, { quiet: true }),
    onMutate: async (noteId) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotePage>(key);
      queryClient.setQueryData<NotePage>(key, (page) =>
        page === undefined
          ? page
          : { ...page, results: page.results.filter((n) => n.id !== noteId), count: Math.max(0, page.count - 1) },
      );
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before !== undefined) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => afterNoteChange(queryClient, leadId),
  });
}
