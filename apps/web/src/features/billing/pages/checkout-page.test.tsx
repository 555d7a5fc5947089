import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { cardId, checkoutId, checkoutSession, customer, meAs, paymentMethod, refused } from '../test/fixtures.ts';
import { CheckoutPage } from './checkout-page.tsx';

const path = '/billing/checkout/:id';
const url = `/billing/checkout/${checkoutId}`;
const session = `GET /billing/checkout/${checkoutId}/`;
const complete = `POST /billing/checkout/${checkoutId}/complete/`;

describe('CheckoutPage', () => {
  it('shows the plan, prefills the details, pays with the saved default method and goes to the success address', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(meAs('owner')),
      [session]: () => ok(checkoutSession({ customer: customer(), payment_methods: [paymentMethod()] })),
      [complete]: () => ok({ url: '/settings/billing?checkout=success' }),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = await renderWithApp(<CheckoutPage />, { path, url });

    await screen.findByRole('heading', { level: 1, name: 'Start Starter' });
    const summary = within(
      screen.getByRole('heading', { name: 'Order summary' }).closest('div.rounded-2xl') as HTMLElement,
    );
    expect(summary.getByText('Monthly')).toBeDefined();
    expect(summary.getByText('$29.00 per month')).toBeDefined();
    const form = within(screen.getByRole('form', { name: 'Checkout' }));
    expect(form.getByRole<HTMLInputElement>('textbox', { name: /^Name/ }).value).toBe('Booth AB');
    expect(form.getByRole<HTMLSelectElement>('combobox', { name: /Country/ }).value).toBe('SE');
    expect(form.getByRole<HTMLInputElement>('radio', { name: /Company Visa/ }).checked).toBe(true);

    await user.click(form.getByRole('button', { name: 'Pay and start Starter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/billing'));
    expect(router.state.location.search).toBe('?checkout=success');
    expect(server.bodies(complete)).toEqual([
      {
        customer: expect.objectContaining({ name: 'Booth AB', email: 'billing@booth.example', country: 'SE' }),
        payment_method_id: cardId,
      },
    ]);
  });

  it('adds a new method by type and name, checked by the contract (never a card number)', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(meAs('owner')),
      [session]: () => ok(checkoutSession({ billing_cycle: 'annual', amount: 27840 })),
      [complete]: () => ok({ url: '/sv/settings/billing?checkout=success' }),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = await renderWithApp(<CheckoutPage />, {
      path: '/sv/billing/checkout/:id',
      url: `/sv${url}`,
      language: 'sv',
    });
    await screen.findByText('278,40 US$ per år', { normalizer: (text) => text.replace(/\s+/g, ' ') });
    const form = within(screen.getByRole('form', { name: 'Kassa' }));
    // No saved method: adding one is chosen.
    expect(form.getByRole<HTMLInputElement>('radio', { name: 'Lägg till en ny betalningsmetod' }).checked).toBe(true);

    await user.type(form.getByRole('textbox', { name: /^Namn\*?$/ }), 'Booth AB');
    await user.type(form.getByRole('textbox', { name: /E-post för fakturor/ }), 'billing@booth.example');
    await user.selectOptions(form.getByRole('combobox', { name: /Land/ }), 'SE');
    const methodLabel = form.getByRole('textbox', { name: /Namn på metoden/ });
    await user.type(methodLabel, '4111 1111 1111 1111');
    await user.click(form.getByRole('button', { name: 'Betala och starta Starter' }));
    await form.findByText(/Ange aldrig ett kortnummer/);
    expect(server.bodies(complete)).toHaveLength(0);

    await user.clear(methodLabel);
    await user.type(methodLabel, 'Företagskortet');
    await user.click(form.getByRole('button', { name: 'Betala och starta Starter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sv/settings/billing'));
    expect(server.bodies(complete)).toEqual([
      {
        customer: expect.objectContaining({ name: 'Booth AB', country: 'SE' }),
        payment_method: { type: 'card', label: 'Företagskortet' },
      },
    ]);
  });

  it("shows the API's refusal in place and stays", async () => {
    fakeServer({
      'GET /auth/me/': () => ok(meAs('owner')),
      [session]: () => ok(checkoutSession({ customer: customer(), payment_methods: [paymentMethod()] })),
      [complete]: () => refused(409, 'CONFLICT', 'This checkout has expired'),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = await renderWithApp(<CheckoutPage />, { path, url });
    await user.click(await screen.findByRole('button', { name: 'Pay and start Starter' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This checkout has expired');
    expect(router.state.location.pathname).toBe(url);
  });

  it('Cancel goes to the session’s cancel address', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(meAs('owner')),
      [session]: () => ok(checkoutSession()),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = await renderWithApp(<CheckoutPage />, { path, url });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/billing'));
    expect(router.state.location.search).toBe('?checkout=cancel');
    expect(server.bodies(complete)).toHaveLength(0);
  });

  it.each([
    ['complete', { status: 'complete' as const }, 'This checkout is complete'],
    ['expired', { status: 'expired' as const }, 'This checkout has expired'],
    ['past its expiry', { expires_at: '2026-01-01T00:00:00.000Z' }, 'This checkout has expired'],
  ])('a %s session says so, with the way back and no form', async (_, changes, text) => {
    fakeServer({
      'GET /auth/me/': () => ok(meAs('owner')),
      [session]: () => ok(checkoutSession(changes)),
    });
    await renderWithApp(<CheckoutPage />, { path, url });
    await screen.findByRole('heading', { name: text });
    expect(screen.getByRole('link', { name: 'Go to billing' }).getAttribute('href')).toBe('/settings/billing');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('a session that is not there (or another organisation’s) is "not found"', async () => {
    fakeServer({
      'GET /auth/me/': () => ok(meAs('owner')),
      [session]: () => refused(404, 'NOT_FOUND', 'Not found'),
    });
    await renderWithApp(<CheckoutPage />, { path, url });
    await screen.findByRole('heading', { name: 'Checkout not found' });
  });

  it.each([
    ['admin', 'Only the owner of Booth AB can pay for a plan.'],
    ['member', 'Billing is for owners and admins'],
  ] as const)('tells an %s it is not theirs, without asking the API', async (role, text) => {
    const server = fakeServer({ 'GET /auth/me/': () => ok(meAs(role)) });
    await renderWithApp(<CheckoutPage />, { path, url });
    await screen.findByText(text);
    expect(server.calls.filter((c) => c.path.startsWith('/billing/'))).toEqual([]);
  });
});
