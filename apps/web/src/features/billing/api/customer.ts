import { customerSchema, type Customer, type CustomerInput } from '@leadcapture/contracts/billing';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { billingQueryKey } from './keys.ts';

export const customerQueryKey = [...billingQueryKey, 'customer'] as const;

/**
 * `GET /billing/customers/me/` (owner and admin): the billing details, or `null` while none have
 * been saved. Quiet: the section words its own failure.
 */
export function customerQueryOptions() {
  return queryOptions({
    queryKey: customerQueryKey,
    queryFn: ({ signal }): Promise<Customer | null> =>
      api.get('/billing/customers/me/', { schema: customerSchema.nullable(), signal, quiet: true }),
  });
}

export function useCustomer(enabled = true) {
  return useQuery({ ...customerQueryOptions(), enabled });
}

/**
 * Saves the billing details (owner): `POST customers/me/` the first time, `PUT customers/{id}/`
 * after. Quiet: the form shows field errors and the reason in place.
 */
export function useSaveCustomer(existing: Customer | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerInput) =>
      existing === null
        ? api.post('/billing/customers/me/', input, { schema: customerSchema, quiet: true })
        : api.put(`/billing/customers/${existing.id}/`, input, { schema: customerSchema, quiet: true }),
    onSuccess: (saved) => queryClient.setQueryData(customerQueryKey, saved),
  });
}
