import type { Lead } from '@leadcapture/contracts/leads';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '../../../lib/api-client.ts';
import { pageLeadsQueryKey, type LeadPage } from '../../../lib/page-leads.ts';
import { fail, fakeServer, ok } from '../../../test/fake-server.ts';
import { aLead, leadId } from '../test/fixtures.ts';
import { useDecideApproval } from './lead-actions.ts';
import { leadQueryOptions } from './leads.ts';

const offerId = '00000000-0000-4000-8000-0000000000f1';
const pending = () => aLead({ approval_status: 'pending', event: null, offer: offerId }) as unknown as Lead;
const listKey = [...pageLeadsQueryKey(`/offers/${offerId}`), { search: '' }] as const;

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(leadQueryOptions(leadId).queryKey, pending());
  queryClient.setQueryData<LeadPage>(listKey, { results: [pending()], count: 1, next: null, previous: null });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useDecideApproval(), { wrapper });
  return { queryClient, result };
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
});

describe('useDecideApproval (the one approval mutation: lead page, events and offers panels)', () => {
  it('shows the decision on the lead and its offer’s list, then refetches both', async () => {
    fakeServer({
      [`POST /leads/${leadId}/approve/`]: () => ok(aLead({ approval_status: 'approved', offer: offerId })),
    });
    const { queryClient, result } = setup();
    act(() => result.current.mutate({ lead: pending(), decision: 'approve' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(queryClient.getQueryData<Lead>(leadQueryOptions(leadId).queryKey)?.approval_status).toBe('approved');
    expect(queryClient.getQueryData<LeadPage>(listKey)?.results[0]?.approval_status).toBe('approved');
    // A filter on "pending" may no longer match: the offer's lists are stale, to be fetched again.
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
  });

  it('puts everything back when the server refuses (someone decided first)', async () => {
    fakeServer({ [`POST /leads/${leadId}/reject/`]: () => fail(409, 'CONFLICT') });
    const { queryClient, result } = setup();
    act(() => result.current.mutate({ lead: pending(), decision: 'reject' }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(queryClient.getQueryData<Lead>(leadQueryOptions(leadId).queryKey)?.approval_status).toBe('pending');
    expect(queryClient.getQueryData<LeadPage>(listKey)?.results[0]?.approval_status).toBe('pending');
  });
});
