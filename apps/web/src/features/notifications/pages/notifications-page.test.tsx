import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { resetApiClient } from '../../../lib/api-client.ts';
import { fail, fakeServer, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { aNotification, followUpLeadId, inboxPage, notificationId, otherNotificationId } from '../test/fixtures.ts';
import { NotificationsPage } from './notifications-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
});

const read = () =>
  aNotification({
    id: otherNotificationId,
    is_read: true,
    read_at: '2026-11-23T10:00:00.000Z',
    data: { lead_id: followUpLeadId, lead_name: 'Olle Ek', company: '', follow_up_date: '2026-11-22T09:00:00.000Z' },
  });

/** The query strings of every GET /notifications/inbox/ so far. */
function inboxQueries(): URLSearchParams[] {
  return (fetch as unknown as Mock<(input: string) => Promise<Response>>).mock.calls
    .map(([input]) => new URL(input, 'http://localhost'))
    .filter((u) => u.pathname === '/api/v1/notifications/inbox/')
    .map((u) => u.searchParams);
}

const render = (url = '/notifications') => renderWithApp(<NotificationsPage />, { path: '/notifications', url });

describe('NotificationsPage', () => {
  it('lists my notifications and filters the unread ones, keeping the filter in the URL', async () => {
    fakeServer({
      'GET /notifications/inbox/unread_count/': () => ok({ unread_count: 1 }),
      'GET /notifications/inbox/': () => ok(inboxPage([aNotification(), read()])),
    });
    const { router } = await render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'Follow up Greta Holm (Fjord AB) today' }).getAttribute('href')).toBe(
      `/leads/${followUpLeadId}`,
    );
    expect(inboxQueries().at(-1)?.get('unread')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Unread' }));
    await waitFor(() => expect(inboxQueries().at(-1)?.get('unread')).toBe('true'));
    expect(router.state.location.search).toBe('?unread=true');
    expect(screen.getByRole('button', { name: 'Unread' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('marks one read, deletes one and marks all read', async () => {
    const server = fakeServer({
      'GET /notifications/inbox/unread_count/': () => ok({ unread_count: 1 }),
      'GET /notifications/inbox/': () => ok(inboxPage([aNotification(), read()])),
      [`POST /notifications/inbox/${notificationId}/mark_as_read/`]: () => ok({ ...aNotification(), is_read: true }),
      [`DELETE /notifications/inbox/${otherNotificationId}/`]: () => ok({ detail: 'Notification deleted' }),
      'POST /notifications/inbox/mark_all_read/': () => ok({ updated: 1 }),
    });
    await render();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Mark as read: Follow up Greta Holm (Fjord AB) today' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete: Follow up Olle Ek today' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(server.bodies('POST /notifications/inbox/mark_all_read/')).toHaveLength(1));
    expect(server.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/mark_as_read/'))).toHaveLength(1);
    expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('pages through a long inbox', async () => {
    fakeServer({
      'GET /notifications/inbox/unread_count/': () => ok({ unread_count: 0 }),
      'GET /notifications/inbox/': () => ok(inboxPage([read()], 45)),
    });
    const { router } = await render();
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(inboxQueries().at(-1)?.get('page')).toBe('2'));
    expect(router.state.location.search).toBe('?page=2');
    // Nothing unread: nothing to mark.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Mark all as read' }).disabled).toBe(true);
  });

  it('says when there is nothing, and when the inbox cannot load (in Swedish too)', async () => {
    fakeServer({
      'GET /notifications/inbox/unread_count/': () => ok({ unread_count: 0 }),
      'GET /notifications/inbox/': () => ok(inboxPage([])),
    });
    await render('/notifications?unread=true');
    expect(await screen.findByRole('heading', { name: 'You are all caught up' })).toBeTruthy();
    vi.unstubAllGlobals();
    resetApiClient();

    fakeServer({
      'GET /notifications/inbox/unread_count/': () => ok({ unread_count: 0 }),
      'GET /notifications/inbox/': () => fail(500, 'INTERNAL_ERROR'),
    });
    await renderWithApp(<NotificationsPage />, { path: '/sv/notifications', language: 'sv' });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('Det gick inte att läsa in aviseringarna');
    expect(within(alert).getByRole('button', { name: 'Försök igen' })).toBeTruthy();
  });

  it('writes the billing notices from their data, linking to the billing pages, in English and Swedish', async () => {
    const billing = (id: string, type: string, data: Record<string, unknown>, link: string) =>
      aNotification({ id: `00000000-0000-4000-8000-0000000000d${id}`, category: 'billing', type, data, link });
    const notices = [
      billing('1', 'trial_ending', { days_remaining: 3, trial_end: '2026-11-26T09:00:00.000Z' }, '/settings/billing'),
      billing('2', 'trial_ending', { days_remaining: 1, trial_end: '2026-11-24T09:00:00.000Z' }, '/settings/billing'),
      billing('3', 'trial_ended', { trial_end: '2026-11-23T09:00:00.000Z' }, '/settings/billing'),
      billing('4', 'usage_threshold', { resource: 'leads', percentage: 80, limit: 25 }, '/settings/billing/usage'),
      billing('5', 'usage_threshold', { resource: 'events', percentage: 100, limit: 1 }, '/settings/billing/usage'),
    ];
    fakeServer({
      'GET /notifications/inbox/unread_count/': () => ok({ unread_count: 5 }),
      'GET /notifications/inbox/': () => ok(inboxPage(notices)),
    });
    await render();
    const list = await screen.findByRole('list');
    const href = (name: string) => within(list).getByRole('link', { name }).getAttribute('href');
    expect(href('Your trial ends in 3 days: choose a plan')).toBe('/settings/billing');
    expect(href('Your trial ends in 1 day: choose a plan')).toBe('/settings/billing');
    expect(href('Your trial has ended: you are on Free now')).toBe('/settings/billing');
    expect(href('You have used 80 % of your plan’s limit: 25 leads this month')).toBe('/settings/billing/usage');
    expect(href('Your plan’s limit is reached: 1 active event')).toBe('/settings/billing/usage');
    vi.unstubAllGlobals();
    resetApiClient();

    fakeServer({
      'GET /notifications/inbox/unread_count/': () => ok({ unread_count: 5 }),
      'GET /notifications/inbox/': () => ok(inboxPage(notices)),
    });
    await renderWithApp(<NotificationsPage />, { path: '/sv/notifications', language: 'sv' });
    const svList = await screen.findByRole('list');
    const svHref = (name: string) => within(svList).getByRole('link', { name }).getAttribute('href');
    expect(svHref('Din provperiod slutar om 3 dagar: välj en plan')).toBe('/sv/settings/billing');
    expect(svHref('Din provperiod slutar om 1 dag: välj en plan')).toBe('/sv/settings/billing');
    expect(svHref('Din provperiod har tagit slut: ni är nu på Free')).toBe('/sv/settings/billing');
    expect(svHref('Ni har använt 80 % av planens gräns: 25 leads den här månaden')).toBe('/sv/settings/billing/usage');
    expect(svHref('Planens gräns är nådd: 1 aktivt evenemang')).toBe('/sv/settings/billing/usage');
  });
});
