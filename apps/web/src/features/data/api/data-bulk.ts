import type { BulkJob, createBulkJobSchema } from '@leadcapture/contracts/data-bulk';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { runningPoll } from '../../../lib/live-bus.ts';

/** The bulk centre's jobs: `GET /data/bulk/`, polled while one runs; `POST /data/bulk/` starts one. */
const contracts = () => import('@leadcapture/contracts/data-bulk');
const envelope = () => import('@leadcapture/contracts/envelope');

export const bulkJobsQueryKey = ['data-bulk'] as const;

export const isBulkJobRunning = (job: BulkJob) => job.status === 'queued' || job.status === 'running';

export function bulkJobsQueryOptions() {
  return queryOptions({
    queryKey: [...bulkJobsQueryKey, 'list'] as const,
    queryFn: async ({ signal }) => {
      const [{ paginated }, { bulkJobSchema }] = await Promise.all([envelope(), contracts()]);
      return api.get('/data/bulk/', { params: { page_size: 20 }, schema: paginated(bulkJobSchema), signal });
    },
  });
}

export function useBulkJobs() {
  return useQuery({
    ...bulkJobsQueryOptions(),
    refetchInterval: (query) => runningPoll(query.state.data?.results.some(isBulkJobRunning) ?? false, 1000),
  });
}

/** `GET /data/bulk/{id}/` */
export function bulkJobQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...bulkJobsQueryKey, 'job', id] as const,
    queryFn: async ({ signal }) => {
      const { bulkJobSchema } = await contracts();
      return api.get(`/data/bulk/${id}/`, { schema: bulkJobSchema, signal, quiet: true });
    },
  });
}

/** The body of `POST /data/bulk/`: an action over `ids` or the list's `filters`. */
export type StartBulkJob = z.input<typeof createBulkJobSchema>;

/** `POST /data/bulk/`: 202 with the job (queued or already running). */
export function useStartBulkJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: StartBulkJob): Promise<BulkJob> => {
      const { bulkJobSchema } = await contracts();
      return api.post('/data/bulk/', body, { schema: bulkJobSchema, quiet: true });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bulkJobsQueryKey }),
  });
}
