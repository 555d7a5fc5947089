import type {
  CreateDataExportInput,
  CreateDataTemplateInput,
  DataExport,
  DataResource,
  DataTemplate,
  TemplateKind,
} from '@leadcapture/contracts/data-exports';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { runningPoll } from '../../../lib/live-bus.ts';

/**
 * The data centre's exports and templates (`/data/exports/`, `/data/templates/`): one place for
 * their query keys and calls. While an export runs its progress bar follows the live channel
 * (data-live.ts); while the socket is down, the history asks again every second instead.
 */
const schemas = () => import('@leadcapture/contracts/data-exports');
const envelope = () => import('@leadcapture/contracts/envelope');

export const dataQueryKey = ['data'] as const;
export const exportsQueryKey = [...dataQueryKey, 'exports'] as const;
export const templatesQueryKey = [...dataQueryKey, 'templates'] as const;
export const EXPORTS_PAGE_SIZE = 20;
const RUNNING_POLL_MS = 1000;

export const isRunning = (e: DataExport) => e.status === 'queued' || e.status === 'running';

export function exportListQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...exportsQueryKey, 'list', page] as const,
    queryFn: ({ signal }) =>
      api.get('/data/exports/', {
        params: { page, page_size: EXPORTS_PAGE_SIZE },
        schema: Promise.all([schemas(), envelope()]).then(([{ dataExportSchema }, { paginated }]) =>
          paginated(dataExportSchema),
        ),
        signal,
      }),
    // Progress arrives on the live channel (data-live.ts); polling only while the socket is down.
    refetchInterval: (query) => runningPoll(query.state.data?.results.some(isRunning) ?? false, RUNNING_POLL_MS),
  });
}

export function useExportList(page: number) {
  return useQuery(exportListQueryOptions(page));
}

export function useCreateExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDataExportInput) =>
      api.post('/data/exports/', input, { schema: schemas().then((s) => s.dataExportCreatedSchema) }),
    onSuccess: () => client.invalidateQueries({ queryKey: exportsQueryKey }),
  });
}

export function exportColumnsQueryOptions(resource: DataResource) {
  return queryOptions({
    queryKey: [...exportsQueryKey, 'columns', resource] as const,
    queryFn: ({ signal }) =>
      api.get('/data/exports/columns/', {
        params: { resource },
        schema: Promise.all([schemas(), import('zod')]).then(([{ exportColumnSchema }, { z }]) =>
          z.array(exportColumnSchema),
        ),
        signal,
      }),
    staleTime: 60_000,
  });
}

export function useExportColumns(resource: DataResource) {
  return useQuery(exportColumnsQueryOptions(resource));
}

export function templateListQueryOptions(filters: { kind?: TemplateKind; resource?: DataResource } = {}) {
  return queryOptions({
    queryKey: [...templatesQueryKey, filters] as const,
    queryFn: ({ signal }) =>
      api.get('/data/templates/', {
        params: { kind: filters.kind, resource: filters.resource },
        schema: Promise.all([schemas(), import('zod')]).then(([{ dataTemplateSchema }, { z }]) =>
          z.array(dataTemplateSchema),
        ),
        signal,
      }),
  });
}

export function useTemplates(filters: { kind?: TemplateKind; resource?: DataResource } = {}) {
  return useQuery(templateListQueryOptions(filters));
}

export function useCreateTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDataTemplateInput): Promise<DataTemplate> =>
      api.post('/data/templates/', input, { schema: schemas().then((s) => s.dataTemplateSchema) }),
    onSuccess: () => client.invalidateQueries({ queryKey: templatesQueryKey }),
  });
}

export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/data/templates/${id}/`),
    onSuccess: () => client.invalidateQueries({ queryKey: templatesQueryKey }),
  });
}

/** The address of a blank import template (a plain link: the API answers the file). */
export const blankTemplatePath = (resource: 'leads' | 'clients', format: 'csv' | 'xlsx') =>
  `/data/templates/blank/?resource=${resource}&format=${format}`;

/** Saves bytes the API answered as a file the browser downloads. */
function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `GET /data/templates/blank/`; a failure is reported by the client's toast. */
export async function downloadBlankTemplate(resource: 'leads' | 'clients', format: 'csv' | 'xlsx'): Promise<void> {
  try {
    const file = await api.download(blankTemplatePath(resource, format));
    saveFile(file.blob, file.filename ?? `${resource}-import-template.${format}`);
  } catch {
    // Already told (lib/api-client.ts reports 403, 404 and 5xx answers).
  }
}
