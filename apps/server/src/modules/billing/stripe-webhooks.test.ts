import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '@leadcapture/contracts/auth';
import type { TenantContext } from '../../db/tenant.ts';
import { inScope } from '../../db/tenant.ts';
import { mailsTo, registerUser } from '../../../test/helpers.ts';
import { startStripeApp } from '../../../test/stripe-double.ts';
import { auditLogs } from '../audit/audit.table.ts';
import {
  billingCustomers,
  billingWebhookEvents,
  checkoutSessions,
  invoices,
  paymentMethods,
  payments,
  subscriptions,
} from './billing.table.ts';
import type { PlanChange, SubscriptionRow } from './provider.ts';

let s: Awaited<ReturnType<typeof startStripeApp>>;
beforeAll(async () => {
  s = await startStripeApp();
});
afterAll(() => s.close());

const DAY = 24 * 60 * 60;

/** An owner with an organisation (trialing), and helpers acting in its scope. */
async function organisation() {
  const owner: AuthResult = await registerUser(s.t);
  const org = owner.organization?.id ?? '';
  const db = s.t.database.db;
  const asOwner = <T>(fn: (ctx: TenantContext) => Promise<T>) =>
    inScope(db, { organizationId: org, userId: owner.user.id }, (tx) =>
      fn({ organizationId: org, userId: owner.user.id, role: 'owner', tx }),
    );
  const read = <T>(fn: (ctx: TenantContext) => Promise<T>) => asOwner(fn);
  const subscription = () =>
    read(async ({ tx }) => (await tx.select().from(subscriptions).where(eq(subscriptions.organizationId, org)))[0]);
  const rows = () =>
    read(async ({ tx }) => ({
      invoices: await tx.select().from(invoices).where(eq(invoices.organizationId, org)),
      payments: await tx.select().from(payments).where(eq(payments.organizationId, org)),
      methods: await tx.select().from(paymentMethods).where(eq(paymentMethods.organizationId, org)),
      audit: await tx.select().from(auditLogs).where(eq(auditLogs.organizationId, org)),
    }));

  /** POST checkout/ as the service will: a checkout row, then the provider's URL. */
  async function checkout(planId: 'starter' | 'professional' = 'professional') {
    return asOwner(async (ctx) => {
      const [session] = await ctx.tx
        .insert(checkoutSessions)
        .values({
          organizationId: org,
          createdBy: owner.user.id,
          planId,
          billingCycle: 'monthly',
          successUrl: '/settings/billing?checkout=success',
          cancelUrl: '/settings/billing?checkout=cancel',
          expiresAt: new Date(Date.now() + DAY * 1000),
        })
        .returning();
      if (!session) throw new Error('no checkout row');
      const url = await s.provider.checkoutUrl(ctx, session, null);
      return { session, url };
    });
  }

  /** Checkout, paid with a good card, every event applied. */
  async function paid(planId: 'starter' | 'professional' = 'professional') {
    const { session } = await checkout(planId);
    const [stored] = await read(({ tx }) =>
      tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id)),
    );
    const { subscription: sub } = s.double.completeCheckout(stored?.providerSessionId ?? '');
    await s.double.settled();
    return sub?.id ?? '';
  }

  /** A plan change as the service makes it: the row locked, the provider asked, the change written. */
  async function change(kind: PlanChange, write: (row: SubscriptionRow) => Partial<SubscriptionRow>) {
    const result = await asOwner(async (ctx) => {
      const [row] = await ctx.tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.organizationId, org))
        .for('update');
      if (!row) throw new Error('no subscription');
      const answer = await s.provider.changePlan(ctx, row, kind, new Date());
      await ctx.tx
        .update(subscriptions)
        .set({
          ...write(row),
          ...(answer.providerSubscriptionId !== undefined
            ? { providerSubscriptionId: answer.providerSubscriptionId }
            : {}),
          ...(answer.currentPeriodEnd ? { currentPeriodEnd: answer.currentPeriodEnd } : {}),
        })
        .where(eq(subscriptions.id, row.id));
      return answer;
    });
    await s.double.settled();
    return result;
  }

  return { owner, org, asOwner, subscription, rows, checkout, paid, change };
}

const outcome = (body: string) => (JSON.parse(body) as { data: { outcome: string } }).data.outcome;

function post(payload: string, headers: Record<string, string>) {
  return fetch(s.webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: payload,
  });
}

async function recorded(id: string) {
  return s.t.database.db.select().from(billingWebhookEvents).where(eq(billingWebhookEvents.id, id));
}

describe('Stripe checkout, completed through the webhook', () => {
  it('puts the organisation on the plan with its invoice, payment and default card', async () => {
    const o = await organisation();
    const subId = await o.paid('professional');
    expect(s.double.deliveries.length).toBeGreaterThan(0);
    expect(s.double.deliveries.every((d) => d.status === 200)).toBe(true);

    const sub = await o.subscription();
    expect(sub).toMatchObject({
      planId: 'professional',
      status: 'active',
      billingCycle: 'monthly',
      providerSubscriptionId: subId,
      cancelAtPeriodEnd: false,
      scheduledPlanId: null,
    });
    const item = s.double.subscriptions.get(subId)?.items as { data: { current_period_end: number }[] };
    expect(sub?.currentPeriodEnd.getTime()).toBe((item.data[0]?.current_period_end ?? 0) * 1000);

    const { invoices: inv, payments: pay, methods, audit } = await o.rows();
    expect(inv).toHaveLength(1);
    expect(inv[0]).toMatchObject({
      status: 'paid',
      total: 8900,
      amountPaid: 8900,
      planId: 'professional',
      billingCycle: 'monthly',
      currency: 'usd',
    });
    expect(inv[0]?.number).toMatch(/^DBL-\d{4}$/);
    expect(inv[0]?.providerPdfUrl).toMatch(/\/files\/invoices\/in_.+\.pdf$/);
    expect(inv[0]?.lines).toEqual([expect.objectContaining({ quantity: 1, amount: 8900, unit_amount: 8900 })]);
    expect(inv[0]?.paidAt).not.toBeNull();
    expect(pay).toHaveLength(1);
    expect(pay[0]).toMatchObject({
      status: 'succeeded',
      amount: 8900,
      invoiceId: inv[0]?.id,
      paymentMethodLabel: 'Visa ending 4242',
    });
    expect(methods).toEqual([
      expect.objectContaining({ type: 'card', brand: 'visa', last4: '4242', expYear: 2030, isDefault: true }),
    ]);
    const [checkoutRow] = await o.asOwner(({ tx }) =>
      tx.select().from(checkoutSessions).where(eq(checkoutSessions.organizationId, o.org)),
    );
    expect(checkoutRow).toMatchObject({ status: 'complete' });
    // Checkout collected the billing address: the customer row made before it is filled in.
    const [customer] = await o.asOwner(({ tx }) =>
      tx.select().from(billingCustomers).where(eq(billingCustomers.organizationId, o.org)),
    );
    expect(customer).toMatchObject({ country: 'SE', city: 'Stockholm', provider: 'stripe' });
    expect(audit.map((a) => a.action)).toContain('subscription.started');
    expect(audit.find((a) => a.action === 'subscription.started')).toMatchObject({ userId: null });
  });

  it('a failed renewal payment: the invoice stays open, the payment asks for a method, the plan is past_due', async () => {
    const o = await organisation();
    const subId = await o.paid('starter');
    const before = await o.subscription();
    s.double.now = Math.floor((before?.currentPeriodEnd.getTime() ?? 0) / 1000);
    s.double.failPayment(subId);
    await s.double.settled();
    const after = await o.subscription();
    expect(after).toMatchObject({ status: 'past_due', planId: 'starter' });
    expect(after?.currentPeriodStart.getTime()).toBe(before?.currentPeriodEnd.getTime());
    const { invoices: inv, payments: pay } = await o.rows();
    expect(inv.map((i) => i.status).sort()).toEqual(['open', 'paid']);
    expect(pay.find((p) => p.status !== 'succeeded')).toMatchObject({
      status: 'requires_payment_method',
      failureMessage: 'Your card was declined.',
    });
    // The owner is told, in the app and by mail (billing warnings go out at once by default).
    const told = await s.t.app.inject({
      method: 'GET',
      url: '/api/v1/notifications/inbox/',
      headers: { authorization: `Bearer ${o.owner.access}` },
    });
    const failed = (JSON.parse(told.body) as { data: { results: { type: string; category: string }[] } }).data.results;
    expect(failed.filter((n) => n.type === 'payment_failed')).toEqual([
      expect.objectContaining({ type: 'payment_failed', category: 'billing' }),
    ]);
    const mails = await mailsTo(s.t, o.owner.user.email, { atLeast: 2 });
    expect(mails.some((m) => m.subject === 'Your LeadCapture payment failed')).toBe(true);
  });
});

describe('POST /billing/webhooks/stripe/: signatures', () => {
  const event = () =>
    JSON.stringify({
      id: `evt_forged_${Date.now()}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      created: Math.floor(Date.now() / 1000),
      data: { object: {} },
    });

  it('refuses a forged signature with 400 in the envelope, and writes nothing', async () => {
    const payload = event();
    const id = (JSON.parse(payload) as { id: string }).id;
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_the_secret' });
    const res = await post(payload, { 'stripe-signature': header });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { status: string; error: { code: string; message: string } };
    expect(body).toMatchObject({ status: 'error', error: { code: 'BAD_REQUEST' } });
    expect(body.error.message).toMatch(/signature/i);
    expect(await recorded(id)).toEqual([]);
  });

  it('refuses a missing signature, a changed body and a timestamp outside the tolerance', async () => {
    const payload = event();
    const id = (JSON.parse(payload) as { id: string }).id;
    const secret = s.double.webhookSecret;
    expect((await post(payload, {})).status).toBe(400);
    const good = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    expect((await post(payload.replace('deleted', 'updated'), { 'stripe-signature': good })).status).toBe(400);
    const old = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect((await post(payload, { 'stripe-signature': old })).status).toBe(400);
    expect(await recorded(id)).toEqual([]);
  });

  it('records an event of a type it does not handle, once', async () => {
    const sent = s.double.sendEvent('charge.refunded', { id: 'ch_123', object: 'charge' });
    await s.double.settled();
    const delivery = s.double.deliveries.find((d) => d.event.id === sent.id);
    expect(delivery?.status).toBe(200);
    expect(outcome(delivery?.body ?? '{}')).toBe('ignored');
    expect(await recorded(sent.id)).toHaveLength(1);
  });

  it('leaves JSON bodies of the other routes parsed as JSON', async () => {
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      payload: { email: 'nobody@example.com', password: 'not the password' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'INVALID_CREDENTIALS' } });
  });
});

describe('each event once, never backwards', () => {
  it('a replayed event is a 200 no-op', async () => {
    const o = await organisation();
    const subId = await o.paid('professional');
    const created = s.double.deliveries.find(
      (d) =>
        d.event.type === 'customer.subscription.created' &&
        (d.event.data as { object: { id: string } }).object.id === subId,
    );
    if (!created) throw new Error('no subscription.created delivered');
    const auditBefore = (await o.rows()).audit.length;
    // Stripe retries the same event (same id), signed anew.
    s.double.deliver(created.event);
    await s.double.settled();
    const replay = s.double.deliveries.at(-1);
    expect(replay?.status).toBe(200);
    expect(outcome(replay?.body ?? '{}')).toBe('duplicate');
    expect((await o.rows()).audit.length).toBe(auditBefore);
  });

  it('an older customer.subscription.updated after a newer one changes nothing', async () => {
    const o = await organisation();
    const subId = await o.paid('professional');
    const sub = s.double.subscriptions.get(subId);
    if (!sub) throw new Error('no subscription');
    const before = await o.subscription();
    const newer = s.double.sendEvent(
      'customer.subscription.updated',
      { ...sub, cancel_at_period_end: true },
      { created: s.double.now + 60 },
    );
    const older = s.double.sendEvent(
      'customer.subscription.updated',
      { ...sub, status: 'past_due', cancel_at_period_end: false },
      { created: s.double.now + 30 },
    );
    await s.double.settled();
    const after = await o.subscription();
    expect(after).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(after?.providerEventAt?.getTime()).toBe(newer.created * 1000);
    expect(before?.status).toBe('active');
    // Both recorded: the older one is applied as "nothing to do".
    expect(await recorded(older.id)).toHaveLength(1);
  });

  it('on equal event times, a later status wins whatever the arrival order', async () => {
    const o = await organisation();
    const subId = await o.paid('professional');
    const {
      invoices: [invoice],
    } = await o.rows();
    const stripeInvoice = s.double.invoices.get(invoice?.providerInvoiceId ?? '');
    if (!stripeInvoice) throw new Error('no invoice');
    const when = s.double.now + 120;
    s.double.sendEvent('invoice.voided', { ...stripeInvoice, status: 'void' }, { created: when });
    s.double.sendEvent('invoice.updated', { ...stripeInvoice, status: 'open' }, { created: when });
    await s.double.settled();
    const {
      invoices: [after],
    } = await o.rows();
    expect(after?.status).toBe('void');
    expect(subId).toMatch(/^sub_/);
  });
});

describe('plan changes that come back by webhook', () => {
  it('a downgrade waits in scheduled_plan_id; the renewal applies it', async () => {
    const o = await organisation();
    const subId = await o.paid('professional');
    await o.change({ kind: 'downgrade', planId: 'starter' }, () => ({ scheduledPlanId: 'starter' }));
    const waiting = await o.subscription();
    expect(waiting).toMatchObject({ planId: 'professional', scheduledPlanId: 'starter' });

    s.double.now = Math.floor((waiting?.currentPeriodEnd.getTime() ?? 0) / 1000);
    s.double.renew(subId);
    await s.double.settled();
    const renewed = await o.subscription();
    expect(renewed).toMatchObject({ planId: 'starter', scheduledPlanId: null, status: 'active' });
    expect(renewed?.currentPeriodStart.getTime()).toBe(waiting?.currentPeriodEnd.getTime());
    const { invoices: inv, audit } = await o.rows();
    expect(inv.find((i) => i.planId === 'starter')).toMatchObject({ status: 'paid', total: 2900 });
    expect(audit.map((a) => a.action)).toContain('subscription.period_ended');
  });

  it('cancelled at the period end, the deleted subscription falls to free, active, nothing deleted', async () => {
    const o = await organisation();
    const subId = await o.paid('starter');
    await o.change({ kind: 'cancel_at_period_end' }, () => ({ cancelAtPeriodEnd: true }));
    expect(await o.subscription()).toMatchObject({ planId: 'starter', cancelAtPeriodEnd: true });
    const end = (await o.subscription())?.currentPeriodEnd.getTime() ?? 0;
    s.double.now = Math.floor(end / 1000);
    s.double.renew(subId);
    await s.double.settled();
    expect(await o.subscription()).toMatchObject({
      planId: 'free',
      status: 'active',
      cancelAtPeriodEnd: false,
      providerSubscriptionId: null,
    });
    const { invoices: inv, payments: pay, methods, audit } = await o.rows();
    expect(inv).toHaveLength(1);
    expect(pay).toHaveLength(1);
    expect(methods).toHaveLength(1);
    expect(audit.map((a) => a.action)).toContain('subscription.ended');
    // A late update of the ended subscription does not bring it back.
    const sub = s.double.subscriptions.get(subId);
    s.double.sendEvent('customer.subscription.updated', { ...sub, status: 'active' }, { created: s.double.now - 5 });
    await s.double.settled();
    expect(await o.subscription()).toMatchObject({ planId: 'free' });
  });

  it('a detached card leaves the list', async () => {
    const o = await organisation();
    await o.paid('starter');
    const { methods } = await o.rows();
    await o.asOwner((ctx) => s.provider.deletePaymentMethod(ctx, methods[0] ?? (undefined as never)));
    await s.double.settled();
    expect((await o.rows()).methods).toEqual([]);
    const rows = await o.asOwner(({ tx }) =>
      tx
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.organizationId, o.org))),
    );
    expect(rows).toEqual([]);
  });
});

describe('Stripe unreachable while an event needs it', () => {
  it('answers 503 and records nothing, so Stripe retries', async () => {
    const o = await organisation();
    const { session } = await o.checkout('starter');
    const [stored] = await o.asOwner(({ tx }) =>
      tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id)),
    );
    s.double.deliverTo('http://127.0.0.1:9/nowhere');
    s.double.completeCheckout(stored?.providerSessionId ?? '');
    await s.double.settled();
    s.double.deliverTo(s.webhookUrl);
    const completed = s.double.deliveries.findLast((d) => d.event.type === 'checkout.session.completed');
    if (!completed) throw new Error('no checkout.session.completed');
    s.double.unavailable = true;
    try {
      s.double.deliver(completed.event);
      await s.double.settled();
    } finally {
      s.double.unavailable = false;
    }
    const answer = s.double.deliveries.at(-1);
    expect(answer?.status).toBe(503);
    expect(answer?.body).not.toMatch(/sk_test|whsec_/);
    expect(await recorded(completed.event.id)).toEqual([]);
  }, 20_000);
});
