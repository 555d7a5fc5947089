import type { BillingCycle, BillingProviderName, PlanId } from '@leadcapture/contracts/billing';
import type { TenantContext } from '../../db/tenant.ts';
import type { billingCustomers, checkoutSessions, invoices, paymentMethods, subscriptions } from './billing.table.ts';

/**
 * The billing provider boundary (docs/billing.md, decision 024). The product's own tables are
 * the truth every read answers from (subscription, customer, payment methods, invoices,
 * payments); a provider is asked only where money or an outside page is involved, and it writes
 * what it learns back into those tables. Two providers, picked by `BILLING_PROVIDER`:
 *
 * - `local` (default, no outside service): checkout and the portal are the product's own pages;
 *   invoices are numbered per organisation and rendered as PDF; payments are recorded against the
 *   default payment method (an invoice stays `open` when there is none).
 * - `stripe`: Stripe Checkout, the customer portal and Stripe subscriptions through the official
 *   `stripe` package; Stripe's state comes back through `POST /billing/webhooks/stripe/`.
 *
 * Every method runs inside the caller's transaction with the subscription row locked where it
 * concerns the plan; a method that throws refuses the change and nothing is written.
 */

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CustomerRow = typeof billingCustomers.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

/** A plan change the owner asked for, already checked against plan rank and state. */
export type PlanChange =
  /** POST subscriptions/ or a completed checkout: a paid plan starts now (from the trial or free). */
  | { kind: 'start'; planId: PlanId; cycle: BillingCycle }
  /** PUT {plan_id, billing_cycle}: a higher plan, now. */
  | { kind: 'upgrade'; planId: PlanId; cycle: BillingCycle }
  /** PUT {plan_id, cancel_at_period_end: true}: a lower plan from the period end. */
  | { kind: 'downgrade'; planId: PlanId }
  /** Cancel at the period end. */
  | { kind: 'cancel_at_period_end' }
  /** Undo a waiting cancellation or downgrade. */
  | { kind: 'resume' }
  /** Cancel now: falls to free. */
  | { kind: 'end_now' };

/** What the provider decided about a change, written into the subscription row with it. */
export interface PlanChangeResult {
  /** Stripe's subscription id once there is one; `undefined` leaves the column as it is. */
  providerSubscriptionId?: string | null;
  /** Stripe may answer the new period's end itself; `undefined` keeps the product's own. */
  currentPeriodEnd?: Date;
}

export interface BillingProvider {
  readonly name: BillingProviderName;

  /**
   * POST checkout/: where the owner goes to pay for the session's plan. Local: the product's
   * own checkout page for the session. Stripe: a Checkout Session's URL.
   */
  checkoutUrl(ctx: TenantContext, session: CheckoutSessionRow, customer: CustomerRow | null): Promise<string>;

  /** POST portal/: where the owner manages payment methods and billing details. */
  portalUrl(ctx: TenantContext, returnUrl: string, customer: CustomerRow | null): Promise<string>;

  /**
   * Before a plan change is written (the subscription row locked). Stripe creates or updates its
   * subscription here and may refuse (no payment method on file: 409).
   */
  changePlan(ctx: TenantContext, row: SubscriptionRow, change: PlanChange, now: Date): Promise<PlanChangeResult>;

  /**
   * After a plan change or a renewal is written: what is billed for it. Local: the invoice (and
   * its payment when a default method exists). Stripe: nothing (its invoices come by webhook).
   */
  billChange(
    ctx: Pick<TenantContext, 'tx' | 'organizationId'>,
    before: SubscriptionRow,
    after: SubscriptionRow,
    reason: 'start' | 'upgrade' | 'renewal',
    now: Date,
  ): Promise<void>;

  /** Whether the period-end task moves this subscription (local), or the provider does (Stripe, by webhook). */
  renewsLocally(row: SubscriptionRow): boolean;

  /** After billing details are created or changed: Stripe mirrors them on its customer. */
  customerSaved(ctx: TenantContext, customer: CustomerRow): Promise<{ providerCustomerId: string | null }>;

  /** Local: records a method by label. Stripe: refused (cards are added in Checkout or the portal). */
  canAddPaymentMethod: boolean;
  setDefaultPaymentMethod(ctx: TenantContext, method: PaymentMethodRow, customer: CustomerRow | null): Promise<void>;
  deletePaymentMethod(ctx: TenantContext, method: PaymentMethodRow): Promise<void>;

  /** GET invoices/{id}/download/: an address that answers the invoice's PDF. */
  invoicePdfUrl(ctx: TenantContext, invoice: InvoiceRow): Promise<string>;
}
