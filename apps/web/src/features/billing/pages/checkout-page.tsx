import { zodResolver } from '@hookform/resolvers/zod';
import {
  customerInputSchema,
  paymentMethodInputSchema,
  planById,
  type CheckoutSession,
  type CompleteCheckoutRequest,
  type PaymentMethodType,
} from '@leadcapture/contracts/billing';
import { CheckCircle2, Clock, CreditCard } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { BackLink } from '../../../components/back-link.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PageLoading, QueryError } from '../../../components/ui/query-state.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { isApiError, isHandledGlobally } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { useCurrentUser } from '../../auth/api/me.ts';
import { useCheckoutSession, useCompleteCheckout } from '../api/checkout.ts';
import { PaymentMethodInputFields, paymentMethodTypeOptions } from '../components/payment-method-fields.tsx';
import { NoBillingAccess, canReadBilling } from '../components/billing-access.tsx';
import { CUSTOMER_FIELDS, CustomerFields, customerValues } from '../components/customer-fields.tsx';
import { formatPrice } from '../utils/billing-format.ts';
import { applyFieldErrors } from '../utils/field-errors.ts';
import { useGoTo } from '../utils/go-to.ts';
import { useServerReason } from '../utils/server-reason.ts';

/** The radio value of "add a new payment method"; the others are saved methods' ids. */
const NEW_METHOD = 'new';

/**
 * The checkout form: billing details, and a saved payment method or a new one by label. The new
 * method's fields are only in the form while "new" is chosen (`shouldUnregister`), so the
 * contract's schema checks them exactly when they are sent.
 */
const checkoutFormSchema = z.object({
  customer: customerInputSchema,
  method: z.string().min(1),
  payment_method: paymentMethodInputSchema.optional(),
});
type CheckoutFormInput = {
  customer: z.input<typeof customerInputSchema>;
  method: string;
  payment_method?: { type: PaymentMethodType; label: string };
};

/**
 * /billing/checkout/:id (local provider, spec 02 §2, 03-decisions §4): the plan, its cycle and
 * price, billing details and a payment method; "Pay and start" completes the session and goes to
 * its success address (the billing page with `?checkout=success`), Cancel to its cancel address.
 * Only the owner pays; an admin is told so, members and viewers that billing is not theirs.
 */
export function CheckoutPage() {
  const { t } = useTranslation('billing');
  const { id = '' } = useParams();
  const organization = useCurrentUser().current_organization;
  const role = organization?.role;
  const back = <BackLink to="/settings/billing">{t('checkout.back')}</BackLink>;
  if (role !== 'owner') {
    return (
      <div className="grid gap-8">
        <PageHeader eyebrow={back} title={t('checkout.title')} />
        {canReadBilling(role) ? (
          <Card role="note" className="p-5 text-sm text-muted-foreground sm:p-6">
            {t('checkout.ownerOnly', { organization: organization?.name ?? '' })}
          </Card>
        ) : (
          <NoBillingAccess organization={organization?.name ?? ''} />
        )}
      </div>
    );
  }
  return <Checkout id={id} back={back} />;
}

function Checkout({ id, back }: { id: string; back: ReactNode }) {
  const { t } = useTranslation('billing');
  const session = useCheckoutSession(id);
  if (session.data === undefined) {
    if (session.isError) {
      const missing = isApiError(session.error) && (session.error.status === 404 || session.error.status === 422);
      return (
        <div className="grid gap-8">
          <PageHeader eyebrow={back} title={t('checkout.title')} />
          {missing ? (
            <SessionOver title={t('checkout.notFoundTitle')} body={t('checkout.notFoundBody')} />
          ) : (
            <QueryError message={t('checkout.loadFailed')} onRetry={() => void session.refetch()} />
          )}
        </div>
      );
    }
    return (
      <PageLoading>
        <Skeleton className="h-10 w-64" />
        <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
          <Skeleton className="h-[32rem] w-full rounded-2xl" />
          <Skeleton className="h-64 w-full rounded-2xl" />
        </div>
      </PageLoading>
    );
  }
  const data = session.data;
  const plan = planById(data.plan_id).name;
  const expired = data.status === 'expired' || (data.status === 'open' && new Date(data.expires_at) <= new Date());
  return (
    <div className="grid gap-8">
      <PageHeader
        eyebrow={back}
        title={t('checkout.heading', { plan })}
        description={data.status === 'open' && !expired ? t('checkout.description') : undefined}
      />
      {data.status === 'complete' ? (
        <SessionOver done title={t('checkout.completeTitle')} body={t('checkout.completeBody', { plan })} />
      ) : expired ? (
        <SessionOver title={t('checkout.expiredTitle')} body={t('checkout.expiredBody')} />
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="lg:order-2 lg:sticky lg:top-6">
            <OrderSummary session={data} />
          </div>
          <CheckoutForm session={data} />
        </div>
      )}
    </div>
  );
}

/** A session that cannot be paid: completed, expired or not there. The way back is the billing page. */
function SessionOver({ title, body, done = false }: { title: string; body: string; done?: boolean }) {
  const { t } = useTranslation('billing');
  const { lp } = useLocalizedPath();
  const Icon = done ? CheckCircle2 : Clock;
  return (
    <Card role={done ? 'status' : 'alert'} className="flex flex-col items-start gap-4 p-6 sm:flex-row">
      <span
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-full',
          done ? 'bg-success-soft text-success-soft-foreground' : 'bg-warning-soft text-warning-soft-foreground',
        )}
      >
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="grid gap-1">
        <h2 className="font-semibold text-foreground">{title}</h2>
        <p className="text-sm text-muted-foreground">{body}</p>
        <div className="mt-3">
          <Button asChild variant={done ? 'primary' : 'outline'}>
            <Link to={lp('/settings/billing')}>{t('checkout.toBilling')}</Link>
          </Button>
        </div>
      </div>
    </Card>
  );
}

function OrderSummary({ session }: { session: CheckoutSession }) {
  const { t, i18n } = useTranslation('billing');
  const language = i18n.language;
  const rows: [string, string][] = [
    [t('checkout.summary.plan'), planById(session.plan_id).name],
    [t('checkout.summary.cycle'), t(`plans.${session.billing_cycle}`)],
    [
      t('checkout.summary.amount'),
      t(session.billing_cycle === 'annual' ? 'checkout.summary.perYear' : 'checkout.summary.perMonth', {
        amount: formatPrice(session.amount, language, session.currency),
      }),
    ],
    [t('checkout.summary.expires'), formatDate(session.expires_at, language, 'PPp')],
  ];
  return (
    <Card aria-labelledby="checkout-summary-title">
      <CardHeader>
        <CardTitle id="checkout-summary-title">{t('checkout.summary.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="text-right font-medium text-foreground tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 border-t border-border pt-4 text-xs text-muted-foreground">{t('checkout.summary.note')}</p>
      </CardContent>
    </Card>
  );
}

function CheckoutForm({ session }: { session: CheckoutSession }) {
  const { t } = useTranslation('billing');
  const goTo = useGoTo();
  const reason = useServerReason();
  const complete = useCompleteCheckout(session.id);
  const plan = planById(session.plan_id).name;
  const saved = session.payment_methods;
  const initialMethod = (saved.find((method) => method.is_default) ?? saved[0])?.id ?? NEW_METHOD;
  const form = useForm<CheckoutFormInput, unknown, z.output<typeof checkoutFormSchema>>({
    resolver: zodResolver(checkoutFormSchema),
    shouldUnregister: true,
    defaultValues: {
      customer: customerValues(session.customer),
      method: initialMethod,
      payment_method: { type: 'card', label: '' },
    },
  });
  const method = useWatch({ control: form.control, name: 'method' });

  const onSubmit = form.handleSubmit(async (values) => {
    const body: CompleteCheckoutRequest =
      values.method === NEW_METHOD
        ? { customer: values.customer, payment_method: values.payment_method }
        : { customer: values.customer, payment_method_id: values.method };
    try {
      goTo(await complete.mutateAsync(body));
    } catch (error) {
      const rest = applyFieldErrors(error, form.setError, (name) => {
        const bare = name.replace(/^customer\./, '');
        if (name.startsWith('customer.') && (CUSTOMER_FIELDS as readonly string[]).includes(bare)) return name;
        if ((name === 'payment_method.type' || name === 'payment_method.label') && values.method === NEW_METHOD) {
          return name;
        }
        return null;
      });
      if (isHandledGlobally(error)) return;
      if (rest === null) form.setError('root', { message: reason(error) ?? t('checkout.failed') });
      else if (rest.length > 0) form.setError('root', { message: rest.join(' ') });
    }
  });

  const rootError = form.formState.errors.root?.message;
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label={t('checkout.formLabel')}
        className="grid gap-6"
        onSubmit={(event) => void onSubmit(event)}
      >
        {rootError !== undefined && <FormAlert>{rootError}</FormAlert>}
        <Card>
          <CardHeader>
            <CardTitle>{t('details.title')}</CardTitle>
            <CardDescription>{t('checkout.detailsDescription')}</CardDescription>
          </CardHeader>
          <CardContent>
            <CustomerFields />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('checkout.methodTitle')}</CardTitle>
            <CardDescription>{t('checkout.methodDescription')}</CardDescription>
          </CardHeader>
          <CardContent>
            <fieldset className="grid gap-3">
              <legend className="sr-only">{t('checkout.methodTitle')}</legend>
              {saved.map((option) => (
                <MethodOption key={option.id} value={option.id} checked={method === option.id}>
                  <span className="font-medium text-foreground">{option.label}</span>
                  <span className="text-sm text-muted-foreground">
                    {option.last4 === null
                      ? t(`methods.type.${option.type}`)
                      : t('methods.cardEnding', {
                          brand: option.brand ?? t(`methods.type.${option.type}`),
                          last4: option.last4,
                        })}
                  </span>
                </MethodOption>
              ))}
              <MethodOption value={NEW_METHOD} checked={method === NEW_METHOD}>
                <span className="font-medium text-foreground">{t('checkout.newMethod')}</span>
              </MethodOption>
              {method === NEW_METHOD && (
                <div className="rounded-xl border border-border bg-muted/40 p-4">
                  <PaymentMethodInputFields
                    type={
                      <FormField
                        control={form.control}
                        name="payment_method.type"
                        label={t('methods.fields.type')}
                        required
                        render={(field) => (
                          <Select {...field} value={field.value} options={paymentMethodTypeOptions(t)} />
                        )}
                      />
                    }
                    label={
                      <FormField
                        control={form.control}
                        name="payment_method.label"
                        label={t('methods.fields.label')}
                        help={t('methods.labelHelp')}
                        required
                        render={(field) => <Input autoComplete="off" maxLength={80} {...field} value={field.value} />}
                      />
                    }
                  />
                </div>
              )}
            </fieldset>
          </CardContent>
        </Card>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" size="lg" onClick={() => goTo(session.cancel_url)} disabled={complete.isPending}>
            {t('checkout.cancel')}
          </Button>
          <Button type="submit" size="lg" loading={complete.isPending || complete.isSuccess}>
            <CreditCard aria-hidden="true" />
            {t('checkout.pay', { plan })}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/** One choice of payment method: a radio with its text, the whole row clickable. */
function MethodOption({ value, checked, children }: { value: string; checked: boolean; children: ReactNode }) {
  const { register } = useFormContext<CheckoutFormInput>();
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-xl border p-3.5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
        checked ? 'border-primary bg-primary-soft/40' : 'border-border hover:bg-muted/40',
      )}
    >
      <input type="radio" value={value} className="mt-1 size-4 accent-primary" {...register('method')} />
      <span className="grid gap-0.5">{children}</span>
    </label>
  );
}
