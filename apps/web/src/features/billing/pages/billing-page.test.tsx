import { BILLING_MESSAGES } from '@leadcapture/contracts/billing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { clearToasts } from '../../../lib/toast.ts';
import { fakeServer, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { checkoutId, meAs, paid, plans, refused, subscription, subscriptionId } from '../test/fixtures.ts';
import { BillingPage } from './billing-page.tsx';

function WithToasts({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}

const page = (
  <WithToasts>
    <BillingPage />
  </WithToasts>
);

const sub = `/billing/subscriptions/${subscriptionId}/`;

afterEach(() => {
  clearToasts();
  vi.restoreAllMocks();
});

/** The plan card whose heading is `name`. */
async function card(name: string) {
  const heading = await screen.findByRole('heading', { level: 3, name });
  const item = heading.closest('li');
  if (item === null) throw new Error(`no card for ${name}`);
  return within(item);
}

describe('BillingPage', () => {
  it('during the trial shows the days left and offers to choose a paid plan through checkout, annual with its saving', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(meAs('owner')),
      'GET /billing/plans/': () => ok(plans),
      'GET /billing/subscriptions/current/': () => ok(subscription()),
      'POST /billing/checkout/': () => ok({ url: `/billing/checkout/${checkoutId}` }, 201),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = await renderWithApp(page, { path: '/settings/billing' });

    await screen.findByRole('heading', { name: '14 days left in your free trial' });
    expect(screen.getByText('Trial')).toBeDefined();

    const starter = await card('Starter');
    expect(starter.getByText('$29.00')).toBeDefined();
    expect(starter.getByText('100 leads per month')).toBeDefined();
    expect(starter.getByText('2 team members')).toBeDefined();
    expect(starter.getByText('1 GB storage')).toBeDefined();
    const professional = await card('Professional');
    expect(professional.getByText('Your trial')).toBeDefined();
    expect(professional.getByRole('button', { name: 'Choose Professional' })).toBeDefined();
    expect(professional.getByText('1,000 leads per month')).toBeDefined();
    expect(professional.getByText('Unlimited active events')).toBeDefined();
    const enterprise = await card('Enterprise');
    expect(enterprise.getByText('Custom price')).toBeDefined();
    expect(enterprise.getByRole('link', { name: 'Contact sales' }).getAttribute('href')).toBe('/contact');
    expect(enterprise.queryByRole('button')).toBeNull();
    // Free is where a trial falls without a choice: nothing to buy.
    expect((await card('Free')).queryByRole('button')).toBeNull();

    await user.click(screen.getByRole('radio', { name: /Annual/ }));
    expect(screen.getByText('Save 20%')).toBeDefined();
    expect(starter.getByText('$278.40')).toBeDefined();
    expect(starter.getByText('per year')).toBeDefined();

    await user.click(starter.getByRole('button', { name: 'Choose Starter' }));
    // The local provider's checkout is a page of the app: the router goes there.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/billing/checkout/${checkoutId}`));
    expect(server.bodies('POST /billing/checkout/')).toEqual([
      {
        plan_id: 'starter',
        billing_cycle: 'annual',
        success_url: '/settings/billing?checkout=success',
        cancel_url: '/settings/billing?checkout=cancel',
      },
    ]);
    expect(server.calls.some((c) => c.path === '/billing/subscriptions/' && c.method === 'POST')).toBe(false);
  });

  it("sends the browser to Stripe's checkout, with return addresses in the page's language", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const server = fakeServer({
      'GET /auth/me/': () => ok(meAs('owner')),
      'GET /billing/plans/': () => ok(plans),
      'GET /billing/subscriptions/current/': () =>
        ok(subscription({ status: 'active', plan: 'Free', plan_id: 'free' })),
      'POST /billing/checkout/': () => ok({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' }, 201),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path: '/sv/settings/billing', language: 'sv' });
    await user.click((await card('Professional')).getByRole('button', { name: 'Välj Professional' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
    expect(server.bodies('POST /billing/checkout/')).toEqual([
      {
        plan_id: 'professional',
        billing_cycle: 'monthly',
        success_url: '/sv/settings/billing?checkout=success',
        cancel_url: '/sv/settings/billing?checkout=cancel',
      },
    ]);
  });

  it('says "Failed to start checkout" with the server’s reason', async () => {
    fakeServer({
      'GET /auth/me/': () => ok(meAs('owner')),
      'GET /billing/plans/': () => ok(plans),
      'GET /billing/subscriptions/current/': () => ok(subscription()),
      'POST /billing/checkout/': () => refused(409, 'CONFLICT', BILLING_MESSAGES.alreadyPaid),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path: '/settings/billing' });
    await user.click((await card('Starter')).getByRole('button', { name: 'Choose Starter' }));
    await screen.findByText('Failed to start checkout');
    expect(
      screen.getByText('This organization already has a paid plan: upgrade or downgrade it instead.'),
    ).toBeDefined();
  });

  it('marks an expiring trial (1-3 days, rounded up)', async () => {
    const trialEnd = new Date(Date.now() + 2.2 * 24 * 60 * 60 * 1000).toISOString();
    fakeServer({
      'GET /auth/me/': () => ok(meAs('owner')),
      'GET /billing/plans/': () => ok(plans),
      'GET /billing/subscriptions/current/': () =>
        ok(subscription({ trial_end: trialEnd, current_period_end: trialEnd })),
    });
    await renderWithApp(page, { path: '/settings/billing' });
    const heading = await screen.findByRole('heading', { name: '3 days left in your free trial' });
    expect(heading.closest('section')?.dataset.state).toBe('expiring');
  });

  it('on Starter with a scheduled downgrade to Free: ranks the buttons, upgrades with PUT and resumes', async () => {
    let current = paid('starter', { scheduled_plan_id: 'free' });
    const server = fakeServer({
      'GET /auth/me/': () => ok(meAs('owner')),
      'GET /billing/plans/': () => ok(plans),
      'GET /billing/subscriptions/current/': () => ok(current),
      [`PUT ${sub}`]: (body) => {
        current =
          (body as { plan_id?: string }).plan_id === 'professional'
            ? paid('professional')
            : { ...current, scheduled_plan_id: null };
        return ok(current);
      },
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path: '/settings/billing' });

    await screen.findByText(/Your plan changes to Free on Dec 15, 2026/);
    expect(screen.getByText('Renews on Dec 15, 2026')).toBeDefined();
    expect((await card('Starter')).getByRole('button', { name: 'Current plan' }).hasAttribute('disabled')).toBe(true);
    const free = await card('Free');
    expect(free.getByText('From Dec 15, 2026')).toBeDefined();
    expect(free.getByRole('button', { name: 'Downgrade scheduled' }).hasAttribute('disabled')).toBe(true);
    expect((await card('Enterprise')).getByRole('link', { name: 'Contact sales' })).toBeDefined();
    // Already ending at the period end: nothing more to cancel.
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await screen.findByText('Subscription resumed');
    expect(server.bodies(`PUT ${sub}`)[0]).toEqual({ cancel_at_period_end: false });
    await waitFor(() => expect(screen.queryByText(/Your plan changes to Free/)).toBeNull());

    await user.click((await card('Professional')).getByRole('button', { name: 'Upgrade to Professional' }));
    await screen.findByText('Upgraded to Professional');
    expect(server.bodies(`PUT ${sub}`)[1]).toEqual({ plan_id: 'professional', billing_cycle: 'monthly' });
  });

  it('downgrades behind a dialog that says it applies at the period end', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(meAs('owner')),
      'GET /billing/plans/': () => ok(plans),
      'GET /billing/subscriptions/current/': () => ok(paid('professional')),
      [`PUT ${sub}`]: () => ok(paid('professional', { scheduled_plan_id: 'starter' })),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path: '/settings/billing' });
    await user.click((await card('Starter')).getByRole('button', { name: 'Downgrade to Starter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Downgrade to Starter?' });
    expect(dialog.textContent).toMatch(/applies at the end of the current period, on Dec 15, 2026/);
    expect(server.bodies(`PUT ${sub}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Downgrade at period end' }));
    await screen.findByText('Your plan changes to Starter on Dec 15, 2026');
    expect(server.bodies(`PUT ${sub}`)).toEqual([{ plan_id: 'starter', cancel_at_period_end: true }]);
  });

  it('cancels at the period end after confirming, then shows the ending plan with Resume', async () => {
    let current = paid('professional');
    const server = fakeServer({
      'GET /auth/me/': () => ok(meAs('owner')),
      'GET /billing/plans/': () => ok(plans),
      'GET /billing/subscriptions/current/': () => ok(current),
      [`POST ${sub}cancel/`]: () => {
        current = paid('professional', { cancel_at_period_end: true });
        return ok(current);
      },
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path: '/settings/billing' });
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel at period end' }));
    await screen.findByText('Subscription cancelled: it ends on Dec 15, 2026');
    expect(server.bodies(`POST ${sub}cancel/`)).toEqual([{ cancel_at_period_end: true }]);
    expect(screen.getByText('Ends on Dec 15, 2026')).toBeDefined();
    expect(screen.getByText(/You keep Professional until Dec 15, 2026, then move to the Free plan/)).toBeDefined();
    expect(screen.getByRole('button', { name: 'Resume' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });

  it('says "Failed to upgrade subscription" with the server’s reason for a 409', async () => {
    fakeServer({
      'GET /auth/me/': () => ok(meAs('owner')),
      'GET /billing/plans/': () => ok(plans),
      'GET /billing/subscriptions/current/': () => ok(paid('starter')),
      [`PUT ${sub}`]: () => refused(409, 'CONFLICT', BILLING_MESSAGES.noPaidPlan),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path: '/settings/billing' });
    await user.click((await card('Professional')).getByRole('button', { name: 'Upgrade to Professional' }));
    await screen.findByText('Failed to upgrade subscription');
    expect(screen.getByText('There is no paid plan to downgrade: choose a plan to start it.')).toBeDefined();
  });

  it('shows an admin the plan read-only, without any change button', async () => {
    fakeServer({
      'GET /auth/me/': () => ok(meAs('admin')),
      'GET /billing/plans/': () => ok(plans),
      'GET /billing/subscriptions/current/': () => ok(paid('starter', { scheduled_plan_id: 'free' })),
    });
    await renderWithApp(page, { path: '/settings/billing' });
    await screen.findByText(/Only the owner of Booth AB can change the plan/);
    await card('Professional');
    expect(screen.getByText(/Your plan changes to Free/)).toBeDefined();
    for (const name of [
      /Choose/,
      /Upgrade/,
      /Downgrade/,
      'Current plan',
      'Resume',
      'Cancel subscription',
      'Billing portal',
    ]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.getByRole('link', { name: 'View usage' }).getAttribute('href')).toBe('/settings/billing/usage');
  });

  it.each(['member', 'viewer'] as const)(
    'tells a %s billing is for owners and admins, without asking the API',
    async (role) => {
      const server = fakeServer({ 'GET /auth/me/': () => ok(meAs(role)) });
      await renderWithApp(page, { path: '/settings/billing' });
      await screen.findByText('Billing is for owners and admins');
      expect(server.calls.filter((c) => c.path.startsWith('/billing/'))).toEqual([]);
      expect(screen.queryByRole('link', { name: 'View usage' })).toBeNull();
    },
  );

  it.each([
    ['success', 'Payment complete: your plan is active'],
    ['cancel', 'Checkout cancelled: your plan has not changed'],
  ])('?checkout=%s shows its toast once and leaves the address', async (checkout, text) => {
    fakeServer({
      'GET /auth/me/': () => ok(meAs('owner')),
      'GET /billing/plans/': () => ok(plans),
      'GET /billing/subscriptions/current/': () => ok(paid('starter')),
    });
    const { router } = await renderWithApp(page, {
      path: '/settings/billing',
      url: `/settings/billing?checkout=${checkout}&upgrade=professional`,
    });
    await screen.findByText(text);
    await waitFor(() => expect(router.state.location.search).toBe('?upgrade=professional'));
    expect(screen.getAllByText(text)).toHaveLength(1);
  });

  it('?upgrade=<plan> marks that plan', async () => {
    fakeServer({
      'GET /auth/me/': () => ok(meAs('owner')),
      'GET /billing/plans/': () => ok(plans),
      'GET /billing/subscriptions/current/': () => ok(paid('starter')),
    });
    await renderWithApp(page, { path: '/settings/billing', url: '/settings/billing?upgrade=professional' });
    const heading = await screen.findByRole('heading', { level: 3, name: 'Professional' });
    expect(heading.closest('li')?.dataset.highlighted).toBe('true');
    expect(
      screen.getByRole('heading', { level: 3, name: 'Starter' }).closest('li')?.dataset.highlighted,
    ).toBeUndefined();
  });

  it('writes the same USD prices the Swedish way on /sv', async () => {
    fakeServer({
      'GET /auth/me/': () => ok(meAs('owner')),
      'GET /billing/plans/': () => ok(plans),
      'GET /billing/subscriptions/current/': () => ok(subscription()),
    });
    await renderWithApp(page, { path: '/sv/settings/billing', language: 'sv' });
    const starter = await card('Starter');
    expect(starter.getByText('29,00 US$')).toBeDefined();
    expect(starter.getByRole('button', { name: 'Välj Starter' })).toBeDefined();
    expect(screen.getByRole('heading', { name: '14 dagar kvar av din kostnadsfria provperiod' })).toBeDefined();
  });
});
