import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { customer, invoice, meAs, pageOf, paymentMethod, stats } from '../test/fixtures.ts';
import { PortalPage, portalReturnPath } from './portal-page.tsx';

function portalApi(role: 'owner' | 'admin' | 'viewer') {
  return fakeServer({
    'GET /auth/me/': () => ok(meAs(role)),
    'GET /billing/stats/': () => ok(stats()),
    'GET /billing/customers/me/': () => ok(customer()),
    'GET /billing/payment-methods/': () => ok(pageOf([paymentMethod()])),
    'GET /billing/invoices/': () => ok(pageOf([invoice()])),
  });
}

describe('portalReturnPath', () => {
  it.each([
    ['/settings/billing', '/settings/billing'],
    ['/sv/settings/billing?x=1', '/sv/settings/billing?x=1'],
    [`${window.location.origin}/settings/billing/usage`, '/settings/billing/usage'],
    ['https://evil.example/settings/billing', '/settings/billing'],
    ['//evil.example/x', '/settings/billing'],
    ['javascript:alert(1)', '/settings/billing'],
    [null, '/settings/billing'],
  ])('%s returns to %s', (value, expected) => {
    expect(portalReturnPath(value)).toBe(expected);
  });
});

describe('PortalPage', () => {
  it('shows payment methods, billing details and invoices, and returns where it was opened from', async () => {
    portalApi('owner');
    const user = userEvent.setup({ delay: null });
    const { router } = await renderWithApp(<PortalPage />, {
      path: '/billing/portal',
      url: '/billing/portal?return_url=%2Fsettings%2Fbilling%2Fusage',
    });
    await screen.findByRole('heading', { level: 1, name: 'Billing portal' });
    await screen.findByText('Company Visa');
    expect(screen.getByRole('button', { name: 'Add payment method' })).toBeDefined();
    await screen.findByText('billing@booth.example');
    await within(await screen.findByRole('table', { name: 'Invoices' })).findByText('INV-0001');

    await user.click(screen.getByRole('button', { name: 'Return' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/billing/usage'));
  });

  it('never returns to another site', async () => {
    portalApi('owner');
    const user = userEvent.setup({ delay: null });
    const { router } = await renderWithApp(<PortalPage />, {
      path: '/billing/portal',
      url: '/billing/portal?return_url=https%3A%2F%2Fevil.example%2F',
    });
    await user.click(await screen.findByRole('button', { name: 'Return' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/billing'));
  });

  it('a viewer sees nothing of billing and asks the API nothing', async () => {
    const server = portalApi('viewer');
    await renderWithApp(<PortalPage />, { path: '/billing/portal' });
    await screen.findByText('Billing is for owners and admins');
    expect(server.calls.filter((c) => c.path.startsWith('/billing/'))).toEqual([]);
  });
});
