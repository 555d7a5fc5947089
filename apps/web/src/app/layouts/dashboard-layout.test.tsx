import type { UsageRow } from '@leadcapture/contracts/billing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
// Imported here so that the lazy banner is at hand at once: a wrongly shown banner asks at once.
import '../../features/billing/components/billing-banner.tsx';
import { meAs, paid } from '../../features/billing/test/fixtures.ts';
import { fakeServer, ok, type Call } from '../../test/fake-server.ts';
import { renderWithApp } from '../../test/render.tsx';
import { DashboardLayout } from './dashboard-layout.tsx';

const quiet: UsageRow[] = [{ resource: 'leads', current_usage: 10, limit: 100, percentage: 10 }];
const full: UsageRow[] = [{ resource: 'leads', current_usage: 100, limit: 100, percentage: 100 }];
const banner = () => screen.findByRole('region', { name: 'Billing notice' });

describe('the shell and the billing banner', () => {
  const billingCalls = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/billing/'));

  it.each(['member', 'viewer'] as const)('a %s sees no banner and no billing call is made', async (role) => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(meAs(role)),
      'GET /billing/subscriptions/current/': () => ok(paid('starter', { status: 'past_due' })),
      'GET /billing/subscriptions/usage/': () => ok(full),
    });
    await renderWithApp(<DashboardLayout />, { path: '/leads' });
    // The organisation's name is drawn from the same user the banner's role check reads.
    await screen.findAllByText('Booth AB');
    // Past the shell's idle wait (200 ms where jsdom has no requestIdleCallback): a banner would have asked.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(billingCalls(server.calls)).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Billing notice' })).toBeNull();
  });

  it('an owner sees it above the page', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(meAs('owner')),
      'GET /billing/subscriptions/current/': () => ok(paid('starter', { status: 'past_due' })),
      'GET /billing/subscriptions/usage/': () => ok(quiet),
    });
    await renderWithApp(<DashboardLayout />, { path: '/leads' });
    expect((await banner()).dataset.kind).toBe('payment_required');
    expect(
      billingCalls(server.calls)
        .map((c) => c.path)
        .sort(),
    ).toEqual(['/billing/subscriptions/current/', '/billing/subscriptions/usage/']);
  });
});

describe('the sidebar (spec 01 §2)', () => {
  const organization = {
    id: meAs('owner').current_organization.id,
    name: 'Booth AB',
    slug: 'booth-ab',
    website: '',
    industry: 'technology',
    size: '1-10',
    billing_email: '',
    logo_url: null,
    primary_color: '#f59e0b',
    secondary_color: '#111827',
    custom_domain: '',
    address: { street: '', city: '', state: '', postal_code: '', country: '' },
    role: 'owner',
    created_at: '2026-01-02T10:00:00.000Z',
    updated_at: '2026-01-02T10:00:00.000Z',
  };

  it('lists the main navigation in order, marks setup progress and draws the organisation in its colour', async () => {
    fakeServer({
      'GET /auth/me/': () => ok(meAs('owner')),
      'GET /auth/onboarding/': () =>
        ok({
          current_step: 'setup_forms',
          completed_steps: ['welcome', 'create_event'],
          skipped: false,
          completed_at: null,
        }),
      [`GET /organizations/${organization.id}/`]: () => ok(organization),
      'GET /billing/subscriptions/current/': () => ok(paid('starter')),
      'GET /billing/subscriptions/usage/': () => ok(quiet),
    });
    await renderWithApp(<DashboardLayout />, { path: '/settings/integrations' });
    const nav = (await screen.findAllByRole('navigation', { name: 'Main navigation' }))[0];
    const names = within(nav!)
      .getAllByRole('link')
      .map((link) => link.textContent.replace(/\d+ of \d+ setup steps done|\d+\/\d+/g, '').trim());
    expect(names).toEqual([
      'Dashboard',
      'Events',
      'Offers',
      'Leads',
      'Clients',
      'Apps',
      'Analytics',
      'Data',
      'Team',
      'Help',
      'Setup guide',
      'Settings',
      'Your profile',
    ]);
    expect(within(nav!).getByRole('link', { name: 'Apps' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav!).getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('/help');
    expect(await within(nav!).findByText('2 of 4 setup steps done')).toBeTruthy();
    const mark = await screen.findAllByText('B');
    await waitFor(() => expect(mark[0]?.getAttribute('style')).toContain('background-color: #f59e0b'));
  });
});
