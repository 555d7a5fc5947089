import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import {
  BILLING_CYCLES,
  BILLING_MESSAGES,
  PLAN_IDS,
  type BillingCycle,
  type PlanId,
} from '@leadcapture/contracts/billing';
import type { TenantContext } from '../../db/tenant.ts';
import { AppError } from '../../http/errors.ts';
import { users } from '../auth/auth.table.ts';
import { organizations } from '../organizations/organizations.table.ts';
import { billingCustomers, checkoutSessions, invoices, subscriptions } from './billing.table.ts';
import type {
  BillingProvider,
  CustomerRow,
  PaymentMethodRow,
  PlanChange,
  PlanChangeResult,
  SubscriptionRow,
} from './provider.ts';

/**
 * The `stripe` billing provider (docs/billing.md, "Stripe"): Stripe Checkout, the customer
 * portal and Stripe subscriptions through the official `stripe` package. What Stripe decides
 * (subscription state, invoices, payments, payment methods) comes back through the webhook
 * (stripe-webhooks.ts); here the product only asks Stripe to act, and refuses a change Stripe
 * refused.
 */

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Stripe's API address; only a test double sets it (STRIPE_API_BASE). */
  apiBase: string | undefined;
}

/** How long one call to Stripe may take before it counts as failed (and is retried). */
const STRIPE_TIMEOUT_MS = 15_000;

/** A Stripe client that reaches `apiBase` when given, with retries and a timeout. */
export function createStripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiBase'>): Stripe {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: STRIPE_TIMEOUT_MS, telemetry: false };
  if (settings.apiBase) {
    const url = new URL(settings.apiBase);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    options.protocol = protocol;
    options.host = url.hostname;
    options.port = url.port || (protocol === 'http' ? 80 : 443);
  }
  return new Stripe(settings.secretKey, options);
}

// --- plans and prices -----------------------------------------------------------------------

/** A plan's Stripe Price is found by this lookup key, set on the Price in the Stripe dashboard. */
export const lookupKey = (planId: PlanId, cycle: BillingCycle) => `leadcapture_${planId}_${cycle}`;

const LOOKUP_KEY = /^leadcapture_([a-z]+)_([a-z]+)$/;

/** The plan and cycle a lookup key names, or null for a price that is not one of ours. */
export function planOfLookupKey(key: string | null | undefined): { planId: PlanId; cycle: BillingCycle } | null {
  const match = key ? LOOKUP_KEY.exec(key) : null;
  if (!match) return null;
  const planId = PLAN_IDS.find((id) => id === match[1]);
  const cycle = BILLING_CYCLES.find((c) => c === match[2]);
  return planId && cycle ? { planId, cycle } : null;
}

/** Every lookup key a paid plan may have. */
const ALL_LOOKUP_KEYS = PLAN_IDS.filter((id) => id !== 'free').flatMap((id) =>
  BILLING_CYCLES.map((cycle) => lookupKey(id, cycle)),
);

/**
 * The plans' Stripe Prices, resolved by lookup key once per process (`prices.list`). Prices
 * rarely change; a changed one is picked up at the next start.
 */
export class StripePrices {
  readonly #byKey = new Map<string, string>();
  readonly #keyById = new Map<string, string>();
  #loaded: Promise<void> | null = null;

  constructor(private readonly client: Stripe) {}

  #load(): Promise<void> {
    this.#loaded ??= (async () => {
      const list = await this.client.prices.list({ lookup_keys: ALL_LOOKUP_KEYS, active: true, limit: 100 });
      for (const price of list.data) {
        if (!price.lookup_key) continue;
        this.#byKey.set(price.lookup_key, price.id);
        this.#keyById.set(price.id, price.lookup_key);
      }
    })().catch((error: unknown) => {
      this.#loaded = null;
      throw error;
    });
    return this.#loaded;
  }

  /** The Price id of a plan and cycle; 503 when Stripe has no price with its lookup key. */
  async priceId(planId: PlanId, cycle: BillingCycle): Promise<string> {
    const key = lookupKey(planId, cycle);
    if (!this.#byKey.has(key)) await this.#load();
    const id = this.#byKey.get(key);
    if (!id) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        `Billing is not set up for this plan yet (no Stripe price "${key}"). Try again later or contact us.`,
      );
    }
    return id;
  }

  /** The plan and cycle of a Price (its id or the object); null for a price not ours. */
  async planOf(
    price: string | Stripe.Price | null | undefined,
  ): Promise<{ planId: PlanId; cycle: BillingCycle } | null> {
    if (!price) return null;
    if (typeof price !== 'string') return planOfLookupKey(price.lookup_key);
    if (!this.#keyById.has(price)) await this.#load();
    return planOfLookupKey(this.#keyById.get(price));
  }
}

// --- errors --------------------------------------------------------------------------------

export const STRIPE_UNAVAILABLE = 'Stripe cannot be reached just now. Nothing was changed; try again in a moment.';
export const NO_STRIPE_CUSTOMER = BILLING_MESSAGES.noStripeCustomer;
export const NO_PAYMENT_METHOD = BILLING_MESSAGES.noStripePaymentMethod;

/** Seconds a client waits before trying again after Stripe failed. */
const RETRY_AFTER_SECONDS = '30';

/**
 * A failed Stripe call in the envelope: a declined card or a refused change is a 409 with
 * Stripe's own message (written for the customer); anything else (Stripe unreachable, a
 * timeout, Stripe's own error, a rejected key) is a 503 that names nothing internal: Stripe's
 * message may carry ids and a key's last digits, so it is logged, never answered.
 */
export function stripeFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof Stripe.errors.StripeCardError) {
    return new AppError('CONFLICT', error.message || 'The card was declined.');
  }
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return new AppError('CONFLICT', 'The same change is already being made. Reload and try again.');
  }
  return new AppError('SERVICE_UNAVAILABLE', STRIPE_UNAVAILABLE, undefined, { 'retry-after': RETRY_AFTER_SECONDS });
}

/** Runs a Stripe call, mapping its failure (stripeFailure) and logging what Stripe said. */
async function call<T>(log: StripeLog | undefined, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const mapped = stripeFailure(error);
    if (error instanceof Stripe.errors.StripeError) {
      log?.warn(
        { stripe: { type: error.type, code: error.code, status: error.statusCode, requestId: error.requestId } },
        `stripe ${what} failed: ${error.message}`,
      );
    }
    throw mapped;
  }
}

/** An idempotency key: the same request (kind, scope, parameters) retried is one request at Stripe. */
export function idempotencyKey(kind: string, scope: string, params: unknown): string {
  const digest = createHash('sha256').update(JSON.stringify(params)).digest('base64url').slice(0, 22);
  return `leadcapture-${kind}-${scope}-${digest}`;
}

// --- the provider --------------------------------------------------------------------------

export interface StripeLog {
  warn(obj: object, msg: string): void;
}

export interface StripeProviderOptions {
  /** The product's own address: relative success, cancel and return addresses get it in front. */
  publicUrl: string;
  /** A client already made (shared with the webhook); one is made from the settings otherwise. */
  client?: Stripe;
  log?: StripeLog;
}

export type StripeProvider = BillingProvider & { readonly client: Stripe; readonly prices: StripePrices };

/** A vat id Stripe takes as an EU VAT tax id as it is (country prefix, then 2-13 letters or digits). */
const SIMPLE_EU_VAT = /^[A-Z]{2}[0-9A-Z]{2,13}$/;

function customerParams(row: CustomerRow, organizationId: string): Stripe.CustomerUpdateParams {
  const params: Stripe.CustomerUpdateParams = {
    name: row.name,
    email: row.email,
    phone: row.phone,
    metadata: { organization_id: organizationId, vat_id: row.vatId },
  };
  if (row.country) {
    params.address = {
      line1: row.addressLine1,
      line2: row.addressLine2,
      city: row.city,
      postal_code: row.postalCode,
      state: row.state,
      country: row.country,
    };
  }
  return params;
}

/** Stripe's period of a subscription (API 2025+: on its items). */
export function subscriptionPeriod(sub: Stripe.Subscription): { start: Date; end: Date } | null {
  const item = sub.items.data[0];
  if (!item) return null;
  return { start: new Date(item.current_period_start * 1000), end: new Date(item.current_period_end * 1000) };
}

export function createStripeProvider(settings: StripeSettings, options: StripeProviderOptions): StripeProvider {
  const client = options.client ?? createStripeClient(settings);
  const prices = new StripePrices(client);
  const log = options.log;

  const absolute = (url: string) => new URL(url, options.publicUrl).toString();

  /** The organisation's Stripe customer, created (and stored) when it has none yet. */
  async function ensureCustomer(ctx: TenantContext, customer: CustomerRow | null): Promise<string> {
    if (customer?.providerCustomerId) return customer.providerCustomerId;
    if (customer) {
      const params = customerParams(customer, ctx.organizationId) as Stripe.CustomerCreateParams;
      const created = await call(log, 'customers.create', () =>
        client.customers.create(params, { idempotencyKey: idempotencyKey('customer', customer.id, params) }),
      );
      await ctx.tx
        .update(billingCustomers)
        .set({ providerCustomerId: created.id, updatedAt: new Date() })
        .where(and(eq(billingCustomers.id, customer.id), eq(billingCustomers.organizationId, ctx.organizationId)));
      return created.id;
    }
    // No billing details yet: the organisation's name and the owner's address; Checkout
    // collects the rest.
    const [org] = await ctx.tx
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, ctx.organizationId));
    const [owner] = await ctx.tx.select({ email: users.email }).from(users).where(eq(users.id, ctx.userId));
    const params: Stripe.CustomerCreateParams = {
      name: org?.name ?? '',
      email: owner?.email ?? '',
      metadata: { organization_id: ctx.organizationId },
    };
    const created = await call(log, 'customers.create', () =>
      client.customers.create(params, { idempotencyKey: idempotencyKey('customer', ctx.organizationId, params) }),
    );
    await ctx.tx.insert(billingCustomers).values({
      organizationId: ctx.organizationId,
      name: params.name ?? '',
      email: params.email ?? '',
      country: '',
      provider: 'stripe',
      providerCustomerId: created.id,
    });
    return created.id;
  }

  async function customerOf(ctx: TenantContext): Promise<CustomerRow | null> {
    const [row] = await ctx.tx
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.organizationId, ctx.organizationId));
    return row ?? null;
  }

  const answer = (sub: Stripe.Subscription): PlanChangeResult => {
    const period = subscriptionPeriod(sub);
    return { providerSubscriptionId: sub.id, ...(period ? { currentPeriodEnd: period.end } : {}) };
  };

  /** The subscription's one item (our subscriptions have one price). */
  async function itemOf(subscriptionId: string): Promise<Stripe.SubscriptionItem> {
    const sub = await call(log, 'subscriptions.retrieve', () => client.subscriptions.retrieve(subscriptionId));
    const item = sub.items.data[0];
    if (!item) throw new AppError('CONFLICT', 'The Stripe subscription has no plan on it. Contact us.');
    return item;
  }

  /** A paid plan starts now: a Stripe subscription on the customer's default payment method. */
  async function start(
    ctx: TenantContext,
    row: SubscriptionRow,
    planId: PlanId,
    cycle: BillingCycle,
  ): Promise<PlanChangeResult> {
    const customer = await customerOf(ctx);
    if (!customer?.providerCustomerId) throw new AppError('CONFLICT', NO_PAYMENT_METHOD);
    const customerId = customer.providerCustomerId;
    const stripeCustomer = await call(log, 'customers.retrieve', () => client.customers.retrieve(customerId));
    const defaultMethod = stripeCustomer.deleted ? null : stripeCustomer.invoice_settings.default_payment_method;
    if (!defaultMethod) throw new AppError('CONFLICT', NO_PAYMENT_METHOD);
    const price = await prices.priceId(planId, cycle);
    const params: Stripe.SubscriptionCreateParams = {
      customer: customerId,
      items: [{ price, quantity: 1 }],
      // A declined card refuses the change (409) instead of leaving an unpaid subscription.
      payment_behavior: 'error_if_incomplete',
      metadata: { organization_id: ctx.organizationId, plan_id: planId, billing_cycle: cycle },
    };
    const sub = await call(log, 'subscriptions.create', () =>
      client.subscriptions.create(params, {
        idempotencyKey: idempotencyKey('subscription', row.id, { params, at: row.updatedAt.getTime() }),
      }),
    );
    return answer(sub);
  }

  async function update(subscriptionId: string, params: Stripe.SubscriptionUpdateParams): Promise<PlanChangeResult> {
    const sub = await call(log, 'subscriptions.update', () => client.subscriptions.update(subscriptionId, params));
    return answer(sub);
  }

  /** The current plan's price back on the subscription, when a downgrade had put the lower one there. */
  async function currentPriceBack(
    row: SubscriptionRow,
    subscriptionId: string,
  ): Promise<Stripe.SubscriptionUpdateParams> {
    if (row.scheduledPlanId === null || row.scheduledPlanId === 'free') return {};
    const item = await itemOf(subscriptionId);
    const price = await prices.priceId(row.planId, row.billingCycle);
    return {
      items: [{ id: item.id, price }],
      proration_behavior: 'none',
      metadata: { plan_id: row.planId, billing_cycle: row.billingCycle, scheduled_plan_id: '' },
    };
  }

  return {
    name: 'stripe',
    client,
    prices,
    canAddPaymentMethod: false,

    async checkoutUrl(ctx, session, customer) {
      const customerId = await ensureCustomer(ctx, customer);
      const price = await prices.priceId(session.planId, session.billingCycle);
      const metadata = {
        organization_id: ctx.organizationId,
        checkout_session_id: session.id,
        plan_id: session.planId,
        billing_cycle: session.billingCycle,
      };
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: 'subscription',
        customer: customerId,
        line_items: [{ price, quantity: 1 }],
        client_reference_id: ctx.organizationId,
        metadata,
        subscription_data: {
          metadata: {
            organization_id: ctx.organizationId,
            plan_id: session.planId,
            billing_cycle: session.billingCycle,
          },
        },
        success_url: absolute(session.successUrl),
        cancel_url: absolute(session.cancelUrl),
      };
      const created = await call(log, 'checkout.sessions.create', () =>
        client.checkout.sessions.create(params, { idempotencyKey: idempotencyKey('checkout', session.id, params) }),
      );
      if (!created.url) throw stripeFailure(new Error('checkout session without url'));
      await ctx.tx
        .update(checkoutSessions)
        .set({ providerSessionId: created.id, updatedAt: new Date() })
        .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.organizationId, ctx.organizationId)));
      return created.url;
    },

    async portalUrl(ctx, returnUrl, customer) {
      // The portal opens for any organisation: its Stripe customer is made first when it has none.
      const customerId = await ensureCustomer(ctx, customer);
      const portal = await call(log, 'billingPortal.sessions.create', () =>
        client.billingPortal.sessions.create({ customer: customerId, return_url: absolute(returnUrl) }),
      );
      return portal.url;
    },

    async changePlan(ctx, row, change: PlanChange) {
      const subscriptionId = row.providerSubscriptionId;
      switch (change.kind) {
        case 'start':
          return start(ctx, row, change.planId, change.cycle);
        case 'upgrade': {
          // From free (no Stripe subscription yet) an upgrade is a start.
          if (!subscriptionId) return start(ctx, row, change.planId, change.cycle);
          const item = await itemOf(subscriptionId);
          const price = await prices.priceId(change.planId, change.cycle);
          return update(subscriptionId, {
            items: [{ id: item.id, price }],
            // Charged now for the rest of the period; a declined card refuses the upgrade.
            proration_behavior: 'always_invoice',
            payment_behavior: 'error_if_incomplete',
            cancel_at_period_end: false,
            metadata: { plan_id: change.planId, billing_cycle: change.cycle, scheduled_plan_id: '' },
          });
        }
        case 'downgrade': {
          if (!subscriptionId) return {};
          // To free: the subscription ends at the period end (the deleted event puts us on free).
          if (change.planId === 'free') return update(subscriptionId, { cancel_at_period_end: true });
          const item = await itemOf(subscriptionId);
          const price = await prices.priceId(change.planId, row.billingCycle);
          // Stripe charges the new price from the next period; this period stays paid as it is,
          // and the row keeps its plan (scheduled_plan_id) until the renewal's webhook.
          return update(subscriptionId, {
            items: [{ id: item.id, price }],
            proration_behavior: 'none',
            cancel_at_period_end: false,
            metadata: { plan_id: row.planId, billing_cycle: row.billingCycle, scheduled_plan_id: change.planId },
          });
        }
        case 'cancel_at_period_end': {
          if (!subscriptionId) return {};
          return update(subscriptionId, {
            ...(await currentPriceBack(row, subscriptionId)),
            cancel_at_period_end: true,
          });
        }
        case 'resume': {
          if (!subscriptionId) return {};
          return update(subscriptionId, {
            ...(await currentPriceBack(row, subscriptionId)),
            cancel_at_period_end: false,
          });
        }
        case 'end_now': {
          if (!subscriptionId) return {};
          await call(log, 'subscriptions.cancel', () => client.subscriptions.cancel(subscriptionId));
          return { providerSubscriptionId: null };
        }
      }
    },

    async billChange() {
      // Stripe invoices the change itself; its invoices and payments come by webhook.
    },

    renewsLocally(row) {
      return row.providerSubscriptionId === null;
    },

    async customerSaved(ctx, customer) {
      const params = customerParams(customer, ctx.organizationId);
      if (customer.providerCustomerId) {
        const id = customer.providerCustomerId;
        await call(log, 'customers.update', () => client.customers.update(id, params));
        return { providerCustomerId: id };
      }
      const createParams: Stripe.CustomerCreateParams = {
        ...(params as Stripe.CustomerCreateParams),
        ...(SIMPLE_EU_VAT.test(customer.vatId) ? { tax_id_data: [{ type: 'eu_vat', value: customer.vatId }] } : {}),
      };
      const created = await call(log, 'customers.create', () =>
        client.customers.create(createParams, {
          idempotencyKey: idempotencyKey('customer', customer.id, createParams),
        }),
      );
      return { providerCustomerId: created.id };
    },

    async setDefaultPaymentMethod(ctx, method: PaymentMethodRow, customer) {
      const pm = method.providerPaymentMethodId;
      const customerId = customer?.providerCustomerId;
      if (!pm || !customerId) throw new AppError('CONFLICT', NO_STRIPE_CUSTOMER);
      await call(log, 'customers.update', () =>
        client.customers.update(customerId, { invoice_settings: { default_payment_method: pm } }),
      );
      // A subscription's own default (set by Checkout) wins over the customer's: move it too.
      const [sub] = await ctx.tx
        .select({ id: subscriptions.providerSubscriptionId })
        .from(subscriptions)
        .where(eq(subscriptions.organizationId, ctx.organizationId));
      const subscriptionId = sub?.id;
      if (subscriptionId) {
        await call(log, 'subscriptions.update', () =>
          client.subscriptions.update(subscriptionId, { default_payment_method: pm }),
        );
      }
    },

    async deletePaymentMethod(_ctx, method) {
      const pm = method.providerPaymentMethodId;
      if (!pm) return;
      await call(log, 'paymentMethods.detach', () => client.paymentMethods.detach(pm));
    },

    async invoicePdfUrl(ctx, invoice) {
      if (invoice.providerPdfUrl) return invoice.providerPdfUrl;
      const id = invoice.providerInvoiceId;
      if (!id) throw new AppError('NOT_FOUND', 'Invoice not found.');
      const fresh = await call(log, 'invoices.retrieve', () => client.invoices.retrieve(id));
      if (!fresh.invoice_pdf)
        throw new AppError('CONFLICT', 'This invoice has no PDF yet: Stripe makes one once it is finalised.');
      await ctx.tx
        .update(invoices)
        .set({ providerPdfUrl: fresh.invoice_pdf, updatedAt: new Date() })
        .where(and(eq(invoices.id, invoice.id), eq(invoices.organizationId, ctx.organizationId)));
      return fresh.invoice_pdf;
    },
  };
}
