import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { clearToasts } from '../../../lib/toast.ts';
import { fakeServer, ok, type Handler } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { BillingPage } from '../pages/billing-page.tsx';
import {
  cardId,
  customer,
  customerId,
  invoice,
  invoiceId,
  meAs,
  pageOf,
  paid,
  payment,
  paymentMethod,
  plans,
  sepaId,
  stats,
} from '../test/fixtures.ts';

const page = (
  <>
    <BillingPage />
    <Toaster />
  </>
);

afterEach(() => {
  clearToasts();
  vi.restoreAllMocks();
});

/** The billing page's API with every section answering; `routes` replaces or adds answers. */
function billingApi(role: 'owner' | 'admin', routes: Record<string, Handler> = {}) {
  return fakeServer({
    'GET /auth/me/': () => ok(meAs(role)),
    'GET /billing/plans/': () => ok(plans),
    'GET /billing/subscriptions/current/': () => ok(paid('starter')),
    'GET /billing/stats/': () => ok(stats()),
    'GET /billing/customers/me/': () => ok(customer()),
    'GET /billing/payment-methods/': () =>
      ok([
        paymentMethod(),
        paymentMethod({
          id: sepaId,
          type: 'sepa_debit',
          label: 'Company account',
          is_default: false,
          brand: 'Visa',
          last4: '4242',
          exp_month: 4,
          exp_year: 2028,
        }),
      ]),
    'GET /billing/invoices/': () =>
      ok(
        pageOf([
          invoice(),
          invoice({ id: '00000000-0000-4000-8000-0000000000e2', number: 'INV-0002', status: 'open' }),
        ]),
      ),
    'GET /billing/payments/': () => ok(pageOf([payment()])),
    ...routes,
  });
}

/** The query strings the page asked `path` with, in order. */
function queries(path: string): URLSearchParams[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(
      ([input]) =>
        new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost'),
    )
    .filter((url) => url.pathname === `/api/v1${path}`)
    .map((url) => url.searchParams);
}

/**
 * The open dialog named `name`, once Radix lets the pointer into it: it turns the page's pointer
 * events off first and the dialog's back on a render later, and a click in between is refused.
 */
async function openDialog(name: string) {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(dialog.style.pointerEvents).toBe('auto'));
  return dialog;
}

const section = async (name: string) => {
  const heading = await screen.findByRole('heading', { level: 2, name });
  const box = heading.closest('section, [aria-labelledby]');
  if (!(box instanceof HTMLElement)) throw new Error(`no section ${name}`);
  return within(box);
};

describe('the billing page below the plans', () => {
  it('shows billing details, payment methods, invoices and payments from the API', async () => {
    billingApi('owner');
    await renderWithApp(page, { path: '/settings/billing' });

    const details = await section('Billing details');
    await details.findByText('billing@booth.example');
    expect(details.getByText('Storgatan 1')).toBeDefined();
    expect(details.getByText('111 22 Stockholm')).toBeDefined();
    expect(details.getByText('Sweden')).toBeDefined();
    expect(details.getByText('SE556677889901')).toBeDefined();

    const methods = await section('Payment methods');
    const visa = (await methods.findByText('Company Visa')).closest('li');
    expect(visa?.textContent).toContain('Default');
    const account = methods.getByText('Company account').closest('li');
    expect(account?.textContent).toContain('SEPA Direct Debit · Visa ending in 4242 · Expires 04/2028');
    expect(account?.textContent).not.toContain('Default');

    const invoices = await section('Invoices');
    const table = await invoices.findByRole('table', { name: 'Invoices' });
    const first = within(table).getByText('INV-0001').closest('tr');
    expect(first?.textContent).toContain('Nov 15, 2026');
    expect(first?.textContent).toContain('Nov 15, 2026 – Dec 15, 2026');
    expect(first?.textContent).toContain('$29.00');
    expect(first?.textContent).toContain('Paid');
    expect(within(table).getByText('INV-0002').closest('tr')?.textContent).toContain('Open');

    const payments = await section('Payments');
    const row = within(await payments.findByRole('table', { name: 'Payments' }))
      .getByText('Succeeded')
      .closest('tr');
    expect(row?.textContent).toContain('$29.00');
    expect(row?.textContent).toContain('Company Visa');
    expect(row?.textContent).toContain('INV-0001');
  });

  it('writes amounts the Swedish way on /sv', async () => {
    billingApi('owner');
    await renderWithApp(page, { path: '/sv/settings/billing', language: 'sv' });
    const invoices = await section('Fakturor');
    const table = await invoices.findByRole('table', { name: 'Fakturor' });
    expect(within(table).getByText('INV-0001').closest('tr')?.textContent).toMatch(/29,00\sUS\$/);
    expect(within(table).getAllByText('Betald')).toHaveLength(1);
  });

  it('filters invoices by year and status through the address, back to page 1', { timeout: 20_000 }, async () => {
    billingApi('owner');
    const user = userEvent.setup({ delay: null });
    const { router } = await renderWithApp(page, {
      path: '/settings/billing',
      url: '/settings/billing?invoice_page=2',
    });
    const invoices = await section('Invoices');
    await within(await invoices.findByRole('table', { name: 'Invoices' })).findByText('INV-0001');
    expect(queries('/billing/invoices/')[0]?.get('page')).toBe('2');

    const year = String(new Date().getFullYear() - 1);
    await user.selectOptions(invoices.getByRole('combobox', { name: 'Year' }), year);
    await user.selectOptions(invoices.getByRole('combobox', { name: 'Invoice status' }), 'open');
    await waitFor(() => {
      const last = queries('/billing/invoices/').at(-1);
      expect(last?.get('year')).toBe(year);
      expect(last?.get('status')).toBe('open');
      expect(last?.get('page')).toBe('1');
    });
    expect(router.state.location.search).toBe(`?invoice_year=${year}&invoice_status=open`);
  });

  it('says when no invoice matches the filters, and when there are none yet', async () => {
    billingApi('owner', {
      'GET /billing/invoices/': () => ok(pageOf([])),
      'GET /billing/payments/': () => ok(pageOf([])),
    });
    await renderWithApp(page, { path: '/settings/billing', url: '/settings/billing?invoice_status=void' });
    await screen.findByText('No invoices match');
    expect(await screen.findByText('No payments yet')).toBeDefined();
  });

  it('downloads an invoice through the address its download answers', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const server = billingApi('owner', {
      [`GET /billing/invoices/${invoiceId}/download/`]: () => ok({ url: '/api/v1/billing/invoices/pdf/abc/' }),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path: '/settings/billing' });
    const table = await screen.findByRole('table', { name: 'Invoices' });
    await user.click(within(table).getByRole('button', { name: 'Download invoice INV-0001' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/api/v1/billing/invoices/pdf/abc/');
    expect(link.hasAttribute('download')).toBe(true);
    expect(server.calls.filter((c) => c.path.endsWith('/download/'))).toHaveLength(1);
  });

  it('sets a default and deletes a payment method after confirming', { timeout: 20_000 }, async () => {
    const server = billingApi('owner', {
      [`POST /billing/payment-methods/${sepaId}/set-default/`]: () => ok({ id: sepaId, is_default: true }),
      [`DELETE /billing/payment-methods/${cardId}/`]: () => ok({ detail: 'Deleted' }),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path: '/settings/billing' });
    const methods = await section('Payment methods');
    await methods.findByText('Company account');
    const listed = server.calls.filter((c) => c.path === '/billing/payment-methods/').length;

    await user.click(methods.getByRole('button', { name: 'Make Company account the default' }));
    await screen.findByText('Company account is now the default payment method');
    expect(server.bodies(`POST /billing/payment-methods/${sepaId}/set-default/`)).toHaveLength(1);
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === '/billing/payment-methods/').length).toBe(listed + 1),
    );

    await user.click(methods.getByRole('button', { name: 'Delete Company Visa' }));
    const dialog = await openDialog('Delete Company Visa?');
    expect(dialog.textContent).toMatch(/This is your default payment method/);
    expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Company Visa deleted');
    expect(server.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `/billing/payment-methods/${cardId}/`,
    ]);
  });

  it('adds a payment method by type and name (local provider), refusing a card number', async () => {
    const server = billingApi('owner', {
      'POST /billing/payment-methods/': () => ok(paymentMethod({ id: sepaId, label: 'Bank', is_default: false }), 201),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path: '/settings/billing' });
    const methods = await section('Payment methods');
    await user.click(await methods.findByRole('button', { name: 'Add payment method' }));
    const dialog = within(await openDialog('Add a payment method'));
    expect(dialog.getByText(/Card numbers are never entered here/)).toBeDefined();

    await user.type(dialog.getByRole('textbox', { name: /Method name/ }), '4242 4242 4242 4242');
    await user.click(dialog.getByRole('button', { name: 'Add' }));
    await dialog.findByText(/Never enter a card number/);
    expect(server.bodies('POST /billing/payment-methods/')).toHaveLength(0);

    await user.clear(dialog.getByRole('textbox', { name: /Method name/ }));
    await user.type(dialog.getByRole('textbox', { name: /Method name/ }), 'Bank');
    await user.selectOptions(dialog.getByRole('combobox', { name: /Type/ }), 'bank_transfer');
    await user.click(dialog.getByRole('button', { name: 'Add' }));
    await screen.findByText('Bank added');
    expect(server.bodies('POST /billing/payment-methods/')).toEqual([{ type: 'bank_transfer', label: 'Bank' }]);
  });

  it('with Stripe offers the billing portal instead of adding a method, and opens it', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const server = billingApi('owner', {
      'GET /billing/stats/': () => ok(stats({ provider: 'stripe' })),
      'POST /billing/portal/': () => ok({ url: 'https://billing.stripe.com/p/session/test_123' }),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path: '/settings/billing' });
    const methods = await section('Payment methods');
    await user.click(await methods.findByRole('button', { name: 'Manage in billing portal' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_123'));
    expect(methods.queryByRole('button', { name: 'Add payment method' })).toBeNull();
    expect(server.bodies('POST /billing/portal/')).toEqual([{ return_url: '/settings/billing' }]);
  });

  it('opens the local billing portal from the header in the app', async () => {
    const server = billingApi('owner', {
      'POST /billing/portal/': () => ok({ url: '/billing/portal?return_url=%2Fsv%2Fsettings%2Fbilling' }),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = await renderWithApp(page, { path: '/sv/settings/billing', language: 'sv' });
    await user.click(await screen.findByRole('button', { name: 'Faktureringsportal' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sv/billing/portal'));
    expect(router.state.location.search).toBe('?return_url=%2Fsv%2Fsettings%2Fbilling');
    expect(server.bodies('POST /billing/portal/')).toEqual([{ return_url: '/sv/settings/billing' }]);
  });

  it('saves billing details with contract validation and field errors from the server', async () => {
    const server = billingApi('owner', {
      'GET /billing/customers/me/': () => ok(null),
      'POST /billing/customers/me/': () =>
        new Response(
          JSON.stringify({
            status: 'error',
            status_code: 422,
            error: {
              message: 'Validation failed',
              code: 'VALIDATION_ERROR',
              details: { vat_id: ['Invalid VAT number'] },
            },
            meta: { timestamp: '2026-01-01T00:00:00.000Z' },
          }),
          { status: 422, headers: { 'content-type': 'application/json' } },
        ),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path: '/settings/billing' });
    const details = await section('Billing details');
    await user.click(await details.findByRole('button', { name: 'Add billing details' }));
    const form = within(await screen.findByRole('form', { name: 'Billing details' }));

    await user.type(form.getByRole('textbox', { name: /Billing email/ }), 'not-an-email');
    await user.click(form.getByRole('button', { name: 'Save details' }));
    await form.findByText('Enter a valid email address');
    expect(form.getByText('This field is required')).toBeDefined();
    expect(form.getByText('Enter a two-letter country code such as SE')).toBeDefined();
    expect(server.bodies('POST /billing/customers/me/')).toHaveLength(0);

    await user.type(form.getByRole('textbox', { name: /^Name/ }), 'Booth AB');
    await user.clear(form.getByRole('textbox', { name: /Billing email/ }));
    await user.type(form.getByRole('textbox', { name: /Billing email/ }), 'billing@booth.example');
    await user.selectOptions(form.getByRole('combobox', { name: /Country/ }), 'SE');
    await user.type(form.getByRole('textbox', { name: /VAT number/ }), 'nope');
    await user.click(form.getByRole('button', { name: 'Save details' }));
    await form.findByText('Invalid VAT number');
    expect(server.bodies('POST /billing/customers/me/')).toEqual([
      expect.objectContaining({ name: 'Booth AB', email: 'billing@booth.example', country: 'SE', vat_id: 'nope' }),
    ]);
  });

  it('edits saved billing details with PUT', async () => {
    const server = billingApi('owner', {
      [`PUT /billing/customers/${customerId}/`]: (body) => ok(customer(body as object)),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path: '/settings/billing' });
    const details = await section('Billing details');
    await user.click(await details.findByRole('button', { name: 'Edit' }));
    const form = within(await screen.findByRole('form', { name: 'Billing details' }));
    expect(form.getByRole<HTMLInputElement>('textbox', { name: /^Name/ }).value).toBe('Booth AB');
    await user.clear(form.getByRole('textbox', { name: /City/ }));
    await user.type(form.getByRole('textbox', { name: /City/ }), 'Göteborg');
    await user.click(form.getByRole('button', { name: 'Save details' }));
    await screen.findByText('Billing details saved');
    expect(server.bodies(`PUT /billing/customers/${customerId}/`)).toEqual([
      expect.objectContaining({ city: 'Göteborg', country: 'SE' }),
    ]);
    expect(await details.findByText('111 22 Göteborg')).toBeDefined();
  });

  it('shows an admin every section read-only, with no change button', { timeout: 20_000 }, async () => {
    const server = billingApi('admin');
    await renderWithApp(page, { path: '/settings/billing' });
    const methods = await section('Payment methods');
    await methods.findByText('Company account');
    await within(await screen.findByRole('table', { name: 'Invoices' })).findByText('INV-0001');
    await screen.findByText('billing@booth.example');
    for (const name of [
      'Add payment method',
      'Manage in billing portal',
      /Make .* the default/,
      /^Delete/,
      'Edit',
      'Billing portal',
    ]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    // Reading invoices is not a change: an admin may download them.
    expect(screen.getAllByRole('button', { name: 'Download invoice INV-0001' }).length).toBeGreaterThan(0);
    expect(server.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
