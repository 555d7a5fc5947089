import { z } from 'zod';
import { USAGE_RESOURCES } from './billing.ts';
import { paginationQuerySchema } from './envelope.ts';
import { INTEGRATION_KINDS } from './integrations.ts';

/**
 * The in-app notifications inbox (spec 01 §3 Notification: category, type, priority, read state;
 * §7 paths). A notification carries data, not text: the web writes the sentence in the reader's
 * language from `type` and `data`, so a change of language changes old notifications too.
 */
export const NOTIFICATION_CATEGORIES = ['leads', 'follow_ups', 'team', 'billing', 'system'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** How a notification may reach a member (03-decisions §4b); push goes to each device the member subscribed (docs/push.md). */
export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_TYPES = [
  'lead_new',
  'lead_hot',
  'lead_new_batch',
  'lead_assigned',
  'leads_imported',
  'leads_bulk_assigned',
  'lead_status_changed',
  'lead_follow_up_due',
  'invitation_accepted',
  'team_message',
  'trial_ending',
  'trial_ended',
  'usage_threshold',
  'held_leads',
  'payment_failed',
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

/** `payment_failed` (category billing): the provider could not take an invoice's payment; link /settings/billing. */
export const paymentFailedDataSchema = z.object({
  invoice_number: z.string(),
  /** What is still to pay, in the currency's minor unit (öre, cents). */
  amount_due: z.number().int().min(0),
  currency: z.string(),
});
export type PaymentFailedData = z.infer<typeof paymentFailedDataSchema>;

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

/** `lead_new` and `lead_hot` (category leads): a lead was captured or created; link /leads/{id}. */
export const leadNewDataSchema = z.object({
  lead_id: z.uuid(),
  lead_name: z.string(),
  company: z.string(),
  /** The event's or offer's name it came from, '' when none. */
  source_name: z.string(),
  interest: z.string().nullable(),
  score: z.number().int(),
});
export type LeadNewData = z.infer<typeof leadNewDataSchema>;

/**
 * `lead_new_batch` (category leads): many new leads of one page at once, told in one notice per
 * person: held captures released by an upgrade (docs/leads-scoring.md). Link: the leads list
 * filtered by the event, or the offer's page.
 */
export const leadNewBatchDataSchema = z.object({
  count: z.number().int().min(1),
  /** How many of them are hot (the notice is urgent then). */
  hot_count: z.number().int().min(0),
  /** The event's or offer's name, '' when none. */
  source_name: z.string(),
  event_id: z.uuid().nullable(),
  offer_id: z.uuid().nullable(),
});
export type LeadNewBatchData = z.infer<typeof leadNewBatchDataSchema>;

/** `lead_assigned` (category leads): someone else assigned the lead to the reader. */
export const leadAssignedDataSchema = z.object({
  lead_id: z.uuid(),
  lead_name: z.string(),
  company: z.string(),
  /** Who assigned it, as shown. */
  by: z.string(),
});
export type LeadAssignedData = z.infer<typeof leadAssignedDataSchema>;

/** `leads_imported` (category leads): an import's new leads went to the reader by its event's assignment (one notice per import). */
export const leadsImportedDataSchema = z.object({
  import_id: z.uuid(),
  count: z.number().int(),
  /** The event whose assignment chose the reader. */
  event_name: z.string(),
});
export type LeadsImportedData = z.infer<typeof leadsImportedDataSchema>;

/**
 * `leads_bulk_assigned` (category leads): a bulk job (or one bulk request) assigned `count` leads
 * to the reader; one notice per job, not one per lead. Link /leads?assigned_to={reader}.
 */
export const leadsBulkAssignedDataSchema = z.object({
  count: z.number().int().min(1),
  /** Who started it, as shown. */
  by: z.string(),
  /** The bulk job, null for a bulk request of the leads list. */
  job_id: z.uuid().nullable(),
});
export type LeadsBulkAssignedData = z.infer<typeof leadsBulkAssignedDataSchema>;

/** `lead_status_changed` (category leads): someone else changed the status of the reader's lead. */
export const leadStatusChangedDataSchema = z.object({
  lead_id: z.uuid(),
  lead_name: z.string(),
  company: z.string(),
  from: z.string(),
  to: z.string(),
  by: z.string(),
});
export type LeadStatusChangedData = z.infer<typeof leadStatusChangedDataSchema>;

/** `invitation_accepted` (category team): an invited person joined; to the inviter and the owners; link /team. */
export const invitationAcceptedDataSchema = z.object({
  member_id: z.uuid(),
  member_name: z.string(),
  email: z.string(),
  role: z.string(),
});
export type InvitationAcceptedData = z.infer<typeof invitationAcceptedDataSchema>;

/** `team_message` (category team): an owner or admin wrote to the team (POST /notifications/send/). */
export const teamMessageDataSchema = z.object({
  title: z.string(),
  message: z.string(),
  /** Who wrote it, as shown. */
  from: z.string(),
});
export type TeamMessageData = z.infer<typeof teamMessageDataSchema>;

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

// --- preferences -------------------------------------------------------------------------------

/**
 * One category's channels for the reader. `digest` gathers the category's mail into one mail a
 * day (at DIGEST_HOUR in the organisation's timezone) instead of one mail each; it only means
 * something with `email` on, and urgent notifications (a hot lead) never wait for it.
 */
export const notificationPreferenceSchema = z.object({
  category: z.enum(NOTIFICATION_CATEGORIES),
  in_app: z.boolean(),
  email: z.boolean(),
  push: z.boolean(),
  digest: z.boolean(),
  /** True while the member has not changed the category: the defaults apply. */
  is_default: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** The local hour (organisation timezone) at which the day's digest goes out, until a member picks theirs. */
export const DIGEST_HOUR = 8;

/** What a category does until the member changes it: lead mail gathered in the daily digest. */
export const DEFAULT_NOTIFICATION_PREFERENCES: Record<
  NotificationCategory,
  Omit<NotificationPreference, 'category' | 'is_default'>
> = {
  leads: { in_app: true, email: true, push: true, digest: true },
  follow_ups: { in_app: true, email: true, push: true, digest: false },
  team: { in_app: true, email: true, push: false, digest: false },
  billing: { in_app: true, email: true, push: false, digest: false },
  system: { in_app: true, email: true, push: false, digest: false },
};

/** GET /notifications/preferences/me/: every category, in the order of NOTIFICATION_CATEGORIES. */
export const notificationPreferencesSchema = z.object({
  preferences: z.array(notificationPreferenceSchema),
  digest_hour: z.number().int().min(0).max(23),
  timezone: z.string(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/**
 * PUT/PATCH: the categories to change, each with the channels to change; others keep theirs;
 * and/or the member's digest hour (0-23, the organisation's timezone).
 */
export const updateNotificationPreferencesSchema = z
  .object({
    digest_hour: z.number().int().min(0).max(23).optional(),
    preferences: z
      .array(
        z
          .object({
            category: z.enum(NOTIFICATION_CATEGORIES),
            in_app: z.boolean().optional(),
            email: z.boolean().optional(),
            push: z.boolean().optional(),
            digest: z.boolean().optional(),
          })
          .strict(),
      )
      .min(1)
      .max(NOTIFICATION_CATEGORIES.length)
      .refine((list) => new Set(list.map((p) => p.category)).size === list.length, {
        message: 'Each category may appear once',
      })
      .optional(),
  })
  .strict()
  .refine((body) => body.preferences !== undefined || body.digest_hour !== undefined, {
    message: 'Send preferences or digest_hour',
    path: ['preferences'],
  });
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;

/** The organisation's notification settings: when a new lead counts as hot. */
export const DEFAULT_HOT_LEAD_SCORE = 80;
export const notificationSettingsSchema = z.object({
  /** A lead whose score reaches this (or whose interest is hot) is a hot lead. */
  hot_lead_score_threshold: z.number().int().min(1).max(1000),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const updateNotificationSettingsSchema = notificationSettingsSchema.partial().strict();

// --- templates ---------------------------------------------------------------------------------

/** The mails an owner may adjust: those sent in the organisation's name (not sign-in mail). */
export const EDITABLE_MAIL_TEMPLATES = [
  'lead_new',
  'lead_hot',
  'lead_new_batch',
  'lead_assigned',
  'lead_status_changed',
  'lead_follow_up_due',
  'lead_email_confirmation',
  'team_invitation',
  'invitation_accepted',
  'team_message',
  'notification_digest',
  'trial_ending',
  'trial_ended',
  'usage_threshold',
  'held_leads',
  'payment_failed',
  'integration_error',
  'webhook_disabled',
] as const;
export type EditableMailTemplate = (typeof EDITABLE_MAIL_TEMPLATES)[number];
export const MAIL_LANGUAGES = ['en', 'sv'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

export const mailTemplateVersionSchema = z.object({
  language: z.enum(MAIL_LANGUAGES),
  subject: z.string(),
  body: z.string(),
  default_subject: z.string(),
  default_body: z.string(),
  is_customized: z.boolean(),
  updated_at: z.iso.datetime({ offset: true }).nullable(),
});
export const mailTemplateSchema = z.object({
  key: z.enum(EDITABLE_MAIL_TEMPLATES),
  /** The placeholders the subject and body may use, as {{name}}. */
  variables: z.array(z.string()),
  versions: z.array(mailTemplateVersionSchema),
});
export type MailTemplateInfo = z.infer<typeof mailTemplateSchema>;
export const mailTemplateKeyParamsSchema = z.object({ key: z.enum(EDITABLE_MAIL_TEMPLATES) });

/** PUT /notifications/templates/{key}/: one language's subject and body. */
export const updateMailTemplateSchema = z
  .object({
    language: z.enum(MAIL_LANGUAGES),
    subject: z.string().trim().min(1).max(200),
    body: z.string().trim().min(1).max(5000),
  })
  .strict();
export type UpdateMailTemplate = z.infer<typeof updateMailTemplateSchema>;

/** POST …/reset/: back to the default in one language. */
export const resetMailTemplateSchema = z.object({ language: z.enum(MAIL_LANGUAGES) }).strict();

/** POST …/preview/: the saved version, or the given unsaved text, rendered with sample data. */
export const previewMailTemplateSchema = z
  .object({
    language: z.enum(MAIL_LANGUAGES),
    subject: z.string().trim().min(1).max(200).optional(),
    body: z.string().trim().min(1).max(5000).optional(),
  })
  .strict();
export const mailPreviewSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type MailPreview = z.infer<typeof mailPreviewSchema>;

// --- logs --------------------------------------------------------------------------------------

export const NOTIFICATION_LOG_CHANNELS = ['in_app', 'email', 'push'] as const;
export const NOTIFICATION_LOG_STATUSES = ['queued', 'sent', 'failed'] as const;
export type NotificationLogStatus = (typeof NOTIFICATION_LOG_STATUSES)[number];

export const notificationLogSchema = z.object({
  id: z.uuid(),
  channel: z.enum(NOTIFICATION_LOG_CHANNELS),
  /** The member it was for (null for a mail to someone outside the team, e.g. an invitee). */
  user_id: z.uuid().nullable(),
  recipient: z.string(),
  /** The mail template, or the notification type for in-app. */
  template: z.string(),
  category: z.enum(NOTIFICATION_CATEGORIES).nullable(),
  subject: z.string(),
  status: z.enum(NOTIFICATION_LOG_STATUSES),
  /** True while a mail waits for the day's digest (or went out in one). */
  digest: z.boolean(),
  error: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  sent_at: z.iso.datetime({ offset: true }).nullable(),
});
export type NotificationLog = z.infer<typeof notificationLogSchema>;

export const notificationLogQuerySchema = paginationQuerySchema.extend({
  channel: z.enum(NOTIFICATION_LOG_CHANNELS).optional(),
  status: z.enum(NOTIFICATION_LOG_STATUSES).optional(),
  category: z.enum(NOTIFICATION_CATEGORIES).optional(),
  template: z.string().max(60).optional(),
  user_id: z.uuid().optional(),
  /** Free text in the recipient or subject. */
  search: z.string().trim().max(100).optional(),
});
export type NotificationLogQuery = z.infer<typeof notificationLogQuerySchema>;

// --- send --------------------------------------------------------------------------------------

/** POST /notifications/send/: to every member (no user_ids) or the chosen ones. */
export const sendTeamNotificationSchema = z
  .object({
    title: z.string().trim().min(1).max(120),
    message: z.string().trim().min(1).max(2000),
    user_ids: z.array(z.uuid()).max(500).optional(),
  })
  .strict();
export type SendTeamNotification = z.infer<typeof sendTeamNotificationSchema>;
export const sendTeamNotificationResultSchema = z.object({ recipients: z.number().int().min(0) });
export type SendTeamNotificationResult = z.infer<typeof sendTeamNotificationResultSchema>;
