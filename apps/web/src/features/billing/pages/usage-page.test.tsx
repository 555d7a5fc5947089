import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { meAs, paid } from '../test/fixtures.ts';
import { UsagePage } from './usage-page.tsx';

const rows = [
  { resource: 'leads', current_usage: 120, limit: 100, percentage: 100 },
  { resource: 'team_members', current_usage: 1, limit: 2, percentage: 50 },
  { resource: 'events', current_usage: 4, limit: 5, percentage: 80 },
  { resource: 'offers', current_usage: 3, limit: null, percentage: 0 },
  { resource: 'storage', current_usage: 980, limit: 1024, percentage: 96 },
];

/** The meter of the resource labelled `label`. */
function meter(label: string) {
  const bar = screen.queryByRole('progressbar', { name: label });
  const item = screen.getByText(label).closest('li');
  return { bar, tone: item?.dataset.tone, text: item?.textContent ?? '' };
}

describe('UsagePage', () => {
  it('draws one bar per resource: green, yellow from 80 %, red from 95 %, capped, and Unlimited', async () => {
    fakeServer({
      'GET /auth/me/': () => ok(meAs('admin')),
      'GET /billing/subscriptions/current/': () => ok(paid('starter')),
      'GET /billing/subscriptions/usage/': () => ok(rows),
    });
    await renderWithApp(<UsagePage />, { path: '/settings/billing/usage' });
    await screen.findByText('Leads this month');
    await screen.findByText('Measured against Starter');

    const leads = meter('Leads this month');
    expect(leads.tone).toBe('critical');
    expect(leads.bar?.getAttribute('aria-valuenow')).toBe('100');
    expect(leads.text).toContain('120 of 100');
    expect(leads.bar?.firstElementChild?.getAttribute('style')).toContain('width: 100%');

    const members = meter('Team members');
    expect(members.tone).toBe('ok');
    expect(members.bar?.firstElementChild?.className).toContain('bg-emerald-500');

    const events = meter('Active events');
    expect(events.tone).toBe('warning');
    expect(events.bar?.firstElementChild?.className).toContain('bg-amber-500');

    const storage = meter('Storage');
    expect(storage.tone).toBe('critical');
    expect(storage.text).toContain('980 MB of 1 GB');
    expect(storage.bar?.firstElementChild?.className).toContain('bg-red-600');

    const offers = meter('Offers');
    expect(offers.tone).toBe('unlimited');
    expect(offers.bar).toBeNull();
    expect(offers.text).toContain('Unlimited');

    expect(screen.getByRole('link', { name: 'Back to billing' }).getAttribute('href')).toBe('/settings/billing');
  });

  it('tells a viewer usage is for owners and admins, without asking the API', async () => {
    const server = fakeServer({ 'GET /auth/me/': () => ok(meAs('viewer')) });
    await renderWithApp(<UsagePage />, { path: '/settings/billing/usage' });
    await screen.findByText('Billing is for owners and admins');
    expect(server.calls.filter((c) => c.path.startsWith('/billing/'))).toEqual([]);
  });
});
