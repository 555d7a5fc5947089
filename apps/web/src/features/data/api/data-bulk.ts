import type { BulkJob } from '@leadcapture/contracts/data-bulk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The bulk centre's jobs: `GET /data/bulk/`, polled while one runs. */
const contracts = () => import('@leadcapture/contracts/data-bulk');
const envelope = () => import('@leadcapture/contracts/envelope');

const running = (job: BulkJob) => job.status === 'queued' || job.status === 'running';

export function bulkJobsQueryOptions() {
  return queryOptions({
    queryKey: ['data-bulk', 'list'] as const,
    queryFn: async ({ signal }) => {
      const [{ paginated }, { bulkJobSchema }] = await Promise.all([envelope(), contracts()]);
      return api.get('/data/bulk/', { params: { page_size: 20 }, schema: paginated(bulkJobSchema), signal });
    },
  });
}

export function useBulkJobs() {
  return useQuery({
    ...bulkJobsQueryOptions(),
    refetchInterval: (query) => (query.state.data?.results.some(running) ? 1000 : false),
  });
}
