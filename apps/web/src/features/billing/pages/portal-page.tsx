import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useCurrentUser } from '../../auth/api/me.ts';
import { useBillingStats } from '../api/stats.ts';
import { NoBillingAccess, canReadBilling } from '../components/billing-access.tsx';
import { BillingDetailsCard } from '../components/billing-details-card.tsx';
import { InvoicesSection } from '../components/invoices-section.tsx';
import { PaymentMethodsCard } from '../components/payment-methods-card.tsx';
import { appPath, useGoTo } from '../utils/go-to.ts';

/**
 * Where "Return" leads: the `return_url` the portal was opened with when it is an address of this
 * app (a path, or an absolute URL on this origin), else the billing page (never an open redirect).
 */
export function portalReturnPath(returnUrl: string | null): string {
  const path = returnUrl === null ? null : appPath(returnUrl);
  return path ?? '/settings/billing';
}

/**
 * /billing/portal (the local provider's billing portal, 03-decisions §4): payment methods (add,
 * set default, delete), billing details and invoices, and "Return" to where it was opened from.
 * The owner changes; an admin reads; members and viewers are told billing is not theirs.
 */
export function PortalPage() {
  const { t } = useTranslation('billing');
  const [params] = useSearchParams();
  const goTo = useGoTo();
  const organization = useCurrentUser().current_organization;
  const allowed = canReadBilling(organization?.role);
  const canManage = organization?.role === 'owner';
  const back = portalReturnPath(params.get('return_url'));
  return (
    <div className="grid gap-8">
      <PageHeader
        eyebrow={t('portal.eyebrow', { organization: organization?.name ?? '' })}
        title={t('portal.title')}
        description={t('portal.description')}
        actions={
          <Button variant="outline" onClick={() => goTo(back)}>
            <ArrowLeft aria-hidden="true" />
            {t('portal.return')}
          </Button>
        }
      />
      {allowed ? <Portal canManage={canManage} /> : <NoBillingAccess organization={organization?.name ?? ''} />}
    </div>
  );
}

function Portal({ canManage }: { canManage: boolean }) {
  const stats = useBillingStats();
  return (
    <>
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <PaymentMethodsCard canManage={canManage} provider={stats.data?.provider} portal={false} />
        <BillingDetailsCard canManage={canManage} />
      </div>
      <InvoicesSection />
    </>
  );
}
