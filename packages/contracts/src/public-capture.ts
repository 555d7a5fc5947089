/**
 * The public capture API (03-decisions §3) as the capture page uses it: what it reads, what it
 * sends, what it gets back, and the checks both sides run on an answer.
 *
 * No zod here, on purpose: the capture page's whole JavaScript budget is 60 KB gzip. The zod
 * mirrors the server validates and documents with live in leads.ts and are checked against
 * these types there.
 */
import type { CAPTURE_SOURCES, EventStatus, UI_LANGUAGES } from './constants.ts';
import { QR_SOURCE_PARAM, QR_SOURCE_VALUE } from './event-urls.ts';
import {
  publicFormFields,
  validateStandardLeadFields,
  validateSubmission,
  type FieldErrors,
  type FormField,
  type StandardLeadField,
  type StandardLeadFieldName,
  type SubmissionValue,
} from './form-fields.ts';

export type CaptureSource = (typeof CAPTURE_SOURCES)[number];
export type CaptureLanguage = (typeof UI_LANGUAGES)[number];

/**
 * The honeypot: an input the page hides from people (off-screen, aria-hidden, tabindex -1,
 * autocomplete off) but a form-filling bot fills. Filled, the server answers like a success and
 * stores nothing.
 */
export const HONEYPOT_FIELD = 'website_url';

/** Header that makes a capture safe to retry: the same key answers the same, one lead. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 128;
/** Printable ASCII without spaces (a UUID is the natural choice). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]+$/;

export const UTM_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmParam = (typeof UTM_PARAMS)[number];

/** Longest attribution values the API takes; attributionFromPage clips to them. */
export const CAPTURE_LIMITS = {
  utmMaxLength: 200,
  referrerMaxLength: 2000,
} as const;

/** What a capture answers: `pending_approval` when the event requires approval. */
export const CAPTURE_STATUSES = ['received', 'pending_approval'] as const;
export type CaptureStatus = (typeof CAPTURE_STATUSES)[number];

/** GET /public/events/{id_or_slug}/: what a visitor may see of an active event. */
export interface PublicEvent {
  id: string;
  name: string;
  slug: string;
  description: string;
  start_date: string | null;
  end_date: string | null;
  location: string;
  website: string;
  primary_color: string;
  welcome_message: string;
  /** The event's logo, else its organisation's (the organisation's branding, spec 01 §2). */
  logo_url: string | null;
  /** Text of the optional consent checkbox; '' means the page shows no checkbox. */
  consent_text: string;
  form_fields: FormField[];
  organization_name: string;
  /** active, upcoming or completed (an event shown publicly is active by hand). */
  status: Extract<EventStatus, 'active' | 'upcoming' | 'completed'>;
  /** The visitor will be mailed a confirmation link (double opt-in): say so on success. */
  email_verification: boolean;
}

/** GET /public/events/{id_or_slug}/form/: just what the form needs. */
export interface PublicEventForm {
  event_id: string;
  /** Always shown above the custom fields, in this order. */
  standard_fields: StandardLeadField[];
  form_fields: FormField[];
  consent_text: string;
  /** Name of the hidden input to render and send (HONEYPOT_FIELD). */
  honeypot_field: string;
}

/**
 * GET /public/offers/{id_or_slug}/: what a visitor may see of a published, active offer (an
 * unpublished, draft or archived one is 404). Its submissions take the same body as an event's
 * capture (CaptureRequest) at POST /public/offers/{id_or_slug}/submit/.
 */
export interface PublicOffer {
  id: string;
  title: string;
  slug: string;
  description: string;
  /** Shown after a submission instead of the standard thank-you text when not ''. */
  success_message: string;
  /** Text of the optional consent checkbox; '' means the page shows no checkbox. */
  consent_text: string;
  form_fields: FormField[];
  organization_name: string;
  /** The organisation's logo (its settings), shown in the page's header. */
  logo_url: string | null;
  /** The organisation's primary colour: the page's band and submit button. */
  primary_color: string;
  /** Submissions wait for the team's approval: the page says so after a submission. */
  require_approval: boolean;
}

export type CaptureAttribution = Partial<Record<UtmParam, string>> & { referrer?: string };

/**
 * POST /public/events/{id_or_slug}/leads/ (with an optional Idempotency-Key header). The
 * standard lead fields sit at the top level, custom answers under `responses` keyed by field id.
 */
export interface CaptureRequest extends CaptureAttribution {
  first_name: string;
  last_name: string;
  email: string;
  company: string;
  phone?: string;
  job_title?: string;
  responses?: Record<string, SubmissionValue>;
  /** `qr_scan` when the page was opened from the QR code (`?src=qr`); default `direct`. */
  source?: CaptureSource;
  /** Ticked consent checkbox; the event's consent text is stored with the lead only when true. */
  consent?: boolean;
  /** Language of the confirmation mail (double opt-in); default en. */
  language?: CaptureLanguage;
  /** The honeypot: always send it, empty. */
  [HONEYPOT_FIELD]?: string;
}

/** 201 answer of a capture. */
export interface CaptureResult {
  id: string;
  status: CaptureStatus;
}

/** POST /public/leads/confirm-email/ `{token}` → 200. */
export interface ConfirmLeadEmailRequest {
  token: string;
}
export interface ConfirmLeadEmailResult {
  email_verified: true;
  event_name: string;
}

/** POST /public/events/{id_or_slug}/views/ (no body) → 200. */
export interface PageViewResult {
  /** False when the event does not track analytics (or the address sent too many). */
  counted: boolean;
}

export interface CaptureAnswers {
  standard: Record<StandardLeadFieldName, string>;
  responses: Record<string, SubmissionValue>;
  /** `first_name`, `email`, … and `responses.<field_id>`: the keys of the server's 422. */
  errors: FieldErrors;
}

/**
 * The checks of a capture's answers, the same on the page and on the server: standard fields by
 * STANDARD_LEAD_FIELDS, custom answers by the event's form fields.
 */
export function validateCaptureAnswers(
  formFields: readonly FormField[],
  input: { responses?: unknown } & Record<string, unknown>,
): CaptureAnswers {
  const standard = validateStandardLeadFields(input);
  // Only what the page asks: a designer's copy of a standard question is not asked (publicFormLayout).
  const custom = validateSubmission(publicFormFields(formFields), input.responses);
  const errors: FieldErrors = { ...standard.errors };
  for (const [id, messages] of Object.entries(custom.errors)) errors[`responses.${id}`] = messages;
  return { standard: standard.values, responses: custom.values, errors };
}

/** Whether a capture answer has no errors. */
export function isValidCapture(answers: CaptureAnswers): boolean {
  return Object.keys(answers.errors).length === 0;
}

/**
 * Source and attribution of a visit, from the page's query (`new URLSearchParams(location.search)`)
 * and `document.referrer`: `qr_scan` when the QR marker is there, UTM parameters and the referrer
 * clipped to the limits.
 */
export function attributionFromPage(
  params: { get(name: string): string | null },
  referrer: string,
): CaptureAttribution & { source: CaptureSource } {
  const out: CaptureAttribution & { source: CaptureSource } = {
    source: params.get(QR_SOURCE_PARAM) === QR_SOURCE_VALUE ? 'qr_scan' : 'direct',
  };
  for (const name of UTM_PARAMS) {
    const value = params.get(name)?.trim();
    if (value) out[name] = value.slice(0, CAPTURE_LIMITS.utmMaxLength);
  }
  if (referrer) out.referrer = referrer.slice(0, CAPTURE_LIMITS.referrerMaxLength);
  return out;
}

// --- visitors' files (issue 22): zod-free, as the capture page uses them -------------------

/**
 * What a visitor may attach on a public form's file field (issue 22): images, PDF and the common
 * Office documents, each recognised by its content. Anything else, a renamed executable included,
 * is refused.
 */
export const ATTACHMENT_CONTENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;
export type AttachmentContentType = (typeof ATTACHMENT_CONTENT_TYPES)[number];
export const ATTACHMENT_ACCEPT = [...ATTACHMENT_CONTENT_TYPES, '.pdf', '.docx', '.xlsx', '.pptx'].join(',');

/** 10 MiB, a visitor's attachment; a file of exactly this size is accepted. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

export const ATTACHMENT_MESSAGES = {
  invalid: 'Please select a PDF, an image or a Word, Excel or PowerPoint file',
  tooLarge: 'File size must be less than 10MB',
  noFileField: 'This form takes no files',
} as const;

/** What the upload answers (files.ts has its schema); its id is the file field's answer. */
export interface Attachment {
  id: string;
  name: string;
  size: number;
  content_type: AttachmentContentType;
}
