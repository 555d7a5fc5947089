import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { fail, fakeServer, me, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { anEvent, eventId, page } from '../test/fixtures.ts';
import { EventsPage } from './events-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const withToasts = (ui: ReactNode) => (
  <>
    {ui}
    <Toaster />
  </>
);
const viewer = { ...me, current_organization: { ...me.current_organization, role: 'viewer' } };

describe('EventsPage', () => {
  it('lists events with status, dates and leads captured, and filters by status and search', async () => {
    const server = fakeServer({ 'GET /auth/me/': () => ok(me), 'GET /events/': () => ok(page([anEvent()])) });
    const { router } = await renderWithApp(withToasts(<EventsPage />), { path: '/events' });
    const table = await screen.findByRole('table', { name: 'Events' });
    const row = within(table).getByRole('row', { name: /Nordic Expo/ });
    expect(within(row).getByText('Upcoming')).toBeTruthy();
    expect(within(row).getByText('42')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Nordic Expo' }).getAttribute('href')).toBe(`/events/${eventId}`);

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status'), 'active');
    expect(router.state.location.search).toBe('?status=active');
    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), 'expo');
    await vi.waitFor(() => {
      const last = server.calls.filter((c) => c.path === '/events/').at(-1);
      expect(last).toBeTruthy();
    });
    expect(router.state.location.search).toContain('search=expo');
  });

  it('guides to the first event when there are none, and hides writing from viewers', async () => {
    fakeServer({ 'GET /auth/me/': () => ok(viewer), 'GET /events/': () => ok(page([])) });
    await renderWithApp(<EventsPage />, { path: '/events' });
    expect(await screen.findByRole('heading', { name: 'No events yet' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Create/ })).toBeNull();
  });

  it('deletes an event only after confirmation', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(me),
      'GET /events/': () => ok(page([anEvent()])),
      [`DELETE /events/${eventId}/`]: () => ok({ detail: 'deleted' }),
    });
    await renderWithApp(withToasts(<EventsPage />), { path: '/events' });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Events' });
    await user.click(within(table).getByRole('button', { name: 'Actions for Nordic Expo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this event?' });
    expect(server.bodies(`DELETE /events/${eventId}/`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete event' }));
    expect(await screen.findByText('Nordic Expo was deleted')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('says "Failed to load events" and retries', async () => {
    fakeServer({ 'GET /auth/me/': () => ok(me), 'GET /events/': () => fail(404, 'NOT_FOUND') });
    await renderWithApp(<EventsPage />, { path: '/events' });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load events');
  });
});
