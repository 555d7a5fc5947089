import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  closeQueue,
  enqueue,
  QUEUE_DB_NAME,
  QUEUE_STORE,
  QueueFullError,
  readQueue,
  removeEntry,
  resubmitEntry,
  type NewEntry,
} from './offline-queue.ts';
import { backoffDelay, replayQueue } from './sync-replay.ts';

const lead = (key: string, extra: Partial<NewEntry['data']> = {}): NewEntry => ({
  action: 'capture',
  scope: 'booth-2026',
  label: 'Ada Lovelace',
  data: {
    url: '/api/v1/public/events/booth-2026/leads/',
    body: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', company: 'Engines' },
    idempotency_key: key,
    ...extra,
  },
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(async () => {
  await closeQueue();
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(QUEUE_DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
  });
});

describe('the offline queue', () => {
  it('keeps entries oldest first with their idempotency key, until removed', async () => {
    await enqueue(lead('key-b'), 2_000);
    await enqueue(lead('key-a'), 1_000);
    const { entries, corrupt } = await readQueue();
    expect(corrupt).toEqual([]);
    expect(entries.map((e) => e.data.idempotency_key)).toEqual(['key-a', 'key-b']);
    expect(entries[0]).toMatchObject({ state: 'pending', attempts: 0, timestamp: 1_000 });
    await removeEntry(entries[0]?.id ?? '');
    expect((await readQueue()).entries).toHaveLength(1);
  });

  it('sets apart an entry that cannot be read back instead of dropping it', async () => {
    await enqueue(lead('key-a'));
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open(QUEUE_DB_NAME);
      open.onsuccess = () => {
        const tx = open.result.transaction(QUEUE_STORE, 'readwrite');
        tx.objectStore(QUEUE_STORE).put({ id: 'broken', data: 'half a lead' });
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error ?? new Error('put failed'));
      };
    });
    const { entries, corrupt } = await readQueue();
    expect(entries).toHaveLength(1);
    expect(corrupt).toEqual([{ id: 'broken', raw: { id: 'broken', data: 'half a lead' } }]);
    const report = await replayQueue({ fetch: vi.fn(() => Promise.resolve(json(201, {}))) });
    expect(report.sent).toBe(1);
    expect((await readQueue()).corrupt).toHaveLength(1);
  });

  it('says the storage is full rather than pretend to have saved', async () => {
    const quota = new DOMException('full', 'QuotaExceededError');
    const spy = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw quota;
    });
    await expect(enqueue(lead('key-a'))).rejects.toBeInstanceOf(QueueFullError);
    spy.mockRestore();
  });
});

describe('replaying the queue', () => {
  it('sends each entry once with its Idempotency-Key and removes it on 2xx', async () => {
    await enqueue(lead('key-a'));
    const fetcher = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(json(201, { status: 'success', data: { id: 'lead-1', status: 'received' } })),
    );
    expect(await replayQueue({ fetch: fetcher })).toMatchObject({ ran: true, sent: 1 });
    expect(fetcher).toHaveBeenCalledTimes(1);
    const init = fetcher.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBe('key-a');
    expect(JSON.parse(typeof init?.body === 'string' ? init.body : '')).toMatchObject({ first_name: 'Ada' });
    expect((await readQueue()).entries).toEqual([]);
    await replayQueue({ fetch: fetcher });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('sets a refused entry (422) aside with the field errors, then sends it again once fixed', async () => {
    await enqueue(lead('key-a'));
    const refusal = {
      status: 'error',
      error: { code: 'VALIDATION_ERROR', message: 'Invalid', details: { email: ['Enter a valid email address'] } },
    };
    const fetcher = vi.fn(() => Promise.resolve(json(422, refusal)));
    expect(await replayQueue({ fetch: fetcher })).toMatchObject({ setAside: 1 });
    const [aside] = (await readQueue()).entries;
    expect(aside).toMatchObject({
      state: 'needs_fix',
      problem: { status: 422, details: { email: ['Enter a valid email address'] } },
    });
    // Set aside: not sent again until the user fixes it.
    await replayQueue({ fetch: fetcher });
    expect(fetcher).toHaveBeenCalledTimes(1);
    if (aside === undefined) throw new Error('no entry');
    await resubmitEntry(aside, { ...aside.data.body, email: 'ada@engines.example' });
    const ok = vi.fn(() => Promise.resolve(json(201, { status: 'success', data: { id: 'lead-1' } })));
    expect(await replayQueue({ fetch: ok })).toMatchObject({ sent: 1 });
    expect((await readQueue()).entries).toEqual([]);
  });

  it('retries 5xx later with a growing wait, and stops at the first network failure', async () => {
    await enqueue(lead('key-a'), 1_000);
    await enqueue(lead('key-b'), 2_000);
    const now = 10_000;
    const failing = vi.fn(() => Promise.resolve(json(503, {})));
    expect(await replayQueue({ fetch: failing, now: () => now })).toMatchObject({ retrying: 2 });
    const { entries } = await readQueue();
    expect(entries.map((e) => [e.attempts, e.next_attempt_at])).toEqual([
      [1, now + backoffDelay(1)],
      [1, now + backoffDelay(1)],
    ]);
    expect(backoffDelay(2)).toBe(2 * backoffDelay(1));
    // Not due yet: nothing is sent.
    await replayQueue({ fetch: failing, now: () => now + 1 });
    expect(failing).toHaveBeenCalledTimes(2);
    const offline = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await replayQueue({ fetch: offline, now: () => now + backoffDelay(1) })).toMatchObject({ offline: true });
    expect(offline).toHaveBeenCalledTimes(1);
    expect((await readQueue()).entries).toHaveLength(2);
  });

  it('sends the booth step after the lead exists, and only that step again when it failed', async () => {
    await enqueue({
      ...lead('key-a', { then: { url: '/leads/{lead_id}/', body: { interest: 'high', notes: 'Wants a demo' } } }),
      action: 'booth',
    });
    const fetcher = vi.fn(() => Promise.resolve(json(201, { status: 'success', data: { id: 'lead-9' } })));
    const followUp = vi
      .fn()
      .mockResolvedValueOnce({ status: 503, body: null })
      .mockResolvedValue({ status: 200, body: {} });
    // Without a page's session (the worker), the second step waits.
    expect(await replayQueue({ fetch: fetcher })).toMatchObject({ sent: 0 });
    expect((await readQueue()).entries[0]?.data.lead_id).toBe('lead-9');
    expect(await replayQueue({ fetch: fetcher, followUp })).toMatchObject({ retrying: 1 });
    expect(await replayQueue({ fetch: fetcher, followUp, now: () => Date.now() + backoffDelay(1) })).toMatchObject({
      sent: 1,
    });
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(followUp).toHaveBeenLastCalledWith('/leads/lead-9/', { interest: 'high', notes: 'Wants a demo' });
    expect((await readQueue()).entries).toEqual([]);
  });
});
