import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '../../../lib/api-client.ts';
import { fail, fakeServer, me, ok, pending } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { DashboardPage } from './dashboard-page.tsx';

beforeEach(() => {
  // happy-dom has no object URLs; the QR image only needs a string.
  URL.createObjectURL = vi.fn(() => 'blob:qr');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
});

const today = new Date().toISOString().slice(0, 10);
const days = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    date: new Date(Date.now() - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    count: 0,
  }));

function overview(changes: Record<string, unknown> = {}) {
  return {
    period: { days: 30, start: '2026-10-23T00:00:00.000Z', end: '2026-11-21T12:00:00.000Z' },
    total_leads: 1284,
    new_leads: 120,
    new_leads_previous: 100,
    active_events: 3,
    conversion_rate: 12.5,
    converted_leads: 160,
    leads_by_day: days(30).map((d) => (d.date === today ? { ...d, count: 14 } : d)),
    recent_leads: [
      {
        id: '00000000-0000-4000-8000-0000000000a1',
        first_name: 'Vera',
        last_name: 'Berg',
        email: 'vera@berg.se',
        company: 'Berg AB',
        status: 'new',
        approval_status: 'approved',
        source: 'qr_scan',
        event: { id: '00000000-0000-4000-8000-0000000000e1', name: 'Nordic Expo' },
        created_at: new Date().toISOString(),
      },
      {
        id: '00000000-0000-4000-8000-0000000000a2',
        first_name: 'Olle',
        last_name: 'Strand',
        email: 'olle@strand.se',
        company: 'Strand AB',
        status: 'new',
        approval_status: 'pending',
        source: 'direct',
        event: null,
        created_at: new Date().toISOString(),
      },
    ],
    upcoming_events: [
      {
        id: '00000000-0000-4000-8000-0000000000e1',
        name: 'Nordic Expo',
        slug: 'nordic-expo',
        location: 'Stockholm',
        start_date: '2026-11-20T08:00:00.000Z',
        end_date: '2026-11-22T17:00:00.000Z',
        status: 'active',
        leads_captured: 42,
      },
    ],
    ...changes,
  };
}

describe('the guided tour of the Lobby (onboarding, spec 01 §4)', () => {
  it('walks through the real Lobby in a labelled dialog, records the step when finished and returns to the guide', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(me),
      'GET /analytics/dashboard/overview/': () => ok(overview()),
      'PATCH /auth/onboarding/': () =>
        ok({
          current_step: 'complete',
          completed_steps: ['welcome', 'dashboard_tour'],
          skipped: false,
          completed_at: null,
        }),
    });
    const user = userEvent.setup();
    const { router } = await renderWithApp(<DashboardPage />, { path: '/dashboard', url: '/dashboard?tour=1' });
    const first = await screen.findByRole('dialog', { name: 'Your figures' }, { timeout: 5000 });
    expect(first.textContent).toContain('1 of 4');
    // Focus moves into the tour, on its first button.
    await vi.waitFor(() => expect(first.contains(document.activeElement)).toBe(true));
    expect(within(first).getByRole('button', { name: 'Close the tour' })).toBeTruthy();
    for (const title of ['Leads over time', 'Quick actions', 'Recent leads and upcoming events']) {
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /Next|Done/ }));
      await screen.findByRole('dialog', { name: title }, { timeout: 5000 });
    }
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Done' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    expect(server.bodies('PATCH /auth/onboarding/')).toEqual([
      { current_step: 'complete', completed_steps: ['dashboard_tour'] },
    ]);
  });

  it('closes with Esc without marking the tour done', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(me),
      'GET /analytics/dashboard/overview/': () => ok(overview()),
    });
    const user = userEvent.setup();
    const { router } = await renderWithApp(<DashboardPage />, { path: '/dashboard', url: '/dashboard?tour=1' });
    await screen.findByRole('dialog', { name: 'Your figures' }, { timeout: 5000 });
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.bodies('PATCH /auth/onboarding/')).toEqual([]);
  });
});

describe('DashboardPage (the Lobby)', () => {
  it('shows the figures, the trend, recent leads and upcoming events of the period', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(me),
      'GET /analytics/dashboard/overview/': () => ok(overview()),
    });
    await renderWithApp(<DashboardPage />, { path: '/dashboard' });
    const stats = await screen.findByRole('region', { name: 'Key figures' });
    expect(await within(stats).findByText('1,284')).toBeTruthy();
    expect(within(stats).getByText('3')).toBeTruthy();
    expect(within(stats).getByText('12.5%')).toBeTruthy();
    expect(within(stats).getByText('120')).toBeTruthy();
    expect(within(stats).getByText('20%')).toBeTruthy();
    expect(screen.getByRole('img', { name: /14 new leads in the period/ })).toBeTruthy();
    expect(screen.getByText('Vera Berg')).toBeTruthy();
    // A pending lead says so; an approved one carries no badge.
    const recent = screen.getByRole('list', { name: 'Recent leads' });
    const [vera, olle] = within(recent).getAllByRole('listitem');
    expect(within(olle as HTMLElement).getByText('Pending approval')).toBeTruthy();
    expect(within(vera as HTMLElement).queryByText('Pending approval')).toBeNull();
    expect(screen.getByRole('link', { name: /Nordic Expo.*42 leads/ }).getAttribute('href')).toBe(
      '/events/00000000-0000-4000-8000-0000000000e1',
    );
    expect(server.calls.find((c) => c.path === '/analytics/dashboard/overview/')).toBeTruthy();

    await userEvent.setup().selectOptions(screen.getByLabelText('Period'), '7');
    await vi.waitFor(() =>
      expect(server.calls.filter((c) => c.path === '/analytics/dashboard/overview/')).toHaveLength(2),
    );
  });

  it('guides a new organisation to its first event instead of showing empty lists', async () => {
    fakeServer({
      'GET /auth/me/': () => ok(me),
      'GET /analytics/dashboard/overview/': () =>
        ok(
          overview({
            total_leads: 0,
            new_leads: 0,
            new_leads_previous: 0,
            active_events: 0,
            conversion_rate: 0,
            converted_leads: 0,
            leads_by_day: days(30),
            recent_leads: [],
            upcoming_events: [],
          }),
        ),
    });
    await renderWithApp(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByRole('link', { name: /Create your first event/ })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'No new leads in the period yet.' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Show QR/ }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('link', { name: /Scan QR/ }).getAttribute('href')).toBe('/scan');
  });

  it('says "Failed to load dashboard data" and retries', async () => {
    let calls = 0;
    fakeServer({
      'GET /auth/me/': () => ok(me),
      'GET /analytics/dashboard/overview/': () => {
        calls += 1;
        return calls <= 3 ? fail(503, 'INTERNAL_ERROR') : ok(overview());
      },
    });
    await renderWithApp(<DashboardPage />, { path: '/dashboard' });
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert.textContent).toContain('Failed to load dashboard data');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1,284')).toBeTruthy();
  });

  it('marks the figures, the trend and the lists busy while the overview loads', async () => {
    fakeServer({ 'GET /auth/me/': () => ok(me), 'GET /analytics/dashboard/overview/': pending });
    const { container } = await renderWithApp(<DashboardPage />, { path: '/dashboard' });
    const figures = await screen.findByRole('region', { name: 'Key figures' });
    expect(figures.querySelectorAll('[aria-busy="true"]')).toHaveLength(4);
    // The four figures, the trend, the recent leads and the upcoming events.
    expect(container.querySelectorAll('[aria-busy="true"]')).toHaveLength(7);
  });

  it('says when the event’s QR code could not be made, with a retry that fetches it again', async () => {
    configureApiClient({ sleep: () => Promise.resolve() });
    let up = false;
    const eventId = '00000000-0000-4000-8000-0000000000e1';
    fakeServer({
      'GET /auth/me/': () => ok(me),
      'GET /analytics/dashboard/overview/': () => ok(overview()),
      [`GET /events/${eventId}/qr-code/`]: () =>
        up
          ? new Response(new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' }), {
              headers: { 'content-type': 'image/svg+xml' },
            })
          : fail(503, 'SERVICE_UNAVAILABLE'),
    });
    const user = userEvent.setup();
    await renderWithApp(<DashboardPage />, { path: '/dashboard' });
    await user.click(await screen.findByRole('button', { name: /Show QR/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Scan to leave your details' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Failed to generate the QR code');
    up = true;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await within(dialog).findByRole('img', { name: 'QR code for Nordic Expo' })).getAttribute('src')).toBe(
      'blob:qr',
    );
  });
});
