import { INVOICE_STATUSES, type Invoice } from '@leadcapture/contracts/billing';
import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList, type PagedListColumn } from '../../../components/paged-list.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { isHandledGlobally } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { BILLING_PAGE_SIZE, invoiceDownloadUrl, useInvoices } from '../api/invoices.ts';
import { formatPrice } from '../utils/billing-format.ts';
import { openDownload } from '../utils/go-to.ts';
import { useBillingListParams, yearOptions } from '../utils/list-params.ts';
import { useServerReason } from '../utils/server-reason.ts';
import { InvoiceStatusBadge } from './billing-status-badge.tsx';

/**
 * The invoices, newest first: filtered by year and status (in the address), a page at a time,
 * each downloadable as a PDF. Everyone who reads billing may download.
 */
export function InvoicesSection() {
  const { t, i18n } = useTranslation('billing');
  const language = i18n.language;
  const list = useBillingListParams('invoice', INVOICE_STATUSES);
  const invoices = useInvoices({ year: list.year, status: list.status, page: list.page });
  const reason = useServerReason();
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (invoice: Invoice) => {
    setDownloading(invoice.id);
    try {
      openDownload(await invoiceDownloadUrl(invoice.id));
    } catch (error) {
      if (!isHandledGlobally(error)) toast.error(t('invoices.downloadFailed'), { message: reason(error) });
    } finally {
      setDownloading(null);
    }
  };

  const date = (value: string) => formatDate(value, language);
  const period = (invoice: Invoice) =>
    invoice.period_start === null || invoice.period_end === null
      ? '—'
      : t('invoices.periodRange', { from: date(invoice.period_start), to: date(invoice.period_end) });
  const amount = (invoice: Invoice) => formatPrice(invoice.total, language, invoice.currency);

  const columns: PagedListColumn<Invoice>[] = [
    { header: t('invoices.list.columns.number'), cell: (invoice) => invoice.number, cellClassName: 'font-medium' },
    { header: t('invoices.list.columns.date'), cell: (invoice) => date(invoice.issued_at) },
    { header: t('invoices.list.columns.period'), cell: period, cellClassName: 'text-muted-foreground' },
    { header: t('invoices.list.columns.amount'), align: 'right', cell: amount },
    { header: t('invoices.list.columns.status'), cell: (invoice) => <InvoiceStatusBadge status={invoice.status} /> },
  ];

  return (
    <section className="grid gap-4" aria-labelledby="invoices-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="invoices-title" className="text-lg font-semibold text-foreground">
            {t('invoices.list.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('invoices.description')}</p>
        </div>
        <div className="grid w-full grid-cols-2 gap-2 sm:w-auto">
          <Select
            aria-label={t('invoices.yearFilter')}
            className="sm:w-36"
            value={list.year === undefined ? '' : String(list.year)}
            onChange={(event) => list.setYear(event.target.value)}
            placeholder={t('invoices.allYears')}
            options={yearOptions(list.year).map((year) => ({ value: String(year), label: String(year) }))}
          />
          <Select
            aria-label={t('invoices.statusFilter')}
            className="sm:w-44"
            value={list.status ?? ''}
            onChange={(event) => list.setStatus(event.target.value)}
            placeholder={t('invoices.allStatuses')}
            options={INVOICE_STATUSES.map((status) => ({ value: status, label: t(`invoices.status.${status}`) }))}
          />
        </div>
      </div>
      <PagedList
        query={invoices}
        text={(key, values) => t(`invoices.list.${key}`, values)}
        filtered={list.filtered}
        emptyIcon={FileText}
        columns={columns}
        actions={(invoice) => (
          <Button
            variant="outline"
            size="sm"
            loading={downloading === invoice.id}
            onClick={() => void download(invoice)}
            aria-label={t('invoices.downloadFor', { number: invoice.number })}
          >
            <Download aria-hidden="true" />
            {t('invoices.download')}
          </Button>
        )}
        card={(invoice) => (
          <>
            <p className="flex flex-wrap items-center gap-2 font-medium text-foreground">
              {invoice.number}
              <InvoiceStatusBadge status={invoice.status} />
            </p>
            <p className="text-sm text-foreground tabular-nums">{amount(invoice)}</p>
            <p className="text-sm text-muted-foreground">
              {date(invoice.issued_at)}
              {invoice.period_start !== null && ` · ${period(invoice)}`}
            </p>
          </>
        )}
        page={list.page}
        pageSize={BILLING_PAGE_SIZE}
        onPage={list.setPage}
      />
    </section>
  );
}
