import { paginated } from '@leadcapture/contracts/envelope';
import {
  webhookDeliverySchema,
  webhookSchema,
  webhookWithSecretSchema,
  type CreateWebhookData,
  type UpdateWebhookData,
} from '@leadcapture/contracts/webhooks';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const webhooksQueryKey = ['integrations', 'webhooks'] as const;
const deliveriesKey = (id: string) => [...webhooksQueryKey, id, 'deliveries'] as const;

/** Deliveries per page of the log. */
export const DELIVERIES_PAGE_SIZE = 10;

/** `GET /integrations/webhooks/` (owner and admin): at most 20 per organisation, so one page. */
export function webhooksQueryOptions() {
  return queryOptions({
    queryKey: webhooksQueryKey,
    queryFn: ({ signal }) =>
      api.get('/integrations/webhooks/', {
        schema: paginated(webhookSchema),
        params: { page_size: 100 },
        signal,
        quiet: true,
      }),
  });
}

export function useWebhooks(enabled = true) {
  return useQuery({ ...webhooksQueryOptions(), enabled });
}

/** `GET /integrations/webhooks/{id}/deliveries/`: newest first, each with its attempts. */
export function deliveriesQueryOptions(id: string, page: number) {
  return queryOptions({
    queryKey: [...deliveriesKey(id), page],
    queryFn: ({ signal }) =>
      api.get(`/integrations/webhooks/${id}/deliveries/`, {
        schema: paginated(webhookDeliverySchema),
        params: { page, page_size: DELIVERIES_PAGE_SIZE },
        signal,
        quiet: true,
      }),
    // New deliveries arrive without anyone asking: the open log follows them.
    refetchInterval: 5_000,
  });
}

export function useDeliveries(id: string, page: number) {
  return useQuery({ ...deliveriesQueryOptions(id, page), placeholderData: keepPreviousData });
}

/**
 * Every change to webhooks. Each refetches the list (status, last delivery); test and resend
 * refetch that webhook's log too. Quiet: the section words each failure (spec 01 §7).
 */
export function useWebhookChanges() {
  const queryClient = useQueryClient();
  const listChanged = () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey, exact: true });
  const logChanged = (id: string) =>
    Promise.all([listChanged(), queryClient.invalidateQueries({ queryKey: deliveriesKey(id) })]);
  return {
    create: useMutation({
      mutationFn: (input: CreateWebhookData) =>
        api.post('/integrations/webhooks/', input, { schema: webhookWithSecretSchema, quiet: true }),
      onSuccess: listChanged,
    }),
    update: useMutation({
      mutationFn: ({ id, changes }: { id: string; changes: UpdateWebhookData }) =>
        api.patch(`/integrations/webhooks/${id}/`, changes, { schema: webhookSchema, quiet: true }),
      onSuccess: listChanged,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete(`/integrations/webhooks/${id}/`, { quiet: true }),
      onSuccess: listChanged,
    }),
    rotate: useMutation({
      mutationFn: (id: string) =>
        api.post(`/integrations/webhooks/${id}/rotate-secret/`, undefined, {
          schema: webhookWithSecretSchema,
          quiet: true,
        }),
      onSuccess: listChanged,
    }),
    test: useMutation({
      mutationFn: (id: string) =>
        api.post(`/integrations/webhooks/${id}/test/`, undefined, { schema: webhookDeliverySchema, quiet: true }),
      onSuccess: (_delivery, id) => logChanged(id),
    }),
    resend: useMutation({
      mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) =>
        api.post(`/integrations/webhooks/${id}/deliveries/${deliveryId}/resend/`, undefined, {
          schema: webhookDeliverySchema,
          quiet: true,
        }),
      onSuccess: (_delivery, { id }) => logChanged(id),
    }),
  };
}
export type WebhookChanges = ReturnType<typeof useWebhookChanges>;
