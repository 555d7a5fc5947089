import { zodResolver } from '@hookform/resolvers/zod';
import { paymentMethodInputSchema, type PaymentMethodInput } from '@leadcapture/contracts/billing';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import type { usePaymentMethodChanges } from '../api/payment-methods.ts';
import { applyFieldErrors } from '../utils/field-errors.ts';
import { useServerReason } from '../utils/server-reason.ts';
import { PaymentMethodInputFields, paymentMethodTypeOptions } from './payment-method-fields.tsx';

/**
 * Records a payment method by type and a label the owner recognises (local provider): never a
 * card number, which the contract refuses too. Mounted only while open, so it opens empty.
 */
export function AddPaymentMethodDialog({
  add,
  onClose,
}: {
  add: ReturnType<typeof usePaymentMethodChanges>['add'];
  onClose: () => void;
}) {
  const { t } = useTranslation('billing');
  const reason = useServerReason();
  const form = useForm<PaymentMethodInput>({
    resolver: zodResolver(paymentMethodInputSchema),
    defaultValues: { type: 'card', label: '' },
  });
  const onSubmit = form.handleSubmit((values) =>
    add.mutateAsync(values).then(
      () => {
        toast.success(t('methods.added', { label: values.label }));
        onClose();
      },
      (error: unknown) => {
        const rest = applyFieldErrors(error, form.setError, (name) =>
          name === 'type' || name === 'label' ? name : null,
        );
        if (isHandledGlobally(error)) return;
        if (rest === null) form.setError('root', { message: reason(error) ?? t('methods.addFailed') });
        else if (rest.length > 0) form.setError('root', { message: rest.join(' ') });
      },
    ),
  );
  const rootError = form.formState.errors.root?.message;
  return (
    <Modal
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('methods.addTitle')}
      description={t('methods.addDescription')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('methods.cancel')}
          </Button>
          <Button type="submit" form="add-payment-method-form" loading={add.isPending}>
            {t('methods.addSubmit')}
          </Button>
        </>
      }
    >
      <form
        id="add-payment-method-form"
        noValidate
        aria-label={t('methods.addTitle')}
        className="grid gap-4"
        onSubmit={(event) => void onSubmit(event)}
      >
        {rootError !== undefined && <FormAlert>{rootError}</FormAlert>}
        <PaymentMethodInputFields
          type={
            <FormField
              control={form.control}
              name="type"
              label={t('methods.fields.type')}
              required
              render={(field) => <Select {...field} options={paymentMethodTypeOptions(t)} />}
            />
          }
          label={
            <FormField
              control={form.control}
              name="label"
              label={t('methods.fields.label')}
              help={t('methods.labelHelp')}
              required
              render={(field) => <Input autoComplete="off" maxLength={80} {...field} />}
            />
          }
        />
      </form>
    </Modal>
  );
}
