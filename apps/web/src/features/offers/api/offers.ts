import type {
  CreateOfferInput,
  Offer,
  OfferOrdering,
  OfferStatus,
  UpdateOfferInput,
} from '@leadcapture/contracts/offers';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * The offers API (`/offers/`, docs/offers.md): one place for query keys and calls. The schemas
 * (zod) load with the first call, not with the page, so the list paints before they arrive.
 */
const schemas = () => import('@leadcapture/contracts/offers');
const envelope = () => import('@leadcapture/contracts/envelope');

export const offersQueryKey = ['offers'] as const;

export type OfferListFilters = {
  status?: OfferStatus | '';
  search?: string;
  ordering?: OfferOrdering;
  page?: number;
  pageSize?: number;
};

export function offerListQueryOptions(filters: OfferListFilters) {
  return queryOptions({
    queryKey: [...offersQueryKey, 'list', filters] as const,
    queryFn: async ({ signal }) => {
      const [{ offerSchema }, { paginated }] = await Promise.all([schemas(), envelope()]);
      return api.get('/offers/', {
        params: {
          status: filters.status,
          search: filters.search,
          ordering: filters.ordering,
          page: filters.page,
          page_size: filters.pageSize,
        },
        schema: paginated(offerSchema),
        signal,
        quiet: true,
      });
    },
  });
}

export function useOfferList(filters: OfferListFilters) {
  return useQuery({ ...offerListQueryOptions(filters), placeholderData: keepPreviousData });
}

export function offerQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...offersQueryKey, id, 'detail'] as const,
    queryFn: async ({ signal }) => {
      const { offerSchema } = await schemas();
      return api.get(`/offers/${id}/`, { schema: offerSchema, signal, quiet: true });
    },
  });
}

export function useOffer(id: string) {
  return useQuery(offerQueryOptions(id));
}

/** `GET /offers/{id}/stats/` (all-time figures are in `all_time`, whatever the window). */
export function useOfferStats(id: string) {
  return useQuery({
    queryKey: [...offersQueryKey, id, 'stats'] as const,
    queryFn: async ({ signal }) => {
      const { offerStatsSchema } = await schemas();
      return api.get(`/offers/${id}/stats/`, { params: { days: 30 }, schema: offerStatsSchema, signal, quiet: true });
    },
    staleTime: 30_000,
  });
}

/**
 * `GET /offers/slug-availability/`: whether `slug` is free (the offer being edited keeps its
 * own). Only asked for a slug the contract accepts (`enabled`), so the server never answers 422.
 */
export function useOfferSlugAvailability(slug: string, offerId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...offersQueryKey, 'slug-availability', slug, offerId] as const,
    queryFn: async ({ signal }) => {
      const { offerSlugAvailabilitySchema } = await schemas();
      return api.get('/offers/slug-availability/', {
        params: { slug, offer_id: offerId ?? undefined },
        schema: offerSlugAvailabilitySchema,
        signal,
        quiet: true,
      });
    },
    enabled,
    staleTime: 10_000,
  });
}

/** Writes an offer answer into its detail query and marks every list stale. */
function useStoreOffer() {
  const queryClient = useQueryClient();
  return async (offer: Offer) => {
    queryClient.setQueryData(offerQueryOptions(offer.id).queryKey, offer);
    await queryClient.invalidateQueries({ queryKey: [...offersQueryKey, 'list'] });
  };
}

/** `POST /offers/`. Quiet: the builder shows 422/409 details on its fields. */
export function useCreateOffer() {
  const store = useStoreOffer();
  return useMutation({
    mutationFn: async (body: CreateOfferInput) => {
      const { offerSchema } = await schemas();
      return api.post('/offers/', body, { schema: offerSchema, quiet: true });
    },
    onSuccess: store,
  });
}

/** `PATCH /offers/{id}/`; `form_fields`, when sent, replaces the whole form. */
export function useUpdateOffer(id: string) {
  const store = useStoreOffer();
  return useMutation({
    mutationFn: async (body: UpdateOfferInput) => {
      const { offerSchema } = await schemas();
      return api.patch(`/offers/${id}/`, body, { schema: offerSchema, quiet: true });
    },
    onSuccess: store,
  });
}

export type OfferAction = 'activate' | 'archive' | 'duplicate';

/**
 * `POST /offers/{id}/activate/`, `/archive/` or `/duplicate/`. All three answer an offer (the copy
 * for duplicate, a new draft), stored like any other; the list is refetched.
 */
export function useOfferAction() {
  const store = useStoreOffer();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: OfferAction }) => {
      const { offerSchema } = await schemas();
      return api.post(`/offers/${id}/${action}/`, undefined, { schema: offerSchema, quiet: true });
    },
    onSuccess: store,
  });
}

/** `DELETE /offers/{id}/`; the offer's leads stay (their offer link is cleared). */
export function useDeleteOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/offers/${id}/`, { quiet: true }),
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: [...offersQueryKey, id] });
      await queryClient.invalidateQueries({ queryKey: [...offersQueryKey, 'list'] });
    },
  });
}

export type { Offer };
