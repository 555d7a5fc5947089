/**
 * The billing query keys, apart from the calls and their zod schemas: the app's API wiring reads
 * the cached usage for the pre-check (lib/usage-precheck.ts) without pulling zod into the first load.
 */
export const billingQueryKey = ['billing'] as const;
export const subscriptionQueryKey = [...billingQueryKey, 'subscription'] as const;
export const usageQueryKey = [...billingQueryKey, 'usage'] as const;
