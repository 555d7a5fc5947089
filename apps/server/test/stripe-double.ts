import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { PLANS, type BillingCycle, type PlanId } from '@leadcapture/contracts/billing';
import type { StripeProvider } from '../src/modules/billing/stripe-provider.ts';
import { createTestApp } from './helpers.ts';

/**
 * A local Stripe test double (docs/billing.md, "Tests"): a node:http server on 127.0.0.1 that
 * speaks the part of Stripe's API the `stripe` provider calls, as the official client sends it
 * (form-encoded bodies, `Authorization: Bearer sk_test_…`, `Idempotency-Key`) and answers it
 * (objects with `object`, prefixed ids, `livemode: false`; errors as
 * `{error: {type, message, code}}` with Stripe's status). State is in memory. Driver methods play
 * Stripe's side (a customer paying in Checkout, a renewal, a failed payment) and send the events
 * Stripe would send, signed as Stripe signs them, to the webhook URL given to `deliverTo`.
 *
 * stripe-mock is not on npm, and no test may reach the internet: this is what the client reaches
 * through STRIPE_API_BASE.
 */

type Obj = Record<string, unknown> & { id: string };

interface StripeError {
  status: number;
  type: 'invalid_request_error' | 'card_error' | 'api_error' | 'idempotency_error';
  message: string;
  code?: string;
  decline_code?: string;
}

class DoubleError extends Error {
  constructor(readonly error: StripeError) {
    super(error.message);
  }
}

export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey: string | undefined;
}

export interface Delivery {
  event: Obj & { type: string; created: number };
  status: number;
  body: string;
}

/** A card's last four: 4242 pays, `declined` (0002) is refused by the bank. */
export type TestCard = '4242' | 'declined';

const DAY = 24 * 60 * 60;

/** Form-encoded `a[b][0][c]=v` as Stripe's client sends it, into nested objects and arrays. */
export function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (typeof next === 'object' && next !== null) node = next as Record<string, unknown>;
      else {
        const created: Record<string, unknown> = {};
        node[part] = created;
        node = created;
      }
    });
  }
  return arrays(root) as Record<string, unknown>;
}

/** Objects whose keys are 0..n-1 become arrays. */
function arrays(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arrays(v)] as const);
  const numeric = entries.length > 0 && entries.every(([k], i) => k === String(i));
  return numeric ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const rec = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A PDF small enough to write out: one empty page. */
const TINY_PDF = [
  '%PDF-1.4',
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj',
  'trailer << /Root 1 0 R >>',
  '%%EOF',
].join('\n');

export class StripeDouble {
  /** The double's clock, in Unix seconds; `advance` moves it. */
  now = Math.floor(Date.now() / 1000);
  readonly requests: RecordedRequest[] = [];
  readonly deliveries: Delivery[] = [];
  readonly prices = new Map<string, Obj>();
  readonly customers = new Map<string, Obj>();
  readonly paymentMethods = new Map<string, Obj>();
  readonly checkoutSessions = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();
  readonly invoicePayments = new Map<string, Obj>();
  readonly paymentIntents = new Map<string, Obj>();
  /** While true every API call answers 503 (Stripe having an outage). */
  unavailable = false;

  #server: Server;
  #base = '';
  #webhookUrl: string | null = null;
  #delivering: Promise<void> = Promise.resolve();
  #idempotent = new Map<string, { status: number; body: unknown }>();
  #invoiceNumber = 0;

  private constructor(
    readonly secretKey: string,
    readonly webhookSecret: string,
  ) {
    this.#server = createServer((req, res) => void this.#handle(req, res));
    for (const plan of PLANS) {
      if (plan.price_monthly === null || plan.price_monthly === 0 || plan.price_annual === null) continue;
      this.#price(plan.id, 'monthly', plan.price_monthly);
      this.#price(plan.id, 'annual', plan.price_annual);
    }
  }

  static async start(options: { secretKey?: string; webhookSecret?: string } = {}): Promise<StripeDouble> {
    const double = new StripeDouble(
      options.secretKey ?? 'sk_test_double0123456789',
      options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`,
    );
    await new Promise<void>((resolve) => double.#server.listen(0, '127.0.0.1', resolve));
    const { port } = double.#server.address() as AddressInfo;
    double.#base = `http://127.0.0.1:${port}`;
    return double;
  }

  /** STRIPE_API_BASE for the client. */
  /** The app's environment for this double: BILLING_PROVIDER=stripe, its keys and its address. */
  env(): Record<string, string> {
    return {
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: this.secretKey,
      STRIPE_WEBHOOK_SECRET: this.webhookSecret,
      STRIPE_API_BASE: this.url,
    };
  }

  get url(): string {
    return this.#base;
  }

  async close(): Promise<void> {
    await this.#delivering;
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** Where events go (Stripe's webhook endpoint); without one they are kept undelivered. */
  deliverTo(url: string): void {
    this.#webhookUrl = url;
  }

  /** Resolves once every event sent so far has been answered. */
  settled(): Promise<void> {
    return this.#delivering;
  }

  advance(seconds: number): void {
    this.now += seconds;
  }

  /** The requests made to one path (e.g. `POST /v1/subscriptions/sub_…`). */
  calls(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter(
      (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
    );
  }

  // --- ids and objects ----------------------------------------------------------------------

  #id(prefix: string): string {
    return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
  }

  #price(planId: PlanId, cycle: BillingCycle, amount: number): void {
    const id = this.#id('price');
    this.prices.set(id, {
      id,
      object: 'price',
      active: true,
      currency: 'usd',
      lookup_key: `leadcapture_${planId}_${cycle}`,
      product: `prod_${planId}`,
      recurring: { interval: cycle === 'annual' ? 'year' : 'month', interval_count: 1 },
      type: 'recurring',
      unit_amount: amount,
      livemode: false,
      created: this.now,
      metadata: {},
    });
  }

  priceByKey(key: string): Obj {
    const price = [...this.prices.values()].find((p) => p.lookup_key === key);
    if (!price) throw new Error(`no price ${key}`);
    return price;
  }

  #periodEnd(start: number, price: Record<string, unknown>): number {
    const interval = rec(price.recurring).interval === 'year' ? 'year' : 'month';
    const date = new Date(start * 1000);
    if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
    else date.setUTCMonth(date.getUTCMonth() + 1);
    return Math.floor(date.getTime() / 1000);
  }

  #customer(id: unknown): Obj {
    const customer = typeof id === 'string' ? this.customers.get(id) : undefined;
    if (!customer) throw missing('customer', id);
    return customer;
  }

  #subscription(id: string): Obj {
    const sub = this.subscriptions.get(id);
    if (!sub) throw missing('subscription', id);
    return sub;
  }

  #item(sub: Obj): Record<string, unknown> {
    const item = list(rec(sub.items).data)[0];
    return rec(item);
  }

  /** Whether the customer's card pays: a card ending 0002 is declined. */
  #cardPays(pmId: unknown): boolean {
    const pm = typeof pmId === 'string' ? this.paymentMethods.get(pmId) : undefined;
    return rec(pm?.card).last4 !== '0002';
  }

  #defaultMethodOf(sub: Obj): string | null {
    const own = str(sub.default_payment_method);
    if (own) return own;
    const customer = this.customers.get(String(sub.customer));
    return str(rec(customer?.invoice_settings).default_payment_method) ?? null;
  }

  // --- events -------------------------------------------------------------------------------

  /** Sends an event as Stripe does (signed, to the endpoint); its `created` defaults to the clock. */
  sendEvent(
    type: string,
    object: Record<string, unknown>,
    options: { created?: number; previousAttributes?: Record<string, unknown>; id?: string } = {},
  ): Obj & { type: string; created: number } {
    const event = {
      id: options.id ?? this.#id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: options.created ?? this.now,
      data: {
        object: structuredClone(object),
        ...(options.previousAttributes ? { previous_attributes: options.previousAttributes } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.deliver(event);
    return event;
  }

  /** Delivers an event (as built, e.g. a replay of one delivered before), in order. */
  deliver(event: Obj & { type: string; created: number }, signature?: string): void {
    const url = this.#webhookUrl;
    if (!url) return;
    const payload = JSON.stringify(event);
    this.#delivering = this.#delivering.then(async () => {
      const header = signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
          body: payload,
        });
        this.deliveries.push({ event, status: res.status, body: await res.text() });
      } catch (error) {
        // The endpoint unreachable: Stripe would retry later; recorded as status 0.
        this.deliveries.push({ event, status: 0, body: String(error) });
      }
    });
  }

  /** The deliveries of one event type, oldest first. */
  delivered(type: string): Delivery[] {
    return this.deliveries.filter((d) => d.event.type === type);
  }

  // --- Stripe's side ------------------------------------------------------------------------

  /**
   * The customer pays in Checkout. With a card that pays: a card payment method on the
   * customer (its default), an active subscription, its paid first invoice and succeeded
   * payment, then the events Stripe sends, in its order. A declined card completes nothing
   * (Checkout shows the decline and the session stays open).
   */
  completeCheckout(sessionId: string, { card = '4242' }: { card?: TestCard } = {}): { subscription: Obj | null } {
    const session = this.checkoutSessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    if (card === 'declined') return { subscription: null };
    const customer = this.#customer(session.customer);
    const pm = this.#attachCard(customer, '4242');
    this.sendEvent('payment_method.attached', pm);
    customer.invoice_settings = { ...rec(customer.invoice_settings), default_payment_method: pm.id };
    this.sendEvent('customer.updated', customer, {
      previousAttributes: { invoice_settings: { default_payment_method: null } },
    });
    const priceId = String(session.price);
    const sub = this.#createSubscription(customer, priceId, pm.id, rec(rec(session.subscription_data).metadata));
    session.status = 'complete';
    session.payment_status = 'paid';
    session.subscription = sub.id;
    session.customer_details = {
      name: customer.name,
      email: customer.email,
      address: {
        country: 'SE',
        line1: 'Storgatan 1',
        line2: null,
        city: 'Stockholm',
        postal_code: '111 22',
        state: null,
      },
    };
    this.sendEvent('checkout.session.completed', session);
    return { subscription: sub };
  }

  #attachCard(customer: Obj, last4: '4242' | '0002'): Obj {
    const pm: Obj = {
      id: this.#id('pm'),
      object: 'payment_method',
      type: 'card',
      card: { brand: 'visa', last4, exp_month: 12, exp_year: 2030, country: 'SE', funding: 'credit' },
      customer: customer.id,
      billing_details: { email: customer.email, name: customer.name },
      created: this.now,
      livemode: false,
      metadata: {},
    };
    this.paymentMethods.set(pm.id, pm);
    return pm;
  }

  /** The customer adds a card in the portal: attached, not the default, and Stripe says so. */
  addCard(customerId: string): Obj {
    const pm = this.#attachCard(this.#customer(customerId), '4242');
    this.sendEvent('payment_method.attached', pm);
    return pm;
  }

  /** A card the bank will decline, made the customer's default (for a failing renewal). */
  attachDecliningCard(customerId: string): Obj {
    const customer = this.#customer(customerId);
    const pm = this.#attachCard(customer, '0002');
    customer.invoice_settings = { ...rec(customer.invoice_settings), default_payment_method: pm.id };
    for (const sub of this.subscriptions.values()) if (sub.customer === customerId) sub.default_payment_method = pm.id;
    return pm;
  }

  #createSubscription(customer: Obj, priceId: string, pmId: string | null, metadata: Record<string, unknown>): Obj {
    const price = this.prices.get(priceId);
    if (!price) throw missing('price', priceId);
    const id = this.#id('sub');
    const start = this.now;
    const end = this.#periodEnd(start, price);
    const sub: Obj = {
      id,
      object: 'subscription',
      customer: customer.id,
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      created: this.now,
      start_date: this.now,
      currency: 'usd',
      default_payment_method: pmId,
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
        data: [
          {
            id: this.#id('si'),
            object: 'subscription_item',
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: end,
            subscription: id,
            created: this.now,
            metadata: {},
          },
        ],
      },
      latest_invoice: null,
      metadata,
      livemode: false,
    };
    this.subscriptions.set(id, sub);
    this.sendEvent('customer.subscription.created', sub);
    this.#invoice(sub, Number(price.unit_amount), 'subscription_create', true);
    return sub;
  }

  /**
   * An invoice of the subscription's current period for `amount`, finalised and charged to its
   * default method; the invoice, payment intent and (on a decline) subscription events follow.
   */
  #invoice(sub: Obj, amount: number, reason: string, pays: boolean): { invoice: Obj; intent: Obj } {
    const item = this.#item(sub);
    const price = rec(item.price);
    const customer = this.#customer(sub.customer);
    const pmId = this.#defaultMethodOf(sub);
    const paid = pays && this.#cardPays(pmId);
    this.#invoiceNumber += 1;
    const id = this.#id('in');
    const invoice: Obj = {
      id,
      object: 'invoice',
      customer: customer.id,
      customer_name: customer.name,
      customer_email: customer.email,
      customer_address: customer.address ?? null,
      customer_tax_ids: [],
      number: null,
      status: 'draft',
      billing_reason: reason,
      currency: 'usd',
      subtotal: amount,
      total: amount,
      total_taxes: [],
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      created: this.now,
      due_date: null,
      period_start: this.now,
      period_end: this.now,
      status_transitions: { finalized_at: null, paid_at: null, voided_at: null, marked_uncollectible_at: null },
      lines: {
        object: 'list',
        has_more: false,
        url: `/v1/invoices/${id}/lines`,
        data: [
          {
            id: this.#id('il'),
            object: 'line_item',
            amount,
            currency: 'usd',
            description: `1 × ${String(price.lookup_key)}`,
            quantity: 1,
            period: { start: Number(item.current_period_start), end: Number(item.current_period_end) },
            pricing: { type: 'price_details', price_details: { price: price.id, product: price.product } },
            invoice: id,
            subscription: sub.id,
            metadata: {},
          },
        ],
      },
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      invoice_pdf: null,
      hosted_invoice_url: null,
      livemode: false,
      metadata: {},
    };
    this.invoices.set(id, invoice);
    sub.latest_invoice = id;
    this.sendEvent('invoice.created', invoice);
    invoice.status = 'open';
    invoice.number = `DBL-${String(this.#invoiceNumber).padStart(4, '0')}`;
    invoice.invoice_pdf = `${this.#base}/files/invoices/${id}.pdf`;
    invoice.status_transitions = { ...rec(invoice.status_transitions), finalized_at: this.now };
    this.sendEvent('invoice.finalized', invoice);
    const intent: Obj = {
      id: this.#id('pi'),
      object: 'payment_intent',
      amount,
      amount_received: paid ? amount : 0,
      currency: 'usd',
      customer: customer.id,
      payment_method: pmId,
      status: paid ? 'succeeded' : 'requires_payment_method',
      last_payment_error: paid
        ? null
        : {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          },
      created: this.now,
      metadata: {},
      livemode: false,
    };
    this.paymentIntents.set(intent.id, intent);
    if (paid) {
      this.sendEvent('payment_intent.succeeded', intent);
      const payment: Obj = {
        id: this.#id('inpay'),
        object: 'invoice_payment',
        invoice: id,
        amount_paid: amount,
        amount_requested: amount,
        currency: 'usd',
        is_default: true,
        payment: { type: 'payment_intent', payment_intent: intent.id },
        status: 'paid',
        status_transitions: { canceled_at: null, paid_at: this.now },
        created: this.now,
        livemode: false,
      };
      this.invoicePayments.set(payment.id, payment);
      invoice.status = 'paid';
      invoice.amount_paid = amount;
      invoice.amount_remaining = 0;
      invoice.status_transitions = { ...rec(invoice.status_transitions), paid_at: this.now };
      this.sendEvent('invoice.paid', invoice);
    } else {
      this.sendEvent('payment_intent.payment_failed', intent);
      this.sendEvent('invoice.payment_failed', invoice);
    }
    return { invoice, intent };
  }

  /**
   * The subscription's period ends: cancelled at the period end, it is deleted; otherwise a new
   * period starts on its (maybe downgraded) price and is invoiced. A declined card leaves the
   * invoice open and the subscription past_due.
   */
  renew(subscriptionId: string, { fail = false }: { fail?: boolean } = {}): Obj {
    const sub = this.#subscription(subscriptionId);
    const item = this.#item(sub);
    const previous = structuredClone(sub);
    if (sub.cancel_at_period_end) {
      sub.status = 'canceled';
      sub.ended_at = Number(item.current_period_end);
      sub.canceled_at = Number(item.current_period_end);
      this.sendEvent('customer.subscription.deleted', sub);
      return sub;
    }
    const start = Number(item.current_period_end);
    item.current_period_start = start;
    item.current_period_end = this.#periodEnd(start, rec(item.price));
    const { intent } = this.#invoice(sub, Number(rec(item.price).unit_amount), 'subscription_cycle', !fail);
    sub.status = intent.status === 'succeeded' ? 'active' : 'past_due';
    this.sendEvent('customer.subscription.updated', sub, {
      previousAttributes: { items: previous.items, status: previous.status },
    });
    return sub;
  }

  /** A renewal whose payment the bank declines. */
  failPayment(subscriptionId: string): Obj {
    return this.renew(subscriptionId, { fail: true });
  }

  // --- the API ------------------------------------------------------------------------------

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.#base);
    const method = req.method ?? 'GET';
    const body = Buffer.concat(chunks).toString('utf8');
    const params = method === 'GET' || method === 'DELETE' ? parseForm(url.search.slice(1)) : parseForm(body);
    const idempotencyKey = str(req.headers['idempotency-key']);
    const send = (status: number, payload: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type, 'request-id': this.#id('req') });
      res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
    };

    // Pages and files Stripe hosts: no key needed.
    if (method === 'GET' && url.pathname.startsWith('/files/invoices/')) return send(200, TINY_PDF, 'application/pdf');
    if (method === 'GET' && (url.pathname.startsWith('/c/pay/') || url.pathname.startsWith('/p/session/'))) {
      return send(200, '<!doctype html><title>Stripe test double</title>', 'text/html');
    }

    this.requests.push({ method, path: url.pathname, params, idempotencyKey });
    const auth = str(req.headers.authorization);
    if (auth !== `Bearer ${this.secretKey}`) {
      return send(401, {
        error: {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${(auth ?? '').replace(/^Bearer /, '').slice(0, 8)}****`,
        },
      });
    }
    if (this.unavailable) {
      return send(503, { error: { type: 'api_error', message: 'Stripe is temporarily unavailable (test double).' } });
    }
    const replay = idempotencyKey && method === 'POST' ? this.#idempotent.get(idempotencyKey) : undefined;
    if (replay) return send(replay.status, replay.body);
    let status = 200;
    let answer: unknown;
    try {
      answer = this.#route(method, url.pathname, params);
    } catch (error) {
      if (!(error instanceof DoubleError)) throw error;
      const { status: code, ...shape } = error.error;
      status = code;
      answer = { error: shape };
    }
    if (idempotencyKey && method === 'POST') this.#idempotent.set(idempotencyKey, { status, body: answer });
    return send(status, answer);
  }

  #route(method: string, path: string, params: Record<string, unknown>): unknown {
    const parts = path.split('/').filter(Boolean);
    // Namespaced resources take two segments: /v1/checkout/sessions, /v1/billing_portal/sessions.
    if (parts[1] === 'checkout' || parts[1] === 'billing_portal') parts.splice(1, 2, `${parts[1]}/${parts[2]}`);
    const [v1, resource, id, action] = parts;
    if (v1 !== 'v1') throw missing('route', path);
    const key = `${method} ${resource}${id ? '/:id' : ''}${action ? `/${action}` : ''}`;
    switch (key) {
      case 'GET prices': {
        const keys = list(params.lookup_keys).map(String);
        const data = [...this.prices.values()].filter((p) => keys.length === 0 || keys.includes(String(p.lookup_key)));
        return { object: 'list', data, has_more: false, url: '/v1/prices' };
      }
      case 'POST customers': {
        const customer: Obj = {
          id: this.#id('cus'),
          object: 'customer',
          name: params.name ?? null,
          email: params.email ?? null,
          phone: params.phone ?? null,
          address: params.address ?? null,
          metadata: rec(params.metadata),
          tax_ids: { object: 'list', data: list(params.tax_id_data), has_more: false },
          invoice_settings: { default_payment_method: null },
          created: this.now,
          livemode: false,
        };
        this.customers.set(customer.id, customer);
        return customer;
      }
      case 'GET customers/:id':
        return this.#customer(id);
      case 'POST customers/:id': {
        const customer = this.#customer(id);
        for (const field of ['name', 'email', 'phone', 'address'] as const) {
          if (params[field] !== undefined) customer[field] = params[field];
        }
        if (params.metadata) customer.metadata = { ...rec(customer.metadata), ...rec(params.metadata) };
        const settings = rec(params.invoice_settings);
        if (settings.default_payment_method !== undefined) {
          const pm = str(settings.default_payment_method) ?? '';
          if (pm && !this.paymentMethods.has(pm)) throw missing('payment_method', pm);
          customer.invoice_settings = { ...rec(customer.invoice_settings), default_payment_method: pm || null };
        }
        this.sendEvent('customer.updated', customer);
        return customer;
      }
      case 'POST checkout/sessions': {
        this.#customer(params.customer);
        const item = rec(list(params.line_items)[0]);
        const priceId = String(item.price);
        if (!this.prices.has(priceId)) throw missing('price', priceId);
        const sessionId = this.#id('cs_test');
        const session: Obj = {
          id: sessionId,
          object: 'checkout.session',
          mode: params.mode,
          customer: params.customer,
          client_reference_id: params.client_reference_id ?? null,
          metadata: rec(params.metadata),
          subscription_data: rec(params.subscription_data),
          success_url: params.success_url,
          cancel_url: params.cancel_url,
          price: priceId,
          status: 'open',
          payment_status: 'unpaid',
          subscription: null,
          customer_details: null,
          url: `${this.#base}/c/pay/${sessionId}`,
          created: this.now,
          expires_at: this.now + DAY,
          livemode: false,
        };
        this.checkoutSessions.set(sessionId, session);
        return session;
      }
      case 'POST billing_portal/sessions': {
        this.#customer(params.customer);
        const portalId = this.#id('bps');
        return {
          id: portalId,
          object: 'billing_portal.session',
          customer: params.customer,
          return_url: params.return_url,
          url: `${this.#base}/p/session/${portalId}`,
          created: this.now,
          livemode: false,
        };
      }
      case 'POST subscriptions': {
        const customer = this.#customer(params.customer);
        const pm = str(params.default_payment_method) ?? str(rec(customer.invoice_settings).default_payment_method);
        if (!pm) {
          throw new DoubleError({
            status: 400,
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'This customer has no attached payment source or default payment method.',
          });
        }
        if (!this.#cardPays(pm)) throw declined();
        const item = rec(list(params.items)[0]);
        return this.#createSubscription(customer, String(item.price), pm, rec(params.metadata));
      }
      case 'GET subscriptions/:id':
        return this.#subscription(String(id));
      case 'POST subscriptions/:id':
        return this.#updateSubscription(this.#subscription(String(id)), params);
      case 'DELETE subscriptions/:id': {
        const sub = this.#subscription(String(id));
        sub.status = 'canceled';
        sub.ended_at = this.now;
        sub.canceled_at = this.now;
        this.sendEvent('customer.subscription.deleted', sub);
        return sub;
      }
      case 'GET invoices/:id': {
        const invoice = this.invoices.get(String(id));
        if (!invoice) throw missing('invoice', id);
        return invoice;
      }
      case 'GET invoice_payments': {
        const data = [...this.invoicePayments.values()].filter((p) => p.invoice === params.invoice);
        return { object: 'list', data, has_more: false, url: '/v1/invoice_payments' };
      }
      case 'POST payment_methods/:id/detach': {
        const pm = this.paymentMethods.get(String(id));
        if (!pm) throw missing('payment_method', id);
        const customer = pm.customer;
        pm.customer = null;
        this.sendEvent('payment_method.detached', pm, { previousAttributes: { customer } });
        return pm;
      }
      default:
        throw missing('route', `${method} ${path}`);
    }
  }

  #updateSubscription(sub: Obj, params: Record<string, unknown>): Obj {
    if (sub.status === 'canceled') {
      throw new DoubleError({
        status: 400,
        type: 'invalid_request_error',
        message: 'A canceled subscription can only update its cancellation_details and metadata.',
      });
    }
    const previous = structuredClone(sub);
    const item = this.#item(sub);
    const wanted = rec(list(params.items)[0]);
    const oldPrice = rec(item.price);
    let upgradeCharge = 0;
    if (wanted.price !== undefined) {
      if (wanted.id !== item.id) throw missing('subscription_item', wanted.id);
      const price = this.prices.get(str(wanted.price) ?? '');
      if (!price) throw missing('price', wanted.price);
      if (params.proration_behavior === 'always_invoice') {
        if (params.payment_behavior === 'error_if_incomplete' && !this.#cardPays(this.#defaultMethodOf(sub))) {
          throw declined();
        }
        // Simplified proration: the new price in full from now (a new period when the interval changes).
        upgradeCharge =
          Number(price.unit_amount) -
          (rec(price.recurring).interval === rec(oldPrice.recurring).interval ? Number(oldPrice.unit_amount) : 0);
        item.current_period_start = this.now;
        item.current_period_end = this.#periodEnd(this.now, price);
      }
      item.price = price;
    }
    if (params.cancel_at_period_end !== undefined) sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
    if (params.default_payment_method !== undefined) sub.default_payment_method = params.default_payment_method;
    if (params.metadata) {
      const merged = { ...rec(sub.metadata), ...rec(params.metadata) };
      sub.metadata = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== ''));
    }
    this.sendEvent('customer.subscription.updated', sub, {
      previousAttributes: { items: previous.items, cancel_at_period_end: previous.cancel_at_period_end },
    });
    if (upgradeCharge > 0) this.#invoice(sub, upgradeCharge, 'subscription_update', true);
    return sub;
  }
}

function missing(what: string, id: unknown): DoubleError {
  return new DoubleError({
    status: 404,
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${what}: '${String(id)}'`,
  });
}

function declined(): DoubleError {
  return new DoubleError({
    status: 402,
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  });
}

// --- a test app on Stripe ----------------------------------------------------------------------

/**
 * The app with BILLING_PROVIDER=stripe against a fresh double, the Stripe provider, and the
 * webhook route on a real port that the double delivers to. Until the provider factory and the
 * route are wired into app.ts, the webhook route is served by its own fastify instance (built as
 * the app builds its server), sharing the app's database.
 */
export async function startStripeApp() {
  const double = await StripeDouble.start();
  const t = await createTestApp({ env: double.env() });
  if (t.app.deps.billing.name !== 'stripe') throw new Error('BILLING_PROVIDER=stripe did not configure Stripe');
  const provider = t.app.deps.billing as StripeProvider;
  // Stripe calls the app's own webhook route over HTTP, as it would in production.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const webhookUrl = `http://127.0.0.1:${port}/api/v1/billing/webhooks/stripe/`;
  double.deliverTo(webhookUrl);
  return {
    t,
    double,
    provider,
    webhookUrl,
    async close() {
      await double.close();
      await t.close();
    },
  };
}
