import {
  checkoutSessionSchema,
  redirectUrlSchema,
  type BillingCycle,
  type CompleteCheckoutRequest,
  type PlanId,
} from '@leadcapture/contracts/billing';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { billingQueryKey } from './keys.ts';

export type CheckoutStart = { planId: PlanId; cycle: BillingCycle; successUrl: string; cancelUrl: string };

/**
 * `POST /billing/checkout/` (owner): answers where to pay, the product's own checkout page
 * (local provider) or Stripe's. Quiet: the billing page words the failure.
 */
export function useStartCheckout() {
  return useMutation({
    mutationFn: async (start: CheckoutStart) => {
      const body = {
        plan_id: start.planId,
        billing_cycle: start.cycle,
        success_url: start.successUrl,
        cancel_url: start.cancelUrl,
      };
      const { url } = await api.post('/billing/checkout/', body, { schema: redirectUrlSchema, quiet: true });
      return url;
    },
  });
}

/** `GET /billing/checkout/{id}/`: the local provider's checkout session. */
export function checkoutSessionQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...billingQueryKey, 'checkout', id] as const,
    queryFn: ({ signal }) =>
      api.get(`/billing/checkout/${id}/`, { schema: checkoutSessionSchema, signal, quiet: true }),
    // A session is read once; a refetch on focus would replace the form's prefill mid-typing.
    staleTime: Infinity,
    retry: false,
  });
}

export function useCheckoutSession(id: string, enabled = true) {
  return useQuery({ ...checkoutSessionQueryOptions(id), enabled });
}

/**
 * `POST /billing/checkout/{id}/complete/`: pays and starts the plan; answers the success URL.
 * What it changed (subscription, usage, invoices, payment methods, details) is refetched.
 */
export function useCompleteCheckout(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CompleteCheckoutRequest) => {
      const { url } = await api.post(`/billing/checkout/${id}/complete/`, body, {
        schema: redirectUrlSchema,
        quiet: true,
      });
      return url;
    },
    // Not awaited: the page moves on at once. The session itself is left alone, or its refetch
    // would show "already complete" for the moment before the page leaves.
    onSuccess: () =>
      void queryClient.invalidateQueries({
        queryKey: billingQueryKey,
        predicate: (query) => query.queryKey[1] !== 'checkout' && query.queryKey[1] !== 'plans',
      }),
  });
}

/** `POST /billing/portal/` (owner): the provider's billing portal, back to `returnUrl` after. */
export function useOpenPortal() {
  return useMutation({
    mutationFn: async (returnUrl: string) => {
      const { url } = await api.post(
        '/billing/portal/',
        { return_url: returnUrl },
        { schema: redirectUrlSchema, quiet: true },
      );
      return url;
    },
  });
}
