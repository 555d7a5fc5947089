import type { Subscription, UsageRow } from '@leadcapture/contracts/billing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, ok, orgId } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { meAs, paid, subscription } from '../test/fixtures.ts';
import { BillingBanner } from './billing-banner.tsx';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const row = (resource: UsageRow['resource'], current: number, limit: number | null): UsageRow => ({
  resource,
  current_usage: current,
  limit,
  percentage: limit === null ? 0 : Math.min(100, Math.round((current / limit) * 100)),
});

const quiet: UsageRow[] = [row('leads', 10, 100), row('events', 1, 5), row('offers', 0, null)];

function serve(sub: Subscription, usage: UsageRow[] = quiet) {
  return fakeServer({
    'GET /auth/me/': () => ok(meAs('owner')),
    'GET /billing/subscriptions/current/': () => ok(sub),
    'GET /billing/subscriptions/usage/': () => ok(usage),
  });
}

async function renderBanner(
  sub: Subscription,
  usage: UsageRow[] = quiet,
  {
    role = 'owner',
    path = '/leads',
    language = 'en',
  }: { role?: 'owner' | 'admin'; path?: string; language?: 'en' | 'sv' } = {},
) {
  const server = serve(sub, usage);
  const result = await renderWithApp(<BillingBanner role={role} organizationId={orgId} />, { path, language });
  await waitFor(() => expect(server.calls.filter((c) => c.path.startsWith('/billing/')).length).toBe(2));
  return { server, ...result };
}

const banner = () => screen.findByRole('region', { name: 'Billing notice' });

describe('BillingBanner', () => {
  it('payment required: past due, unpaid, or a trial with no day left, over every other state', async () => {
    const full = [row('leads', 100, 100)];
    await renderBanner(paid('starter', { status: 'past_due' }), full);
    expect((await banner()).dataset.kind).toBe('payment_required');
    expect(screen.getByRole('heading', { name: 'Payment required' })).toBeDefined();
  });

  it.each([
    ['unpaid', paid('starter', { status: 'unpaid' })],
    ['a trial that ended', subscription({ trial_end: new Date(Date.now() - HOUR).toISOString() })],
  ])('payment required for %s', async (_, sub) => {
    await renderBanner(sub);
    expect((await banner()).dataset.kind).toBe('payment_required');
  });

  it('trial expired: on Free after the trial, over a reached limit', async () => {
    const free = paid('starter', {
      plan: 'Free',
      plan_id: 'free',
      trial_end: new Date(Date.now() - 3 * DAY).toISOString(),
    });
    await renderBanner(free, [row('leads', 25, 25)]);
    expect((await banner()).dataset.kind).toBe('trial_expired');
    expect(screen.getByRole('heading', { name: 'Your free trial has ended' })).toBeDefined();
  });

  it('trial expiring: 1-3 days left, rounded up, over usage warnings', async () => {
    await renderBanner(subscription({ trial_end: new Date(Date.now() + 2 * DAY + HOUR).toISOString() }), [
      row('leads', 950, 1000),
    ]);
    expect((await banner()).dataset.kind).toBe('trial_expiring');
    expect(screen.getByRole('heading', { name: 'Trial ends in 3 days' })).toBeDefined();
  });

  it('says "1 day" with less than a day left', async () => {
    await renderBanner(subscription({ trial_end: new Date(Date.now() + 5 * HOUR).toISOString() }));
    expect(await screen.findByRole('heading', { name: 'Trial ends in 1 day' })).toBeDefined();
  });

  it('a trial with 4 or more days left and quiet usage shows nothing', async () => {
    await renderBanner(subscription({ trial_end: new Date(Date.now() + 4 * DAY - HOUR).toISOString() }));
    expect(screen.queryByRole('region', { name: 'Billing notice' })).toBeNull();
  });

  it('a reached limit comes before a resource at 90 %, with the figures', async () => {
    await renderBanner(paid('starter'), [row('leads', 95, 100), row('events', 5, 5)]);
    expect((await banner()).dataset.kind).toBe('limit_reached');
    expect(screen.getByRole('heading', { name: 'You have reached your events limit' })).toBeDefined();
    expect(screen.getByText(/5 of 5 used/)).toBeDefined();
  });

  it('90 % comes before 80 %', async () => {
    await renderBanner(paid('starter'), [row('events', 4, 5), row('leads', 91, 100)]);
    expect((await banner()).dataset.kind).toBe('approaching_90');
    expect(screen.getByRole('heading', { name: 'Almost at your leads limit' })).toBeDefined();
    expect(screen.getByText('91 of 100 used (91%). A higher plan raises the limit.')).toBeDefined();
  });

  it('80 %, and nothing below it or without a limit', async () => {
    await renderBanner(paid('starter'), [row('events', 4, 5), row('leads', 79, 100), row('offers', 50, null)]);
    expect((await banner()).dataset.kind).toBe('approaching_80');
    expect(screen.getByRole('heading', { name: 'Approaching your events limit' })).toBeDefined();
  });

  it('offers the owner Upgrade (billing) and the admin View usage', async () => {
    const { unmount } = await renderBanner(paid('starter'), [row('leads', 100, 100)]);
    await banner();
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/settings/billing');
    unmount();
    await renderBanner(paid('starter'), [row('leads', 100, 100)], { role: 'admin', language: 'sv', path: '/sv/leads' });
    await screen.findByRole('region', { name: 'Meddelande om fakturering' });
    expect(screen.getByRole('heading', { name: 'Du har nått gränsen för leads' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Visa användning' }).getAttribute('href')).toBe(
      '/sv/settings/billing/usage',
    );
    expect(screen.queryByRole('link', { name: 'Uppgradera' })).toBeNull();
  });

  it('is dismissed for the session: gone now and on the next render, while a more urgent one still shows', async () => {
    const user = userEvent.setup({ delay: null });
    const first = await renderBanner(paid('starter'), [row('leads', 85, 100)]);
    await banner();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Billing notice' })).toBeNull();
    first.unmount();

    const again = await renderBanner(paid('starter'), [row('leads', 85, 100)]);
    expect(screen.queryByRole('region', { name: 'Billing notice' })).toBeNull();
    again.unmount();

    await renderBanner(paid('starter'), [row('leads', 100, 100)]);
    expect((await banner()).dataset.kind).toBe('limit_reached');
  });

  it.each(['/settings/billing', '/billing/checkout/00000000-0000-4000-8000-0000000000f1', '/sv/billing/portal'])(
    'is not shown on the billing pages themselves (%s)',
    async (path) => {
      await renderBanner(paid('starter', { status: 'past_due' }), quiet, { path });
      expect(screen.queryByRole('region', { name: 'Billing notice' })).toBeNull();
    },
  );
});
