import type { UsageRow } from '@leadcapture/contracts/billing';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usageQueryKey } from '../features/billing/api/keys.ts';
import { initI18n, loadNamespaces } from '../i18n/i18n.ts';
import { api, ApiError, isHandledGlobally, resetApiClient } from '../lib/api-client.ts';
import { closePaywall, getPaywall } from '../lib/paywall.ts';
import { fakeServer, ok } from '../test/fake-server.ts';
import { USAGE_PRECHECK_MAX_AGE_MS, wireApiClient } from './api-wiring.ts';
import { createQueryClient } from './query-client.ts';

const rows = (leads: number, events: number): UsageRow[] => [
  { resource: 'leads', current_usage: leads, limit: 100, percentage: Math.min(100, leads) },
  { resource: 'events', current_usage: events, limit: 5, percentage: Math.min(100, events * 20) },
  { resource: 'offers', current_usage: 9, limit: null, percentage: 0 },
];

let queryClient: QueryClient;

async function wire(language: 'en' | 'sv' = 'en') {
  await initI18n(language);
  await loadNamespaces(language, ['errors']);
  queryClient = createQueryClient();
  const router = createMemoryRouter([{ path: '*', element: null }]);
  wireApiClient({ router: () => router, queryClient });
}

function serve() {
  return fakeServer({
    'POST /leads/': () => ok({ id: 'lead' }, 201),
    'POST /events/': () => ok({ id: 'event' }, 201),
    'POST /leads/bulk/': () => ok({ updated: 1 }),
    'POST /leads/l1/notes/': () => ok({ id: 'note' }, 201),
    'POST /leads/import_leads/': () => ok({ id: 'import' }, 202),
    'POST /offers/': () => ok({ id: 'offer' }, 201),
  });
}

beforeEach(() => wire());

afterEach(() => {
  resetApiClient();
  closePaywall();
  vi.unstubAllGlobals();
});

describe('the usage pre-check (spec 02 §5)', () => {
  it('blocks a new lead when the cached usage has reached the lead limit, and opens the paywall', async () => {
    const server = serve();
    queryClient.setQueryData(usageQueryKey, rows(100, 1));

    const error: unknown = await api.post('/leads/', { first_name: 'Ada' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Request blocked due to usage limits');
    expect(isHandledGlobally(error)).toBe(true);
    expect(server.calls).toEqual([]);
    expect(getPaywall()).toMatchObject({
      kind: 'limit_reached',
      resource: 'leads',
      currentUsage: 100,
      limit: 100,
      detail: 'You have reached your lead limit for this month.',
    });
    // The figures are fetched again: the next try trusts fresh ones only.
    expect(queryClient.getQueryState(usageQueryKey)?.isInvalidated).toBe(true);
  });

  it('blocks an event that starts active at the event limit, in Swedish on /sv', async () => {
    resetApiClient();
    await wire('sv');
    const server = serve();
    queryClient.setQueryData(usageQueryKey, rows(3, 5));

    await expect(api.post('/events/', { name: 'Expo', status: 'active' })).rejects.toThrow(
      'Begäran stoppades på grund av användningsgränser',
    );
    // Left to the default settings, an event starts active too.
    queryClient.setQueryData(usageQueryKey, rows(3, 5));
    await expect(api.post('/events/', { name: 'Expo' })).rejects.toBeInstanceOf(ApiError);
    expect(server.calls).toEqual([]);
    expect(getPaywall()?.detail).toBe('Du har nått gränsen för evenemang den här månaden.');
  });

  it('sends what the server does not count, even at the limits', async () => {
    const server = serve();
    queryClient.setQueryData(usageQueryKey, rows(100, 5));

    await api.post('/events/', { name: 'Draft', status: 'draft' });
    await api.post('/events/', { name: 'Set', settings: { start_active: false } });
    await api.post('/leads/bulk/', { ids: ['l1'], action: 'delete' });
    await api.post('/leads/l1/notes/', { content: 'Called' });
    await api.upload('/leads/import_leads/', new Blob(['email\n']));
    await api.post('/offers/', { name: 'Unlimited' });

    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /events/',
      'POST /events/',
      'POST /leads/bulk/',
      'POST /leads/l1/notes/',
      'POST /leads/import_leads/',
      'POST /offers/',
    ]);
    expect(getPaywall()).toBeNull();
  });

  it('sends creates under the limit', async () => {
    const server = serve();
    queryClient.setQueryData(usageQueryKey, rows(99, 4));
    await api.post('/leads/', { first_name: 'Ada' });
    await api.post('/events/', { name: 'Expo' });
    expect(server.calls).toHaveLength(2);
    expect(getPaywall()).toBeNull();
  });

  it('sends when usage is unknown: never fetched, invalidated, or older than a minute', async () => {
    const server = serve();
    await api.post('/leads/', { first_name: 'Ada' });

    queryClient.setQueryData(usageQueryKey, rows(100, 5));
    await queryClient.invalidateQueries({ queryKey: usageQueryKey });
    await api.post('/leads/', { first_name: 'Ada' });

    queryClient.setQueryData(usageQueryKey, rows(100, 5), {
      updatedAt: Date.now() - USAGE_PRECHECK_MAX_AGE_MS - 1_000,
    });
    await api.post('/leads/', { first_name: 'Ada' });

    expect(server.calls).toHaveLength(3);
    expect(getPaywall()).toBeNull();
  });
});
