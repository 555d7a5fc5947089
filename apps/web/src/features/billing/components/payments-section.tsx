import { PAYMENT_STATUSES, type Payment } from '@leadcapture/contracts/billing';
import { Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PagedList, type PagedListColumn } from '../../../components/paged-list.tsx';
import { formatDate } from '../../../lib/format.ts';
import { BILLING_PAGE_SIZE, usePayments } from '../api/invoices.ts';
import { formatPrice } from '../utils/billing-format.ts';
import { useBillingListParams } from '../utils/list-params.ts';
import { PaymentStatusBadge } from './billing-status-badge.tsx';

/** The payments made, newest first, a page at a time (`?payment_page=`). */
export function PaymentsSection() {
  const { t, i18n } = useTranslation('billing');
  const language = i18n.language;
  const list = useBillingListParams('payment', PAYMENT_STATUSES);
  const payments = usePayments({ year: list.year, status: list.status, page: list.page });

  const amount = (payment: Payment) => formatPrice(payment.amount, language, payment.currency);
  const status = (payment: Payment) => (
    <PaymentStatusBadge status={payment.status} title={payment.failure_message ?? undefined} />
  );
  const columns: PagedListColumn<Payment>[] = [
    { header: t('payments.list.columns.date'), cell: (payment) => formatDate(payment.created_at, language) },
    { header: t('payments.list.columns.amount'), align: 'right', cell: amount },
    { header: t('payments.list.columns.status'), cell: status },
    { header: t('payments.list.columns.method'), cell: (payment) => payment.payment_method_label ?? '—' },
    { header: t('payments.list.columns.invoice'), cell: (payment) => payment.invoice_number ?? '—' },
  ];

  return (
    <section className="grid gap-4" aria-labelledby="payments-title">
      <div className="grid gap-1">
        <h2 id="payments-title" className="text-lg font-semibold text-foreground">
          {t('payments.list.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('payments.description')}</p>
      </div>
      <PagedList
        query={payments}
        text={(key, values) => t(`payments.list.${key}`, values)}
        filtered={list.filtered}
        emptyIcon={Receipt}
        columns={columns}
        actions={() => null}
        card={(payment) => (
          <>
            <p className="flex flex-wrap items-center gap-2 font-medium text-foreground tabular-nums">
              {amount(payment)}
              {status(payment)}
            </p>
            <p className="text-sm text-muted-foreground">
              {[
                formatDate(payment.created_at, language),
                payment.payment_method_label,
                payment.invoice_number === null ? null : t('payments.forInvoice', { number: payment.invoice_number }),
              ]
                .filter((part) => part !== null)
                .join(' · ')}
            </p>
            {payment.failure_message !== null && (
              <p className="text-sm text-destructive-soft-foreground">{payment.failure_message}</p>
            )}
          </>
        )}
        page={list.page}
        pageSize={BILLING_PAGE_SIZE}
        onPage={list.setPage}
      />
    </section>
  );
}
