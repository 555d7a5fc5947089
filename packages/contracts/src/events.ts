import { z } from 'zod';
import { EVENT_MANUAL_STATUSES, EVENT_STATUSES, LEAD_SOURCES, UI_LANGUAGES, type EventStatus } from './constants.ts';
import { colorSchema, dateTimeInputSchema, MESSAGES, optionalText, requiredText, urlSchema } from './fields.ts';
import { formFieldResponseSchema, formFieldsSchema } from './forms.ts';
import { SLUG_MESSAGES, slugProblem } from './slugs.ts';

/**
 * Events (spec 01 §3, 03-decisions §3): the HTTP contract of /api/v1/events/. Statuses, slugs,
 * templates, the QR marker and the analytics figures are explained in docs/events.md.
 */

export const EVENT_LIMITS = {
  name: 200,
  description: 5000,
  location: 300,
  welcomeMessage: 2000,
  consentText: 1000,
  templateName: 200,
  templateDescription: 1000,
} as const;

export const EVENT_MESSAGES = {
  endAfterStart: 'End date must be after start date',
  dateTime: 'Enter a valid date and time in ISO 8601 form, such as 2026-05-01T09:00:00Z',
  status: `Unknown status; expected one of ${EVENT_STATUSES.join(', ')}`,
  qrContrast: 'The code needs dark modules on a lighter background (contrast at least 3:1) to scan reliably',
} as const;

// --- settings ----------------------------------------------------------------------------

/**
 * - start_active: a new event starts active (else saved as draft) when the create gives no status.
 * - email_verification: a captured lead confirms its email address by a link (double opt-in).
 * - analytics_tracking: the capture page counts its views (no cookies, a daily counter).
 * - require_approval: captured leads wait as pending until a member approves them.
 * - quick_actions: the event page offers its shortcuts (scan QR, share link, add lead).
 */
export const eventSettingsSchema = z.object({
  start_active: z.boolean(),
  email_verification: z.boolean(),
  analytics_tracking: z.boolean(),
  require_approval: z.boolean(),
  quick_actions: z.boolean(),
});
export type EventSettings = z.infer<typeof eventSettingsSchema>;

export const DEFAULT_EVENT_SETTINGS: EventSettings = {
  start_active: true,
  email_verification: false,
  analytics_tracking: true,
  require_approval: false,
  quick_actions: true,
};

/** Settings in a request: any subset; what is left out keeps its current (or default) value. */
export const eventSettingsInputSchema = eventSettingsSchema.partial().strict();

// --- building blocks ---------------------------------------------------------------------

/** A slug as given: trimmed and lowercased, then checked against the rules of slugs.ts. */
export const eventSlugSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .toLowerCase()
  .superRefine((slug, ctx) => {
    const problem = slugProblem(slug);
    if (problem) ctx.addIssue({ code: 'custom', message: SLUG_MESSAGES[problem] });
  });

/** An ISO 8601 date-time with Z or an offset, or a calendar date; empty or null clears the date. */
const dateTimeSchema = z.preprocess(
  (v) => (v === '' ? null : v),
  dateTimeInputSchema(EVENT_MESSAGES.dateTime).nullable(),
);

const isDateTime = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v));

/**
 * "End date must be after start date" on `end_date` (spec 01 §5), when both dates are in the
 * body. `when` lets it run beside other fields' errors, so one answer lists them all.
 */
function endAfterStart(value: { start_date?: string | null; end_date?: string | null }): boolean {
  const { start_date: start, end_date: end } = value;
  if (!isDateTime(start) || !isDateTime(end)) return true;
  return Date.parse(end) > Date.parse(start);
}
const endAfterStartCheck = {
  path: ['end_date'],
  message: EVENT_MESSAGES.endAfterStart,
  when: (payload: { value: unknown }) => {
    const v = payload.value as { start_date?: unknown; end_date?: unknown } | null;
    return typeof v === 'object' && v !== null && isDateTime(v.start_date) && isDateTime(v.end_date);
  },
};

/** Built-in templates (events.templates.ts on the server); the web translates them by key. */
export const EVENT_TEMPLATE_KEYS = ['trade_show', 'conference', 'product_demo', 'webinar'] as const;
export type EventTemplateKey = (typeof EVENT_TEMPLATE_KEYS)[number];

/** A built-in template's key or a saved template's id. */
export const templateIdSchema = z.union([z.enum(EVENT_TEMPLATE_KEYS), z.uuid()], {
  error: `Unknown template; expected a saved template's id or one of ${EVENT_TEMPLATE_KEYS.join(', ')}`,
});

const editable = {
  name: requiredText(EVENT_LIMITS.name),
  description: optionalText(EVENT_LIMITS.description),
  start_date: dateTimeSchema,
  end_date: dateTimeSchema,
  location: optionalText(EVENT_LIMITS.location),
  website: urlSchema,
  primary_color: colorSchema,
  welcome_message: optionalText(EVENT_LIMITS.welcomeMessage),
  consent_text: optionalText(EVENT_LIMITS.consentText),
  form_fields: formFieldsSchema,
  settings: eventSettingsInputSchema,
};

// --- create, update ----------------------------------------------------------------------

/**
 * `POST /events/`. Only `name` is required. Left out: `slug` is made from the name (a free
 * variant when taken); `status` follows settings.start_active (active, else draft); the rest
 * comes from the template when `template_id` is given, else from the defaults. Built-in
 * templates' texts are in `template_language` (default: the organisation's language).
 */
export const createEventSchema = z
  .object({
    ...editable,
    // An empty slug field in a create form means "make one from the name".
    slug: z.preprocess((v) => (v === '' || v === null ? undefined : v), eventSlugSchema.optional()),
    status: z.enum(['active', 'draft'], { error: 'A new event is either active or a draft' }),
    template_id: templateIdSchema,
    template_language: z.enum(UI_LANGUAGES),
  })
  .partial()
  .required({ name: true })
  .strict()
  .refine(endAfterStart, endAfterStartCheck);
export type CreateEventInput = z.input<typeof createEventSchema>;
export type CreateEventData = z.output<typeof createEventSchema>;

/**
 * `PATCH /events/{id}/`: any subset. `status` is one set by hand (draft, active, inactive,
 * cancelled); settings merge into the current ones. A date given alone is checked against the
 * stored other date.
 */
export const updateEventSchema = z
  .object({
    ...editable,
    slug: eventSlugSchema,
    status: z.enum(EVENT_MANUAL_STATUSES, {
      error: `Set one of ${EVENT_MANUAL_STATUSES.join(', ')}; upcoming and completed follow from the dates`,
    }),
  })
  .partial()
  .strict()
  .refine(endAfterStart, endAfterStartCheck);
export type UpdateEventInput = z.input<typeof updateEventSchema>;
export type UpdateEventData = z.output<typeof updateEventSchema>;

// --- output ------------------------------------------------------------------------------

/** Form fields as answered: the plain shape, so a form saved under older rules still reads. */
export const eventFormFieldsSchema = z.array(formFieldResponseSchema);

/** An event as the API answers it (03-decisions §3 Event, plus consent_text and timestamps). */
export const eventSchema = z.object({
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
  consent_text: z.string(),
  /** Public address of the event's logo (usable in `<img src>` without a token), or null. */
  logo_url: z.string().nullable(),
  /** As shown: the status set by hand, or upcoming/completed derived from the dates. */
  status: z.enum(EVENT_STATUSES),
  /** The status set by hand behind `status` (what PATCH sets). */
  manual_status: z.enum(EVENT_MANUAL_STATUSES),
  /** The event's live leads: not deleted, not rejected; pending ones count (its analytics' submissions). */
  leads_captured: z.number().int().nonnegative(),
  /** The public capture page, {PUBLIC_URL}/capture/{slug}. */
  public_url: z.string(),
  /** The short link, {PUBLIC_URL}/p/{code}: redirects to public_url (docs/short-links.md). */
  short_url: z.string(),
  /** The QR image (bearer token; fetch as a blob). The code encodes short_url + "?src=qr". */
  qr_code_url: z.string(),
  form_fields: eventFormFieldsSchema,
  settings: eventSettingsSchema,
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Event = z.infer<typeof eventSchema>;

// --- list --------------------------------------------------------------------------------

export const EVENT_ORDERINGS = [
  'created_at',
  '-created_at',
  'start_date',
  '-start_date',
  'end_date',
  '-end_date',
  'name',
  '-name',
  'leads_captured',
  '-leads_captured',
] as const;
export type EventOrdering = (typeof EVENT_ORDERINGS)[number];

const isEventStatus = (v: string): v is EventStatus => (EVENT_STATUSES as readonly string[]).includes(v);
const splitList = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/**
 * `GET /events/`: `status` is one status or several joined by commas (`upcoming,active`), by the
 * status as shown (derived ones included); `search` matches name and location; `ordering` one of
 * EVENT_ORDERINGS (default `-created_at`; dates without a value sort last either way).
 */
export const eventListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
  status: z
    .string()
    .max(200)
    .refine((v) => splitList(v).length > 0 && splitList(v).every(isEventStatus), EVENT_MESSAGES.status)
    .transform((v) => splitList(v).filter(isEventStatus))
    .optional()
    .meta({ description: `One status or several joined by commas, of ${EVENT_STATUSES.join(', ')}` }),
  search: optionalText(200).optional(),
  ordering: z
    .enum(EVENT_ORDERINGS, { error: `Unknown ordering; expected one of ${EVENT_ORDERINGS.join(', ')}` })
    .default('-created_at'),
});
export type EventListQuery = z.output<typeof eventListQuerySchema>;

// --- slug availability -------------------------------------------------------------------

/** `GET /events/slug-availability/?slug=…&event_id=…` (event_id: the event being edited keeps its own slug). */
export const slugAvailabilityQuerySchema = z.object({
  slug: eventSlugSchema,
  event_id: z.uuid().optional(),
});
export const slugAvailabilitySchema = z.object({ slug: z.string(), available: z.boolean() });
export type SlugAvailability = z.infer<typeof slugAvailabilitySchema>;

// --- forms -------------------------------------------------------------------------------

/** `GET /events/{id}/forms/`: the event's registration form alone. */
export const eventFormSchema = z.object({ form_fields: eventFormFieldsSchema });
export type EventForm = z.infer<typeof eventFormSchema>;
/** `PUT /events/{id}/forms/`: replaces the whole form. */
export const updateEventFormSchema = z.object({ form_fields: formFieldsSchema }).strict();

// --- templates ---------------------------------------------------------------------------

/**
 * A template: built-in (`builtin: true`, id = key, texts in the requested language) or saved by
 * the organisation (`builtin: false`, id = uuid, key = null).
 */
export const eventTemplateSchema = z.object({
  id: z.string(),
  key: z.enum(EVENT_TEMPLATE_KEYS).nullable(),
  builtin: z.boolean(),
  name: z.string(),
  description: z.string(),
  primary_color: z.string(),
  welcome_message: z.string(),
  form_fields: eventFormFieldsSchema,
  settings: eventSettingsSchema,
  created_at: z.iso.datetime().nullable(),
  updated_at: z.iso.datetime().nullable(),
});
export type EventTemplate = z.infer<typeof eventTemplateSchema>;

export const eventTemplatesQuerySchema = z.object({ language: z.enum(UI_LANGUAGES).optional() });

/**
 * `POST /events/templates/`: save as a template. With `event_id` the event's look, form and
 * settings are copied (fields given here win); without it the body is the whole template.
 */
export const saveEventTemplateSchema = z
  .object({
    event_id: z.uuid(),
    name: requiredText(EVENT_LIMITS.templateName),
    description: optionalText(EVENT_LIMITS.templateDescription),
    primary_color: colorSchema,
    welcome_message: optionalText(EVENT_LIMITS.welcomeMessage),
    form_fields: formFieldsSchema,
    settings: eventSettingsInputSchema,
  })
  .partial()
  .required({ name: true })
  .strict();
export type SaveEventTemplateInput = z.input<typeof saveEventTemplateSchema>;
export type SaveEventTemplateData = z.output<typeof saveEventTemplateSchema>;

// --- QR code -----------------------------------------------------------------------------

export const QR_CODE_FORMATS = ['png', 'svg'] as const;
export type QrCodeFormat = (typeof QR_CODE_FORMATS)[number];
export const QR_SIZE_MIN = 128;
export const QR_SIZE_MAX = 2048;
export const QR_SIZE_DEFAULT = 512;

/** WCAG relative luminance of #rrggbb. */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/**
 * True when the code's colours scan: dark modules on a lighter background, contrast at least
 * 3:1. Inverted codes (light on dark) are refused because many scanner apps cannot read them.
 */
export function qrColorsScan(color: string, background: string): boolean {
  const fg = relativeLuminance(color);
  const bg = relativeLuminance(background);
  return bg > fg && (bg + 0.05) / (fg + 0.05) >= 3;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/** `GET /events/{id}/qr-code/?format=png|svg&size=512&color=%23000000&background=%23ffffff`. */
export const qrCodeQuerySchema = z
  .object({
    format: z.enum(QR_CODE_FORMATS, { error: 'Choose png or svg' }).default('png'),
    size: z.coerce
      .number({ error: `Enter a size in pixels from ${QR_SIZE_MIN} to ${QR_SIZE_MAX}` })
      .int(`Enter a size in pixels from ${QR_SIZE_MIN} to ${QR_SIZE_MAX}`)
      .min(QR_SIZE_MIN, `Enter a size in pixels from ${QR_SIZE_MIN} to ${QR_SIZE_MAX}`)
      .max(QR_SIZE_MAX, `Enter a size in pixels from ${QR_SIZE_MIN} to ${QR_SIZE_MAX}`)
      .default(QR_SIZE_DEFAULT),
    color: colorSchema.default('#000000'),
    background: colorSchema.default('#ffffff'),
  })
  .refine((q) => qrColorsScan(q.color, q.background), {
    path: ['color'],
    message: EVENT_MESSAGES.qrContrast,
    when: (payload) => {
      const v = payload.value as { color?: unknown; background?: unknown };
      const color = v.color ?? '#000000';
      const background = v.background ?? '#ffffff';
      return typeof color === 'string' && typeof background === 'string' && HEX.test(color) && HEX.test(background);
    },
  });
export type QrCodeQuery = z.output<typeof qrCodeQuerySchema>;

// --- analytics ---------------------------------------------------------------------------

export const EVENT_ANALYTICS_DAYS = [7, 30, 90, 365] as const;

/** `GET /events/{id}/analytics/?days=7|30|90|365` (default 30): the last N UTC days, today included. */
export const eventAnalyticsQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'Choose 7, 30, 90 or 365 days' })
    .refine((d) => (EVENT_ANALYTICS_DAYS as readonly number[]).includes(d), 'Choose 7, 30, 90 or 365 days')
    .default(30),
});

const countsSchema = z.object({
  page_views: z.number().int().nonnegative(),
  /** The event's live leads (not deleted, not rejected), as `leads_captured` counts them. */
  submissions: z.number().int().nonnegative(),
  /** Of those, the leads that became customers (status converted or closed_won). */
  converted: z.number().int().nonnegative(),
  /** converted / submissions in percent, one decimal, 0 to 100; 0 when there are no leads. */
  conversion_rate: z.number().min(0).max(100),
});

export const eventAnalyticsSchema = z.object({
  event_id: z.uuid(),
  days: z.number().int(),
  /** First and last UTC day of the window (YYYY-MM-DD). */
  from: z.iso.date(),
  to: z.iso.date(),
  ...countsSchema.shape,
  /** Every day of the window, oldest first, zeros included. */
  by_day: z.array(z.object({ date: z.iso.date(), page_views: z.number().int(), submissions: z.number().int() })),
  /** Submissions of the window by lead source, most first. */
  by_source: z.array(z.object({ source: z.enum(LEAD_SOURCES), count: z.number().int() })),
  /** The same figures since the event was created. */
  all_time: countsSchema,
});
export type EventAnalytics = z.infer<typeof eventAnalyticsSchema>;
