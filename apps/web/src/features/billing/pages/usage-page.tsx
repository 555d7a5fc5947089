import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { useCurrentUser } from '../../auth/api/me.ts';
import { useSubscription } from '../api/subscription.ts';
import { useUsage } from '../api/usage.ts';
import { NoBillingAccess, canReadBilling } from '../components/billing-access.tsx';
import { UsageMeter } from '../components/usage-meter.tsx';
import { HelpLink } from '../../help/api/help-link.tsx';

/** /settings/billing/usage (spec 02 §2): one bar per limited resource, against the current plan. */
export function UsagePage() {
  const { t } = useTranslation('billing');
  const { lp } = useLocalizedPath();
  const me = useCurrentUser();
  const organization = me.current_organization;
  const allowed = canReadBilling(organization?.role);
  return (
    <div className="grid gap-8">
      <PageHeader
        eyebrow={
          <Link
            to={lp('/settings/billing')}
            className="inline-flex items-center gap-1.5 rounded-sm hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('usage.back')}
          </Link>
        }
        title={t('usage.title')}
        description={t('usage.description')}
        actions={<HelpLink category="billing" article="plans-and-limits" />}
      />
      {allowed ? <UsageList /> : <NoBillingAccess organization={organization?.name ?? ''} />}
    </div>
  );
}

function UsageList() {
  const { t } = useTranslation('billing');
  const usage = useUsage();
  const subscription = useSubscription();
  return (
    <section className="grid gap-3" aria-labelledby="usage-list-title">
      <h2 id="usage-list-title" className="text-sm font-medium text-muted-foreground">
        {subscription.data === undefined ? t('usage.title') : t('usage.planLine', { plan: subscription.data.plan })}
      </h2>
      <QueryState query={usage} errorMessage={t('usage.loadFailed')} rows={5} rowClassName="h-20 w-full rounded-xl">
        {(rows) => (
          <ul className="grid gap-3 sm:grid-cols-2">
            {rows.map((row) => (
              <UsageMeter key={row.resource} row={row} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
