import type { AuditAction } from '@leadcapture/contracts/audit';
import { and, asc, count, desc, eq, gte, lt, sql, sum, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BILLING_MESSAGES,
  USAGE_RESOURCES,
  type BillingStats,
  type CheckoutSession,
  type checkoutRequestSchema,
  type completeCheckoutSchema,
  type Customer,
  type customerInputSchema,
  type DownloadUrl,
  type Invoice,
  type InvoiceListQuery,
  type Payment,
  type PaymentListQuery,
  type PaymentMethod,
  type PaymentMethodInput,
  type PortalRequest,
  type RedirectUrl,
  type UsageRecord,
  type UsageRecordQuery,
  type UsageResource,
} from '@leadcapture/contracts/billing';
import { queryRows, type Database } from '../../db/database.ts';
import { inScope, type TenantContext } from '../../db/tenant.ts';
import { AppError, notFound, validationError } from '../../http/errors.ts';
import { pageWindow } from '../../http/pagination.ts';
import { assertCan } from '../../http/permissions.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import {
  assertCanBuy,
  changeSubscription,
  currentUsage,
  periodEnd,
  planPrice,
  startSubscription,
} from './billing.service.ts';
import {
  billingCustomers,
  checkoutSessions,
  invoices,
  paymentMethods,
  payments,
  subscriptions,
  usageRecords,
} from './billing.table.ts';
import { heldTotal } from './held-leads.ts';
import { verifyInvoiceToken } from './invoice-links.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { defaultPaymentMethod, invoiceLines, recordPayment } from './local-invoices.ts';
import type {
  BillingProvider,
  CheckoutSessionRow,
  CustomerRow,
  InvoiceRow,
  PaymentMethodRow,
  SubscriptionRow,
} from './provider.ts';

/**
 * The organisation's billing account (03-decisions §4, docs/billing.md): its customer, payment
 * methods, invoices and payments, dated usage, the overview's figures, checkout and the portal.
 * Reads are for owners and admins (`billing.read`), changes for owners (`billing.manage`). Every
 * change locks the subscription row first, so an organisation's billing changes take turns.
 */

type CustomerFields = z.output<typeof customerInputSchema>;
type Scope = Pick<TenantContext, 'tx' | 'organizationId'>;

/** What checkout and the portal need besides the provider: where the product lives. */
export interface BillingEnv {
  provider: BillingProvider;
  publicUrl: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const CHECKOUT_TTL_MS = DAY_MS;
const USAGE_RANGE_MAX_DAYS = 366;

const conflict = (message: string) => new AppError('CONFLICT', message);
const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/** The subscription row, locked: the organisation's billing changes take turns behind it. */
async function lockBilling(ctx: Scope): Promise<SubscriptionRow> {
  const [row] = await ctx.tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.organizationId, ctx.organizationId))
    .for('update');
  if (!row) throw notFound('Subscription');
  return row;
}

function audit(
  ctx: TenantContext,
  meta: RequestMeta,
  action: AuditAction,
  targetType: string,
  targetId: string,
  metadata = {},
) {
  return recordAudit(ctx.tx, meta, {
    action,
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType,
    targetId,
    metadata,
  });
}

// --- customer -----------------------------------------------------------------------------

function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    city: row.city,
    postal_code: row.postalCode,
    state: row.state,
    country: row.country,
    vat_id: row.vatId,
    provider: row.provider,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

function customerColumns(input: CustomerFields) {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone,
    addressLine1: input.address_line1,
    addressLine2: input.address_line2,
    city: input.city,
    postalCode: input.postal_code,
    state: input.state,
    country: input.country,
    vatId: input.vat_id,
  };
}

async function customerOf(ctx: Scope): Promise<CustomerRow | undefined> {
  const [row] = await ctx.tx
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.organizationId, ctx.organizationId));
  return row;
}

/** GET customers/me/: 404 until billing details are given. */
/** GET customers/me/: the billing details, or null while none were given (not an error: a state). */
export async function myCustomer(ctx: TenantContext): Promise<Customer | null> {
  assertCan(ctx, 'billing.read');
  const row = await customerOf(ctx);
  return row ? toCustomer(row) : null;
}

/** Writes the customer (new or changed) and lets the provider mirror it. */
async function saveCustomer(
  ctx: TenantContext,
  provider: BillingProvider,
  meta: RequestMeta,
  existing: CustomerRow | undefined,
  input: CustomerFields,
  now: Date,
): Promise<CustomerRow> {
  const [written] = existing
    ? await ctx.tx
        .update(billingCustomers)
        .set({ ...customerColumns(input), updatedAt: now })
        .where(and(eq(billingCustomers.id, existing.id), eq(billingCustomers.organizationId, ctx.organizationId)))
        .returning()
    : await ctx.tx
        .insert(billingCustomers)
        .values({ organizationId: ctx.organizationId, provider: provider.name, ...customerColumns(input) })
        .returning();
  if (!written) throw new Error('billing customer write returned nothing');
  const { providerCustomerId } = await provider.customerSaved(ctx, written);
  let saved = written;
  if (providerCustomerId !== written.providerCustomerId) {
    const [mirrored] = await ctx.tx
      .update(billingCustomers)
      .set({ providerCustomerId })
      .where(eq(billingCustomers.id, written.id))
      .returning();
    saved = mirrored ?? written;
  }
  await audit(
    ctx,
    meta,
    existing ? 'billing.customer_updated' : 'billing.customer_created',
    'billing_customer',
    saved.id,
  );
  return saved;
}

/** POST customers/me/: 409 when the organisation has billing details already. */
export async function createCustomer(
  ctx: TenantContext,
  provider: BillingProvider,
  meta: RequestMeta,
  input: CustomerFields,
  now = new Date(),
): Promise<Customer> {
  assertCan(ctx, 'billing.manage');
  await lockBilling(ctx);
  if (await customerOf(ctx)) throw conflict(BILLING_MESSAGES.customerExists);
  return toCustomer(await saveCustomer(ctx, provider, meta, undefined, input, now));
}

/** PUT customers/{id}/: every field as given (left-out optional ones become empty). */
export async function updateCustomer(
  ctx: TenantContext,
  provider: BillingProvider,
  meta: RequestMeta,
  id: string,
  input: CustomerFields,
  now = new Date(),
): Promise<Customer> {
  assertCan(ctx, 'billing.manage');
  await lockBilling(ctx);
  const existing = await customerOf(ctx);
  if (!existing || existing.id !== id) throw notFound('Billing customer');
  return toCustomer(await saveCustomer(ctx, provider, meta, existing, input, now));
}

// --- payment methods ----------------------------------------------------------------------

function toPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    type: row.type,
    label: row.label,
    brand: row.brand,
    last4: row.last4,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    is_default: row.isDefault,
    created_at: iso(row.createdAt),
  };
}

async function methodsOf(ctx: Scope): Promise<PaymentMethodRow[]> {
  return ctx.tx
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.organizationId, ctx.organizationId))
    .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.createdAt), asc(paymentMethods.id));
}

async function methodById(ctx: Scope, id: string): Promise<PaymentMethodRow> {
  const [row] = await ctx.tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.organizationId, ctx.organizationId)));
  if (!row) throw notFound('Payment method');
  return row;
}

/** GET payment-methods/: the default first, then oldest first. */
export async function listPaymentMethods(ctx: TenantContext): Promise<PaymentMethod[]> {
  assertCan(ctx, 'billing.read');
  return (await methodsOf(ctx)).map(toPaymentMethod);
}

/** Records a method by label; the organisation's first method becomes its default. */
async function recordMethod(
  ctx: TenantContext,
  provider: BillingProvider,
  meta: RequestMeta,
  input: PaymentMethodInput,
): Promise<PaymentMethodRow> {
  if (!provider.canAddPaymentMethod) throw conflict(BILLING_MESSAGES.useThePortal);
  const hasDefault = (await defaultPaymentMethod(ctx)) !== undefined;
  const [row] = await ctx.tx
    .insert(paymentMethods)
    .values({ organizationId: ctx.organizationId, type: input.type, label: input.label, isDefault: !hasDefault })
    .returning();
  if (!row) throw new Error('payment method insert returned nothing');
  await audit(ctx, meta, 'billing.payment_method_added', 'payment_method', row.id, { label: row.label });
  return row;
}

/** Makes `method` the default (the one invoices are paid with). */
async function makeDefault(
  ctx: TenantContext,
  provider: BillingProvider,
  meta: RequestMeta,
  method: PaymentMethodRow,
): Promise<PaymentMethodRow> {
  if (method.isDefault) return method;
  await provider.setDefaultPaymentMethod(ctx, method, (await customerOf(ctx)) ?? null);
  await ctx.tx
    .update(paymentMethods)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(paymentMethods.organizationId, ctx.organizationId), eq(paymentMethods.isDefault, true)));
  const [row] = await ctx.tx
    .update(paymentMethods)
    .set({ isDefault: true, updatedAt: new Date() })
    .where(and(eq(paymentMethods.id, method.id), eq(paymentMethods.organizationId, ctx.organizationId)))
    .returning();
  if (!row) throw notFound('Payment method');
  await audit(ctx, meta, 'billing.payment_method_default', 'payment_method', row.id, { label: row.label });
  return row;
}

/** POST payment-methods/: local only; a provider that takes cards in its own pages answers 409. */
export async function addPaymentMethod(
  ctx: TenantContext,
  provider: BillingProvider,
  meta: RequestMeta,
  input: PaymentMethodInput,
): Promise<PaymentMethod> {
  assertCan(ctx, 'billing.manage');
  await lockBilling(ctx);
  return toPaymentMethod(await recordMethod(ctx, provider, meta, input));
}

/** POST payment-methods/{id}/set-default/ */
export async function setDefaultPaymentMethod(
  ctx: TenantContext,
  provider: BillingProvider,
  meta: RequestMeta,
  id: string,
): Promise<PaymentMethod> {
  assertCan(ctx, 'billing.manage');
  await lockBilling(ctx);
  return toPaymentMethod(await makeDefault(ctx, provider, meta, await methodById(ctx, id)));
}

/**
 * DELETE payment-methods/{id}/: the default goes only when it is the last one; otherwise another
 * must be made default first (409), so renewals never lose their method by surprise.
 */
export async function deletePaymentMethod(
  ctx: TenantContext,
  provider: BillingProvider,
  meta: RequestMeta,
  id: string,
): Promise<void> {
  assertCan(ctx, 'billing.manage');
  await lockBilling(ctx);
  const method = await methodById(ctx, id);
  if (method.isDefault && (await methodsOf(ctx)).length > 1) {
    throw conflict(BILLING_MESSAGES.chooseAnotherDefault);
  }
  await provider.deletePaymentMethod(ctx, method);
  await ctx.tx
    .delete(paymentMethods)
    .where(and(eq(paymentMethods.id, method.id), eq(paymentMethods.organizationId, ctx.organizationId)));
  await audit(ctx, meta, 'billing.payment_method_deleted', 'payment_method', method.id, { label: method.label });
}

// --- invoices and payments ----------------------------------------------------------------

function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    currency: row.currency,
    subtotal: row.subtotal,
    tax: row.tax,
    total: row.total,
    amount_paid: row.amountPaid,
    amount_due: row.amountDue,
    plan_id: row.planId,
    billing_cycle: row.billingCycle,
    period_start: isoOrNull(row.periodStart),
    period_end: isoOrNull(row.periodEnd),
    issued_at: iso(row.issuedAt),
    due_at: isoOrNull(row.dueAt),
    paid_at: isoOrNull(row.paidAt),
    lines: row.lines,
  };
}

/** Between 1 January of `year` and the next (UTC). */
function inYear(column: typeof invoices.issuedAt | typeof payments.createdAt, year: number | undefined): SQL[] {
  if (year === undefined) return [];
  return [gte(column, new Date(Date.UTC(year, 0, 1))), lt(column, new Date(Date.UTC(year + 1, 0, 1)))];
}

export interface Page<T> {
  results: T[];
  total: number;
}

/** GET invoices/?year=&status=: newest first. */
export async function listInvoices(ctx: TenantContext, query: InvoiceListQuery): Promise<Page<Invoice>> {
  assertCan(ctx, 'billing.read');
  const where = and(
    eq(invoices.organizationId, ctx.organizationId),
    ...inYear(invoices.issuedAt, query.year),
    ...(query.status ? [eq(invoices.status, query.status)] : []),
  );
  const { limit, offset } = pageWindow(query);
  const rows = await ctx.tx
    .select()
    .from(invoices)
    .where(where)
    .orderBy(desc(invoices.issuedAt), desc(invoices.number))
    .limit(limit)
    .offset(offset);
  const [total] = await ctx.tx.select({ n: count() }).from(invoices).where(where);
  return { results: rows.map(toInvoice), total: total?.n ?? 0 };
}

async function invoiceById(ctx: Scope, id: string): Promise<InvoiceRow> {
  const [row] = await ctx.tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.organizationId, ctx.organizationId)));
  if (!row) throw notFound('Invoice');
  return row;
}

/** GET invoices/{id}/download/: a short-lived address of the PDF. */
export async function invoiceDownload(ctx: TenantContext, provider: BillingProvider, id: string): Promise<DownloadUrl> {
  assertCan(ctx, 'billing.read');
  return { url: await provider.invoicePdfUrl(ctx, await invoiceById(ctx, id)) };
}

/** POST invoices/{id}/pay/: an open invoice of this product, paid with the default method. */
export async function payInvoice(
  ctx: TenantContext,
  meta: RequestMeta,
  id: string,
  now = new Date(),
): Promise<Invoice> {
  assertCan(ctx, 'billing.manage');
  await lockBilling(ctx);
  const invoice = await invoiceById(ctx, id);
  if (invoice.status !== 'open') throw conflict(BILLING_MESSAGES.invoiceNotOpen);
  if (invoice.providerInvoiceId !== null) throw conflict(BILLING_MESSAGES.payInPortal);
  const method = await defaultPaymentMethod(ctx);
  if (!method) throw conflict(BILLING_MESSAGES.noPaymentMethod);
  const paid = await recordPayment(ctx, invoice, method, now);
  await audit(ctx, meta, 'invoice.paid', 'invoice', paid.id, { number: paid.number, amount: invoice.amountDue });
  return toInvoice(paid);
}

/** The PDF behind a download address (no bearer token: the signed token is the proof). */
export async function invoicePdf(
  db: Database,
  opts: { jwtSecret: string; supportEmail: string },
  id: string,
  token: string,
  now = new Date(),
): Promise<{ filename: string; body: Buffer }> {
  const check = verifyInvoiceToken(opts.jwtSecret, token, now);
  if (!check.ok) throw new AppError('TOKEN_INVALID', 'This download link is invalid or has expired.');
  if (check.invoiceId !== id) throw notFound('Invoice');
  const invoice = await inScope(db, { organizationId: check.organizationId }, (tx) =>
    invoiceById({ tx, organizationId: check.organizationId }, id),
  );
  const body = await renderInvoicePdf(invoice, { supportEmail: opts.supportEmail });
  return { filename: `${invoice.number.replace(/[^\w.-]/g, '_')}.pdf`, body };
}

/** GET payments/?year=&status=: newest first, with the number of the invoice each paid. */
export async function listPayments(ctx: TenantContext, query: PaymentListQuery): Promise<Page<Payment>> {
  assertCan(ctx, 'billing.read');
  const where = and(
    eq(payments.organizationId, ctx.organizationId),
    ...inYear(payments.createdAt, query.year),
    ...(query.status ? [eq(payments.status, query.status)] : []),
  );
  const { limit, offset } = pageWindow(query);
  const rows = await ctx.tx
    .select({ payment: payments, number: invoices.number })
    .from(payments)
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit)
    .offset(offset);
  const [total] = await ctx.tx.select({ n: count() }).from(payments).where(where);
  return {
    results: rows.map(({ payment, number }) => ({
      id: payment.id,
      invoice_id: payment.invoiceId,
      invoice_number: number,
      amount: payment.amount,
      currency: payment.currency,
      status: payment.status,
      payment_method_label: payment.paymentMethodLabel,
      failure_message: payment.failureMessage,
      created_at: iso(payment.createdAt),
    })),
    total: total?.n ?? 0,
  };
}

// --- usage records ------------------------------------------------------------------------

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * GET usage/?resource=&from=&to=: each resource's usage at the end of each day the daily task
 * recorded, and today's figure measured now (dates inclusive, UTC; default the last 30 days).
 */
export async function usageHistory(
  ctx: TenantContext,
  query: UsageRecordQuery,
  now = new Date(),
): Promise<UsageRecord[]> {
  assertCan(ctx, 'billing.read');
  const today = dayOf(now);
  const to = query.to ?? today;
  const from = query.from ?? dayOf(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS));
  if (from > to) throw validationError({ from: ['Must be on or before to.'] });
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS >= USAGE_RANGE_MAX_DAYS) {
    throw validationError({ from: [`Ask for at most ${USAGE_RANGE_MAX_DAYS} days at a time.`] });
  }
  const rows = await ctx.tx
    .select()
    .from(usageRecords)
    .where(
      and(
        eq(usageRecords.organizationId, ctx.organizationId),
        gte(usageRecords.day, from),
        sql`${usageRecords.day} <= ${to}`,
        ...(query.resource ? [eq(usageRecords.resource, query.resource)] : []),
      ),
    );
  const records: UsageRecord[] = rows
    .filter((row) => row.day !== today)
    .map((row) => ({ date: row.day, resource: row.resource, quantity: row.quantity }));
  if (from <= today && today <= to) {
    const usage = await currentUsage(ctx, now);
    for (const resource of USAGE_RESOURCES) {
      if (!query.resource || query.resource === resource) {
        records.push({ date: today, resource, quantity: usage[resource] });
      }
    }
  }
  const order = (r: UsageResource) => USAGE_RESOURCES.indexOf(r);
  return records.sort((a, b) => a.date.localeCompare(b.date) || order(a.resource) - order(b.resource));
}

/**
 * The scheduled task `usage_records`: every organisation's usage now, as today's record (UTC),
 * written again on each run, so a day keeps the figure of its last run. Organisations are found
 * through `usage_record_organizations` (a `leadcapture_jobs` function), each written in its scope.
 */
export async function recordUsageRecords(db: Database, now = new Date()): Promise<{ recorded: number }> {
  const organizations = await queryRows<{ organization_id: string }>(
    db,
    sql`select organization_id from usage_record_organizations() as t(organization_id)`,
  );
  const day = dayOf(now);
  let recorded = 0;
  for (const { organization_id: organizationId } of organizations) {
    await inScope(db, { organizationId }, async (tx) => {
      const usage = await currentUsage({ tx, organizationId }, now);
      await tx
        .insert(usageRecords)
        .values(USAGE_RESOURCES.map((resource) => ({ organizationId, resource, day, quantity: usage[resource] })))
        .onConflictDoUpdate({
          target: [usageRecords.organizationId, usageRecords.resource, usageRecords.day],
          set: { quantity: sql`excluded.quantity`, updatedAt: now },
        });
    });
    recorded += 1;
  }
  return { recorded };
}

// --- stats --------------------------------------------------------------------------------

/** GET stats/: the billing overview's figures. */
export async function billingStats(ctx: TenantContext, provider: BillingProvider): Promise<BillingStats> {
  assertCan(ctx, 'billing.read');
  const [row] = await ctx.tx.select().from(subscriptions).where(eq(subscriptions.organizationId, ctx.organizationId));
  if (!row) throw notFound('Subscription');
  const paying = row.status !== 'trialing' && row.planId !== 'free';
  const recurring = paying ? planPrice(row.planId, row.billingCycle) : 0;
  const ends = row.cancelAtPeriodEnd || row.scheduledPlanId === 'free';
  const [paid] = await ctx.tx
    .select({ total: sum(payments.amount), last: sql<string | null>`max(${payments.createdAt})::text` })
    .from(payments)
    .where(and(eq(payments.organizationId, ctx.organizationId), eq(payments.status, 'succeeded')));
  const [open] = await ctx.tx
    .select({ due: sum(invoices.amountDue) })
    .from(invoices)
    .where(and(eq(invoices.organizationId, ctx.organizationId), eq(invoices.status, 'open')));
  const [issued] = await ctx.tx
    .select({ n: count() })
    .from(invoices)
    .where(eq(invoices.organizationId, ctx.organizationId));
  return {
    provider: provider.name,
    plan_id: row.planId,
    status: row.status,
    billing_cycle: row.billingCycle,
    currency: 'usd',
    recurring_amount: recurring,
    next_invoice_at: paying && !ends && recurring !== null && recurring > 0 ? iso(row.currentPeriodEnd) : null,
    total_paid: Number(paid?.total ?? 0),
    open_amount: Number(open?.due ?? 0),
    invoices_count: issued?.n ?? 0,
    last_payment_at: paid?.last ? iso(new Date(paid.last)) : null,
    held_leads: await heldTotal(ctx),
  };
}

// --- checkout and portal ------------------------------------------------------------------

const DEFAULT_RETURN = {
  success: '/settings/billing?checkout=success',
  cancel: '/settings/billing?checkout=cancel',
  portal: '/settings/billing',
} as const;

/**
 * A return address: a path of this product (one leading `/`, not `//` or `/\`, which browsers
 * read as another host) or an absolute URL on PUBLIC_URL's origin. Anything else is refused, so
 * checkout and the portal never redirect off the product (422).
 */
export function returnUrl(publicUrl: string, given: string, field: string): string {
  const refused = () => validationError({ [field]: [BILLING_MESSAGES.badReturnUrl] });
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(given)) throw refused();
  if (given.startsWith('/')) {
    if (given.startsWith('//')) throw refused();
    return given;
  }
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw refused();
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.origin !== new URL(publicUrl).origin) throw refused();
  return url.toString();
}

/** POST checkout/: a session for the plan (24 h), and where the owner pays for it. */
export async function createCheckout(
  ctx: TenantContext,
  env: BillingEnv,
  meta: RequestMeta,
  input: z.output<typeof checkoutRequestSchema>,
  now = new Date(),
): Promise<RedirectUrl> {
  assertCan(ctx, 'billing.manage');
  const row = await lockBilling(ctx);
  assertCanBuy(row, input.plan_id);
  const successUrl = returnUrl(env.publicUrl, input.success_url ?? DEFAULT_RETURN.success, 'success_url');
  const cancelUrl = returnUrl(env.publicUrl, input.cancel_url ?? DEFAULT_RETURN.cancel, 'cancel_url');
  const [session] = await ctx.tx
    .insert(checkoutSessions)
    .values({
      organizationId: ctx.organizationId,
      createdBy: ctx.userId,
      planId: input.plan_id,
      billingCycle: input.billing_cycle,
      successUrl,
      cancelUrl,
      expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
    })
    .returning();
  if (!session) throw new Error('checkout session insert returned nothing');
  await audit(ctx, meta, 'billing.checkout_started', 'checkout_session', session.id, {
    plan: session.planId,
    cycle: session.billingCycle,
  });
  return { url: await env.provider.checkoutUrl(ctx, session, (await customerOf(ctx)) ?? null) };
}

async function sessionById(ctx: Scope, id: string, forUpdate = false): Promise<CheckoutSessionRow> {
  const query = ctx.tx
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.organizationId, ctx.organizationId)));
  const [row] = await (forUpdate ? query.for('update') : query);
  if (!row) throw notFound('Checkout session');
  return row;
}

const sessionStatus = (row: CheckoutSessionRow, now: Date) =>
  row.status === 'open' && row.expiresAt <= now ? 'expired' : row.status;

/** GET checkout/{id}/: what the checkout page shows (owner). */
export async function getCheckout(ctx: TenantContext, id: string, now = new Date()): Promise<CheckoutSession> {
  assertCan(ctx, 'billing.manage');
  const session = await sessionById(ctx, id);
  const [row] = await ctx.tx.select().from(subscriptions).where(eq(subscriptions.organizationId, ctx.organizationId));
  if (!row) throw notFound('Subscription');
  // What the first invoice charges: the plan's period, less the unused part of a paid plan's.
  const after: SubscriptionRow = {
    ...row,
    planId: session.planId,
    billingCycle: session.billingCycle,
    status: 'active',
    currentPeriodStart: now,
    currentPeriodEnd: periodEnd(now, session.billingCycle),
  };
  const amount = invoiceLines(row, after, now).reduce((total, line) => total + line.amount, 0);
  const customer = await customerOf(ctx);
  return {
    id: session.id,
    status: sessionStatus(session, now),
    plan_id: session.planId,
    billing_cycle: session.billingCycle,
    amount,
    currency: 'usd',
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
    expires_at: iso(session.expiresAt),
    customer: customer ? toCustomer(customer) : null,
    payment_methods: (await methodsOf(ctx)).map(toPaymentMethod),
  };
}

/**
 * POST checkout/{id}/complete/ (the local checkout page), in one transaction: the billing details
 * are saved, the payment method recorded or picked and made default, the plan started (from the
 * trial or free) or upgraded (from a paid plan: only to a higher one), the session completed.
 */
export async function completeCheckout(
  ctx: TenantContext,
  provider: BillingProvider,
  meta: RequestMeta,
  id: string,
  input: z.output<typeof completeCheckoutSchema>,
  now = new Date(),
): Promise<RedirectUrl> {
  assertCan(ctx, 'billing.manage');
  const row = await lockBilling(ctx);
  const session = await sessionById(ctx, id, true);
  const status = sessionStatus(session, now);
  if (status === 'complete') throw conflict(BILLING_MESSAGES.checkoutComplete);
  if (status === 'expired') throw conflict(BILLING_MESSAGES.checkoutExpired);
  const kind = assertCanBuy(row, session.planId);

  await saveCustomer(ctx, provider, meta, await customerOf(ctx), input.customer, now);
  const method = input.payment_method_id
    ? await methodById(ctx, input.payment_method_id)
    : input.payment_method
      ? await recordMethod(ctx, provider, meta, input.payment_method)
      : undefined;
  if (!method) throw validationError({ payment_method: ['Choose a saved payment method or add a new one.'] });
  await makeDefault(ctx, provider, meta, method);

  const plan = { plan_id: session.planId, billing_cycle: session.billingCycle };
  if (kind === 'start') await startSubscription(ctx, provider, meta, plan, now);
  else await changeSubscription(ctx, provider, meta, row.id, plan, now);

  await ctx.tx
    .update(checkoutSessions)
    .set({ status: 'complete', completedAt: now, updatedAt: now })
    .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.organizationId, ctx.organizationId)));
  await audit(ctx, meta, 'billing.checkout_completed', 'checkout_session', session.id, { plan: session.planId });
  return { url: session.successUrl };
}

/** POST portal/: where the owner manages billing (local: the product's own portal page). */
export async function createPortal(ctx: TenantContext, env: BillingEnv, input: PortalRequest): Promise<RedirectUrl> {
  assertCan(ctx, 'billing.manage');
  const back = returnUrl(env.publicUrl, input?.return_url?.trim() || DEFAULT_RETURN.portal, 'return_url');
  return { url: await env.provider.portalUrl(ctx, back, (await customerOf(ctx)) ?? null) };
}
