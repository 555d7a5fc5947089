import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '@leadcapture/contracts/auth';
import { inScope, type TenantContext } from '../../db/tenant.ts';
import { AppError } from '../../http/errors.ts';
import { registerUser } from '../../../test/helpers.ts';
import { StripeDouble, startStripeApp } from '../../../test/stripe-double.ts';
import { billingCustomers, checkoutSessions, invoices, subscriptions } from './billing.table.ts';
import type { PlanChange, SubscriptionRow } from './provider.ts';
import { createStripeProvider, NO_PAYMENT_METHOD, STRIPE_UNAVAILABLE } from './stripe-provider.ts';

let s: Awaited<ReturnType<typeof startStripeApp>>;
beforeAll(async () => {
  s = await startStripeApp();
});
afterAll(() => s.close());

const DAY_MS = 24 * 60 * 60 * 1000;

async function organisation() {
  const owner: AuthResult = await registerUser(s.t);
  const org = owner.organization?.id ?? '';
  const asOwner = <T>(fn: (ctx: TenantContext) => Promise<T>) =>
    inScope(s.t.database.db, { organizationId: org, userId: owner.user.id }, (tx) =>
      fn({ organizationId: org, userId: owner.user.id, role: 'owner', tx }),
    );
  const subscription = async () =>
    (await asOwner(({ tx }) => tx.select().from(subscriptions).where(eq(subscriptions.organizationId, org))))[0];
  const customer = async () =>
    (
      await asOwner(({ tx }) => tx.select().from(billingCustomers).where(eq(billingCustomers.organizationId, org)))
    )[0] ?? null;
  const newSession = (ctx: TenantContext, planId: 'starter' | 'professional' = 'starter') =>
    ctx.tx
      .insert(checkoutSessions)
      .values({
        organizationId: org,
        createdBy: owner.user.id,
        planId,
        billingCycle: 'annual',
        successUrl: '/settings/billing?checkout=success',
        cancelUrl: 'http://localhost:3000/settings/billing?checkout=cancel',
        expiresAt: new Date(Date.now() + DAY_MS),
      })
      .returning()
      .then((rows) => rows[0] ?? (undefined as never));
  async function paid(planId: 'starter' | 'professional') {
    const known = await customer();
    const url = await asOwner(async (ctx) => s.provider.checkoutUrl(ctx, await newSession(ctx, planId), known));
    const id = url.split('/').at(-1) ?? '';
    s.double.completeCheckout(id);
    await s.double.settled();
    return (await subscription())?.providerSubscriptionId ?? '';
  }
  /** As the service changes a plan: row locked, provider asked, change written in one transaction. */
  const change = (kind: PlanChange, write: (row: SubscriptionRow) => Partial<SubscriptionRow> = () => ({})) =>
    asOwner(async (ctx) => {
      const [row] = await ctx.tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.organizationId, org))
        .for('update');
      if (!row) throw new Error('no subscription');
      const answer = await s.provider.changePlan(ctx, row, kind, new Date());
      await ctx.tx
        .update(subscriptions)
        .set({ ...write(row), updatedAt: new Date() })
        .where(eq(subscriptions.id, row.id));
      return answer;
    }).finally(() => s.double.settled());
  return { owner, org, asOwner, subscription, customer, newSession, paid, change };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const periodEndOf = (subId: string) => {
  const items = s.double.subscriptions.get(subId)?.items as { data: { current_period_end: number }[] };
  return new Date((items.data[0]?.current_period_end ?? 0) * 1000);
};

describe('checkoutUrl', () => {
  it("creates the Stripe customer and a Checkout Session; answers Stripe's URL", async () => {
    const o = await organisation();
    const { url, session } = await o.asOwner(async (ctx) => {
      const row = await o.newSession(ctx);
      return { url: await s.provider.checkoutUrl(ctx, row, null), session: row };
    });
    expect(url).toMatch(new RegExp(`^${s.double.url}/c/pay/cs_test_`));
    const customer = await o.customer();
    expect(customer).toMatchObject({ provider: 'stripe', email: o.owner.user.email });
    expect(customer?.providerCustomerId).toMatch(/^cus_/);
    const [created] = s.double.calls('POST', '/v1/checkout/sessions').slice(-1);
    expect(created?.params).toMatchObject({
      mode: 'subscription',
      customer: customer?.providerCustomerId,
      client_reference_id: o.org,
      metadata: {
        organization_id: o.org,
        checkout_session_id: session.id,
        plan_id: 'starter',
        billing_cycle: 'annual',
      },
      success_url: 'http://localhost:3000/settings/billing?checkout=success',
      cancel_url: 'http://localhost:3000/settings/billing?checkout=cancel',
    });
    const price = s.double.priceByKey('leadcapture_starter_annual');
    expect(created?.params.line_items).toEqual([{ price: price.id, quantity: '1' }]);
    expect(created?.idempotencyKey).toMatch(/^leadcapture-checkout-/);
    const [stored] = await o.asOwner(({ tx }) =>
      tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id)),
    );
    expect(stored?.providerSessionId).toBe(url.split('/').at(-1));
  });

  it('with Stripe down: 503 with a clear message after its retries, and nothing written', async () => {
    const o = await organisation();
    const before = s.double.requests.length;
    s.double.unavailable = true;
    let sessionId = '';
    try {
      const error = await failure(
        o.asOwner(async (ctx) => {
          const row = await o.newSession(ctx);
          sessionId = row.id;
          return s.provider.checkoutUrl(ctx, row, null);
        }),
      );
      expect(error.code).toBe('SERVICE_UNAVAILABLE');
      expect(error.message).toBe(STRIPE_UNAVAILABLE);
    } finally {
      s.double.unavailable = false;
    }
    // The first call and its two retries.
    expect(s.double.requests.length - before).toBe(3);
    expect(await o.customer()).toBeNull();
    const rows = await o.asOwner(({ tx }) =>
      tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)),
    );
    expect(rows).toEqual([]);
  }, 20_000);

  it('a wrong secret key: Stripe answers 401, the product a 503 that names no key', async () => {
    const o = await organisation();
    const billing = s.t.config.billing;
    if (billing.provider !== 'stripe') throw new Error('not stripe');
    const wrong = createStripeProvider(
      { ...billing, secretKey: 'sk_test_wrongkey000000' },
      { publicUrl: s.t.config.publicUrl },
    );
    const error = await failure(o.asOwner(async (ctx) => wrong.checkoutUrl(ctx, await o.newSession(ctx), null)));
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.message).not.toMatch(/sk_test|wrongkey/);
  });

  it('reaches the double only through STRIPE_API_BASE (host, port, protocol)', async () => {
    const other = await StripeDouble.start({ secretKey: s.double.secretKey });
    try {
      const provider = createStripeProvider(
        { secretKey: other.secretKey, webhookSecret: other.webhookSecret, apiBase: other.url },
        { publicUrl: 'http://localhost:3000' },
      );
      await provider.prices.priceId('professional', 'monthly');
      expect(other.calls('GET', '/v1/prices')).toHaveLength(1);
      // Cached per process: a second plan asks no more.
      await provider.prices.priceId('starter', 'annual');
      expect(other.calls('GET', '/v1/prices')).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});

describe('portalUrl', () => {
  it('makes the Stripe customer first when there is none; then a portal session returning to the product', async () => {
    const o = await organisation();
    const before = await o.customer();
    const first = await o.asOwner((ctx) => s.provider.portalUrl(ctx, '/settings/billing', before));
    expect(first).toMatch(new RegExp(`^${s.double.url}/p/session/bps_`));
    expect((await o.customer())?.providerCustomerId).toMatch(/^cus_/);
    await o.paid('starter');
    const customer = await o.customer();
    const url = await o.asOwner((ctx) => s.provider.portalUrl(ctx, '/settings/billing', customer));
    expect(url).toMatch(new RegExp(`^${s.double.url}/p/session/bps_`));
    expect(s.double.calls('POST', '/v1/billing_portal/sessions').at(-1)?.params).toEqual({
      customer: customer?.providerCustomerId,
      return_url: 'http://localhost:3000/settings/billing',
    });
  });
});

describe('changePlan', () => {
  it('start: 409 without a payment method on file; with one, a subscription on Stripe', async () => {
    const o = await organisation();
    const error = await failure(o.change({ kind: 'start', planId: 'starter', cycle: 'monthly' }));
    expect(error).toMatchObject({ code: 'CONFLICT', message: NO_PAYMENT_METHOD });

    const first = await o.paid('starter');
    // Ended at once, then started again from free with the card on file.
    await o.change({ kind: 'end_now' }, () => ({ planId: 'free', providerSubscriptionId: null }));
    expect(s.double.calls('DELETE', `/v1/subscriptions/${first}`)).toHaveLength(1);
    const answer = await o.change({ kind: 'start', planId: 'professional', cycle: 'annual' });
    expect(answer.providerSubscriptionId).toMatch(/^sub_/);
    expect(answer.currentPeriodEnd).toEqual(periodEndOf(answer.providerSubscriptionId ?? ''));
    const created = s.double.calls('POST', '/v1/subscriptions').at(-1);
    expect(created?.params).toMatchObject({
      customer: (await o.customer())?.providerCustomerId,
      items: [{ price: s.double.priceByKey('leadcapture_professional_annual').id, quantity: '1' }],
      payment_behavior: 'error_if_incomplete',
      metadata: { organization_id: o.org },
    });
    expect(created?.idempotencyKey).toMatch(/^leadcapture-subscription-/);
  });

  it("start with a card the bank declines: 409 with Stripe's message", async () => {
    const o = await organisation();
    await o.paid('starter');
    const customer = await o.customer();
    await o.change({ kind: 'end_now' }, () => ({ planId: 'free', providerSubscriptionId: null }));
    s.double.attachDecliningCard(customer?.providerCustomerId ?? '');
    const error = await failure(o.change({ kind: 'start', planId: 'starter', cycle: 'monthly' }));
    expect(error).toMatchObject({ code: 'CONFLICT', message: 'Your card was declined.' });
  });

  it('upgrade, downgrade, cancel, resume: the right calls, answering Stripe’s period end', async () => {
    const o = await organisation();
    const subId = await o.paid('starter');
    const path = `/v1/subscriptions/${subId}`;
    const itemId = (s.double.subscriptions.get(subId)?.items as { data: { id: string }[] }).data[0]?.id;

    const up = await o.change({ kind: 'upgrade', planId: 'professional', cycle: 'monthly' });
    expect(s.double.calls('POST', path).at(-1)?.params).toMatchObject({
      items: [{ id: itemId, price: s.double.priceByKey('leadcapture_professional_monthly').id }],
      proration_behavior: 'always_invoice',
      cancel_at_period_end: 'false',
    });
    expect(up).toEqual({ providerSubscriptionId: subId, currentPeriodEnd: periodEndOf(subId) });

    const down = await o.change({ kind: 'downgrade', planId: 'starter' }, () => ({ scheduledPlanId: 'starter' }));
    expect(s.double.calls('POST', path).at(-1)?.params).toMatchObject({
      items: [{ id: itemId, price: s.double.priceByKey('leadcapture_starter_monthly').id }],
      proration_behavior: 'none',
    });
    expect(down.currentPeriodEnd).toEqual(periodEndOf(subId));

    // Resume puts the current plan's price back and drops the waiting downgrade.
    await o.change({ kind: 'resume' }, () => ({ scheduledPlanId: null, cancelAtPeriodEnd: false }));
    expect(s.double.calls('POST', path).at(-1)?.params).toMatchObject({
      items: [{ id: itemId, price: s.double.priceByKey('leadcapture_professional_monthly').id }],
      cancel_at_period_end: 'false',
      proration_behavior: 'none',
    });

    const cancel = await o.change({ kind: 'cancel_at_period_end' }, () => ({ cancelAtPeriodEnd: true }));
    expect(s.double.calls('POST', path).at(-1)?.params).toEqual({ cancel_at_period_end: 'true' });
    expect(cancel).toEqual({ providerSubscriptionId: subId, currentPeriodEnd: periodEndOf(subId) });
    expect(await o.subscription()).toMatchObject({ planId: 'professional', cancelAtPeriodEnd: true });

    const ended = await o.change({ kind: 'end_now' }, () => ({ planId: 'free', providerSubscriptionId: null }));
    expect(ended).toEqual({ providerSubscriptionId: null });
    expect(s.double.subscriptions.get(subId)?.status).toBe('canceled');
  });

  it('a trial has no Stripe subscription: cancelling it asks Stripe nothing', async () => {
    const o = await organisation();
    const before = s.double.requests.length;
    expect(await o.change({ kind: 'cancel_at_period_end' })).toEqual({});
    expect(s.double.requests.length).toBe(before);
    const row = await o.subscription();
    expect(row && s.provider.renewsLocally(row)).toBe(true);
  });
});

describe('customer, payment methods, invoice PDFs', () => {
  it('customerSaved creates the Stripe customer (a simple EU VAT id as a tax id), then updates it', async () => {
    const o = await organisation();
    const saved = await o.asOwner(async (ctx) => {
      const [row] = await ctx.tx
        .insert(billingCustomers)
        .values({
          organizationId: o.org,
          name: 'Booth AB',
          email: 'billing@booth.example',
          country: 'SE',
          city: 'Malmö',
          vatId: 'SE556677889901',
          provider: 'stripe',
        })
        .returning();
      if (!row) throw new Error('no row');
      const answer = await s.provider.customerSaved(ctx, row);
      await ctx.tx
        .update(billingCustomers)
        .set({ providerCustomerId: answer.providerCustomerId })
        .where(eq(billingCustomers.id, row.id));
      return answer;
    });
    expect(saved.providerCustomerId).toMatch(/^cus_/);
    expect(s.double.calls('POST', '/v1/customers').at(-1)?.params).toMatchObject({
      name: 'Booth AB',
      address: { country: 'SE', city: 'Malmö' },
      tax_id_data: [{ type: 'eu_vat', value: 'SE556677889901' }],
      metadata: { organization_id: o.org, vat_id: 'SE556677889901' },
    });
    const row = await o.customer();
    if (!row) throw new Error('no customer');
    await o.asOwner((ctx) => s.provider.customerSaved(ctx, { ...row, name: 'Booth Sverige AB' }));
    expect(s.double.calls('POST', `/v1/customers/${saved.providerCustomerId}`).at(-1)?.params).toMatchObject({
      name: 'Booth Sverige AB',
    });
  });

  it('setDefaultPaymentMethod moves the default on Stripe; invoicePdfUrl answers Stripe’s PDF', async () => {
    const o = await organisation();
    const subId = await o.paid('starter');
    const customer = await o.customer();
    const pm = s.double.attachDecliningCard(customer?.providerCustomerId ?? '');
    await o.asOwner((ctx) =>
      s.provider.setDefaultPaymentMethod(
        ctx,
        {
          id: '00000000-0000-4000-8000-000000000000',
          organizationId: o.org,
          type: 'card',
          label: 'Visa ending 0002',
          brand: 'visa',
          last4: '0002',
          expMonth: 12,
          expYear: 2030,
          isDefault: false,
          providerPaymentMethodId: pm.id,
          createdAt: new Date(),
          updatedAt: new Date(),
        },
        customer,
      ),
    );
    expect(s.double.calls('POST', `/v1/customers/${customer?.providerCustomerId}`).at(-1)?.params).toEqual({
      invoice_settings: { default_payment_method: pm.id },
    });
    expect(s.double.calls('POST', `/v1/subscriptions/${subId}`).at(-1)?.params).toEqual({
      default_payment_method: pm.id,
    });

    const [invoice] = await o.asOwner(({ tx }) => tx.select().from(invoices).where(eq(invoices.organizationId, o.org)));
    if (!invoice) throw new Error('no invoice');
    // Without a stored address it is asked of Stripe, stored, and answers a PDF.
    const url = await o.asOwner((ctx) => s.provider.invoicePdfUrl(ctx, { ...invoice, providerPdfUrl: null }));
    expect(url).toBe(invoice.providerPdfUrl);
    expect(s.double.calls('GET', `/v1/invoices/${invoice.providerInvoiceId}`)).toHaveLength(1);
    const pdf = await fetch(url);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await pdf.text()).startsWith('%PDF-')).toBe(true);
  });
});
