import { z } from 'zod';
import { MESSAGES, optionalText, requiredText } from './fields.ts';
import { FIELD_ID_PATTERN, FORM_LIMITS, FORM_MESSAGES } from './form-fields.ts';
import { formFieldResponseSchema, formFieldsSchema, newFieldSchema } from './forms.ts';
import { SLUG_MESSAGES, slugProblem } from './slugs.ts';

/**
 * Offers (spec 01 §3, 03-decisions §3): the HTTP contract of /api/v1/offers/. The rules between
 * `status` and `is_published` are in docs/offers.md and docs/decisions/019-offers.md.
 */

export const OFFER_STATUSES = ['draft', 'active', 'archived'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const OFFER_LIMITS = {
  title: 200,
  description: 5000,
  successMessage: 1000,
  consentText: 1000,
} as const;

export const OFFER_MESSAGES = {
  status: `Unknown status; expected one of ${OFFER_STATUSES.join(', ')}`,
  publishNotActive: 'Only an active offer can be published; activate it first',
  fieldIdTaken: 'Another field of this form has this id',
  reorderComplete: 'List every field id of the offer exactly once',
  notFound: 'Offer not found',
  fieldNotFound: 'Field not found',
  leadNotFound: 'Lead not found',
} as const;

// --- settings ----------------------------------------------------------------------------

/** - require_approval: submitted leads wait as pending until a member approves them. */
export const offerSettingsSchema = z.object({ require_approval: z.boolean() });
export type OfferSettings = z.infer<typeof offerSettingsSchema>;
export const DEFAULT_OFFER_SETTINGS: OfferSettings = { require_approval: false };
/** Settings in a request: any subset; what is left out keeps its current (or default) value. */
export const offerSettingsInputSchema = offerSettingsSchema.partial().strict();

// --- building blocks ---------------------------------------------------------------------

/** A slug as given: trimmed and lowercased, then checked against the rules of slugs.ts. */
export const offerSlugSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .toLowerCase()
  .superRefine((slug, ctx) => {
    const problem = slugProblem(slug);
    if (problem) ctx.addIssue({ code: 'custom', message: SLUG_MESSAGES[problem] });
  });

const editable = {
  title: requiredText(OFFER_LIMITS.title),
  description: optionalText(OFFER_LIMITS.description),
  success_message: optionalText(OFFER_LIMITS.successMessage),
  consent_text: optionalText(OFFER_LIMITS.consentText),
  is_published: z.boolean({ error: 'Enter true or false' }),
  form_fields: formFieldsSchema,
  settings: offerSettingsInputSchema,
};

/**
 * `POST /offers/`. Only `title` is required. Left out: `slug` is made from the title (a free
 * variant when taken); `status` is draft; `is_published` false. Publishing needs status active.
 */
export const createOfferSchema = z
  .object({
    ...editable,
    // An empty slug field in a create form means "make one from the title".
    slug: z.preprocess((v) => (v === '' || v === null ? undefined : v), offerSlugSchema.optional()),
    status: z.enum(['draft', 'active'], { error: 'A new offer is either active or a draft' }),
  })
  .partial()
  .required({ title: true })
  .strict();
export type CreateOfferInput = z.input<typeof createOfferSchema>;
export type CreateOfferData = z.output<typeof createOfferSchema>;

/** `PATCH /offers/{id}/`: any subset; settings merge into the current ones. */
export const updateOfferSchema = z
  .object({
    ...editable,
    slug: offerSlugSchema,
    status: z.enum(OFFER_STATUSES, { error: OFFER_MESSAGES.status }),
  })
  .partial()
  .strict();
export type UpdateOfferInput = z.input<typeof updateOfferSchema>;
export type UpdateOfferData = z.output<typeof updateOfferSchema>;

// --- output ------------------------------------------------------------------------------

/** An offer as the API answers it (03-decisions §3 Offer, plus its texts, settings, figures). */
export const offerSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  success_message: z.string(),
  consent_text: z.string(),
  is_published: z.boolean(),
  status: z.enum(OFFER_STATUSES),
  /** The public offer page, {PUBLIC_URL}/show/{slug} (public only while active and published). */
  public_url: z.string(),
  /** The short link, {PUBLIC_URL}/p/{code}: redirects to public_url (docs/short-links.md). */
  short_url: z.string(),
  /** The QR image (bearer token; fetch as a blob). The code encodes short_url + "?src=qr". */
  qr_code_url: z.string(),
  form_fields: z.array(formFieldResponseSchema),
  settings: offerSettingsSchema,
  /** All-time page views (counted by the public page) and submissions (its leads not deleted). */
  page_views: z.number().int().nonnegative(),
  submissions: z.number().int().nonnegative(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Offer = z.infer<typeof offerSchema>;

// --- list --------------------------------------------------------------------------------

export const OFFER_ORDERINGS = [
  'created_at',
  '-created_at',
  'updated_at',
  '-updated_at',
  'title',
  '-title',
  'status',
  '-status',
] as const;
export type OfferOrdering = (typeof OFFER_ORDERINGS)[number];

const booleanParam = z.enum(['true', 'false'], { error: 'Enter true or false' }).transform((v) => v === 'true');

/**
 * `GET /offers/`: `status` one of OFFER_STATUSES; `is_published` true or false; `search`
 * matches title, slug and description; `ordering` one of OFFER_ORDERINGS (default `-created_at`).
 */
export const offerListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
  status: z.enum(OFFER_STATUSES, { error: OFFER_MESSAGES.status }).optional(),
  is_published: booleanParam.optional(),
  search: optionalText(200).optional(),
  ordering: z
    .enum(OFFER_ORDERINGS, { error: `Unknown ordering; expected one of ${OFFER_ORDERINGS.join(', ')}` })
    .default('-created_at'),
});
export type OfferListQuery = z.output<typeof offerListQuerySchema>;

// --- slug availability -------------------------------------------------------------------

/** `GET /offers/slug-availability/?slug=…&offer_id=…` (offer_id: the offer being edited keeps its own). */
export const offerSlugAvailabilityQuerySchema = z.object({
  slug: offerSlugSchema,
  offer_id: z.uuid().optional(),
});
export const offerSlugAvailabilitySchema = z.object({ slug: z.string(), available: z.boolean() });
export type OfferSlugAvailability = z.infer<typeof offerSlugAvailabilitySchema>;

// --- fields ------------------------------------------------------------------------------

export const offerFieldParamsSchema = z.object({
  id: z.uuid(),
  fieldId: z
    .string()
    .min(1, MESSAGES.required)
    .max(FORM_LIMITS.idMaxLength, MESSAGES.maxLength(FORM_LIMITS.idMaxLength))
    .regex(FIELD_ID_PATTERN, FORM_MESSAGES.fieldIdInvalid),
});

/** `GET /offers/{id}/fields/`: the offer's form, in order. */
export const offerFieldsSchema = z.object({ form_fields: z.array(formFieldResponseSchema) });
export type OfferFields = z.infer<typeof offerFieldsSchema>;

/**
 * `POST /offers/{id}/fields/`: one field of the shared form engine (formFieldSchema), added at
 * `position` (0 first; default last). Its `id` (made by the builder, or by the server when left
 * out) must be new in this form (else 409).
 */
export const createOfferFieldSchema = z.object({
  field: newFieldSchema,
  position: z.int({ error: 'Enter a whole number from 0' }).min(0, 'Enter a whole number from 0').optional(),
});
export type CreateOfferFieldData = z.output<typeof createOfferFieldSchema>;

/**
 * `PATCH /offers/{id}/fields/{fieldId}/`: any subset of a field's properties (the id stays);
 * the changed field is checked again as a whole, with the form's rules.
 */
export const updateOfferFieldSchema = z
  .object(
    Object.fromEntries(
      Object.keys(formFieldResponseSchema.shape)
        .filter((key) => key !== 'id')
        .map((key) => [key, z.unknown().optional()]),
    ) as Record<Exclude<keyof typeof formFieldResponseSchema.shape, 'id'>, z.ZodOptional<z.ZodUnknown>>,
  )
  .strict();
export type UpdateOfferFieldData = z.output<typeof updateOfferFieldSchema>;

/** `POST /offers/{id}/fields/reorder/`: every field id of the offer, once each, in the new order. */
export const reorderOfferFieldsSchema = z
  .object({
    field_ids: z
      .array(z.string().max(FORM_LIMITS.idMaxLength, MESSAGES.maxLength(FORM_LIMITS.idMaxLength)))
      .max(FORM_LIMITS.maxFields, FORM_MESSAGES.maxFields(FORM_LIMITS.maxFields)),
  })
  .strict();
export type ReorderOfferFieldsData = z.output<typeof reorderOfferFieldsSchema>;

export const offerFieldSchema = formFieldResponseSchema;

// --- stats -------------------------------------------------------------------------------

export const OFFER_STATS_DAYS = [7, 30, 90, 365] as const;

/** `GET /offers/{id}/stats/?days=7|30|90|365` (default 30): the last N UTC days, today included. */
export const offerStatsQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'Choose 7, 30, 90 or 365 days' })
    .refine((d) => (OFFER_STATS_DAYS as readonly number[]).includes(d), 'Choose 7, 30, 90 or 365 days')
    .default(30),
});

const countsSchema = z.object({
  page_views: z.number().int().nonnegative(),
  submissions: z.number().int().nonnegative(),
  /** submissions / page_views in percent, one decimal; 0 when there were no views. */
  conversion_rate: z.number().nonnegative(),
});

export const offerStatsSchema = z.object({
  offer_id: z.uuid(),
  days: z.number().int(),
  from: z.iso.date(),
  to: z.iso.date(),
  ...countsSchema.shape,
  /** Every day of the window, oldest first, zeros included. */
  by_day: z.array(z.object({ date: z.iso.date(), page_views: z.number().int(), submissions: z.number().int() })),
  /** The same figures since the offer was created. */
  all_time: countsSchema,
});
export type OfferStats = z.infer<typeof offerStatsSchema>;

export const offerLeadParamsSchema = z.object({ id: z.uuid(), leadId: z.uuid() });
