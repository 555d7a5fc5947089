import { PAYMENT_METHOD_TYPES } from '@leadcapture/contracts/billing';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The type options, in the page's language. */
export function paymentMethodTypeOptions(t: ReturnType<typeof useTranslation<'billing'>>['t']) {
  return PAYMENT_METHOD_TYPES.map((value) => ({ value, label: t(`methods.type.${value}`) }));
}

/** The two fields side by side from sm up, and the reminder that card numbers never go here. */
export function PaymentMethodInputFields({ type, label }: { type: ReactNode; label: ReactNode }) {
  const { t } = useTranslation('billing');
  return (
    <div className="grid gap-4">
      <div className="grid items-start gap-4 sm:grid-cols-[12rem_1fr]">
        {type}
        {label}
      </div>
      <p className="rounded-lg bg-info-soft px-3.5 py-3 text-sm text-info-soft-foreground">
        {t('methods.noCardNumbers')}
      </p>
    </div>
  );
}
