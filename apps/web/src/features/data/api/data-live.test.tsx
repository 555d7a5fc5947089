import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_SAFETY_POLL_MS, publishLive, runningPoll, setLiveOpen } from '../../../lib/live-bus.ts';
import { bulkJobsQueryOptions } from './data-bulk.ts';
import { exportsQueryKey } from './data-exports.ts';
import { dataImportKeys } from '../../../components/data-import/data-import-queries.ts';
import { applyDataProgress, dataProgressOf, useDataLiveProgress } from './data-live.ts';

const exportsPage = [...exportsQueryKey, 'list', 1];
const running = (id: string, done = 0) => ({ id, status: 'running', progress: { done, total: 100 } });

function seeded() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(exportsPage, { count: 1, results: [running('e1')] });
  client.setQueryData(dataImportKeys.list(), { count: 1, results: [{ ...running('i1'), status: 'processing' }] });
  client.setQueryData(dataImportKeys.one('i1'), { ...running('i1'), status: 'processing' });
  client.setQueryData([...bulkJobsQueryOptions().queryKey], { count: 1, results: [running('b1')] });
  return client;
}

afterEach(() => setLiveOpen(false));

describe('the data centre on the live channel', () => {
  it('reads export, import and bulk progress messages, and nothing else', () => {
    expect(dataProgressOf({ type: 'data_export.progress', data: running('e1', 5) })).toEqual({
      kind: 'export',
      ...running('e1', 5),
    });
    expect(
      dataProgressOf({ type: 'data.progress', data: { job: 'bulk', action: 'status', ...running('b1') } })?.kind,
    ).toBe('bulk');
    expect(dataProgressOf({ type: 'data.progress', data: { job: 'other', ...running('x') } })).toBeNull();
    expect(dataProgressOf({ type: 'data_export.progress', data: { id: 'e1', status: 'running' } })).toBeNull();
    expect(dataProgressOf({ type: 'lead.created', data: running('e1') })).toBeNull();
  });

  it('moves a cached bar in place, and fetches again only on a new status or an unknown job', () => {
    const client = seeded();
    expect(applyDataProgress(client, { kind: 'export', ...running('e1', 40) })).toEqual([]);
    expect(client.getQueryData<{ results: { progress: unknown }[] }>(exportsPage)?.results[0]?.progress).toEqual({
      done: 40,
      total: 100,
    });
    const importMoved = { kind: 'import' as const, ...running('i1', 7), status: 'processing' };
    expect(applyDataProgress(client, importMoved)).toEqual([]);
    expect(client.getQueryData<{ progress: unknown }>(dataImportKeys.one('i1'))?.progress).toEqual({
      done: 7,
      total: 100,
    });
    expect(applyDataProgress(client, { kind: 'export', ...running('e1', 100), status: 'done' })).toEqual([
      [...exportsQueryKey, 'list'],
    ]);
    expect(applyDataProgress(client, { kind: 'bulk', ...running('b2') })).toEqual([bulkJobsQueryOptions().queryKey]);
  });

  it('listens while mounted: messages update the cache, a socket that goes down makes the lists fetch', () => {
    const client = seeded();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { unmount } = renderHook(() => useDataLiveProgress(), { wrapper });
    act(() => publishLive({ type: 'data.progress', data: { job: 'bulk', ...running('b1', 60) } }));
    const bulk = client.getQueryData<{ results: { progress: { done: number } }[] }>(bulkJobsQueryOptions().queryKey);
    expect(bulk?.results[0]?.progress.done).toBe(60);
    expect(invalidate).not.toHaveBeenCalled();
    act(() => setLiveOpen(true));
    expect(invalidate).toHaveBeenCalledTimes(3);
    unmount();
    act(() => publishLive({ type: 'data.progress', data: { job: 'bulk', ...running('b1', 90) } }));
    expect(bulk?.results[0]?.progress.done).toBe(60);
  });

  it('polls running work every second while the socket is down, slowly while it is up', () => {
    expect(runningPoll(true, 1000)).toBe(1000);
    expect(runningPoll(false, 1000)).toBe(false);
    setLiveOpen(true);
    expect(runningPoll(true, 1000)).toBe(LIVE_SAFETY_POLL_MS);
    expect(runningPoll(false, 1000)).toBe(false);
  });
});
