import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AuthResult } from '@leadcapture/contracts/auth';
import {
  billingStatsSchema,
  downloadUrlSchema,
  invoiceSchema,
  paymentSchema,
  subscriptionSchema,
  usageRecordSchema,
  type Invoice,
} from '@leadcapture/contracts/billing';
import { paginated } from '@leadcapture/contracts/envelope';
import { anyData, expectData, expectError } from '../../../test/envelope.ts';
import { CHECKOUT_CUSTOMER } from '../../../test/billing-harness.ts';
import { bearer, createTestApp, registerUser, setPlan, type TestApp } from '../../../test/helpers.ts';
import { inScope } from '../../db/tenant.ts';
import { recordUsageRecords } from './billing-account.service.ts';
import { advanceSubscriptions } from './billing.service.ts';
import { subscriptions } from './billing.table.ts';
import { invoiceToken } from './invoice-links.ts';

/** The local provider's own behaviour: invoice numbers, proration, open invoices, PDFs, renewals. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const orgOf = (user: AuthResult) => user.organization?.id ?? '';

function call(method: 'GET' | 'POST' | 'PUT', url: string, user: AuthResult, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1/billing/${url}`,
    headers: { ...bearer(user.access), 'x-organization-id': orgOf(user) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const invoicesOf = async (user: AuthResult) =>
  expectData(paginated(invoiceSchema), await call('GET', 'invoices/', user)).results;
const subscriptionOf = async (user: AuthResult) =>
  expectData(subscriptionSchema, await call('GET', 'subscriptions/current/', user));
const addCard = async (user: AuthResult, label = 'Company Visa') =>
  expectData(anyData, await call('POST', 'payment-methods/', user, { type: 'card', label }), 201);

/** Moves the organisation's current period so that `elapsedDays` of `lengthDays` have passed. */
async function movePeriod(user: AuthResult, elapsedDays: number, lengthDays: number) {
  const now = Date.now();
  await inScope(t.database.db, { organizationId: orgOf(user) }, (tx) =>
    tx
      .update(subscriptions)
      .set({
        currentPeriodStart: new Date(now - elapsedDays * DAY),
        currentPeriodEnd: new Date(now + (lengthDays - elapsedDays) * DAY),
      })
      .where(eq(subscriptions.organizationId, orgOf(user))),
  );
}

/**
 * Ends the organisation's current period a minute ago and runs the period-end task: other
 * organisations (other test files share PostgreSQL) are not moved in time.
 */
async function periodEnds(user: AuthResult) {
  await inScope(t.database.db, { organizationId: orgOf(user) }, (tx) =>
    tx
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.organizationId, orgOf(user))),
  );
  await advanceSubscriptions(t.database.db, t.app.deps.billing);
}

/** The text pdfkit wrote (uncompressed content streams, hex strings in TJ arrays). */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  return [...raw.matchAll(/\[([^\]]*)\] TJ/g)]
    .map((m) =>
      [...(m[1] ?? '').matchAll(/<([0-9a-f]*)>/gi)]
        .map((h) => Buffer.from(h[1] ?? '', 'hex').toString('latin1'))
        .join(''),
    )
    .join('\n');
}

async function fetchPdf(url: string) {
  return t.app.inject({ method: 'GET', url: url.replace(t.config.publicUrl, '') });
}

describe('local invoices', () => {
  it('numbers each organisation’s invoices INV-<year>-0001, 0002, … with no gaps', async () => {
    const owner = await registerUser(t);
    await addCard(owner);
    const sub = await subscriptionOf(owner);
    expectData(anyData, await call('POST', 'subscriptions/', owner, { plan_id: 'starter' }), 201);
    expectData(anyData, await call('PUT', `subscriptions/${sub.id}/`, owner, { plan_id: 'professional' }));
    // A renewal at the period end is the third.
    await periodEnds(owner);
    const year = new Date().getUTCFullYear();
    const numbers = (await invoicesOf(owner)).map((i) => i.number);
    expect(numbers).toHaveLength(3);
    expect([...numbers].sort()).toEqual([`INV-${year}-0001`, `INV-${year}-0002`, `INV-${year}-0003`]);

    // Another organisation starts at 0001.
    const other = await registerUser(t);
    expectData(anyData, await call('POST', 'subscriptions/', other, { plan_id: 'starter' }), 201);
    expect((await invoicesOf(other)).map((i) => i.number)).toEqual([`INV-${year}-0001`]);
  });

  it('bills an upgrade as the new plan less the unused part of the old one, prorated by time', async () => {
    const owner = await registerUser(t);
    await addCard(owner);
    expectData(anyData, await call('POST', 'subscriptions/', owner, { plan_id: 'starter' }), 201);
    await movePeriod(owner, 10, 30); // 20 of 30 days unused
    const sub = await subscriptionOf(owner);
    expectData(anyData, await call('PUT', `subscriptions/${sub.id}/`, owner, { plan_id: 'professional' }));
    const [upgrade] = await invoicesOf(owner);
    expect(upgrade?.plan_id).toBe('professional');
    const [charge, credit] = upgrade?.lines ?? [];
    expect(charge).toMatchObject({ amount: 8900, quantity: 1 });
    expect(charge?.description).toMatch(/^Professional plan, monthly/);
    expect(credit?.description).toMatch(/^Unused time on Starter plan/);
    const expected = Math.round((2900 * 20) / 30);
    expect(Math.abs((credit?.amount ?? 0) + expected)).toBeLessThanOrEqual(1);
    expect(upgrade?.total).toBe(8900 + (credit?.amount ?? 0));
    expect(upgrade).toMatchObject({ status: 'paid', amount_paid: upgrade?.total, amount_due: 0 });
  });

  it('leaves an invoice open without a payment method, and pays it with the default one', async () => {
    const owner = await registerUser(t);
    expectData(
      anyData,
      await call('POST', 'subscriptions/', owner, { plan_id: 'starter', billing_cycle: 'annual' }),
      201,
    );
    const [open] = await invoicesOf(owner);
    expect(open).toMatchObject({ status: 'open', total: 27840, amount_due: 27840, amount_paid: 0, paid_at: null });
    expect(expectData(paginated(paymentSchema), await call('GET', 'payments/', owner)).count).toBe(0);
    const stats = expectData(billingStatsSchema, await call('GET', 'stats/', owner));
    expect(stats).toMatchObject({ provider: 'local', open_amount: 27840, total_paid: 0, invoices_count: 1 });

    expectError(await call('POST', `invoices/${open?.id}/pay/`, owner), 409, 'CONFLICT');
    await addCard(owner, 'Company Amex');
    const paid = expectData(invoiceSchema, await call('POST', `invoices/${open?.id}/pay/`, owner));
    expect(paid).toMatchObject({ status: 'paid', amount_due: 0, amount_paid: 27840 });
    expectError(await call('POST', `invoices/${open?.id}/pay/`, owner), 409, 'CONFLICT');
    const [payment] = expectData(paginated(paymentSchema), await call('GET', 'payments/', owner)).results;
    expect(payment).toMatchObject({ amount: 27840, status: 'succeeded', payment_method_label: 'Company Amex' });
    expect(expectData(billingStatsSchema, await call('GET', 'stats/', owner))).toMatchObject({
      open_amount: 0,
      total_paid: 27840,
      recurring_amount: 27840,
      billing_cycle: 'annual',
    });
  });

  it('issues no invoice for free: ending a plan now, or a month on free', async () => {
    const owner = await registerUser(t);
    await addCard(owner);
    expectData(anyData, await call('POST', 'subscriptions/', owner, { plan_id: 'starter' }), 201);
    const sub = await subscriptionOf(owner);
    expectData(anyData, await call('POST', `subscriptions/${sub.id}/cancel/`, owner, { cancel_at_period_end: false }));
    expect(await subscriptionOf(owner)).toMatchObject({ plan_id: 'free' });
    await periodEnds(owner);
    expect(await subscriptionOf(owner)).toMatchObject({ plan_id: 'free' });
    expect(await invoicesOf(owner)).toHaveLength(1);
    // A trial that falls to free bills nothing either.
    const trial = await registerUser(t);
    await periodEnds(trial);
    expect(await subscriptionOf(trial)).toMatchObject({ plan_id: 'free', status: 'active' });
    expect(await invoicesOf(trial)).toEqual([]);
  });

  it('bills a scheduled downgrade at its new price when the period ends', async () => {
    const owner = await registerUser(t);
    await addCard(owner);
    expectData(anyData, await call('POST', 'subscriptions/', owner, { plan_id: 'professional' }), 201);
    const sub = await subscriptionOf(owner);
    expectData(
      anyData,
      await call('PUT', `subscriptions/${sub.id}/`, owner, { plan_id: 'starter', cancel_at_period_end: true }),
    );
    await periodEnds(owner);
    const [renewal] = await invoicesOf(owner);
    expect(renewal).toMatchObject({ plan_id: 'starter', total: 2900, status: 'paid' });
    expect(renewal?.lines).toHaveLength(1);
  });

  it('snapshots the customer on the invoice: a later change does not rewrite it', async () => {
    const owner = await registerUser(t);
    const customer = expectData(
      z.object({ id: z.string() }),
      await call('POST', 'customers/me/', owner, CHECKOUT_CUSTOMER),
      201,
    );
    await addCard(owner);
    expectData(anyData, await call('POST', 'subscriptions/', owner, { plan_id: 'starter' }), 201);
    expectData(
      anyData,
      await call('PUT', `customers/${customer.id}/`, owner, { ...CHECKOUT_CUSTOMER, name: 'Renamed AB' }),
    );
    const [invoice] = await invoicesOf(owner);
    const pdf = await fetchPdf(
      expectData(downloadUrlSchema, await call('GET', `invoices/${invoice?.id}/download/`, owner)).url,
    );
    expect(pdfText(pdf.rawPayload)).toContain(CHECKOUT_CUSTOMER.name);
    expect(pdfText(pdf.rawPayload)).not.toContain('Renamed AB');
  });
});

describe('invoice PDF', () => {
  let owner: AuthResult;
  let invoice: Invoice;
  beforeAll(async () => {
    owner = await registerUser(t);
    expectData(anyData, await call('POST', 'customers/me/', owner, CHECKOUT_CUSTOMER), 201);
    await addCard(owner);
    expectData(anyData, await call('POST', 'subscriptions/', owner, { plan_id: 'starter' }), 201);
    const [first] = await invoicesOf(owner);
    if (!first) throw new Error('no invoice');
    invoice = first;
  });

  it('answers a short-lived address that gives the PDF without a bearer token', async () => {
    const { url } = expectData(downloadUrlSchema, await call('GET', `invoices/${invoice.id}/download/`, owner));
    expect(url.startsWith(`${t.config.publicUrl}/api/v1/billing/invoices/${invoice.id}/pdf/?token=`)).toBe(true);
    const res = await fetchPdf(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'LeadCapture',
      'Invoice',
      invoice.number,
      t.config.supportEmail,
      CHECKOUT_CUSTOMER.name,
      CHECKOUT_CUSTOMER.address_line1,
      '$29.00',
      'PAID',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('refuses a tampered, expired or foreign token with nothing of the invoice in the answer', async () => {
    const { url } = expectData(downloadUrlSchema, await call('GET', `invoices/${invoice.id}/download/`, owner));
    const token = new URL(url).searchParams.get('token') ?? '';
    const path = (id: string, tok: string) => `/api/v1/billing/invoices/${id}/pdf/?token=${encodeURIComponent(tok)}`;
    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'BB' : 'AA'}`;
    const expired = invoiceToken(t.config.jwtSecret, orgOf(owner), invoice.id, new Date(Date.now() - 10 * 60 * 1000));
    const forged = invoiceToken('another-secret-of-enough-length-0123456789', orgOf(owner), invoice.id);
    for (const bad of [tampered, expired, forged, '', 'not-a-token']) {
      const res = await t.app.inject({ method: 'GET', url: path(invoice.id, bad) });
      const error = expectError(res, 401, 'TOKEN_INVALID');
      expect(JSON.stringify(error)).not.toContain(invoice.number);
    }
    // A good token names one invoice: on another id's path it opens nothing.
    const other = await registerUser(t);
    await addCard(other);
    expectData(anyData, await call('POST', 'subscriptions/', other, { plan_id: 'starter' }), 201);
    const [theirs] = await invoicesOf(other);
    expectError(await t.app.inject({ method: 'GET', url: path(theirs?.id ?? '', token) }), 404, 'NOT_FOUND');
  });
});

describe('usage records (scheduled task usage_records)', () => {
  it('answers the recorded days and today measured now, filtered by resource and dates', async () => {
    const owner = await registerUser(t);
    await setPlan(t, orgOf(owner), 'starter');
    const yesterday = new Date(Date.now() - DAY);
    await recordUsageRecords(t.database.db, yesterday);
    await recordUsageRecords(t.database.db, yesterday); // a second run rewrites the day
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const records = expectData(z.array(usageRecordSchema), await call('GET', 'usage/?resource=team_members', owner));
    expect(records).toEqual([
      { date: day(yesterday), resource: 'team_members', quantity: 1 },
      { date: day(new Date()), resource: 'team_members', quantity: 1 },
    ]);
    const all = expectData(
      z.array(usageRecordSchema),
      await call('GET', `usage/?from=${day(yesterday)}&to=${day(yesterday)}`, owner),
    );
    expect(all.map((r) => r.resource)).toEqual([
      'leads',
      'team_members',
      'events',
      'offers',
      'integrations',
      'storage',
    ]);
    expect(all.every((r) => r.date === day(yesterday))).toBe(true);
    expectError(
      await call('GET', `usage/?from=${day(new Date())}&to=${day(yesterday)}`, owner),
      422,
      'VALIDATION_ERROR',
    );
    expectError(await call('GET', 'usage/?from=2020-01-01&to=2026-01-01', owner), 422, 'VALIDATION_ERROR');
  });
});
