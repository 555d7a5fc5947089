import type { DataImport } from '@leadcapture/contracts/data-imports';
import type { DuplicateMode, ImportMapping, ImportPreview } from '@leadcapture/contracts/lead-imports';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * The data centre's imports: `POST /data/imports/` (and its preview), `GET /data/imports/` and
 * `{id}/`, `{id}/results/`, `{id}/undo/`. A running import is polled until it ends.
 */
const contracts = () => import('@leadcapture/contracts/data-imports');
const leadContracts = () => import('@leadcapture/contracts/lead-imports');
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

/** `GET /data/imports/`: the latest imports, polled while one of them runs. */
export function useDataImports() {
  return useQuery({
    ...dataImportsQueryOptions(),
    refetchInterval: (query) => (query.state.data?.results.some(running) ? DATA_IMPORT_POLL_MS : false),
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

/** `POST /data/imports/preview/`: the columns, detected mapping and first rows. Quiet: the panel says why. */
export function usePreviewDataImport() {
  return useMutation({
    mutationFn: (file: File): Promise<ImportPreview> =>
      api.upload('/data/imports/preview/', file, {
        schema: leadContracts().then((m) => m.importPreviewSchema),
        filename: file.name,
        quiet: true,
      }),
  });
}

export type StartDataImport = {
  file: File;
  mapping: ImportMapping;
  duplicates: DuplicateMode;
  dryRun: boolean;
};

/** `POST /data/imports/` (202): the record; the work goes on in the background. */
export function useStartDataImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, mapping, duplicates, dryRun }: StartDataImport): Promise<DataImport> =>
      api.upload('/data/imports/', file, {
        fields: { resource: 'leads', mapping: JSON.stringify(mapping), duplicates, dry_run: String(dryRun) },
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
      void client.invalidateQueries({ queryKey: ['leads'] });
    },
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
