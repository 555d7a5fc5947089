import { invoicePdfPath, invoiceToken } from './invoice-links.ts';
import { issueInvoice } from './local-invoices.ts';
import type { BillingProvider } from './provider.ts';

/**
 * The `local` provider (the default): no outside service. Checkout and the portal are the
 * product's own pages, plan changes need nobody's consent, invoices are issued here and rendered
 * as PDF by the product (invoice-pdf.ts), payment methods are labels the owner records.
 */
export function createLocalProvider(opts: { jwtSecret: string; publicUrl: string }): BillingProvider {
  return {
    name: 'local',
    canAddPaymentMethod: true,
    async checkoutUrl(_ctx, session) {
      return `/billing/checkout/${session.id}`;
    },
    async portalUrl(_ctx, returnUrl) {
      return `/billing/portal?return_url=${encodeURIComponent(returnUrl)}`;
    },
    async changePlan() {
      return {};
    },
    async billChange(ctx, before, after, reason, now) {
      await issueInvoice(ctx, before, after, reason, now);
    },
    renewsLocally() {
      return true;
    },
    async customerSaved() {
      return { providerCustomerId: null };
    },
    async setDefaultPaymentMethod() {},
    async deletePaymentMethod() {},
    async invoicePdfUrl(ctx, invoice) {
      return `${opts.publicUrl}${invoicePdfPath(invoice.id, invoiceToken(opts.jwtSecret, ctx.organizationId, invoice.id))}`;
    },
  };
}
