import { z } from 'zod';
import { USAGE_RESOURCES } from './billing.ts';
import { paginationQuerySchema } from './envelope.ts';
import { INTEGRATION_KINDS } from './integrations.ts';

/**
 * The in-app notifications inbox (spec 01 §3 Notification: category, type, priority, read state;
 * §7 paths). A notification carries data, not text: the web writes the sentence in the reader's
 * language from `type` and `data`, so a change of language changes old notifications too.
 */
export const NOTIFICATION_CATEGORIES = ['leads', 'events', 'team', 'billing', 'system'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const NOTIFICATION_TYPES = [
  'lead_follow_up_due',
  'trial_ending',
  'trial_ended',
  'usage_threshold',
  'held_leads',
  'integration_error',
  'webhook_disabled',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

/** What a `lead_follow_up_due` notification needs to be written and linked. */
export const leadFollowUpDataSchema = z.object({
  lead_id: z.uuid(),
  lead_name: z.string(),
  company: z.string(),
  /** The follow-up as stored (ISO timestamp). */
  follow_up_date: z.iso.datetime({ offset: true }),
});
export type LeadFollowUpData = z.infer<typeof leadFollowUpDataSchema>;

/** `trial_ending` (category billing): the trial ends within 3 days; link /settings/billing. */
export const trialEndingDataSchema = z.object({
  /** Whole days left, rounded up (billing daysRemaining). */
  days_remaining: z.number().int().min(0),
  trial_end: z.iso.datetime({ offset: true }),
});
export type TrialEndingData = z.infer<typeof trialEndingDataSchema>;

/** `trial_ended` (category billing): the trial ended and the organisation is on free; link /settings/billing. */
export const trialEndedDataSchema = z.object({
  trial_end: z.iso.datetime({ offset: true }),
});
export type TrialEndedData = z.infer<typeof trialEndedDataSchema>;

/** The shares of a limit at which owners are told. */
export const USAGE_THRESHOLDS = [80, 100] as const;
export type UsageThreshold = (typeof USAGE_THRESHOLDS)[number];

/** `usage_threshold` (category billing): a resource reached 80 % or 100 % of its limit; link /settings/billing/usage. */
export const usageThresholdDataSchema = z.object({
  resource: z.enum(USAGE_RESOURCES),
  percentage: z.union([z.literal(80), z.literal(100)]),
  limit: z.number().int().min(0),
});
export type UsageThresholdData = z.infer<typeof usageThresholdDataSchema>;

/**
 * `held_leads` (category billing): the month's lead limit is reached and visitors' captures are
 * held until an upgrade; once a month; link /settings/billing.
 */
export const heldLeadsDataSchema = z.object({
  /** The calendar month (UTC) of the held captures, YYYY-MM. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  limit: z.number().int().min(0),
});
export type HeldLeadsData = z.infer<typeof heldLeadsDataSchema>;

/**
 * `integration_error` (category system): a provider refused an integration's credentials and its
 * sync stopped until they are reconfigured; link /settings/integrations.
 */
export const integrationErrorDataSchema = z.object({
  integration_id: z.uuid(),
  kind: z.enum(INTEGRATION_KINDS),
  /** The kind's name as shown (HubSpot, Salesforce, …). */
  name: z.string(),
  /** The provider's reason, in its words. */
  reason: z.string(),
});
export type IntegrationErrorData = z.infer<typeof integrationErrorDataSchema>;

/**
 * `webhook_disabled` (category system): a webhook was disabled by its endpoint's 410 (`gone`) or
 * after 5 days of failed deliveries (`failing`); to every owner; link /settings/integrations.
 */
export const webhookDisabledDataSchema = z.object({
  webhook_id: z.uuid(),
  webhook_name: z.string(),
  reason: z.enum(['gone', 'failing']),
});
export type WebhookDisabledData = z.infer<typeof webhookDisabledDataSchema>;

export const notificationSchema = z.object({
  id: z.uuid(),
  category: z.enum(NOTIFICATION_CATEGORIES),
  type: z.enum(NOTIFICATION_TYPES),
  priority: z.enum(NOTIFICATION_PRIORITIES),
  data: z.record(z.string(), z.unknown()),
  /** Where the notification leads in the web app, without the language prefix ('/leads/{id}'). */
  link: z.string(),
  is_read: z.boolean(),
  read_at: z.iso.datetime({ offset: true }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
});
export type Notification = z.infer<typeof notificationSchema>;

const unreadParam = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean().optional(),
);

/** GET /notifications/inbox/: newest first; `unread=true` keeps the unread ones. */
export const notificationListQuerySchema = paginationQuerySchema.extend({ unread: unreadParam });
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const unreadCountSchema = z.object({ unread_count: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const markAllReadResultSchema = z.object({ updated: z.number().int().min(0) });
export type MarkAllReadResult = z.infer<typeof markAllReadResultSchema>;
