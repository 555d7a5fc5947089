import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AuthResult } from '@leadcapture/contracts/auth';
import {
  customerSchema,
  downloadUrlSchema,
  invoiceSchema,
  paymentMethodSchema,
  paymentSchema,
  redirectUrlSchema,
  subscriptionSchema,
  usageRowSchema,
} from '@leadcapture/contracts/billing';
import { paginated } from '@leadcapture/contracts/envelope';
import { anyData, expectData, expectError } from '../../../test/envelope.ts';
import { billingHarnesses, type BillingHarness } from '../../../test/billing-harness.ts';
import { bearer, createTestApp, registerUser, setPlan, uniqueEmail, type TestApp } from '../../../test/helpers.ts';
import { inScope } from '../../db/tenant.ts';

/**
 * The billing provider contract (03-decisions §4, docs/billing.md "Provider boundary"): what the
 * API promises whichever provider runs. Each provider's harness (test/billing-harness.ts) does
 * what a person does outside the API; the local provider's own behaviour (numbering, proration,
 * PDF bytes) is in local-provider.test.ts.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(billingHarnesses)('billing provider contract: $name', (harness: BillingHarness) => {
  let t: TestApp;
  beforeAll(async () => {
    await harness.setup();
    t = await createTestApp({ env: harness.env() });
    await harness.attach(t);
  });
  afterAll(async () => {
    await t.close();
    await harness.teardown();
  });

  const call = (method: Method, url: string, user: AuthResult, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1/billing/${url}`,
      headers: { ...bearer(user.access), 'x-organization-id': user.organization?.id ?? '' },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const current = async (user: AuthResult) =>
    expectData(subscriptionSchema, await call('GET', 'subscriptions/current/', user));

  /** A new organisation on free, then through checkout onto `plan`. */
  async function checkedOut(plan: 'starter' | 'professional', label = 'Company Visa'): Promise<AuthResult> {
    const owner = await registerUser(t);
    await setPlan(t, owner.organization?.id ?? '', 'free');
    const { url } = expectData(redirectUrlSchema, await call('POST', 'checkout/', owner, { plan_id: plan }), 201);
    await harness.completeCheckout(t, owner, url, { paymentMethodLabel: label });
    return owner;
  }

  it('checkout puts the organisation on the plan at once and lifts its limits', async () => {
    const owner = await registerUser(t);
    const org = owner.organization?.id ?? '';
    await setPlan(t, org, 'free');
    // At free's 25 leads a month, the 26th is refused.
    await inScope(t.database.db, { organizationId: org }, (tx) =>
      tx.execute(sql`insert into leads (organization_id, first_name, last_name, email, source, status)
        select ${org}::uuid, 'Lead', 'No ' || g, 'lead' || g || '@example.com', 'import', 'new'
        from generate_series(1, 25) as g`),
    );
    const lead = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/leads/',
        headers: { ...bearer(owner.access), 'x-organization-id': org },
        payload: { first_name: 'Greta', last_name: 'Berg', email: uniqueEmail('lead') },
      });
    expectError(await lead(), 402, 'USAGE_LIMIT_REACHED');

    const { url } = expectData(redirectUrlSchema, await call('POST', 'checkout/', owner, { plan_id: 'starter' }), 201);
    expect(url.length).toBeGreaterThan(0);
    await harness.completeCheckout(t, owner, url, { paymentMethodLabel: 'Company Visa' });

    expect(await current(owner)).toMatchObject({ plan_id: 'starter', status: 'active', billing_cycle: 'monthly' });
    const usage = expectData(z.array(usageRowSchema), await call('GET', 'subscriptions/usage/', owner));
    expect(usage.find((row) => row.resource === 'leads')).toMatchObject({ current_usage: 25, limit: 100 });
    expectData(anyData, await lead(), 201);
  });

  it('lists the invoice of the checkout, paid, with a PDF address, and the payment it recorded', async () => {
    const owner = await checkedOut('starter');
    const invoices = expectData(paginated(invoiceSchema), await call('GET', 'invoices/', owner));
    expect(invoices.count).toBe(1);
    const [invoice] = invoices.results;
    expect(invoice).toMatchObject({ status: 'paid', plan_id: 'starter', total: 2900, amount_due: 0, currency: 'usd' });
    const { url } = expectData(downloadUrlSchema, await call('GET', `invoices/${invoice?.id}/download/`, owner));
    expect(new URL(url).protocol).toMatch(/^https?:$/);

    const paid = expectData(paginated(paymentSchema), await call('GET', 'payments/', owner));
    expect(paid.results).toHaveLength(1);
    expect(paid.results[0]).toMatchObject({
      status: 'succeeded',
      amount: 2900,
      invoice_id: invoice?.id,
      invoice_number: invoice?.number,
    });
    // Filters: by status and year.
    const year = new Date(invoice?.issued_at ?? '').getUTCFullYear();
    expect(expectData(paginated(invoiceSchema), await call('GET', `invoices/?status=open`, owner)).count).toBe(0);
    expect(expectData(paginated(invoiceSchema), await call('GET', `invoices/?year=${year}`, owner)).count).toBe(1);
    expect(expectData(paginated(invoiceSchema), await call('GET', `invoices/?year=${year - 1}`, owner)).count).toBe(0);
    expect(expectData(paginated(paymentSchema), await call('GET', `payments/?status=succeeded`, owner)).count).toBe(1);
  });

  it('keeps payment methods: the default first, set-default, and the default deleted only when last', async () => {
    const owner = await checkedOut('starter', 'Company Visa');
    const list = async () => expectData(z.array(paymentMethodSchema), await call('GET', 'payment-methods/', owner));
    const [first] = await list();
    expect(first).toMatchObject({ is_default: true });
    expect(first?.label).not.toBe('');

    await harness.addPaymentMethod(t, owner, 'Backup Mastercard');
    const two = await list();
    expect(two.map((m) => [m.id, m.is_default])).toEqual([
      [first?.id, true],
      [expect.any(String), false],
    ]);
    const backup = two[1]?.id ?? '';
    expectError(await call('DELETE', `payment-methods/${first?.id}/`, owner), 409, 'CONFLICT');

    expectData(paymentMethodSchema, await call('POST', `payment-methods/${backup}/set-default/`, owner));
    expect((await list()).map((m) => [m.id, m.is_default])).toEqual([
      [backup, true],
      [first?.id, false],
    ]);
    expectData(anyData, await call('DELETE', `payment-methods/${first?.id}/`, owner));
    expectData(anyData, await call('DELETE', `payment-methods/${backup}/`, owner));
    expect(await list()).toEqual([]);
  });

  it('upgrades at once, downgrades and cancels at the period end, and resumes, through the API', async () => {
    const owner = await checkedOut('starter');
    const sub = await current(owner);
    const up = expectData(
      subscriptionSchema,
      await call('PUT', `subscriptions/${sub.id}/`, owner, { plan_id: 'professional', billing_cycle: 'monthly' }),
    );
    expect(up).toMatchObject({ plan_id: 'professional', status: 'active', scheduled_plan_id: null });

    const down = expectData(
      subscriptionSchema,
      await call('PUT', `subscriptions/${sub.id}/`, owner, { plan_id: 'starter', cancel_at_period_end: true }),
    );
    expect(down).toMatchObject({ plan_id: 'professional', scheduled_plan_id: 'starter' });
    const resumed = expectData(
      subscriptionSchema,
      await call('PUT', `subscriptions/${sub.id}/`, owner, { cancel_at_period_end: false }),
    );
    expect(resumed).toMatchObject({ plan_id: 'professional', scheduled_plan_id: null, cancel_at_period_end: false });

    const cancelled = expectData(subscriptionSchema, await call('POST', `subscriptions/${sub.id}/cancel/`, owner));
    expect(cancelled).toMatchObject({ plan_id: 'professional', cancel_at_period_end: true });
    const again = expectData(
      subscriptionSchema,
      await call('PUT', `subscriptions/${sub.id}/`, owner, { cancel_at_period_end: false }),
    );
    expect(again).toMatchObject({ cancel_at_period_end: false });
  });

  it('refuses a checkout for a plan that is not an upgrade of the paid one', async () => {
    const owner = await checkedOut('professional');
    expectError(await call('POST', 'checkout/', owner, { plan_id: 'starter' }), 422, 'VALIDATION_ERROR');
    expect(await current(owner)).toMatchObject({ plan_id: 'professional' });
  });

  it('creates and updates the billing customer', async () => {
    const owner = await registerUser(t);
    expect(expectData(customerSchema.nullable(), await call('GET', 'customers/me/', owner))).toBeNull();
    const body = { name: 'Booth Co AB', email: 'billing@boothco.example', country: 'se', vat_id: 'SE556677889901' };
    const created = expectData(customerSchema, await call('POST', 'customers/me/', owner, body), 201);
    expect(created).toMatchObject({ name: 'Booth Co AB', country: 'SE', provider: harness.name, city: '' });
    expectError(await call('POST', 'customers/me/', owner, body), 409, 'CONFLICT');

    const updated = expectData(
      customerSchema,
      await call('PUT', `customers/${created.id}/`, owner, { ...body, name: 'Booth Co Nordic AB', city: 'Malmö' }),
    );
    expect(updated).toMatchObject({ id: created.id, name: 'Booth Co Nordic AB', city: 'Malmö' });
    expect(expectData(customerSchema, await call('GET', 'customers/me/', owner))).toMatchObject({
      name: 'Booth Co Nordic AB',
    });
  });

  it('answers the portal address and refuses a return address off the product', async () => {
    const owner = await registerUser(t);
    const { url } = expectData(redirectUrlSchema, await call('POST', 'portal/', owner, {}));
    expect(url.length).toBeGreaterThan(0);
    for (const bad of ['https://evil.example/settings', '//evil.example/x', 'javascript:alert(1)', '/\\evil.example']) {
      const res = await call('POST', 'portal/', owner, { return_url: bad });
      expect(expectError(res, 422, 'VALIDATION_ERROR').details).toHaveProperty(['return_url']);
    }
    expectData(redirectUrlSchema, await call('POST', 'portal/', owner, { return_url: `${t.config.publicUrl}/x` }));
  });
});
