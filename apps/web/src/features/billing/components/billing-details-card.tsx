import type { Customer } from '@leadcapture/contracts/billing';
import { Building2, Pencil } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryLoading, QueryState, SkeletonRows } from '../../../components/ui/query-state.tsx';
import { useCustomer } from '../api/customer.ts';
import { countryName } from '../utils/countries.ts';

// The form (react-hook-form, its zod resolver: ~15 KB gzip) loads when the owner opens it, not
// with the billing page, which most visits only read.
const BillingDetailsForm = lazy(() =>
  import('./billing-details-form.tsx').then((m) => ({ default: m.BillingDetailsForm })),
);

/**
 * Billing details (`customers/me/`): who invoices are made out to. Everyone who reads billing sees
 * them; the owner adds or edits them in place.
 */
export function BillingDetailsCard({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('billing');
  const customer = useCustomer();
  const [editing, setEditing] = useState(false);
  return (
    <Card aria-labelledby="billing-details-title">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle id="billing-details-title">{t('details.title')}</CardTitle>
          <CardDescription>{t('details.description')}</CardDescription>
        </div>
        {canManage && !editing && customer.data != null && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            {t('details.edit')}
          </Button>
        )}
      </CardHeader>
      <QueryState
        query={customer}
        errorMessage={t('details.loadFailed')}
        rows={3}
        compact
        className="px-5 pb-5 sm:px-6"
      >
        {(data) =>
          editing ? (
            <Suspense
              fallback={
                <CardContent>
                  <QueryLoading>
                    <SkeletonRows rows={5} className="h-10 w-full" />
                  </QueryLoading>
                </CardContent>
              }
            >
              <BillingDetailsForm customer={data} onDone={() => setEditing(false)} />
            </Suspense>
          ) : data === null ? (
            <CardContent>
              <EmptyState
                icon={Building2}
                headingLevel={3}
                title={t('details.emptyTitle')}
                description={t('details.emptyBody')}
                action={canManage ? <Button onClick={() => setEditing(true)}>{t('details.add')}</Button> : undefined}
              />
            </CardContent>
          ) : (
            <CustomerSummary customer={data} />
          )
        }
      </QueryState>
    </Card>
  );
}

function CustomerSummary({ customer }: { customer: Customer }) {
  const { t, i18n } = useTranslation('billing');
  const address = [
    customer.address_line1,
    customer.address_line2,
    [customer.postal_code, customer.city].filter(Boolean).join(' '),
    customer.state,
    countryName(customer.country, i18n.language),
  ].filter((line) => line !== '');
  const rows: [string, string[]][] = [
    [t('details.fields.name'), [customer.name]],
    [t('details.fields.email'), [customer.email]],
    [t('details.fields.phone'), [customer.phone]],
    [t('details.address'), address],
    [t('details.fields.vat_id'), [customer.vat_id]],
  ];
  return (
    <CardContent>
      <dl className="grid gap-x-8 gap-y-4 text-sm sm:grid-cols-2">
        {rows.map(([label, lines]) => (
          <div key={label} className="grid content-start gap-0.5">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-foreground break-words">
              {lines.every((line) => line === '') ? (
                <span className="text-muted-foreground">{t('details.notGiven')}</span>
              ) : (
                lines.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))
              )}
            </dd>
          </div>
        ))}
      </dl>
    </CardContent>
  );
}
