import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '../../../lib/api-client.ts';
import { fail, fakeServer, ok, pending } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { aNotification, followUpLeadId, inboxPage, otherNotificationId } from '../test/fixtures.ts';
import { NotificationBell } from './notification-bell.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
});

const two = () =>
  inboxPage([
    aNotification(),
    aNotification({
      id: otherNotificationId,
      is_read: true,
      read_at: '2026-11-23T10:00:00.000Z',
      data: { lead_id: followUpLeadId, lead_name: 'Olle Ek', company: '', follow_up_date: '2026-11-22T09:00:00.000Z' },
    }),
  ]);

/**
 * The bell once its popover's code is here, which a pointer over it fetches
 * (lib/use-deferred-overlay.ts): the button drawn until then is replaced by Radix's trigger.
 */
async function bell(name: string) {
  fireEvent.pointerEnter(await screen.findByRole('button', { name }));
  return waitFor(() => {
    const button = screen.getByRole('button', { name });
    expect(button.getAttribute('data-state')).toBe('closed');
    return button;
  });
}

describe('NotificationBell', () => {
  it('says how many are unread and lists the latest in a popover, with links to the leads', async () => {
    const server = fakeServer({
      'GET /notifications/inbox/unread_count/': () => ok({ unread_count: 3 }),
      'GET /notifications/inbox/': () => ok(two()),
    });
    await renderWithApp(<NotificationBell />);
    const button = await bell('Notifications, 3 unread');
    expect(server.calls.some((c) => c.path === '/notifications/inbox/')).toBe(false);

    await userEvent.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const link = await within(panel).findByRole('link', { name: 'Follow up Greta Holm (Fjord AB) today' });
    expect(link.getAttribute('href')).toBe(`/leads/${followUpLeadId}`);
    expect(within(panel).getByRole('link', { name: 'Follow up Olle Ek today' })).toBeTruthy();
    expect(within(panel).getAllByText('5 minutes ago')).toHaveLength(2);
    expect(within(panel).getByRole('link', { name: 'View all notifications' }).getAttribute('href')).toBe(
      '/notifications',
    );
    // Only the unread one offers "mark as read".
    expect(within(panel).getAllByRole('button', { name: /^Mark as read:/ })).toHaveLength(1);
  });

  it('writes a release of held captures as one line per page, with its hot leads', async () => {
    const eventId = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    const batch = (data: Record<string, unknown>, id: string) =>
      aNotification({
        id,
        type: 'lead_new_batch',
        priority: 'urgent',
        data: { count: 12, hot_count: 0, source_name: 'Nordic Expo', event_id: eventId, offer_id: null, ...data },
        link: `/leads?event=${eventId}`,
      });
    fakeServer({
      'GET /notifications/inbox/unread_count/': () => ok({ unread_count: 3 }),
      'GET /notifications/inbox/': () =>
        ok(
          inboxPage([
            batch({ hot_count: 2 }, '3f1e2d3c-4b5a-4c6d-8e7f-0a1b2c3d4e5f'),
            batch({ count: 1, source_name: '' }, otherNotificationId),
          ]),
        ),
    });
    await renderWithApp(<NotificationBell />);
    await userEvent.click(await bell('Notifications, 3 unread'));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const link = await within(panel).findByRole('link', { name: '12 new leads from Nordic Expo (2 hot)' });
    expect(link.getAttribute('href')).toBe(`/leads?event=${eventId}`);
    expect(within(panel).getByRole('link', { name: '1 new lead' })).toBeTruthy();
  });

  it('marks one and all as read, then asks for the count again', async () => {
    let unread = 1;
    const server = fakeServer({
      'GET /notifications/inbox/unread_count/': () => ok({ unread_count: unread }),
      'GET /notifications/inbox/': () => ok(two()),
      [`POST /notifications/inbox/${aNotification().id}/mark_as_read/`]: () => {
        unread = 0;
        return ok({ ...aNotification(), is_read: true, read_at: new Date().toISOString() });
      },
      'POST /notifications/inbox/mark_all_read/': () => ok({ updated: 0 }),
    });
    await renderWithApp(<NotificationBell />);
    await userEvent.click(await bell('Notifications, 1 unread'));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await userEvent.click(
      await within(panel).findByRole('button', { name: 'Mark as read: Follow up Greta Holm (Fjord AB) today' }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications, none unread' })).toBeTruthy());
    expect(server.calls.filter((c) => c.path.endsWith('/mark_as_read/'))).toHaveLength(1);
    // Nothing left unread: "mark all as read" has nothing to do.
    expect(within(panel).getByRole<HTMLButtonElement>('button', { name: 'Mark all as read' }).disabled).toBe(true);
  });

  it('sends mark all as read', async () => {
    let unread = 4;
    const server = fakeServer({
      'GET /notifications/inbox/unread_count/': () => ok({ unread_count: unread }),
      'GET /notifications/inbox/': () => ok(two()),
      'POST /notifications/inbox/mark_all_read/': () => {
        unread = 0;
        return ok({ updated: 4 });
      },
    });
    await renderWithApp(<NotificationBell />);
    await userEvent.click(await bell('Notifications, 4 unread'));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications, none unread' })).toBeTruthy());
    expect(server.bodies('POST /notifications/inbox/mark_all_read/')).toHaveLength(1);
  });

  it('says when the list cannot load, and speaks Swedish', async () => {
    fakeServer({
      'GET /notifications/inbox/unread_count/': () => ok({ unread_count: 2 }),
      'GET /notifications/inbox/': () => fail(500, 'INTERNAL_ERROR'),
    });
    await renderWithApp(<NotificationBell />, { language: 'sv' });
    await userEvent.click(await bell('Aviseringar, 2 olästa'));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('Det gick inte att läsa in aviseringarna');
  });

  it('writes the time in Swedish', async () => {
    fakeServer({
      'GET /notifications/inbox/unread_count/': () => ok({ unread_count: 1 }),
      'GET /notifications/inbox/': () => ok(inboxPage([aNotification()])),
    });
    await renderWithApp(<NotificationBell />, { language: 'sv' });
    await userEvent.click(await bell('Aviseringar, 1 oläst'));
    const panel = await screen.findByRole('dialog', { name: 'Aviseringar' });
    const link = await within(panel).findByRole('link', { name: 'Följ upp Greta Holm (Fjord AB) i dag' });
    expect(link.getAttribute('href')).toBe(`/sv/leads/${followUpLeadId}`);
    expect(within(panel).getByText('fem minuter sedan')).toBeTruthy();
  });

  it('opens when pressed before its code is here, once the code arrives', async () => {
    fakeServer({
      'GET /notifications/inbox/unread_count/': () => ok({ unread_count: 3 }),
      'GET /notifications/inbox/': () => ok(two()),
    });
    await renderWithApp(<NotificationBell />);
    const placeholder = await screen.findByRole('button', { name: /^Notifications/ });
    expect(placeholder.hasAttribute('data-state')).toBe(false);
    fireEvent.click(placeholder);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByRole('link', { name: 'Follow up Olle Ek today' })).toBeTruthy();
  });

  it('is busy while the latest load', async () => {
    fakeServer({
      'GET /notifications/inbox/unread_count/': () => ok({ unread_count: 2 }),
      'GET /notifications/inbox/': pending,
    });
    await renderWithApp(<NotificationBell />);
    await userEvent.click(await bell('Notifications, 2 unread'));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(panel.querySelector('[aria-busy="true"]')?.getAttribute('aria-label')).toBe('Loading notifications');
  });

  it('fetches the latest again from the failure’s Try again', async () => {
    configureApiClient({ sleep: () => Promise.resolve() });
    let up = false;
    fakeServer({
      'GET /notifications/inbox/unread_count/': () => ok({ unread_count: 2 }),
      'GET /notifications/inbox/': () => (up ? ok(two()) : fail(503, 'SERVICE_UNAVAILABLE')),
    });
    await renderWithApp(<NotificationBell />);
    await userEvent.click(await bell('Notifications, 2 unread'));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain('Failed to load notifications');
    up = true;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByRole('link', { name: 'Follow up Olle Ek today' })).toBeTruthy();
  });
});
