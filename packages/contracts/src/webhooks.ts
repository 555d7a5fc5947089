import { z } from 'zod';
import { MESSAGES, requiredText } from './fields.ts';
import { paginationQuerySchema } from './envelope.ts';

/**
 * Outgoing webhooks (03-decisions §4a, docs/webhooks.md): a team's endpoints receive signed
 * Standard Webhooks deliveries of these events. The request and answer schemas of
 * /api/v1/integrations/webhooks/ live here too.
 */
export const WEBHOOK_EVENT_TYPES = [
  'lead.created',
  'lead.updated',
  'lead.status_changed',
  'lead.assigned',
  'lead.converted',
  'lead.deleted',
  'client.created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event `POST …/{id}/test/` sends: never subscribed to, always deliverable. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type DeliveredEventType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

/**
 * Seconds before each retry after a failed attempt (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h):
 * eight attempts in all, then the delivery has failed.
 */
export const WEBHOOK_RETRY_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_SECONDS.length + 1;
/** A webhook whose attempts all failed for this long is disabled and its owners told. */
export const WEBHOOK_AUTO_DISABLE_DAYS = 5;
/** After a rotation the previous secret keeps signing (a second signature) this long. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

export const WEBHOOK_LIMITS = {
  name: 100,
  url: 2000,
  /** Webhooks per organisation. */
  perOrganization: 20,
  /** How much of an answer's body an attempt keeps. */
  responseExcerptBytes: 1024,
} as const;

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Bytes a canonical base64 text decodes to, or null when it is not base64. */
function base64Bytes(text: string): number | null {
  if (text.length === 0 || text.length % 4 !== 0 || !BASE64.test(text)) return null;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

export const SECRET_MESSAGE = 'Use whsec_ followed by the base64 of 24 to 64 random bytes, or leave it empty.';

/** A secret given by the team: `whsec_` and the base64 of 24 to 64 bytes (Standard Webhooks). */
export function isWebhookSecret(value: string): boolean {
  if (!value.startsWith(WEBHOOK_SECRET_PREFIX)) return false;
  const bytes = base64Bytes(value.slice(WEBHOOK_SECRET_PREFIX.length));
  return bytes !== null && bytes >= 24 && bytes <= 64;
}

const webhookSecretInput = z.string().trim().max(200, SECRET_MESSAGE).refine(isWebhookSecret, SECRET_MESSAGE);

/** A scheme of http or https and a host; the server parses the rest (outbound checkUrl). */
const HTTP_URL = /^https?:\/\/[^\s/?#@]*@?[^\s/?#]+(?:[/?#]\S*)?$/i;

/** http or https; whether the address may be reached is the server's check (outbound guard). */
export const webhookUrlSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(WEBHOOK_LIMITS.url, MESSAGES.maxLength(WEBHOOK_LIMITS.url))
  .refine((value) => HTTP_URL.test(value), 'Enter an http:// or https:// URL');

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `Choose among ${WEBHOOK_EVENT_TYPES.join(', ')}` }), {
    error: 'Choose at least one event',
  })
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length * 2)
  // Order and repeats carry no meaning: kept in the list's order, once each.
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)));

export const createWebhookSchema = z.object({
  name: requiredText(WEBHOOK_LIMITS.name),
  url: webhookUrlSchema,
  events: eventsSchema,
  /** Empty or absent: the server makes one. */
  secret: z.preprocess((v) => (v === '' || v === null ? undefined : v), webhookSecretInput.optional()),
});
export type CreateWebhookData = z.infer<typeof createWebhookSchema>;
/** What the create form holds (before the transforms). */
export type CreateWebhookInput = z.input<typeof createWebhookSchema>;

export const updateWebhookSchema = z.object({
  name: requiredText(WEBHOOK_LIMITS.name).optional(),
  url: webhookUrlSchema.optional(),
  events: eventsSchema.optional(),
  /** true enables a disabled webhook again (its failure count starts over); false disables it. */
  is_active: z.boolean().optional(),
});
export type UpdateWebhookData = z.infer<typeof updateWebhookSchema>;

/** `active`; `failing` (active, its latest attempts failed); `disabled` (see disabled_reason). */
export const WEBHOOK_STATUSES = ['active', 'failing', 'disabled'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];
/** manual: someone turned it off; gone: the endpoint answered 410; failing: 5 days of failures. */
export const WEBHOOK_DISABLED_REASONS = ['manual', 'gone', 'failing'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** automatic: the schedule; test: POST …/test/; resend: POST …/resend/. */
export const ATTEMPT_TRIGGERS = ['automatic', 'test', 'resend'] as const;
export type AttemptTrigger = (typeof ATTEMPT_TRIGGERS)[number];

const timestamp = z.iso.datetime({ offset: true });

export const webhookLastDeliverySchema = z.object({
  attempted_at: timestamp,
  status_code: z.number().int().nullable(),
  ok: z.boolean(),
});

export const webhookSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  is_active: z.boolean(),
  status: z.enum(WEBHOOK_STATUSES),
  disabled_reason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  disabled_at: timestamp.nullable(),
  /** Since when every attempt failed (null once one succeeds). */
  failing_since: timestamp.nullable(),
  /** Until when the secret before the latest rotation still signs too. */
  previous_secret_expires_at: timestamp.nullable(),
  /** The newest attempt of any delivery, or null before the first. */
  last_delivery: webhookLastDeliverySchema.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The create and rotate answers: the only ones that show the secret. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const deliveryAttemptSchema = z.object({
  id: z.uuid(),
  attempted_at: timestamp,
  /** The HTTP status answered, null when none came (time-out, refused, blocked). */
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  /** The first KiB of the answer's body. */
  response_excerpt: z.string(),
  /** Why it failed when no 2xx came, '' when it succeeded. */
  error: z.string(),
  trigger: z.enum(ATTEMPT_TRIGGERS),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  /** The webhook this delivery goes to. */
  webhook: z.uuid(),
  /** The message id sent as the `webhook-id` header: the same on every attempt and resend. */
  webhook_id: z.string(),
  event_type: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string(),
  next_attempt_at: timestamp.nullable(),
  delivered_at: timestamp.nullable(),
  created_at: timestamp,
  /** Every attempt, newest first. */
  attempt_log: z.array(deliveryAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const deliveryListQuerySchema = paginationQuerySchema.extend({
  status: z.enum(DELIVERY_STATUSES).optional(),
  event_type: z.string().max(50).optional(),
});
export type DeliveryListQuery = z.infer<typeof deliveryListQuerySchema>;

export const deliveryParamsSchema = z.object({ id: z.uuid(), delivery_id: z.uuid() });

/** The body every delivery carries (Standard Webhooks). */
export interface WebhookBody {
  type: DeliveredEventType;
  /** When the event happened (ISO 8601). */
  timestamp: string;
  data: unknown;
}
