import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { initI18n, i18n, loadNamespaces, namespaces } from '../../../i18n/i18n.ts';
import type { Language } from '../../../i18n/language.ts';
import { saveAccessToken } from '../../../lib/session.ts';
import { clearToasts, getToasts } from '../../../lib/toast.ts';
import { me } from '../../../test/fake-server.ts';
import { meQueryKey } from '../../auth/api/me.ts';
import { INVALIDATE_DELAY_MS } from '../live-updates.ts';
import { FakeWebSocket, fakeWebSocket } from '../test/fake-websocket.ts';
import { LiveUpdates, TOAST_BURST_MS } from './live-updates.tsx';

const otherOrg = '00000000-0000-4000-8000-0000000000aa';
const colleague = '00000000-0000-4000-8000-000000000002';

async function renderLive(language: Language = 'en') {
  await initI18n(language);
  await loadNamespaces(language, namespaces);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQueryKey, me);
  const invalidated: string[] = [];
  const invalidate = queryClient.invalidateQueries.bind(queryClient);
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation((filters, options) => {
    invalidated.push(JSON.stringify(filters?.queryKey));
    return invalidate(filters, options);
  });
  const router = createMemoryRouter(
    [
      {
        path: '/leads',
        element: (
          <>
            <LiveUpdates WebSocketImpl={fakeWebSocket} />
            <Toaster />
          </>
        ),
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/leads'] },
  );
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  await vi.waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
  const ws = FakeWebSocket.latest();
  act(() => ws.serverOpen());
  return { ...result, queryClient, router, invalidated, ws };
}

function lead(changes: Record<string, unknown> = {}) {
  return {
    id: '00000000-0000-4000-8000-00000000f001',
    first_name: 'Greta',
    last_name: 'Berg',
    email: 'greta@fjord.se',
    company: 'Fjord AB',
    assigned_to: me.id,
    event: { id: '00000000-0000-4000-8000-00000000e001', name: 'Nordic Expo' },
    offer: null,
    ...changes,
  };
}

const wait = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

beforeEach(() => {
  FakeWebSocket.reset();
  clearToasts();
  saveAccessToken('access-1');
});
afterEach(() => {
  clearToasts();
});

describe('live updates in the signed-in shell', () => {
  it('opens one socket on the current organisation with the access token, and closes it when signed out', async () => {
    const { ws, unmount } = await renderLive();
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(ws.url).toBe(`ws://${window.location.host}/ws/organizations/${me.current_organization.id}/?token=access-1`);
    unmount();
    expect(ws.closedWith?.code).toBe(1000);
  });

  it('reopens on the new organisation when the user switches', async () => {
    const { ws, queryClient } = await renderLive();
    const switched = { ...me.current_organization, id: otherOrg, name: 'Other AB' };
    act(() => {
      queryClient.setQueryData(meQueryKey, { ...me, current_organization: switched });
    });
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
    expect(ws.closedWith?.code).toBe(1000);
    expect(FakeWebSocket.latest().url).toContain(`/ws/organizations/${otherOrg}/`);
  });

  it('marks the leads list, the event’s panel and counts stale once for a burst of lead messages', async () => {
    const { ws, invalidated } = await renderLive();
    act(() => {
      for (let i = 0; i < 20; i += 1)
        ws.serverSend({ type: 'lead.created', data: lead({ id: `l${i}`, assigned_to: null }) });
      ws.serverSend({ type: 'analytics.updated', data: { reason: 'lead.created', at: new Date().toISOString() } });
    });
    expect(invalidated).toEqual([]);
    await wait(INVALIDATE_DELAY_MS + 50);
    const event = lead().event.id;
    expect(invalidated.sort()).toEqual(
      [
        '["leads","list"]',
        `["events","${event}"]`,
        '["events","list"]',
        // The Lobby's figures (['analytics','dashboard-overview',days]) and the analytics page.
        '["analytics"]',
      ].sort(),
    );
  });

  it('refreshes the bell and the notifications page on notification.created', async () => {
    const { ws, invalidated } = await renderLive();
    act(() => ws.serverSend({ type: 'notification.created', data: { id: 'n1' } }));
    await wait(INVALIDATE_DELAY_MS + 50);
    expect(invalidated).toEqual(['["notifications"]']);
  });

  it('refetches everything live after a reconnect (messages may have been missed)', async () => {
    const { ws, invalidated } = await renderLive();
    act(() => ws.serverClose(1006));
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2), { timeout: 3000 });
    act(() => FakeWebSocket.latest().serverOpen());
    await wait(INVALIDATE_DELAY_MS + 50);
    expect(invalidated.sort()).toEqual(['["analytics"]', '["events"]', '["leads"]', '["notifications"]', '["offers"]']);
  });

  it('shows a toast linking to a new lead assigned to the signed-in user, and none for a colleague’s', async () => {
    const { ws, router } = await renderLive();
    act(() => ws.serverSend({ type: 'lead.created', data: lead({ id: 'x1', assigned_to: colleague }) }));
    act(() => ws.serverSend({ type: 'lead.created', data: lead({ id: 'x2', assigned_to: null }) }));
    await wait(50);
    expect(getToasts()).toEqual([]);
    act(() => ws.serverSend({ type: 'lead.created', data: lead() }));
    expect(await screen.findByText('New lead assigned to you')).toBeTruthy();
    expect(screen.getByText('Greta Berg, Fjord AB')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Open lead' }));
    expect(router.state.location.pathname).toBe(`/leads/${lead().id}`);
    // An update of a lead already assigned is no new lead.
    clearToasts();
    act(() => ws.serverSend({ type: 'lead.updated', data: lead() }));
    await wait(50);
    expect(getToasts()).toEqual([]);
  });

  it('gathers a burst of leads assigned to the user (a release of held captures) into two toasts, not one each', async () => {
    const { ws, router } = await renderLive();
    act(() => {
      for (let i = 0; i < 12; i += 1) ws.serverSend({ type: 'lead.created', data: lead({ id: `b${i}` }) });
    });
    expect(await screen.findByText('New lead assigned to you')).toBeTruthy();
    await wait(TOAST_BURST_MS + 100);
    expect(await screen.findByText('11 more new leads assigned to you')).toBeTruthy();
    expect(getToasts()).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Open my leads' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/leads?assigned_to=me');
    // The burst is over: the next lead has its own toast again.
    clearToasts();
    await wait(TOAST_BURST_MS + 100);
    act(() => ws.serverSend({ type: 'lead.created', data: lead({ id: 'c1' }) }));
    await vi.waitFor(() => expect(getToasts()).toHaveLength(1));
  });

  it('says it in Swedish on a Swedish page', async () => {
    const { ws } = await renderLive('sv');
    act(() => ws.serverSend({ type: 'lead.created', data: lead() }));
    expect(await screen.findByText('Ny lead tilldelad dig')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Öppna lead' })).toBeTruthy();
  });
});
