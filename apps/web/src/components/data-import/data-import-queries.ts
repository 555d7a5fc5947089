import type { DataTemplate } from '@leadcapture/contracts/data-exports';
import type {
  DataImport,
  DataImportMapping,
  DataImportPreview,
  ImportResource,
} from '@leadcapture/contracts/data-imports';
import type { DuplicateMode, ImportSource } from '@leadcapture/contracts/lead-imports';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { runningPoll } from '../../lib/live-bus.ts';

/**
 * The one import (issue 26), shared by the data centre, the leads list and the clients list; it
 * sits under src/components because features meet only through their api/ files
 * (docs/decisions/043-one-import-component.md). The imports: `POST /data/imports/` (and its preview), `GET /data/imports/` and
 * `{id}/`, `{id}/results/`, `{id}/undo/`. A running import is polled until it ends.
 */
const contracts = () => import('@leadcapture/contracts/data-imports');
const envelope = () => import('@leadcapture/contracts/envelope');

export const DATA_IMPORT_POLL_MS = 1000;
const running = (record: DataImport | undefined) => record?.status === 'queued' || record?.status === 'processing';

export const dataImportKeys = {
  all: ['data-imports'] as const,
  list: () => [...dataImportKeys.all, 'list'] as const,
  one: (id: string) => [...dataImportKeys.all, id] as const,
};

export function dataImportsQueryOptions() {
  return queryOptions({
    queryKey: dataImportKeys.list(),
    queryFn: async ({ signal }) => {
      const [{ paginated }, { dataImportSchema }] = await Promise.all([envelope(), contracts()]);
      return api.get('/data/imports/', { params: { page_size: 20 }, schema: paginated(dataImportSchema), signal });
    },
  });
}

/** `GET /data/imports/`: the latest imports, polled while one of them runs and the live socket is down. */
export function useDataImports() {
  return useQuery({
    ...dataImportsQueryOptions(),
    refetchInterval: (query) => runningPoll(query.state.data?.results.some(running) ?? false, DATA_IMPORT_POLL_MS),
  });
}

/** `GET /data/imports/{id}/`, polled until the import ends. */
export function useDataImport(id: string | null) {
  return useQuery({
    queryKey: dataImportKeys.one(id ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/data/imports/${id ?? ''}/`, { schema: contracts().then((m) => m.dataImportSchema), signal }),
    enabled: id !== null,
    refetchInterval: (query) => (running(query.state.data) ? DATA_IMPORT_POLL_MS : false),
  });
}

/**
 * `POST /data/imports/preview/`: the columns, the mapping the server guesses for the resource's
 * fields and the first rows. Quiet: the panel says why.
 */
export function usePreviewDataImport() {
  return useMutation({
    mutationFn: ({ file, resource }: { file: File; resource: ImportResource }): Promise<DataImportPreview> =>
      api.upload('/data/imports/preview/', file, {
        fields: { resource },
        schema: contracts().then((m) => m.dataImportPreviewSchema),
        filename: file.name,
        quiet: true,
      }),
  });
}

export type StartDataImport = {
  file: File;
  resource: ImportResource;
  mapping: DataImportMapping;
  duplicates: DuplicateMode;
  dryRun: boolean;
  /** Leads only: the event every imported lead is filed under, and the source they get. */
  event?: string | null;
  source?: ImportSource;
};

/** `POST /data/imports/` (202): the record; the work goes on in the background. */
export function useStartDataImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      file,
      resource,
      mapping,
      duplicates,
      dryRun,
      event,
      source,
    }: StartDataImport): Promise<DataImport> =>
      api.upload('/data/imports/', file, {
        fields: {
          resource,
          mapping: JSON.stringify(mapping),
          duplicates,
          dry_run: String(dryRun),
          ...(event ? { event } : {}),
          ...(source ? { source } : {}),
        },
        schema: contracts().then((m) => m.dataImportSchema),
        filename: file.name,
        quiet: true,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: dataImportKeys.list() }),
  });
}

/** `POST /data/imports/{id}/undo/`: the leads it created go, those it updated get their values back. */
export function useUndoDataImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<DataImport> =>
      api.post(`/data/imports/${id}/undo/`, undefined, { schema: contracts().then((m) => m.dataImportSchema) }),
    onSuccess: (record) => {
      client.setQueryData(dataImportKeys.one(record.id), record);
      void client.invalidateQueries({ queryKey: dataImportKeys.list() });
      void client.invalidateQueries({ queryKey: [record.resource] });
    },
  });
}

/**
 * The saved import mappings of a resource (`GET /data/templates/?kind=import`). The key has the
 * shape of the data feature's template list (features/data/api/data-exports.ts), so saving or
 * deleting a template anywhere refreshes both.
 */
const TEMPLATES_KEY = ['data', 'templates'] as const;
const exportContracts = () => import('@leadcapture/contracts/data-exports');

export function useImportTemplates(resource: ImportResource) {
  const filters = { kind: 'import' as const, resource };
  return useQuery({
    queryKey: [...TEMPLATES_KEY, filters] as const,
    queryFn: ({ signal }) =>
      api.get('/data/templates/', {
        params: filters,
        schema: Promise.all([exportContracts(), import('zod')]).then(([{ dataTemplateSchema }, { z }]) =>
          z.array(dataTemplateSchema),
        ),
        signal,
      }),
  });
}

/** `POST /data/templates/` of kind import: the mapping on screen, saved under a name. */
export function useSaveImportTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      resource: ImportResource;
      name: string;
      mapping: DataImportMapping;
    }): Promise<DataTemplate> =>
      api.post(
        '/data/templates/',
        { kind: 'import', ...input },
        { schema: exportContracts().then((s) => s.dataTemplateSchema) },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: TEMPLATES_KEY }),
  });
}

/** `GET /data/imports/{id}/results/`: every row's outcome as CSV, saved by the browser. */
export async function downloadImportResults(id: string): Promise<void> {
  try {
    const file = await api.download(`/data/imports/${id}/results/`);
    const url = URL.createObjectURL(file.blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = file.filename ?? `import-${id}-results.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  } catch {
    // Already told (lib/api-client.ts reports 403, 404 and 5xx answers).
  }
}
