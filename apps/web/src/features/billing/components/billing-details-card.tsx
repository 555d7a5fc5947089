import { zodResolver } from '@hookform/resolvers/zod';
import { customerInputSchema, type Customer } from '@leadcapture/contracts/billing';
import { Building2, Pencil } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useCustomer, useSaveCustomer } from '../api/customer.ts';
import { countryName } from '../utils/countries.ts';
import { applyFieldErrors } from '../utils/field-errors.ts';
import { useServerReason } from '../utils/server-reason.ts';
import { CUSTOMER_FIELDS, CustomerFields, customerValues, type CustomerFormValues } from './customer-fields.tsx';

const detailsFormSchema = z.object({ customer: customerInputSchema });

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
            <CustomerForm customer={data} onDone={() => setEditing(false)} />
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
          <div key={label} className="grid gap-0.5">
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

/** Add or edit the details, validated with the contract's schema; the server's refusals in place. */
function CustomerForm({ customer, onDone }: { customer: Customer | null; onDone: () => void }) {
  const { t } = useTranslation('billing');
  const save = useSaveCustomer(customer);
  const reason = useServerReason();
  const form = useForm<CustomerFormValues, unknown, z.output<typeof detailsFormSchema>>({
    resolver: zodResolver(detailsFormSchema),
    defaultValues: { customer: customerValues(customer) },
  });
  const onSubmit = form.handleSubmit(({ customer: values }) =>
    save.mutateAsync(values).then(
      () => {
        toast.success(t('details.saved'));
        onDone();
      },
      (error: unknown) => {
        const rest = applyFieldErrors(error, form.setError, (name) => {
          const bare = name.replace(/^customer\./, '');
          return (CUSTOMER_FIELDS as readonly string[]).includes(bare) ? `customer.${bare}` : null;
        });
        if (isHandledGlobally(error)) return;
        if (rest === null) form.setError('root', { message: reason(error) ?? t('details.saveFailed') });
        else if (rest.length > 0) form.setError('root', { message: rest.join(' ') });
      },
    ),
  );
  const rootError = form.formState.errors.root?.message;
  return (
    <FormProvider {...form}>
      <form noValidate aria-label={t('details.formLabel')} onSubmit={(event) => void onSubmit(event)}>
        <CardContent className="grid gap-4">
          {rootError !== undefined && <FormAlert>{rootError}</FormAlert>}
          <CustomerFields />
        </CardContent>
        <CardFooter>
          <Button variant="secondary" onClick={onDone}>
            {t('details.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('details.save')}
          </Button>
        </CardFooter>
      </form>
    </FormProvider>
  );
}
