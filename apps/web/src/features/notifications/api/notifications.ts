import type { Notification } from '@leadcapture/contracts/notifications';
import { unreadCountParser } from '@leadcapture/contracts/unread-count-check';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * The notifications inbox (`/notifications/inbox/`): one place for its query keys and calls. The
 * bell polls the unread count; every write marks the whole ['notifications'] prefix stale, so the
 * bell, its popover and the page agree.
 */
const schemas = () => import('@leadcapture/contracts/notifications');
const envelope = () => import('@leadcapture/contracts/envelope');

export const notificationsQueryKey = ['notifications'] as const;
export const unreadCountQueryKey = [...notificationsQueryKey, 'unread-count'] as const;

/** How often the bell asks for the unread count (and on window focus). */
export const UNREAD_POLL_MS = 60_000;
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** How many the bell's popover shows. */
export const LATEST_COUNT = 5;

export type NotificationFilters = { unread?: boolean; page?: number; pageSize?: number };
export type NotificationPage = {
  results: Notification[];
  count: number;
  next: string | null;
  previous: string | null;
};

/** `GET /notifications/inbox/unread_count/`, polled. */
export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: unreadCountQueryKey,
    queryFn: ({ signal }) =>
      // Checked without zod (contracts/unread-count-check.ts): every signed-in page polls it.
      api.get('/notifications/inbox/unread_count/', { schema: unreadCountParser, signal, quiet: true }),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    select: (data) => data.unread_count,
  });
}

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}

/** `GET /notifications/inbox/`: newest first, optionally only the unread ones. */
export function notificationListQueryOptions(filters: NotificationFilters) {
  return queryOptions({
    queryKey: [...notificationsQueryKey, 'list', filters] as const,
    queryFn: ({ signal }) =>
      api.get('/notifications/inbox/', {
        params: {
          unread: filters.unread === true ? 'true' : undefined,
          page: filters.page,
          page_size: filters.pageSize ?? NOTIFICATIONS_PAGE_SIZE,
        },
        schema: Promise.all([schemas(), envelope()]).then(([{ notificationSchema }, { paginated }]) =>
          paginated(notificationSchema),
        ),
        signal,
        quiet: true,
      }),
  });
}

export function useNotificationList(filters: NotificationFilters, { enabled = true } = {}) {
  return useQuery({ ...notificationListQueryOptions(filters), placeholderData: keepPreviousData, enabled });
}

function useInboxWrite<I>(call: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

/** `POST /notifications/inbox/{id}/mark_as_read/`. */
export function useMarkNotificationRead() {
  return useInboxWrite((id: string) => api.post(`/notifications/inbox/${id}/mark_as_read/`));
}

/** `POST /notifications/inbox/mark_all_read/`. */
export function useMarkAllNotificationsRead() {
  return useInboxWrite(() => api.post('/notifications/inbox/mark_all_read/'));
}

/** `DELETE /notifications/inbox/{id}/`. */
export function useDeleteNotification() {
  return useInboxWrite((id: string) => api.delete(`/notifications/inbox/${id}/`));
}
