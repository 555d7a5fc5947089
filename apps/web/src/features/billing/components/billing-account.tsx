import { useBillingStats } from '../api/stats.ts';
import { BillingDetailsCard } from './billing-details-card.tsx';
import { InvoicesSection } from './invoices-section.tsx';
import { PaymentMethodsCard } from './payment-methods-card.tsx';
import { PaymentsSection } from './payments-section.tsx';

/**
 * The billing page below the plans: billing details, payment methods, invoices and payments.
 * The provider (from stats) decides how a payment method is added: here (local) or in Stripe's
 * portal.
 */
export function BillingAccount({ canManage }: { canManage: boolean }) {
  const stats = useBillingStats();
  return (
    <div className="grid gap-8">
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <BillingDetailsCard canManage={canManage} />
        <PaymentMethodsCard canManage={canManage} provider={stats.data?.provider} />
      </div>
      <InvoicesSection />
      <PaymentsSection />
    </div>
  );
}
