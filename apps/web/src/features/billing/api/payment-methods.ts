import { paymentMethodSchema, type PaymentMethod, type PaymentMethodInput } from '@leadcapture/contracts/billing';
import { paginated } from '@leadcapture/contracts/envelope';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { billingQueryKey } from './keys.ts';

export const paymentMethodsQueryKey = [...billingQueryKey, 'payment-methods'] as const;

/** The list as a page (03-decisions §2) or as a plain array (spec 02 §7 allows both): read either. */
const paymentMethodList = z
  .union([paginated(paymentMethodSchema), z.array(paymentMethodSchema)])
  .transform((list): PaymentMethod[] => (Array.isArray(list) ? list : list.results));

/** `GET /billing/payment-methods/` (owner and admin), the default first. */
export function paymentMethodsQueryOptions() {
  return queryOptions({
    queryKey: paymentMethodsQueryKey,
    queryFn: async ({ signal }) => {
      const methods = await api.get('/billing/payment-methods/', {
        schema: paymentMethodList,
        params: { page_size: 100 },
        signal,
        quiet: true,
      });
      return [...methods].sort((a, b) => Number(b.is_default) - Number(a.is_default));
    },
  });
}

export function usePaymentMethods(enabled = true) {
  return useQuery({ ...paymentMethodsQueryOptions(), enabled });
}

/**
 * The owner's changes to payment methods. Each refetches the list, and the checkout session
 * (which lists them too); quiet, the section words each failure.
 */
export function usePaymentMethodChanges() {
  const queryClient = useQueryClient();
  const changed = () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey });
  return {
    /** `POST payment-methods/` (local provider only; Stripe answers 409: the portal adds cards). */
    add: useMutation({
      mutationFn: (input: PaymentMethodInput) =>
        api.post('/billing/payment-methods/', input, { schema: paymentMethodSchema, quiet: true }),
      onSuccess: changed,
    }),
    /** `POST payment-methods/{id}/set-default/`. */
    setDefault: useMutation({
      mutationFn: (id: string) => api.post(`/billing/payment-methods/${id}/set-default/`, undefined, { quiet: true }),
      onSuccess: changed,
    }),
    /** `DELETE payment-methods/{id}/`. */
    remove: useMutation({
      mutationFn: (id: string) => api.delete(`/billing/payment-methods/${id}/`, { quiet: true }),
      onSuccess: changed,
    }),
  };
}
