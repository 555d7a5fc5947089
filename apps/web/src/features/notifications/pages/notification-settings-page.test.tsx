import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_CATEGORIES } from '@leadcapture/contracts/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '../../../lib/api-client.ts';
import { fakeServer, me, ok, orgId } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { NotificationSettingsPage } from './notification-settings-page.tsx';

const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
});

const meAs = (role: string) => ({
  ...me,
  organizations: [{ id: orgId, name: 'Booth AB', slug: 'booth-ab', role }],
  current_organization: { id: orgId, name: 'Booth AB', slug: 'booth-ab', role },
});

const prefs = (changes: Partial<Record<string, Record<string, boolean>>> = {}) => ({
  preferences: NOTIFICATION_CATEGORIES.map((category) => ({
    category,
    ...DEFAULT_NOTIFICATION_PREFERENCES[category],
    ...changes[category],
    is_default: changes[category] === undefined,
  })),
  digest_hour: 8,
  timezone: 'Europe/Stockholm',
});

describe('NotificationSettingsPage', () => {
  it('shows every category with its channels and saves a change at once', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(meAs('member')),
      'GET /notifications/preferences/me/': () => ok(prefs()),
      'PATCH /notifications/preferences/me/': () => ok(prefs({ leads: { email: false } })),
    });
    await renderWithApp(<NotificationSettingsPage />, { path: '/settings/notifications' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notification settings' })).toBeTruthy();
    const email = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Email for Leads' });
    expect(email.checked).toBe(true);
    expect(box('Daily summary for Leads').checked).toBe(true);
    expect(box('Push for Billing').checked).toBe(false);
    // Members choose their own channels only: no templates, logs or team messages.
    expect(screen.queryByRole('tab', { name: 'Email templates' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Notify team' })).toBeNull();

    await userEvent.click(email);
    await waitFor(() =>
      expect(server.bodies('PATCH /notifications/preferences/me/')).toEqual([
        { preferences: [{ category: 'leads', email: false }] },
      ]),
    );
    await waitFor(() => expect(box('Email for Leads').checked).toBe(false));
    // The daily summary needs email.
    expect(box('Daily summary for Leads').disabled).toBe(true);
  });

  it('saves the hour of the daily summary the member chooses', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(meAs('member')),
      'GET /notifications/preferences/me/': () => ok(prefs()),
      'PATCH /notifications/preferences/me/': () => ok({ ...prefs(), digest_hour: 17 }),
    });
    await renderWithApp(<NotificationSettingsPage />, { path: '/settings/notifications' });
    const hour = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Daily summary at' });
    expect(hour.value).toBe('8');
    expect(screen.getByText(/each day at 08:00 \(Europe\/Stockholm\)/)).toBeTruthy();
    await userEvent.selectOptions(hour, '17');
    await waitFor(() => expect(server.bodies('PATCH /notifications/preferences/me/')).toEqual([{ digest_hour: 17 }]));
    await waitFor(() => expect(screen.getByText(/each day at 17:00/)).toBeTruthy());
  });

  it('gives owners the templates, the delivery log and Notify team', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(meAs('owner')),
      'GET /notifications/preferences/me/': () => ok(prefs()),
      'GET /notifications/settings/': () => ok({ hot_lead_score_threshold: 80 }),
      'GET /organizations/00000000-0000-4000-8000-000000000002/members/': () =>
        ok({ results: [], count: 0, next: null, previous: null }),
      'POST /notifications/send/': () => ok({ recipients: 3 }, 201),
    });
    await renderWithApp(<NotificationSettingsPage />, { path: '/settings/notifications' });
    expect(await screen.findByRole('tab', { name: 'Email templates' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Delivery log' })).toBeTruthy();
    expect((await screen.findByRole<HTMLInputElement>('spinbutton', { name: 'Hot from score' })).value).toBe('80');

    await userEvent.click(screen.getByRole('button', { name: 'Notify team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notify your team' });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    await userEvent.type(screen.getByRole('textbox', { name: /Title/ }), 'Booth moved');
    await userEvent.type(screen.getByRole('textbox', { name: /Message/ }), 'Stand B12');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(server.bodies('POST /notifications/send/')).toEqual([{ title: 'Booth moved', message: 'Stand B12' }]),
    );
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });
});
