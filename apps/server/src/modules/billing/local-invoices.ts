import { and, eq, sql } from 'drizzle-orm';
import { planById, type BillingCycle, type InvoiceLine } from '@leadcapture/contracts/billing';
import { queryRows } from '../../db/database.ts';
import type { TenantContext } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { planPrice } from './billing.service.ts';
import {
  billingCustomers,
  invoices,
  paymentMethods,
  payments,
  subscriptions,
  type InvoiceCustomer,
} from './billing.table.ts';
import type { CustomerRow, InvoiceRow, PaymentMethodRow, SubscriptionRow } from './provider.ts';

/**
 * The local provider's invoices (docs/billing.md, "Invoices and payments (local)"): numbered per
 * organisation and year with no gaps, made out to the customer as they were at issue, paid at
 * once with the default payment method when there is one, else left open.
 */

type Scope = Pick<TenantContext, 'tx' | 'organizationId'>;

const CURRENCY = 'usd';

const day = (d: Date) => d.toISOString().slice(0, 10);
const cycleName = (cycle: BillingCycle) => (cycle === 'annual' ? 'annual' : 'monthly');

/** On a paid plan (not a trial, not free): only then was a period paid for, and can be credited. */
const paidFor = (row: SubscriptionRow) => row.status !== 'trialing' && row.planId !== 'free';

/**
 * The lines of what a change bills: the new plan for its period; an upgrade from a paid plan
 * first credits the unused part of the old plan's period, prorated by time. The credit is at most
 * the new charge (no credit balance is kept), so a total is never negative.
 */
export function invoiceLines(before: SubscriptionRow, after: SubscriptionRow, now: Date): InvoiceLine[] {
  const price = planPrice(after.planId, after.billingCycle);
  if (price === null || price <= 0) return [];
  const plan = planById(after.planId);
  const lines: InvoiceLine[] = [];
  const charge: InvoiceLine = {
    description: `${plan.name} plan, ${cycleName(after.billingCycle)} (${day(after.currentPeriodStart)} to ${day(after.currentPeriodEnd)})`,
    quantity: 1,
    unit_amount: price,
    amount: price,
  };
  const oldPrice = paidFor(before) ? planPrice(before.planId, before.billingCycle) : null;
  const total = before.currentPeriodEnd.getTime() - before.currentPeriodStart.getTime();
  const unused = before.currentPeriodEnd.getTime() - now.getTime();
  if (oldPrice !== null && oldPrice > 0 && total > 0 && unused > 0 && before.planId !== after.planId) {
    const credit = Math.min(price, Math.round((oldPrice * Math.min(unused, total)) / total));
    if (credit > 0) {
      lines.push({
        description: `Unused time on ${planById(before.planId).name} plan, ${cycleName(before.billingCycle)} (${day(now)} to ${day(before.currentPeriodEnd)})`,
        quantity: 1,
        unit_amount: -credit,
        amount: -credit,
      });
    }
  }
  return [charge, ...lines];
}

/** The next number of the organisation's invoices of `year`: INV-2026-0001, -0002, … (under the subscription lock). */
async function nextNumber(ctx: Scope, year: number): Promise<string> {
  const prefix = `INV-${year}-`;
  const [row] = await queryRows<{ n: number }>(
    ctx.tx,
    sql`select coalesce(max(substring(${invoices.number} from ${prefix.length + 1}::int)::int), 0)::int as n
        from ${invoices}
        where ${invoices.organizationId} = ${ctx.organizationId} and ${invoices.number} ~ ${`^${prefix}[0-9]+$`}`,
  );
  return `${prefix}${String((row?.n ?? 0) + 1).padStart(4, '0')}`;
}

function snapshot(customer: CustomerRow | undefined): InvoiceCustomer | null {
  if (!customer) return null;
  return {
    name: customer.name,
    email: customer.email,
    address_line1: customer.addressLine1,
    address_line2: customer.addressLine2,
    city: customer.city,
    postal_code: customer.postalCode,
    state: customer.state,
    country: customer.country,
    vat_id: customer.vatId,
  };
}

export async function defaultPaymentMethod(ctx: Scope): Promise<PaymentMethodRow | undefined> {
  const [method] = await ctx.tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.organizationId, ctx.organizationId), eq(paymentMethods.isDefault, true)));
  return method;
}

const billingMeta = { ip: null, userAgent: 'billing' };

/** A succeeded payment of the invoice's amount due with `method`; the invoice becomes paid. */
export async function recordPayment(
  ctx: Scope,
  invoice: InvoiceRow,
  method: PaymentMethodRow,
  now: Date,
): Promise<InvoiceRow> {
  const [payment] = await ctx.tx
    .insert(payments)
    .values({
      organizationId: ctx.organizationId,
      invoiceId: invoice.id,
      amount: invoice.amountDue,
      currency: invoice.currency,
      status: 'succeeded',
      paymentMethodLabel: method.label,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const [paid] = await ctx.tx
    .update(invoices)
    .set({
      status: 'paid',
      amountPaid: invoice.amountPaid + invoice.amountDue,
      amountDue: 0,
      paidAt: now,
      updatedAt: now,
    })
    .where(and(eq(invoices.id, invoice.id), eq(invoices.organizationId, ctx.organizationId)))
    .returning();
  if (!payment || !paid) throw new Error(`invoice ${invoice.id} vanished while being paid`);
  await recordAudit(ctx.tx, billingMeta, {
    action: 'payment.succeeded',
    userId: null,
    organizationId: ctx.organizationId,
    targetType: 'payment',
    targetId: payment.id,
    metadata: { invoice: invoice.number, amount: payment.amount, method: method.label },
  });
  return paid;
}

/**
 * Issues the invoice of a start, an upgrade or a renewal (`after` is the row as written); nothing
 * when the change costs nothing. The subscription row is locked (again: a no-op for the callers
 * that hold it) so two invoices of one organisation never take the same number.
 */
export async function issueInvoice(
  ctx: Scope,
  before: SubscriptionRow,
  after: SubscriptionRow,
  reason: 'start' | 'upgrade' | 'renewal',
  now: Date,
): Promise<InvoiceRow | null> {
  const lines = invoiceLines(before, after, now);
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  if (total <= 0) return null;
  await ctx.tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.organizationId, ctx.organizationId))
    .for('update');
  const [customer] = await ctx.tx
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.organizationId, ctx.organizationId));
  const [invoice] = await ctx.tx
    .insert(invoices)
    .values({
      organizationId: ctx.organizationId,
      number: await nextNumber(ctx, now.getUTCFullYear()),
      status: 'open',
      currency: CURRENCY,
      subtotal: total,
      tax: 0,
      total,
      amountPaid: 0,
      amountDue: total,
      planId: after.planId,
      billingCycle: after.billingCycle,
      periodStart: after.currentPeriodStart,
      periodEnd: after.currentPeriodEnd,
      issuedAt: now,
      dueAt: now,
      lines,
      customer: snapshot(customer),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!invoice) throw new Error('invoice insert returned nothing');
  await recordAudit(ctx.tx, billingMeta, {
    action: 'invoice.issued',
    userId: null,
    organizationId: ctx.organizationId,
    targetType: 'invoice',
    targetId: invoice.id,
    metadata: { number: invoice.number, total, reason },
  });
  const method = await defaultPaymentMethod(ctx);
  return method ? recordPayment(ctx, invoice, method, now) : invoice;
}
