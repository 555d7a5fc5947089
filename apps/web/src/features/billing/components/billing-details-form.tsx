import { zodResolver } from '@hookform/resolvers/zod';
import { customerInputSchema, type Customer } from '@leadcapture/contracts/billing';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { CardContent, CardFooter } from '../../../components/ui/card.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useSaveCustomer } from '../api/customer.ts';
import { applyFieldErrors } from '../utils/field-errors.ts';
import { useServerReason } from '../utils/server-reason.ts';
import { CUSTOMER_FIELDS, CustomerFields, customerValues, type CustomerFormValues } from './customer-fields.tsx';

const detailsFormSchema = z.object({ customer: customerInputSchema });

/** Add or edit the details, validated with the contract's schema; the server's refusals in place. */
export function BillingDetailsForm({ customer, onDone }: { customer: Customer | null; onDone: () => void }) {
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
