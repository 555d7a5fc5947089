import {
  PLANS,
  type BillingStats,
  type CheckoutSession,
  type Customer,
  type Invoice,
  type Payment,
  type PaymentMethod,
  type Subscription,
} from '@leadcapture/contracts/billing';
import { me } from '../../../test/fake-server.ts';

const DAY = 24 * 60 * 60 * 1000;

export const subscriptionId = '00000000-0000-4000-8000-0000000000b1';

/** A subscription as the API answers it; a fresh organisation's 14-day Professional trial by default. */
export function subscription(changes: Partial<Subscription> = {}): Subscription {
  const trialEnd = new Date(Date.now() + 14 * DAY - 60_000).toISOString();
  return {
    id: subscriptionId,
    status: 'trialing',
    plan: 'Professional',
    plan_id: 'professional',
    billing_cycle: 'monthly',
    trial_end: trialEnd,
    current_period_end: trialEnd,
    cancel_at_period_end: false,
    scheduled_plan_id: null,
    ...changes,
  };
}

/** A paid plan in the middle of its month. */
export function paid(planId: 'starter' | 'professional', changes: Partial<Subscription> = {}): Subscription {
  return subscription({
    status: 'active',
    plan: planId === 'starter' ? 'Starter' : 'Professional',
    plan_id: planId,
    trial_end: null,
    current_period_end: '2026-12-15T10:00:00.000Z',
    ...changes,
  });
}

export const plans = PLANS;

/** The signed-in user with `role` in the organisation. */
export function meAs(role: 'owner' | 'admin' | 'member' | 'viewer') {
  const organization = { ...me.current_organization, role };
  return { ...me, organizations: [organization], current_organization: organization };
}

/** An error envelope with the server's own message (fake-server's `fail` uses the code). */
export function refused(status: number, code: string, message: string): Response {
  return new Response(
    JSON.stringify({
      status: 'error',
      status_code: status,
      error: { message, code },
      meta: { timestamp: '2026-01-01T00:00:00.000Z' },
    }),
    { status, headers: { 'content-type': 'application/json' } },
  );
}

export const customerId = '00000000-0000-4000-8000-0000000000c1';
export const cardId = '00000000-0000-4000-8000-0000000000d1';
export const sepaId = '00000000-0000-4000-8000-0000000000d2';
export const invoiceId = '00000000-0000-4000-8000-0000000000e1';
export const checkoutId = '00000000-0000-4000-8000-0000000000f1';

/** The organisation's billing details as `customers/me/` answers them. */
export function customer(changes: Partial<Customer> = {}): Customer {
  return {
    id: customerId,
    name: 'Booth AB',
    email: 'billing@booth.example',
    phone: '+46 8 123 456',
    address_line1: 'Storgatan 1',
    address_line2: '',
    city: 'Stockholm',
    postal_code: '111 22',
    state: '',
    country: 'SE',
    vat_id: 'SE556677889901',
    provider: 'local',
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...changes,
  };
}

export function paymentMethod(changes: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id: cardId,
    type: 'card',
    label: 'Company Visa',
    brand: null,
    last4: null,
    exp_month: null,
    exp_year: null,
    is_default: true,
    created_at: '2026-11-01T10:00:00.000Z',
    ...changes,
  };
}

export function invoice(changes: Partial<Invoice> = {}): Invoice {
  return {
    id: invoiceId,
    number: 'INV-0001',
    status: 'paid',
    currency: 'usd',
    subtotal: 2900,
    tax: 0,
    total: 2900,
    amount_paid: 2900,
    amount_due: 0,
    plan_id: 'starter',
    billing_cycle: 'monthly',
    period_start: '2026-11-15T10:00:00.000Z',
    period_end: '2026-12-15T10:00:00.000Z',
    issued_at: '2026-11-15T10:00:00.000Z',
    due_at: null,
    paid_at: '2026-11-15T10:00:00.000Z',
    lines: [{ description: 'Starter (monthly)', quantity: 1, unit_amount: 2900, amount: 2900 }],
    ...changes,
  };
}

export function payment(changes: Partial<Payment> = {}): Payment {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    invoice_id: invoiceId,
    invoice_number: 'INV-0001',
    amount: 2900,
    currency: 'usd',
    status: 'succeeded',
    payment_method_label: 'Company Visa',
    failure_message: null,
    created_at: '2026-11-15T10:00:00.000Z',
    ...changes,
  };
}

export function stats(changes: Partial<BillingStats> = {}): BillingStats {
  return {
    provider: 'local',
    plan_id: 'starter',
    status: 'active',
    billing_cycle: 'monthly',
    currency: 'usd',
    recurring_amount: 2900,
    next_invoice_at: '2026-12-15T10:00:00.000Z',
    total_paid: 2900,
    open_amount: 0,
    invoices_count: 1,
    last_payment_at: '2026-11-15T10:00:00.000Z',
    held_leads: 0,
    ...changes,
  };
}

/** A page of a list, as the paginated billing lists answer. */
export function pageOf<T>(results: T[], count = results.length) {
  return { results, count, next: null, previous: null };
}

/** The local provider's checkout session for Starter, monthly, open for another hour. */
export function checkoutSession(changes: Partial<CheckoutSession> = {}): CheckoutSession {
  return {
    id: checkoutId,
    status: 'open',
    plan_id: 'starter',
    billing_cycle: 'monthly',
    amount: 2900,
    currency: 'usd',
    success_url: '/settings/billing?checkout=success',
    cancel_url: '/settings/billing?checkout=cancel',
    expires_at: new Date(Date.now() + 60 * 60_000).toISOString(),
    customer: null,
    payment_methods: [],
    ...changes,
  };
}
