import { DATA_EXPORT_PROGRESS } from '@leadcapture/contracts/data-exports';
import { DATA_PROGRESS_MESSAGE } from '@leadcapture/contracts/data-imports';
import type { LiveMessage } from '@leadcapture/contracts/live';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeLive, subscribeLiveState } from '../../../lib/live-bus.ts';
import { bulkJobsQueryOptions } from './data-bulk.ts';
import { exportsQueryKey } from './data-exports.ts';
import { dataImportKeys } from '../../../components/data-import/data-import-queries.ts';

/**
 * The data centre's progress bars follow the live channel: `data_export.progress` (an export,
 * to its author) and `data.progress` (`job: "import" | "bulk"`, to the organisation) move the
 * cached records' progress in place, with no request. A record whose status changed (queued →
 * running → done, failed) or that is not cached yet (started in another tab) is fetched again,
 * for what only the record has (its download link, size, errors). While the socket is down the
 * lists poll every second instead, and every 5 s while it is up in case a message is lost
 * (`runningPoll` of lib/live-bus.ts); when it opens again they are fetched once, for what was
 * missed.
 */

type Progress = { done: number; total: number };
export type DataProgress = { kind: 'export' | 'import' | 'bulk'; id: string; status: string; progress: Progress };
type Tracked = { id: string; status: string; progress: Progress };
type Listed = { results: Tracked[] };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A progress message's job, or null for any other message (or a malformed one). */
export function dataProgressOf(message: LiveMessage): DataProgress | null {
  if (message.type !== DATA_EXPORT_PROGRESS && message.type !== DATA_PROGRESS_MESSAGE) return null;
  const data = message.data;
  if (!isObject(data) || typeof data.id !== 'string' || typeof data.status !== 'string') return null;
  const progress = data.progress;
  if (!isObject(progress) || typeof progress.done !== 'number' || typeof progress.total !== 'number') return null;
  const kind = message.type === DATA_EXPORT_PROGRESS ? 'export' : data.job;
  if (kind !== 'export' && kind !== 'import' && kind !== 'bulk') return null;
  return { kind, id: data.id, status: data.status, progress: { done: progress.done, total: progress.total } };
}

/** Where each kind of job is cached: its lists (any page) and, for imports, the record itself. */
function keysOf(kind: DataProgress['kind'], id: string): { lists: QueryKey; record?: QueryKey } {
  if (kind === 'export') return { lists: [...exportsQueryKey, 'list'] };
  if (kind === 'import') return { lists: dataImportKeys.list(), record: dataImportKeys.one(id) };
  return { lists: bulkJobsQueryOptions().queryKey };
}

const isListed = (value: unknown): value is Listed => isObject(value) && Array.isArray(value.results);
const isTracked = (value: unknown): value is Tracked =>
  isObject(value) && typeof value.id === 'string' && typeof value.status === 'string' && isObject(value.progress);

/**
 * Applies one progress message to the cache. Returns the keys to fetch again: none while the
 * progress only moved, the job's lists and record when its status changed or it is unknown.
 */
export function applyDataProgress(client: QueryClient, update: DataProgress): QueryKey[] {
  const { lists, record } = keysOf(update.kind, update.id);
  const found = { seen: false, changed: false };
  const patch = (item: Tracked): Tracked => {
    if (item.id !== update.id) return item;
    found.seen = true;
    if (item.status !== update.status) {
      found.changed = true;
      return item;
    }
    return { ...item, progress: update.progress };
  };
  client.setQueriesData({ queryKey: lists }, (old: unknown) =>
    isListed(old) ? { ...old, results: old.results.map(patch) } : old,
  );
  if (record) client.setQueryData(record, (old: unknown) => (isTracked(old) ? patch(old) : old));
  return found.seen && !found.changed ? [] : [lists, ...(record ? [record] : [])];
}

/** The keys of every tab's jobs: fetched again when the socket comes back. */
const ALL_KEYS: QueryKey[] = [[...exportsQueryKey, 'list'], dataImportKeys.all, bulkJobsQueryOptions().queryKey];

/**
 * The data page's one live hook: keeps the exports, imports and bulk tabs moving from the live
 * channel for as long as the page is mounted.
 */
export function useDataLiveProgress(): void {
  const client = useQueryClient();
  useEffect(() => {
    const offMessages = subscribeLive((message) => {
      const update = dataProgressOf(message);
      if (!update) return;
      for (const queryKey of applyDataProgress(client, update)) void client.invalidateQueries({ queryKey });
    });
    // Down: fetch now so the lists see they must poll. Up again: fetch once for what was missed.
    const offState = subscribeLiveState(() => {
      for (const queryKey of ALL_KEYS) void client.invalidateQueries({ queryKey });
    });
    return () => {
      offMessages();
      offState();
    };
  }, [client]);
}
