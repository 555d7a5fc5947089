import type { UsageRow } from '@leadcapture/contracts/billing';
import { screen } from '@testing-library/react';
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
