import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { AuthResult } from '@leadcapture/contracts/auth';
import type { BillingProviderName } from '@leadcapture/contracts/billing';
import { inScope } from '../src/db/tenant.ts';
import { billingCustomers } from '../src/modules/billing/billing.table.ts';
import { bearer, type TestApp } from './helpers.ts';
import { StripeDouble } from './stripe-double.ts';

/**
 * What the billing provider contract suite (billing-provider.contract.test.ts) needs of a
 * provider: its configuration and the steps a person takes outside the API (paying on the
 * provider's checkout page, adding a card). One harness per provider; the suite runs each.
 */
export interface BillingHarness {
  name: BillingProviderName;
  /** Environment for createTestApp (BILLING_PROVIDER and the provider's keys). */
  env(): Record<string, string>;
  /** Starts what the provider needs in the test (a local double of its API); before createTestApp. */
  setup(): Promise<void>;
  /** After createTestApp: connects what the provider calls back (Stripe's webhooks). */
  attach(t: TestApp): Promise<void>;
  teardown(): Promise<void>;
  /**
   * Pays for the checkout `url` (the answer of POST checkout/) as the owner would on the
   * provider's page, with a new payment method called `paymentMethodLabel`, and waits until
   * the product knows (local: at once; Stripe: its webhook applied).
   */
  completeCheckout(t: TestApp, auth: AuthResult, url: string, opts: { paymentMethodLabel: string }): Promise<void>;
  /** Adds a payment method the way this provider takes one (local: POST payment-methods/). */
  addPaymentMethod(t: TestApp, auth: AuthResult, label: string): Promise<void>;
}

function headers(auth: AuthResult) {
  return { ...bearer(auth.access), 'x-organization-id': auth.organization?.id ?? '' };
}

function expectOk(res: { statusCode: number; body: string }, what: string): void {
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
}

/** The customer the harnesses fill in on a checkout page. */
export const CHECKOUT_CUSTOMER = {
  name: 'Booth Co AB',
  email: 'billing@boothco.example',
  address_line1: 'Storgatan 1',
  city: 'Stockholm',
  postal_code: '111 22',
  country: 'SE',
} as const;

/** The `local` provider: the product's own checkout page completes the session through the API. */
export const localHarness: BillingHarness = {
  name: 'local',
  env: () => ({ BILLING_PROVIDER: 'local' }),
  async setup() {},
  async attach() {},
  async teardown() {},
  async completeCheckout(t, auth, url, { paymentMethodLabel }) {
    const id = /^\/billing\/checkout\/([0-9a-f-]{36})$/.exec(url)?.[1];
    if (!id) throw new Error(`not a local checkout page: ${url}`);
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/billing/checkout/${id}/`, headers: headers(auth) });
    expectOk(page, 'checkout page');
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/v1/billing/checkout/${id}/complete/`,
      headers: headers(auth),
      payload: { customer: CHECKOUT_CUSTOMER, payment_method: { type: 'card', label: paymentMethodLabel } },
    });
    expectOk(done, 'complete checkout');
  },
  async addPaymentMethod(t, auth, label) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/payment-methods/',
      headers: headers(auth),
      payload: { type: 'card', label },
    });
    expectOk(res, 'add payment method');
  },
};

/** The organisation's Stripe customer id, once checkout or the portal made it. */
async function stripeCustomerOf(t: TestApp, auth: AuthResult): Promise<string> {
  const organizationId = auth.organization?.id ?? '';
  const [row] = await inScope(t.database.db, { organizationId }, (tx) =>
    tx
      .select({ id: billingCustomers.providerCustomerId })
      .from(billingCustomers)
      .where(eq(billingCustomers.organizationId, organizationId)),
  );
  if (!row?.id) throw new Error('the organisation has no Stripe customer yet');
  return row.id;
}

/**
 * The `stripe` provider against the local Stripe double (test/stripe-double.ts): Checkout and the
 * portal are the double's pages, paid by its drivers, and its webhooks reach the app's own route
 * over HTTP. Stripe names a card by its brand and last four, not by a label the owner types.
 */
function stripeHarness(): BillingHarness {
  let double: StripeDouble | undefined;
  const the = () => {
    if (!double) throw new Error('the Stripe double is not started');
    return double;
  };
  return {
    name: 'stripe',
    env: () => the().env(),
    async setup() {
      double = await StripeDouble.start();
    },
    async attach(t) {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      the().deliverTo(`http://127.0.0.1:${port}/api/v1/billing/webhooks/stripe/`);
    },
    async teardown() {
      await double?.close();
    },
    async completeCheckout(_t, _auth, url) {
      const id = /\/c\/pay\/(cs_test\w+)$/.exec(url)?.[1];
      if (!id) throw new Error(`not a Stripe checkout page: ${url}`);
      the().completeCheckout(id);
      await the().settled();
    },
    async addPaymentMethod(t, auth) {
      the().addCard(await stripeCustomerOf(t, auth));
      await the().settled();
    },
  };
}

/** Every provider the contract suite runs against. */
export const billingHarnesses: readonly BillingHarness[] = [localHarness, stripeHarness()];
