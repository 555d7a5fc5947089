import type { InvoiceStatus, PaymentStatus } from '@leadcapture/contracts/billing';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';

type Tone = 'success' | 'info' | 'warning' | 'danger' | 'neutral';

const invoiceTone: Record<InvoiceStatus, Tone> = {
  paid: 'success',
  open: 'info',
  draft: 'neutral',
  void: 'neutral',
  uncollectible: 'danger',
};

const paymentTone: Record<PaymentStatus, Tone> = {
  succeeded: 'success',
  processing: 'info',
  requires_action: 'warning',
  requires_payment_method: 'warning',
  requires_confirmation: 'warning',
  payment_canceled: 'neutral',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation('billing');
  return <Badge variant={invoiceTone[status]}>{t(`invoices.status.${status}`)}</Badge>;
}

export function PaymentStatusBadge({ status, title }: { status: PaymentStatus; title?: string | undefined }) {
  const { t } = useTranslation('billing');
  return (
    <Badge variant={paymentTone[status]} title={title}>
      {t(`payments.status.${status}`)}
    </Badge>
  );
}
