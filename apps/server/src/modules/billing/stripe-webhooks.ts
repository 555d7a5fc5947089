import type { AuditAction } from '@leadcapture/contracts/audit';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type Stripe from 'stripe';
import {
  PAYMENT_STATUSES,
  SUBSCRIPTION_STATUSES,
  type BillingCycle,
  type InvoiceLine,
  type InvoiceStatus,
  type PaymentMethodType,
  type PaymentStatus,
  type PlanId,
  type SubscriptionStatus,
} from '@leadcapture/contracts/billing';
import { queryRows, type Database, type Tx } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { periodEnd, releaseHeldFor } from './billing.service.ts';
import { notifyOwners } from './billing-notices.service.ts';
import {
  billingCustomers,
  billingWebhookEvents,
  checkoutSessions,
  invoices,
  paymentMethods,
  payments,
  subscriptions,
  type InvoiceCustomer,
} from './billing.table.ts';
import { stripeFailure, subscriptionPeriod, type StripePrices } from './stripe-provider.ts';

/**
 * Stripe's events applied to the product's tables (docs/billing.md, "Stripe webhook").
 *
 * - Once: the event id is inserted into `billing_webhook_events` in the same transaction as its
 *   effects; a repeated id changes nothing.
 * - Never backwards: a subscription, invoice or payment row keeps the `created` time of the
 *   newest event applied to it (`provider_event_at`) and an older event leaves it alone. On
 *   equal times the later status in the object's life wins (an `open` invoice does not undo
 *   `paid`), so two events of one second arriving out of order end in the same state.
 * - Whose: the organisation is the one whose billing customer has the event's Stripe customer id
 *   (`billing_customer_organization`), else the object's `metadata.organization_id`. An event
 *   of no known organisation is recorded and otherwise ignored.
 *
 * What Stripe must be asked (the subscription a completed checkout made, the prices of invoice
 * lines, an invoice's payments) is asked before the transaction opens, never inside it.
 */

export interface StripeWebhookDeps {
  db: Database;
  client: Stripe;
  prices: StripePrices;
}

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

type PlanInfo = { planId: PlanId; cycle: BillingCycle } | null;

type Prepared =
  | { kind: 'checkout'; session: Stripe.Checkout.Session; subscription: Stripe.Subscription | null; plan: PlanInfo }
  | { kind: 'subscription'; subscription: Stripe.Subscription; plan: PlanInfo; deleted: boolean }
  | { kind: 'invoice'; invoice: Stripe.Invoice; plan: PlanInfo; paymentIntents: string[] }
  | { kind: 'payment'; intent: Stripe.PaymentIntent; failed: boolean }
  | { kind: 'payment_method'; method: Stripe.PaymentMethod; detached: boolean }
  | { kind: 'customer'; customer: Stripe.Customer }
  | { kind: 'other' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const metadataOrganization = (metadata: Stripe.Metadata | null | undefined): string | null => {
  const id = metadata?.organization_id;
  return id && UUID.test(id) ? id : null;
};

const at = (seconds: number) => new Date(seconds * 1000);

/** What to fetch from Stripe for an event, and whose customer it concerns. */
async function prepare(
  deps: StripeWebhookDeps,
  event: Stripe.Event,
): Promise<{ prepared: Prepared; customerId: string | null; metadataOrg: string | null }> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      const subscription = subscriptionId ? await deps.client.subscriptions.retrieve(subscriptionId) : null;
      const plan = subscription ? await deps.prices.planOf(subscription.items.data[0]?.price) : null;
      const fromReference = session.client_reference_id && UUID.test(session.client_reference_id);
      return {
        prepared: { kind: 'checkout', session, subscription, plan },
        customerId: idOf(session.customer),
        metadataOrg: metadataOrganization(session.metadata) ?? (fromReference ? session.client_reference_id : null),
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const plan = await deps.prices.planOf(subscription.items.data[0]?.price);
      return {
        prepared: { kind: 'subscription', subscription, plan, deleted: event.type === 'customer.subscription.deleted' },
        customerId: idOf(subscription.customer),
        metadataOrg: metadataOrganization(subscription.metadata),
      };
    }
    case 'invoice.created':
    case 'invoice.finalized':
    case 'invoice.paid':
    case 'invoice.payment_failed':
    case 'invoice.voided':
    case 'invoice.marked_uncollectible':
    case 'invoice.updated': {
      const invoice = event.data.object;
      const plan = await deps.prices.planOf(invoice.lines.data[0]?.pricing?.price_details?.price);
      let paymentIntents: string[] = [];
      if (event.type === 'invoice.paid') {
        const listed = invoice.payments ?? (await deps.client.invoicePayments.list({ invoice: invoice.id, limit: 20 }));
        paymentIntents = listed.data.flatMap((p) => idOf(p.payment.payment_intent) ?? []);
      }
      return {
        prepared: { kind: 'invoice', invoice, plan, paymentIntents },
        customerId: idOf(invoice.customer),
        metadataOrg: metadataOrganization(invoice.parent?.subscription_details?.metadata),
      };
    }
    case 'payment_intent.succeeded':
    case 'payment_intent.processing':
    case 'payment_intent.requires_action':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled': {
      const intent = event.data.object;
      return {
        prepared: { kind: 'payment', intent, failed: event.type === 'payment_intent.payment_failed' },
        customerId: idOf(intent.customer),
        metadataOrg: metadataOrganization(intent.metadata),
      };
    }
    case 'payment_method.attached':
    case 'payment_method.updated':
    case 'payment_method.detached': {
      const method = event.data.object;
      // A detached method has no customer any more; Stripe names the one it had.
      const previous = event.data.previous_attributes as { customer?: string | null } | undefined;
      return {
        prepared: { kind: 'payment_method', method, detached: event.type === 'payment_method.detached' },
        customerId: idOf(method.customer) ?? previous?.customer ?? null,
        metadataOrg: null,
      };
    }
    case 'customer.updated': {
      const customer = event.data.object;
      return {
        prepared: { kind: 'customer', customer },
        customerId: customer.id,
        metadataOrg: metadataOrganization(customer.metadata),
      };
    }
    default:
      return { prepared: { kind: 'other' }, customerId: null, metadataOrg: null };
  }
}

async function organizationOf(db: Database, customerId: string | null, metadataOrg: string | null) {
  if (customerId) {
    const [row] = await queryRows<{ organization_id: string | null }>(
      db,
      sql`select billing_customer_organization(${customerId}) as organization_id`,
    );
    if (row?.organization_id) return row.organization_id;
  }
  return metadataOrg;
}

/** Records the event id; false when it was recorded before (the event is a repeat). */
async function recordEvent(tx: Tx, event: Stripe.Event): Promise<boolean> {
  const inserted = await tx
    .insert(billingWebhookEvents)
    .values({ id: event.id, type: event.type, eventCreatedAt: at(event.created) })
    .onConflictDoNothing()
    .returning({ id: billingWebhookEvents.id });
  return inserted.length > 0;
}

/**
 * Applies one verified Stripe event, once. Stripe is asked what the event needs before the
 * transaction opens; a failure there throws (503) and the event is not recorded, so Stripe's
 * retry applies it.
 */
export async function applyStripeEvent(deps: StripeWebhookDeps, event: Stripe.Event): Promise<EventOutcome> {
  const [seen] = await deps.db
    .select({ id: billingWebhookEvents.id })
    .from(billingWebhookEvents)
    .where(eq(billingWebhookEvents.id, event.id));
  if (seen) return 'duplicate';

  let prep: Awaited<ReturnType<typeof prepare>>;
  try {
    prep = await prepare(deps, event);
  } catch (error) {
    throw stripeFailure(error);
  }
  const organizationId =
    prep.prepared.kind === 'other' ? null : await organizationOf(deps.db, prep.customerId, prep.metadataOrg);
  if (!organizationId) {
    const recorded = await deps.db.transaction((tx) => recordEvent(tx, event));
    return recorded ? 'ignored' : 'duplicate';
  }
  return inScope(deps.db, { organizationId }, async (tx) => {
    if (!(await recordEvent(tx, event))) return 'duplicate';
    await applyPrepared(tx, organizationId, event, prep.prepared);
    return 'applied';
  });
}

async function applyPrepared(tx: Tx, organizationId: string, event: Stripe.Event, prepared: Prepared): Promise<void> {
  const eventAt = at(event.created);
  switch (prepared.kind) {
    case 'checkout':
      await completeCheckout(tx, organizationId, prepared.session, eventAt);
      if (prepared.subscription) {
        await mirrorSubscription(tx, organizationId, event, prepared.subscription, prepared.plan, false);
      }
      return;
    case 'subscription':
      return mirrorSubscription(tx, organizationId, event, prepared.subscription, prepared.plan, prepared.deleted);
    case 'invoice':
      await upsertInvoice(tx, organizationId, prepared.invoice, prepared.plan, prepared.paymentIntents, eventAt);
      // The owners hear of a failed payment (in-app and mail, as they chose for billing), once per event.
      if (event.type === 'invoice.payment_failed') {
        await notifyOwners(
          tx,
          organizationId,
          {
            type: 'payment_failed',
            data: {
              invoice_number: prepared.invoice.number ?? prepared.invoice.id,
              amount_due: prepared.invoice.amount_remaining,
              currency: prepared.invoice.currency,
            },
          },
          `stripe:${event.id}`,
        );
      }
      return;
    case 'payment':
      return upsertPayment(tx, organizationId, prepared.intent, prepared.failed, eventAt);
    case 'payment_method':
      return prepared.detached
        ? removePaymentMethod(tx, organizationId, prepared.method)
        : upsertPaymentMethod(tx, organizationId, prepared.method);
    case 'customer':
      return markDefaultMethod(tx, organizationId, idOf(prepared.customer.invoice_settings.default_payment_method));
    case 'other':
      return;
  }
}

// --- checkout -------------------------------------------------------------------------------

async function completeCheckout(tx: Tx, organizationId: string, session: Stripe.Checkout.Session, eventAt: Date) {
  const ours = session.metadata?.checkout_session_id;
  await tx
    .update(checkoutSessions)
    .set({ status: 'complete', completedAt: eventAt, providerSessionId: session.id, updatedAt: new Date() })
    .where(
      and(
        eq(checkoutSessions.organizationId, organizationId),
        ne(checkoutSessions.status, 'complete'),
        ours && UUID.test(ours) ? eq(checkoutSessions.id, ours) : eq(checkoutSessions.providerSessionId, session.id),
      ),
    );
  // The billing details Checkout collected fill a customer row made before them (no country yet).
  const details = session.customer_details;
  const customerId = idOf(session.customer);
  const [customer] = await tx
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.organizationId, organizationId))
    .for('update');
  if (customer && !customer.providerCustomerId && customerId) {
    await tx
      .update(billingCustomers)
      .set({ providerCustomerId: customerId, updatedAt: new Date() })
      .where(eq(billingCustomers.id, customer.id));
  }
  if (customer && customer.country === '' && details?.address?.country) {
    const address = details.address;
    await tx
      .update(billingCustomers)
      .set({
        name: details.name ?? customer.name,
        email: details.email ?? customer.email,
        addressLine1: address.line1 ?? '',
        addressLine2: address.line2 ?? '',
        city: address.city ?? '',
        postalCode: address.postal_code ?? '',
        state: address.state ?? '',
        country: address.country ?? '',
        updatedAt: new Date(),
      })
      .where(eq(billingCustomers.id, customer.id));
  }
  if (!customer && customerId && details?.email) {
    await tx.insert(billingCustomers).values({
      organizationId,
      name: details.name ?? details.email,
      email: details.email,
      country: details.address?.country ?? '',
      provider: 'stripe',
      providerCustomerId: customerId,
    });
  }
}

// --- subscriptions --------------------------------------------------------------------------

/** Later in a subscription's life ranks higher: on equal event times the later status wins. */
const SUBSCRIPTION_RANK: Record<SubscriptionStatus, number> = {
  incomplete: 0,
  trialing: 1,
  active: 2,
  past_due: 2,
  unpaid: 2,
  paused: 2,
  canceled: 3,
};

/** Stripe's statuses are ours (spec 02 §4); one Stripe may add later reads as ended. */
function subscriptionStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  return SUBSCRIPTION_STATUSES.find((s) => s === status) ?? 'canceled';
}

/** A subscription not (yet) mirrored takes the organisation's row over only in one of these. */
const LIVE: readonly string[] = ['active', 'trialing', 'past_due'];

/**
 * Mirrors a Stripe subscription onto the organisation's row: plan and cycle from the price's
 * lookup key, status, period (from its item), cancel_at_period_end. A downgrade waits: Stripe
 * already carries the lower price (charged from the next period), so while the period has not
 * advanced the row keeps its plan and `scheduled_plan_id`; a period that advanced applies it.
 * Deleted (or ended): free, active, a new monthly period, nothing deleted.
 */
async function mirrorSubscription(
  tx: Tx,
  organizationId: string,
  event: Stripe.Event,
  sub: Stripe.Subscription,
  plan: PlanInfo,
  deleted: boolean,
): Promise<void> {
  const eventAt = at(event.created);
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.organizationId, organizationId))
    .for('update');
  if (!row) return;
  const linked = row.providerSubscriptionId === sub.id;
  const ended = deleted || sub.status === 'canceled' || sub.status === 'incomplete_expired';
  if (!linked && (ended || !LIVE.includes(sub.status))) return;
  if (row.providerEventAt) {
    if (eventAt < row.providerEventAt) return;
    if (eventAt.getTime() === row.providerEventAt.getTime()) {
      // A subscription taking the row over must be newer than what the row last heard.
      if (!linked) return;
      const next = ended ? SUBSCRIPTION_RANK.canceled : SUBSCRIPTION_RANK[subscriptionStatus(sub.status)];
      if (next < SUBSCRIPTION_RANK[row.status]) return;
    }
  }

  let change: Partial<typeof subscriptions.$inferInsert>;
  let action: AuditAction;
  if (ended) {
    const start = sub.ended_at ? at(sub.ended_at) : eventAt;
    change = {
      planId: 'free',
      billingCycle: 'monthly',
      status: 'active',
      currentPeriodStart: start,
      currentPeriodEnd: periodEnd(start, 'monthly'),
      cancelAtPeriodEnd: false,
      scheduledPlanId: null,
      providerSubscriptionId: null,
    };
    action = 'subscription.ended';
  } else {
    const period = subscriptionPeriod(sub) ?? { start: row.currentPeriodStart, end: row.currentPeriodEnd };
    const advanced = linked && period.start > row.currentPeriodStart;
    const priced = plan ?? { planId: row.planId, cycle: row.billingCycle };
    let planId = priced.planId;
    let cycle = priced.cycle;
    let scheduledPlanId: PlanId | null = null;
    let cancelAtPeriodEnd = sub.cancel_at_period_end;
    if (linked && !advanced && row.scheduledPlanId !== null) {
      if (row.scheduledPlanId === priced.planId) {
        // The lower price is on Stripe already; the plan changes at the renewal.
        planId = row.planId;
        cycle = row.billingCycle;
        scheduledPlanId = row.scheduledPlanId;
      } else if (row.scheduledPlanId === 'free' && sub.cancel_at_period_end) {
        // A downgrade to free is Stripe's cancel at the period end.
        scheduledPlanId = 'free';
        cancelAtPeriodEnd = false;
      }
    }
    change = {
      planId,
      billingCycle: cycle,
      status: subscriptionStatus(sub.status),
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      cancelAtPeriodEnd,
      scheduledPlanId,
      providerSubscriptionId: sub.id,
    };
    action = !linked ? 'subscription.started' : advanced ? 'subscription.period_ended' : 'subscription.updated';
  }

  const changed = (Object.keys(change) as (keyof typeof change)[]).some((key) => {
    const before: unknown = row[key];
    const after: unknown = change[key];
    return before instanceof Date && after instanceof Date ? before.getTime() !== after.getTime() : before !== after;
  });
  const [updated] = await tx
    .update(subscriptions)
    .set({ ...change, providerEventAt: eventAt, updatedAt: new Date() })
    .where(and(eq(subscriptions.id, row.id), eq(subscriptions.organizationId, organizationId)))
    .returning();
  if (!changed || !updated) return;
  // A plan Stripe started or raised makes room: the held captures it has room for become leads.
  await releaseHeldFor({ tx, organizationId }, updated);
  await recordAudit(
    tx,
    { ip: null, userAgent: 'stripe-webhook' },
    {
      action,
      userId: null,
      organizationId,
      targetType: 'subscription',
      targetId: row.id,
      metadata: {
        from: row.planId,
        to: change.planId,
        status: change.status,
        scheduled: change.scheduledPlanId,
        stripe_event: event.id,
        stripe_subscription: sub.id,
      },
    },
  );
}

// --- invoices and payments ------------------------------------------------------------------

/** `CASE column WHEN 'a' THEN 0 … END`: a status's place in its object's life, in SQL. */
function rankOf(column: AnyPgColumn | SQL, ranks: Record<string, number>): SQL {
  const whens = Object.entries(ranks).map(([status, rank]) => sql`when ${status} then ${sql.raw(String(rank))}`);
  return sql`(case ${column} ${sql.join(whens, sql` `)} else 0 end)`;
}

/**
 * The condition of an upsert by provider id: the stored row is older than the incoming one, or
 * as old with an earlier (or the same) status.
 */
function newerThanStored(eventAtColumn: AnyPgColumn, statusColumn: AnyPgColumn, ranks: Record<string, number>): SQL {
  const incomingAt = sql.raw(`excluded.${eventAtColumn.name}`);
  const incomingStatus = sql.raw(`excluded.${statusColumn.name}`);
  return sql`${eventAtColumn} is null or ${eventAtColumn} < ${incomingAt} or (${eventAtColumn} = ${incomingAt} and ${rankOf(statusColumn, ranks)} <= ${rankOf(incomingStatus, ranks)})`;
}

const INVOICE_RANK: Record<InvoiceStatus, number> = { draft: 0, open: 1, paid: 2, void: 2, uncollectible: 2 };

const PAYMENT_RANK: Record<PaymentStatus, number> = {
  requires_payment_method: 0,
  requires_confirmation: 0,
  requires_action: 1,
  processing: 1,
  succeeded: 2,
  payment_canceled: 2,
};

function invoiceCustomer(invoice: Stripe.Invoice): InvoiceCustomer {
  const address = invoice.customer_address;
  return {
    name: invoice.customer_name ?? '',
    email: invoice.customer_email ?? '',
    address_line1: address?.line1 ?? '',
    address_line2: address?.line2 ?? '',
    city: address?.city ?? '',
    postal_code: address?.postal_code ?? '',
    state: address?.state ?? '',
    country: address?.country ?? '',
    vat_id: invoice.customer_tax_ids?.[0]?.value ?? '',
  };
}

async function upsertInvoice(
  tx: Tx,
  organizationId: string,
  invoice: Stripe.Invoice,
  plan: PlanInfo,
  paymentIntents: string[],
  eventAt: Date,
): Promise<void> {
  const lines: InvoiceLine[] = invoice.lines.data.map((line) => {
    const quantity = line.quantity ?? 1;
    return {
      description: line.description ?? '',
      quantity,
      unit_amount: quantity ? Math.round(line.amount / quantity) : line.amount,
      amount: line.amount,
    };
  });
  const period = invoice.lines.data[0]?.period;
  const tax = (invoice.total_taxes ?? []).reduce((sum, t) => sum + t.amount, 0);
  const values = {
    organizationId,
    // A draft has no number yet: its Stripe id stands in until it is finalised.
    number: invoice.number ?? invoice.id,
    status: (invoice.status ?? 'draft') as InvoiceStatus,
    currency: invoice.currency,
    subtotal: invoice.subtotal,
    tax,
    total: invoice.total,
    amountPaid: invoice.amount_paid,
    // What is still to pay (Stripe keeps amount_due as it was billed, the local provider as what remains).
    amountDue: invoice.amount_remaining,
    planId: plan?.planId ?? null,
    billingCycle: plan?.cycle ?? null,
    periodStart: period ? at(period.start) : at(invoice.period_start),
    periodEnd: period ? at(period.end) : at(invoice.period_end),
    issuedAt: at(invoice.status_transitions.finalized_at ?? invoice.created),
    dueAt: invoice.due_date ? at(invoice.due_date) : null,
    paidAt: invoice.status_transitions.paid_at ? at(invoice.status_transitions.paid_at) : null,
    lines,
    customer: invoiceCustomer(invoice),
    providerInvoiceId: invoice.id,
    providerPdfUrl: invoice.invoice_pdf ?? null,
    providerEventAt: eventAt,
  };
  const { organizationId: _org, providerInvoiceId: _id, ...updatable } = values;
  const [stored] = await tx
    .insert(invoices)
    .values(values)
    .onConflictDoUpdate({
      target: invoices.providerInvoiceId,
      set: { ...updatable, updatedAt: new Date() },
      setWhere: newerThanStored(invoices.providerEventAt, invoices.status, INVOICE_RANK),
    })
    .returning({ id: invoices.id });
  // Its payments (invoice.paid): linked, or held as succeeded until their own event arrives.
  const invoiceId =
    stored?.id ??
    (
      await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.organizationId, organizationId), eq(invoices.providerInvoiceId, invoice.id)))
    )[0]?.id;
  for (const providerPaymentId of paymentIntents) {
    await tx
      .insert(payments)
      .values({
        organizationId,
        invoiceId,
        amount: invoice.amount_paid,
        currency: invoice.currency,
        status: 'succeeded',
        providerPaymentId,
      })
      .onConflictDoUpdate({ target: payments.providerPaymentId, set: { invoiceId, updatedAt: new Date() } });
  }
}

function paymentStatus(status: Stripe.PaymentIntent.Status, failed: boolean): PaymentStatus {
  if (failed) return 'requires_payment_method';
  if (status === 'canceled') return 'payment_canceled';
  // requires_capture (and a status Stripe may add later) is money on its way.
  return PAYMENT_STATUSES.find((s) => s === status) ?? 'processing';
}

async function upsertPayment(
  tx: Tx,
  organizationId: string,
  intent: Stripe.PaymentIntent,
  failed: boolean,
  eventAt: Date,
): Promise<void> {
  const methodId = idOf(intent.payment_method);
  const [method] = methodId
    ? await tx
        .select({ label: paymentMethods.label })
        .from(paymentMethods)
        .where(
          and(eq(paymentMethods.organizationId, organizationId), eq(paymentMethods.providerPaymentMethodId, methodId)),
        )
    : [];
  const status = paymentStatus(intent.status, failed);
  const values = {
    organizationId,
    amount: intent.amount,
    currency: intent.currency,
    status,
    paymentMethodLabel: method?.label ?? null,
    failureMessage: status === 'succeeded' ? null : (intent.last_payment_error?.message ?? null),
    providerPaymentId: intent.id,
    providerEventAt: eventAt,
  };
  const { organizationId: _org, providerPaymentId: _id, ...updatable } = values;
  await tx
    .insert(payments)
    .values(values)
    .onConflictDoUpdate({
      target: payments.providerPaymentId,
      set: {
        ...updatable,
        paymentMethodLabel: sql`coalesce(excluded.payment_method_label, ${payments.paymentMethodLabel})`,
        updatedAt: new Date(),
      },
      setWhere: newerThanStored(payments.providerEventAt, payments.status, PAYMENT_RANK),
    });
}

// --- payment methods ------------------------------------------------------------------------

function methodType(type: Stripe.PaymentMethod.Type): PaymentMethodType {
  if (type === 'sepa_debit') return 'sepa_debit';
  if (type === 'customer_balance' || type === 'us_bank_account' || type === 'bacs_debit') return 'bank_transfer';
  return 'card';
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function methodLabel(method: Stripe.PaymentMethod): string {
  if (method.card) return `${capitalised(method.card.brand)} ending ${method.card.last4}`;
  if (method.sepa_debit?.last4) return `SEPA Direct Debit ending ${method.sepa_debit.last4}`;
  return capitalised(method.type.replace(/_/g, ' '));
}

async function upsertPaymentMethod(tx: Tx, organizationId: string, method: Stripe.PaymentMethod): Promise<void> {
  const card = method.card;
  const details = {
    type: methodType(method.type),
    label: methodLabel(method),
    brand: card?.brand ?? null,
    last4: card?.last4 ?? method.sepa_debit?.last4 ?? null,
    expMonth: card?.exp_month ?? null,
    expYear: card?.exp_year ?? null,
  };
  await tx
    .insert(paymentMethods)
    .values({ organizationId, providerPaymentMethodId: method.id, ...details })
    .onConflictDoUpdate({ target: paymentMethods.providerPaymentMethodId, set: { ...details, updatedAt: new Date() } });
}

async function removePaymentMethod(tx: Tx, organizationId: string, method: Stripe.PaymentMethod): Promise<void> {
  await tx
    .delete(paymentMethods)
    .where(
      and(eq(paymentMethods.organizationId, organizationId), eq(paymentMethods.providerPaymentMethodId, method.id)),
    );
}

/** customer.updated: the customer's default payment method is the organisation's default. */
async function markDefaultMethod(tx: Tx, organizationId: string, providerMethodId: string | null): Promise<void> {
  await tx
    .update(paymentMethods)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(
        eq(paymentMethods.organizationId, organizationId),
        eq(paymentMethods.isDefault, true),
        providerMethodId ? ne(paymentMethods.providerPaymentMethodId, providerMethodId) : undefined,
      ),
    );
  if (!providerMethodId) return;
  await tx
    .update(paymentMethods)
    .set({ isDefault: true, updatedAt: new Date() })
    .where(
      and(
        eq(paymentMethods.organizationId, organizationId),
        eq(paymentMethods.providerPaymentMethodId, providerMethodId),
      ),
    );
}
