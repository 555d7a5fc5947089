import {
  downloadUrlSchema,
  invoiceSchema,
  paymentSchema,
  type InvoiceStatus,
  type PaymentStatus,
} from '@leadcapture/contracts/billing';
import { paginated } from '@leadcapture/contracts/envelope';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { billingQueryKey } from './keys.ts';

export const BILLING_PAGE_SIZE = 10;

export type InvoiceFilters = { year?: number | undefined; status?: InvoiceStatus | undefined; page: number };
export type PaymentFilters = { year?: number | undefined; status?: PaymentStatus | undefined; page: number };

/** `GET /billing/invoices/?year=&status=&page=&page_size=` (owner and admin), newest first. */
export function invoicesQueryOptions(filters: InvoiceFilters) {
  return queryOptions({
    queryKey: [...billingQueryKey, 'invoices', filters] as const,
    queryFn: ({ signal }) =>
      api.get('/billing/invoices/', {
        params: { ...filters, page_size: BILLING_PAGE_SIZE },
        schema: paginated(invoiceSchema),
        signal,
        quiet: true,
      }),
  });
}

export function useInvoices(filters: InvoiceFilters) {
  return useQuery({ ...invoicesQueryOptions(filters), placeholderData: keepPreviousData });
}

/** `GET /billing/payments/?year=&status=&page=` (owner and admin), newest first. */
export function paymentsQueryOptions(filters: PaymentFilters) {
  return queryOptions({
    queryKey: [...billingQueryKey, 'payments', filters] as const,
    queryFn: ({ signal }) =>
      api.get('/billing/payments/', {
        params: { ...filters, page_size: BILLING_PAGE_SIZE },
        schema: paginated(paymentSchema),
        signal,
        quiet: true,
      }),
  });
}

export function usePayments(filters: PaymentFilters) {
  return useQuery({ ...paymentsQueryOptions(filters), placeholderData: keepPreviousData });
}

/**
 * `GET /billing/invoices/{id}/download/`: a short-lived address of the PDF, which the browser opens
 * itself (it needs no bearer token). Quiet: the caller words the failure.
 */
export async function invoiceDownloadUrl(id: string): Promise<string> {
  const { url } = await api.get(`/billing/invoices/${id}/download/`, { schema: downloadUrlSchema, quiet: true });
  return url;
}
