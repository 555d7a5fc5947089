import { z } from 'zod';
import {
  APPROVAL_STATUSES,
  BUDGET_RANGES,
  CAPTURE_SOURCES,
  DECISION_ROLES,
  DECISION_TIMELINES,
  LEAD_INTERESTS,
  LEAD_SOURCES,
  LEAD_STATUSES,
  UI_LANGUAGES,
} from './constants.ts';
import { paginationQuerySchema } from './envelope.ts';
import { formFieldResponseSchema } from './forms.ts';
import {
  CAPTURE_LIMITS,
  CAPTURE_STATUSES,
  HONEYPOT_FIELD,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_PATTERN,
  type CaptureRequest,
  type CaptureResult,
  type ConfirmLeadEmailResult,
  type PageViewResult,
  type PublicEvent,
  type PublicEventForm,
} from './public-capture.ts';

/**
 * Leads (03-decisions §3 Lead) and the public capture routes' schemas. The capture page itself
 * never imports this file (it has zod); it uses the zod-free types of public-capture.ts, which
 * the schemas below are checked against.
 */

/** An answer to a custom form field (form-fields.ts SubmissionValue). */
export const submissionValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);

/** Where a captured lead came from, as the visitor's browser reported it. */
export const leadAttributionSchema = z.object({
  utm_source: z.string().optional(),
  utm_medium: z.string().optional(),
  utm_campaign: z.string().optional(),
  utm_term: z.string().optional(),
  utm_content: z.string().optional(),
  referrer: z.string().optional(),
});

/** A lead as the API answers it. */
export const leadSchema = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
  job_title: z.string(),
  company_size: z.string(),
  source: z.enum(LEAD_SOURCES),
  status: z.enum(LEAD_STATUSES),
  interest: z.enum(LEAD_INTERESTS).nullable(),
  score: z.number().int(),
  budget_range: z.enum(BUDGET_RANGES),
  decision_timeline: z.enum(DECISION_TIMELINES),
  decision_role: z.enum(DECISION_ROLES),
  interested_products: z.array(z.string()),
  tags: z.array(z.string()),
  assigned_to: z.uuid().nullable(),
  notes: z.string(),
  follow_up_date: z.iso.datetime().nullable(),
  /** The event's id, for a lead captured at (or filed under) an event. */
  event: z.uuid().nullable(),
  /** The offer's id; offers come later. */
  offer: z.uuid().nullable(),
  /** Answers to the event's custom form fields, keyed by field id. */
  custom_fields: z.record(z.string(), submissionValueSchema),
  /** pending while an event that requires approval waits for a member's decision. */
  approval_status: z.enum(APPROVAL_STATUSES),
  /** The visitor followed the confirmation link (events with email_verification). */
  email_verified: z.boolean(),
  /** The consent text exactly as the visitor agreed to it, and when; '' and null when not given. */
  consent_text: z.string(),
  consent_given_at: z.iso.datetime().nullable(),
  attribution: leadAttributionSchema,
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Lead = z.infer<typeof leadSchema>;

export const LEAD_ORDERINGS = [
  'created_at',
  '-created_at',
  'updated_at',
  '-updated_at',
  'first_name',
  '-first_name',
  'last_name',
  '-last_name',
  'company',
  '-company',
  'email',
  '-email',
  'score',
  '-score',
] as const;
export type LeadOrdering = (typeof LEAD_ORDERINGS)[number];

export const LEAD_SEARCH_MAX_LENGTH = 200;

/** GET /events/{id}/leads/: filters are named after fields; search spans name, email and company. */
export const eventLeadsQuerySchema = paginationQuerySchema.extend({
  approval_status: z.enum(APPROVAL_STATUSES).optional(),
  source: z.enum(LEAD_SOURCES).optional(),
  search: z.string().trim().max(LEAD_SEARCH_MAX_LENGTH).optional(),
  ordering: z.enum(LEAD_ORDERINGS).default('-created_at'),
});
export type EventLeadsQuery = z.output<typeof eventLeadsQuerySchema>;

// --- public capture (schemas of the zod-free contract in public-capture.ts) ------------------

/** An event's id or slug in a public path; anything else is simply not found. */
export const idOrSlugParamsSchema = z.object({ id_or_slug: z.string().min(1).max(200) });

const standardLeadFieldSchema = z.object({
  name: z.string(),
  type: z.enum(['text', 'email', 'phone']),
  required: z.boolean(),
  max_length: z.number().int(),
  autocomplete: z.string(),
});

export const publicEventSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  start_date: z.iso.datetime().nullable(),
  end_date: z.iso.datetime().nullable(),
  location: z.string(),
  website: z.string(),
  primary_color: z.string(),
  welcome_message: z.string(),
  logo_url: z.string().nullable(),
  consent_text: z.string(),
  form_fields: z.array(formFieldResponseSchema),
  organization_name: z.string(),
  status: z.enum(['active', 'upcoming', 'completed']),
  email_verification: z.boolean(),
}) satisfies z.ZodType<PublicEvent>;

export const publicEventFormSchema = z.object({
  event_id: z.uuid(),
  standard_fields: z.array(standardLeadFieldSchema),
  form_fields: z.array(formFieldResponseSchema),
  consent_text: z.string(),
  honeypot_field: z.string(),
}) satisfies z.ZodType<PublicEventForm>;

const utm = z.string().trim().max(CAPTURE_LIMITS.utmMaxLength).optional();
/** A standard field as sent: its rules (required, length, format) are validateCaptureAnswers'. */
const standardText = z.string().nullish();

/**
 * The capture body at the JSON-type level. Required, length and format checks of the answers
 * run after it, in validateCaptureAnswers (public-capture.ts), so a visitor gets the same
 * messages from the server as from the page, all fields in one 422.
 */
export const captureRequestSchema = z.object({
  first_name: standardText,
  last_name: standardText,
  email: standardText,
  company: standardText,
  phone: standardText,
  job_title: standardText,
  responses: z.record(z.string(), z.unknown()).nullish(),
  source: z.enum(CAPTURE_SOURCES).optional(),
  utm_source: utm,
  utm_medium: utm,
  utm_campaign: utm,
  utm_term: utm,
  utm_content: utm,
  referrer: z.string().trim().max(CAPTURE_LIMITS.referrerMaxLength).optional(),
  consent: z.boolean().optional(),
  language: z.enum(UI_LANGUAGES).optional(),
  [HONEYPOT_FIELD]: z.unknown().optional().meta({ description: 'Leave empty: a filled value marks a bot.' }),
});
export type CaptureRequestData = z.output<typeof captureRequestSchema>;
type Holds<T extends true> = T;
/** Compile-time check: every request the zod-free CaptureRequest type allows passes this schema. */
export type CaptureRequestAccepted = Holds<CaptureRequest extends z.input<typeof captureRequestSchema> ? true : false>;

export const captureHeadersSchema = z
  .object({
    'idempotency-key': z
      .string()
      .max(IDEMPOTENCY_KEY_MAX_LENGTH, `Use at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`)
      .regex(IDEMPOTENCY_KEY_PATTERN, 'Use printable characters without spaces, such as a UUID')
      .optional(),
  })
  .loose();

export const captureResultSchema = z.object({
  id: z.uuid(),
  status: z.enum(CAPTURE_STATUSES),
}) satisfies z.ZodType<CaptureResult>;

export const confirmLeadEmailSchema = z.object({
  token: z.string({ error: 'This field is required' }).trim().min(1, 'This field is required').max(200),
});

export const confirmLeadEmailResultSchema = z.object({
  email_verified: z.literal(true),
  event_name: z.string(),
}) satisfies z.ZodType<ConfirmLeadEmailResult>;

export const pageViewResultSchema = z.object({ counted: z.boolean() }) satisfies z.ZodType<PageViewResult>;
