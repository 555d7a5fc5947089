import type {
  EditableMailTemplate,
  MailLanguage,
  NotificationLogQuery,
  NotificationPreferences,
  SendTeamNotification,
  UpdateNotificationPreferences,
} from '@leadcapture/contracts/notifications';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notificationsQueryKey } from './notifications.ts';

/**
 * /settings/notifications: the member's own channels per category, and for owners and admins the
 * organisation's mail templates, delivery logs and hot-lead score. One home for their query keys.
 */
const schemas = () => import('@leadcapture/contracts/notifications');
const envelope = () => import('@leadcapture/contracts/envelope');

export const preferencesQueryKey = [...notificationsQueryKey, 'preferences'] as const;
export const notificationSettingsQueryKey = [...notificationsQueryKey, 'settings'] as const;
export const templatesQueryKey = [...notificationsQueryKey, 'templates'] as const;
export const logsQueryKey = [...notificationsQueryKey, 'logs'] as const;

export function preferencesQueryOptions() {
  return queryOptions({
    queryKey: preferencesQueryKey,
    queryFn: ({ signal }) =>
      api.get('/notifications/preferences/me/', {
        schema: schemas().then((s) => s.notificationPreferencesSchema),
        signal,
        quiet: true,
      }),
  });
}

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}

/**
 * PATCH …/preferences/me/, optimistic: the switch moves at once, the answer (the whole list)
 * replaces the guess, and a failure puts the previous list back.
 */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateNotificationPreferences) =>
      api.patch('/notifications/preferences/me/', input, {
        schema: schemas().then((s) => s.notificationPreferencesSchema),
      }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: preferencesQueryKey });
      const previous = queryClient.getQueryData<NotificationPreferences>(preferencesQueryKey);
      if (previous) {
        const changes = new Map((input.preferences ?? []).map((p) => [p.category, p]));
        queryClient.setQueryData<NotificationPreferences>(preferencesQueryKey, {
          ...previous,
          digest_hour: input.digest_hour ?? previous.digest_hour,
          preferences: previous.preferences.map((p) => {
            const change = changes.get(p.category);
            if (!change) return p;
            return {
              ...p,
              in_app: change.in_app ?? p.in_app,
              email: change.email ?? p.email,
              push: change.push ?? p.push,
              digest: change.digest ?? p.digest,
              is_default: false,
            };
          }),
        });
      }
      return { previous };
    },
    onError: (_err, _input, context) => {
      if (context?.previous) queryClient.setQueryData(preferencesQueryKey, context.previous);
    },
    onSuccess: (data) => queryClient.setQueryData(preferencesQueryKey, data),
  });
}

export function useNotificationSettings({ enabled = true } = {}) {
  return useQuery({
    queryKey: notificationSettingsQueryKey,
    queryFn: ({ signal }) =>
      api.get('/notifications/settings/', {
        schema: schemas().then((s) => s.notificationSettingsSchema),
        signal,
        quiet: true,
      }),
    enabled,
  });
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { hot_lead_score_threshold: number }) =>
      api.patch('/notifications/settings/', input, { schema: schemas().then((s) => s.notificationSettingsSchema) }),
    onSuccess: (data) => queryClient.setQueryData(notificationSettingsQueryKey, data),
  });
}

export function useMailTemplates({ enabled = true } = {}) {
  return useQuery({
    queryKey: templatesQueryKey,
    queryFn: ({ signal }) =>
      api.get('/notifications/templates/', {
        schema: Promise.all([schemas(), import('zod')]).then(([s, { z }]) => z.array(s.mailTemplateSchema)),
        signal,
        quiet: true,
      }),
    enabled,
  });
}

/** Save, reset and preview one template in one language; save and reset refresh the list. */
export function useTemplateActions() {
  const queryClient = useQueryClient();
  const changed = () => queryClient.invalidateQueries({ queryKey: templatesQueryKey });
  const one = () => schemas().then((s) => s.mailTemplateSchema);
  return {
    save: useMutation({
      mutationFn: ({
        key,
        ...body
      }: {
        key: EditableMailTemplate;
        language: MailLanguage;
        subject: string;
        body: string;
      }) => api.put(`/notifications/templates/${key}/`, body, { schema: one(), quiet: true }),
      onSuccess: changed,
    }),
    reset: useMutation({
      mutationFn: ({ key, language }: { key: EditableMailTemplate; language: MailLanguage }) =>
        api.post(`/notifications/templates/${key}/reset/`, { language }, { schema: one() }),
      onSuccess: changed,
    }),
    preview: useMutation({
      mutationFn: ({
        key,
        ...body
      }: {
        key: EditableMailTemplate;
        language: MailLanguage;
        subject?: string;
        body?: string;
      }) =>
        api.post(`/notifications/templates/${key}/preview/`, body, {
          schema: schemas().then((s) => s.mailPreviewSchema),
          quiet: true,
        }),
    }),
  };
}

export type LogFilters = Pick<NotificationLogQuery, 'channel' | 'status' | 'search'> & { page?: number };

export function logsQueryOptions(filters: LogFilters) {
  return queryOptions({
    queryKey: [...logsQueryKey, filters] as const,
    queryFn: ({ signal }) =>
      api.get('/notifications/logs/', {
        params: { ...filters, page_size: 20 },
        schema: Promise.all([schemas(), envelope()]).then(([s, { paginated }]) => paginated(s.notificationLogSchema)),
        signal,
        quiet: true,
      }),
  });
}

export function useNotificationLogs(filters: LogFilters, { enabled = true } = {}) {
  return useQuery({ ...logsQueryOptions(filters), placeholderData: keepPreviousData, enabled });
}

/** POST /notifications/send/: the team's inboxes and the logs change. */
export function useSendTeamNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendTeamNotification) =>
      api.post('/notifications/send/', input, {
        schema: schemas().then((s) => s.sendTeamNotificationResultSchema),
        quiet: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
