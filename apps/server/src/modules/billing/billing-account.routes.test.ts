import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AuthResult } from '@leadcapture/contracts/auth';
import { paymentMethodSchema, redirectUrlSchema, subscriptionSchema } from '@leadcapture/contracts/billing';
import type { Role } from '@leadcapture/contracts/constants';
import { anyData, expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import { CHECKOUT_CUSTOMER } from '../../../test/billing-harness.ts';
import { bearer, createTestApp, registerUser, setPlan, type TestApp } from '../../../test/helpers.ts';
import { inScope } from '../../db/tenant.ts';
import { memberships } from '../organizations/organizations.table.ts';
import { billingCustomers, checkoutSessions, invoices, paymentMethods } from './billing.table.ts';

/** Bad input on the billing account routes: roles, other organisations, bodies, checkout states. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const orgOf = (user: AuthResult) => user.organization?.id ?? '';

function call(method: Method, url: string, user: AuthResult, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1/billing/${url}`,
    headers: { ...bearer(user.access), 'x-organization-id': orgOf(user) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function joined(owner: AuthResult, role: Role): Promise<AuthResult> {
  const user = await registerUser(t);
  await inScope(t.database.db, { organizationId: orgOf(owner) }, (tx) =>
    tx.insert(memberships).values({ organizationId: orgOf(owner), userId: user.user.id, role }),
  );
  return { ...user, organization: owner.organization };
}

const checkout = async (owner: AuthResult, body: Record<string, unknown> = { plan_id: 'starter' }) => {
  const { url } = expectData(redirectUrlSchema, await call('POST', 'checkout/', owner, body), 201);
  return url.split('/').pop() ?? '';
};
const completion = { customer: CHECKOUT_CUSTOMER, payment_method: { type: 'card', label: 'Company Visa' } };

async function countRows(owner: AuthResult) {
  const organizationId = orgOf(owner);
  return inScope(t.database.db, { organizationId }, async (tx) => ({
    customers: (await tx.select().from(billingCustomers).where(eq(billingCustomers.organizationId, organizationId)))
      .length,
    methods: (await tx.select().from(paymentMethods).where(eq(paymentMethods.organizationId, organizationId))).length,
    invoices: (await tx.select().from(invoices).where(eq(invoices.organizationId, organizationId))).length,
  }));
}

describe('billing account: who may do what', () => {
  it('lets admins read and refuses them, members and viewers every change (403), writing nothing', async () => {
    const owner = await registerUser(t);
    const admin = await joined(owner, 'admin');
    const member = await joined(owner, 'member');
    const viewer = await joined(owner, 'viewer');
    const session = await checkout(owner);
    for (const url of ['invoices/', 'payments/', 'payment-methods/', 'usage/', 'stats/']) {
      expectData(anyData, await call('GET', url, admin));
      expectError(await call('GET', url, member), 403, 'PERMISSION_DENIED');
    }
    for (const user of [admin, member, viewer]) {
      expectError(await call('POST', 'customers/me/', user, CHECKOUT_CUSTOMER), 403, 'PERMISSION_DENIED');
      expectError(
        await call('POST', 'payment-methods/', user, { type: 'card', label: 'Mine' }),
        403,
        'PERMISSION_DENIED',
      );
      expectError(await call('POST', 'checkout/', user, { plan_id: 'starter' }), 403, 'PERMISSION_DENIED');
      expectError(await call('GET', `checkout/${session}/`, user), 403, 'PERMISSION_DENIED');
      expectError(await call('POST', `checkout/${session}/complete/`, user, completion), 403, 'PERMISSION_DENIED');
      expectError(await call('POST', 'portal/', user, {}), 403, 'PERMISSION_DENIED');
    }
    expect(await countRows(owner)).toEqual({ customers: 0, methods: 0, invoices: 0 });
  });

  it('answers 404 for another organisation’s customer, payment method, invoice and checkout', async () => {
    const them = await registerUser(t);
    await setPlan(t, orgOf(them), 'free');
    const session = await checkout(them);
    expectData(anyData, await call('POST', `checkout/${session}/complete/`, them, completion));
    const customer = expectData(z.object({ id: z.string() }), await call('GET', 'customers/me/', them));
    const [method] = expectData(z.array(paymentMethodSchema), await call('GET', 'payment-methods/', them));
    const invoice = (await call('GET', 'invoices/', them)).json<{ data: { results: { id: string }[] } }>().data
      .results[0];

    const me = await registerUser(t);
    const attempts: [Method, string, unknown?][] = [
      ['PUT', `customers/${customer.id}/`, CHECKOUT_CUSTOMER],
      ['POST', `payment-methods/${method?.id}/set-default/`],
      ['DELETE', `payment-methods/${method?.id}/`],
      ['GET', `invoices/${invoice?.id}/download/`],
      ['POST', `invoices/${invoice?.id}/pay/`],
      ['GET', `checkout/${session}/`],
      ['POST', `checkout/${session}/complete/`, completion],
      ['GET', `invoices/${randomUUID()}/download/`],
      ['POST', `payment-methods/${randomUUID()}/set-default/`],
      ['GET', `checkout/${randomUUID()}/`],
    ];
    for (const [method_, url, body] of attempts) expectError(await call(method_, url, me, body), 404, 'NOT_FOUND');
    expect(await countRows(me)).toEqual({ customers: 0, methods: 0, invoices: 0 });
    expect(await countRows(them)).toEqual({ customers: 1, methods: 1, invoices: 1 });
  });
});

describe('billing account: bad bodies (422)', () => {
  it('refuses a customer without a name or country, or with a bad email', async () => {
    const owner = await registerUser(t);
    expectValidation(await call('POST', 'customers/me/', owner, { email: 'a@b.example' }), 'name', 'country');
    expectValidation(await call('POST', 'customers/me/', owner, { ...CHECKOUT_CUSTOMER, email: 'nope' }), 'email');
    expectValidation(
      await call('POST', 'customers/me/', owner, { ...CHECKOUT_CUSTOMER, country: 'Sweden' }),
      'country',
    );
  });

  it('refuses a card number as a payment method’s label, and any unknown type', async () => {
    const owner = await registerUser(t);
    for (const label of ['4242 4242 4242 4242', 'Visa 4242-4242-4242-4242', '424242424242']) {
      expectValidation(await call('POST', 'payment-methods/', owner, { type: 'card', label }), 'label');
    }
    expectValidation(await call('POST', 'payment-methods/', owner, { type: 'cash', label: 'Till' }), 'type');
    const session = await checkout(owner);
    const res = await call('POST', `checkout/${session}/complete/`, owner, {
      ...completion,
      payment_method: { type: 'card', label: '4000 0000 0000 0002' },
    });
    expectValidation(res, 'payment_method.label');
    expect(await countRows(owner)).toEqual({ customers: 0, methods: 0, invoices: 0 });
  });

  it('refuses checkout for free, Enterprise or an unknown plan, and return addresses off the product', async () => {
    const owner = await registerUser(t);
    for (const plan_id of ['free', 'enterprise', 'gold']) {
      expectValidation(await call('POST', 'checkout/', owner, { plan_id }), 'plan_id');
    }
    for (const bad of ['https://evil.example/ok', '//evil.example', 'http://localhost:3001/x', 'settings']) {
      expectValidation(await call('POST', 'checkout/', owner, { plan_id: 'starter', success_url: bad }), 'success_url');
      expectValidation(await call('POST', 'checkout/', owner, { plan_id: 'starter', cancel_url: bad }), 'cancel_url');
    }
    const session = await checkout(owner, {
      plan_id: 'starter',
      success_url: `${t.config.publicUrl}/settings/billing?checkout=success&x=1`,
      cancel_url: '/pricing',
    });
    const page = (await call('GET', `checkout/${session}/`, owner)).json<{ data: Record<string, unknown> }>().data;
    expect(page).toMatchObject({
      success_url: `${t.config.publicUrl}/settings/billing?checkout=success&x=1`,
      cancel_url: '/pricing',
      status: 'open',
      amount: 2900,
    });
  });

  it('answers 409 where the provider takes payment methods in its own pages', async () => {
    const owner = await registerUser(t);
    const local = t.app.deps.billing;
    t.app.deps.billing = { ...local, canAddPaymentMethod: false };
    try {
      expectError(await call('POST', 'payment-methods/', owner, { type: 'card', label: 'Visa' }), 409, 'CONFLICT');
    } finally {
      t.app.deps.billing = local;
    }
  });
});

describe('checkout', () => {
  it('uses the defaults, then completes once: billing details, the default method, the plan, the session', async () => {
    const owner = await registerUser(t);
    const session = await checkout(owner, { plan_id: 'professional', billing_cycle: 'annual' });
    const page = (await call('GET', `checkout/${session}/`, owner)).json<{ data: Record<string, unknown> }>().data;
    expect(page).toMatchObject({
      success_url: '/settings/billing?checkout=success',
      cancel_url: '/settings/billing?checkout=cancel',
      amount: 85440,
      customer: null,
      payment_methods: [],
    });
    const done = expectData(redirectUrlSchema, await call('POST', `checkout/${session}/complete/`, owner, completion));
    expect(done.url).toBe('/settings/billing?checkout=success');
    expect(expectData(subscriptionSchema, await call('GET', 'subscriptions/current/', owner))).toMatchObject({
      plan_id: 'professional',
      billing_cycle: 'annual',
      status: 'active',
    });
    expect(await countRows(owner)).toEqual({ customers: 1, methods: 1, invoices: 1 });
    expectError(await call('POST', `checkout/${session}/complete/`, owner, completion), 409, 'CONFLICT');
    expect((await call('GET', `checkout/${session}/`, owner)).json<{ data: { status: string } }>().data.status).toBe(
      'complete',
    );
  });

  it('refuses an expired session (409) and writes nothing', async () => {
    const owner = await registerUser(t);
    const session = await checkout(owner);
    await inScope(t.database.db, { organizationId: orgOf(owner) }, (tx) =>
      tx
        .update(checkoutSessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(checkoutSessions.id, session)),
    );
    expect((await call('GET', `checkout/${session}/`, owner)).json<{ data: { status: string } }>().data.status).toBe(
      'expired',
    );
    expectError(await call('POST', `checkout/${session}/complete/`, owner, completion), 409, 'CONFLICT');
    expect(await countRows(owner)).toEqual({ customers: 0, methods: 0, invoices: 0 });
  });

  it('writes nothing when a step fails: an unknown saved method, or a plan no longer an upgrade', async () => {
    const owner = await registerUser(t);
    const session = await checkout(owner);
    const unknown = await call('POST', `checkout/${session}/complete/`, owner, {
      customer: CHECKOUT_CUSTOMER,
      payment_method_id: randomUUID(),
    });
    expectError(unknown, 404, 'NOT_FOUND');
    expect(await countRows(owner)).toEqual({ customers: 0, methods: 0, invoices: 0 });

    // Meanwhile the organisation went to Professional: a Starter checkout is no upgrade.
    expectData(anyData, await call('POST', 'subscriptions/', owner, { plan_id: 'professional' }), 201);
    expectValidation(await call('POST', `checkout/${session}/complete/`, owner, completion), 'plan_id');
    expect(await countRows(owner)).toEqual({ customers: 0, methods: 0, invoices: 1 });
    expect((await call('GET', `checkout/${session}/`, owner)).json<{ data: { status: string } }>().data.status).toBe(
      'open',
    );
  });

  it('refuses a body with both or neither of a saved and a new payment method', async () => {
    const owner = await registerUser(t);
    const session = await checkout(owner);
    expectValidation(
      await call('POST', `checkout/${session}/complete/`, owner, { customer: CHECKOUT_CUSTOMER }),
      'payment_method',
    );
    expectValidation(
      await call('POST', `checkout/${session}/complete/`, owner, { ...completion, payment_method_id: randomUUID() }),
      'payment_method',
    );
  });
});
