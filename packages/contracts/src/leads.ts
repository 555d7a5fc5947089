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
  COMPANY_SIZES,
  MANUAL_SOURCES,
  UI_LANGUAGES,
} from './constants.ts';
import { paginated, paginationQuerySchema } from './envelope.ts';
import {
  dateTimeInputSchema,
  MESSAGES,
  optionalEmailSchema,
  optionalText,
  phoneSchema,
  requiredText,
} from './fields.ts';
import { formFieldResponseSchema } from './forms.ts';
import {
  SCORE_MAX,
  SCORE_MIN,
  SCORE_POINTS_LIMIT,
  SCORING_FACTORS,
  SCORING_OPTIONS,
  type ScoringRules,
} from './lead-scoring.ts';
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
  type PublicOffer,
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
  /** The score in force: the manual score when one is set, else the automatic one. */
  score: z.number().int(),
  /** The score the organisation's rules give (GET /leads/{id}/score/ explains it). */
  auto_score: z.number().int(),
  /** A score set by hand, which overrides the rules until cleared; null when none. */
  manual_score: z.number().int().nullable(),
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
  /** The offer page it was captured on, if any. */
  offer: z.uuid().nullable(),
  /** The client the lead was converted to; null when not converted (or the client was deleted). */
  client: z.uuid().nullable(),
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
  /** Set while the lead is in the bin (restorable for LEAD_RETENTION_DAYS). */
  deleted_at: z.iso.datetime().nullable(),
  /** The lead this one was merged into (it went to the bin then); null when never merged. */
  merged_into: z.uuid().nullable(),
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

// --- the leads API -----------------------------------------------------------------------

export { LEAD_RETENTION_DAYS } from './constants.ts';
/** Most ids one bulk request may name (one transaction). */
export const LEAD_BULK_MAX = 1000;

/** Maximum lengths of a lead's texts (03-decisions §5: every text input has one). */
export const LEAD_LIMITS = {
  name: 150,
  company: 200,
  jobTitle: 150,
  notes: 10_000,
  tag: 50,
  tags: 30,
  product: 100,
  products: 30,
  customFields: 100,
  customValue: 5000,
  activityText: 5000,
  noteBody: 10_000,
} as const;

/** Values of a filter given as `a,b` or as a repeated parameter; empty parts are dropped. */
function listParam<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    if (value === undefined || value === null || value === '') return undefined;
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
    const kept = parts.map((p) => p.trim()).filter((p) => p !== '');
    return kept.length > 0 ? kept : undefined;
  }, z.array(item).max(50).optional());
}

const booleanParam = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean().optional(),
);

const scoreParam = z.coerce.number().int().min(SCORE_MIN).max(SCORE_MAX).optional();
/** A date (YYYY-MM-DD, whole days in UTC) or an ISO timestamp. */
const dateParam = z.union([z.iso.date(), z.iso.datetime({ offset: true })]).optional();

/** Follow-up filter: due (today or earlier), overdue (before today), upcoming (after today), none. */
export const FOLLOW_UP_FILTERS = ['due', 'overdue', 'today', 'upcoming', 'none'] as const;
export type FollowUpFilter = (typeof FOLLOW_UP_FILTERS)[number];

/**
 * GET /leads/: filters named after fields (03-decisions §2), several values of one filter are
 * alternatives (`status=new,contacted`); different filters must all hold. `assigned_to` takes
 * member ids, `me` and `unassigned`; `tags` matches leads with any of the tags; `deleted=true`
 * lists the bin instead.
 */
export const leadListQuerySchema = paginationQuerySchema.extend({
  status: listParam(z.enum(LEAD_STATUSES)),
  interest: listParam(z.enum([...LEAD_INTERESTS, 'none'])),
  source: listParam(z.enum(LEAD_SOURCES)),
  approval_status: listParam(z.enum(APPROVAL_STATUSES)),
  event: listParam(z.uuid()),
  offer: listParam(z.uuid()),
  assigned_to: listParam(z.union([z.uuid(), z.enum(['me', 'unassigned'])])),
  tags: listParam(z.string().max(LEAD_LIMITS.tag)),
  score_min: scoreParam,
  score_max: scoreParam,
  created_after: dateParam,
  created_before: dateParam,
  follow_up: z.enum(FOLLOW_UP_FILTERS).optional(),
  search: z.string().trim().max(LEAD_SEARCH_MAX_LENGTH).optional(),
  ordering: z
    .enum([...LEAD_ORDERINGS, 'follow_up_date', '-follow_up_date', 'status', '-status'])
    .default('-created_at'),
  deleted: booleanParam,
});
export type LeadListQuery = z.output<typeof leadListQuerySchema>;

/**
 * GET /leads/: a page as 03-decisions §2 shapes it, plus whether `count` is exact. Up to
 * LEAD_COUNT_CAP matches it is; beyond, it is an estimate (decision 017) the UI shows as "about".
 * `held_count`: visitors' captures this month held past the plan's lead limit (03-decisions §4),
 * in no list or count until an upgrade releases them ("N more leads this month"); on a page's
 * list, that page's; 0 in the bin.
 */
export const leadListPageSchema = paginated(leadSchema).extend({
  count_exact: z.boolean(),
  held_count: z.number().int().min(0),
});
export type LeadListPage = z.infer<typeof leadListPageSchema>;
export type LeadListOrdering = LeadListQuery['ordering'];

const tagSchema = z.string().trim().min(1, MESSAGES.required).max(LEAD_LIMITS.tag, MESSAGES.maxLength(LEAD_LIMITS.tag));
/** Tags are kept as typed but compared without case; a repeat is dropped. */
export const tagsSchema = z
  .array(tagSchema)
  .max(LEAD_LIMITS.tags, `Use at most ${LEAD_LIMITS.tags} tags`)
  .transform((tags) => {
    const seen = new Set<string>();
    return tags.filter((t) => (seen.has(t.toLowerCase()) ? false : (seen.add(t.toLowerCase()), true)));
  });

const manualScore = z
  .number({ error: 'Enter a whole number from 0 to 100' })
  .int('Enter a whole number from 0 to 100')
  .min(SCORE_MIN, 'Enter a whole number from 0 to 100')
  .max(SCORE_MAX, 'Enter a whole number from 0 to 100');

/** Fields a person edits on a lead (create and update). */
const editableLead = {
  first_name: requiredText(LEAD_LIMITS.name),
  last_name: requiredText(LEAD_LIMITS.name),
  email: optionalEmailSchema,
  phone: phoneSchema,
  company: optionalText(LEAD_LIMITS.company),
  job_title: optionalText(LEAD_LIMITS.jobTitle),
  company_size: z.union([z.literal(''), z.enum(COMPANY_SIZES)], { error: `Choose one of ${COMPANY_SIZES.join(', ')}` }),
  status: z.enum(LEAD_STATUSES),
  interest: z.enum(LEAD_INTERESTS).nullable(),
  budget_range: z.enum(BUDGET_RANGES),
  decision_timeline: z.enum(DECISION_TIMELINES),
  decision_role: z.enum(DECISION_ROLES),
  interested_products: z
    .array(optionalText(LEAD_LIMITS.product).min(1, MESSAGES.required))
    .max(LEAD_LIMITS.products, `Use at most ${LEAD_LIMITS.products} products`),
  tags: tagsSchema,
  assigned_to: z.uuid().nullable(),
  notes: optionalText(LEAD_LIMITS.notes),
  follow_up_date: dateTimeInputSchema().nullable(),
  event: z.uuid().nullable(),
  manual_score: manualScore.nullable(),
  custom_fields: z
    .record(
      z.string().max(100),
      z.union([
        z.string().max(LEAD_LIMITS.customValue, MESSAGES.maxLength(LEAD_LIMITS.customValue)),
        z.number(),
        z.boolean(),
        z.array(z.string().max(LEAD_LIMITS.product)).max(50),
      ]),
    )
    .refine((r) => Object.keys(r).length <= LEAD_LIMITS.customFields, `Use at most ${LEAD_LIMITS.customFields} fields`),
};

/**
 * POST /leads/: a lead created by hand, with one of the manual sources of spec 01 §9. With an
 * email already in the organisation the organisation's duplicate rule decides (link or keep).
 */
export const createLeadSchema = z
  .object({ ...editableLead, source: z.enum(MANUAL_SOURCES, { error: `Choose one of ${MANUAL_SOURCES.join(', ')}` }) })
  .partial()
  .required({ first_name: true, last_name: true })
  .strict();
export type CreateLeadInput = z.input<typeof createLeadSchema>;
export type CreateLeadData = z.output<typeof createLeadSchema>;

/** PATCH /leads/{id}/: any subset of the editable fields. */
export const updateLeadSchema = z.object(editableLead).partial().strict();
export type UpdateLeadInput = z.input<typeof updateLeadSchema>;
export type UpdateLeadData = z.output<typeof updateLeadSchema>;

// --- merging two leads -----------------------------------------------------------------------

/** Fields of a merge where the person may choose whose value the merged lead keeps. */
export const MERGE_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'company',
  'job_title',
  'company_size',
  'status',
  'interest',
  'budget_range',
  'decision_timeline',
  'decision_role',
  'assigned_to',
  'notes',
  'follow_up_date',
  'event',
  'manual_score',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export const MERGE_SIDES = ['target', 'source'] as const;
export type MergeSide = (typeof MERGE_SIDES)[number];

/**
 * POST /leads/{id}/merge/: the lead `source` merges into this one (the target), which keeps
 * its id. Without a choice a field keeps the target's value, or the source's when the target's
 * is empty; tags and products are unioned, custom fields merged (the target's win).
 */
export const mergeLeadsSchema = z
  .object({
    source: z.uuid({ error: 'Choose the lead to merge' }),
    fields: z.partialRecord(z.enum(MERGE_FIELDS), z.enum(MERGE_SIDES)).optional(),
  })
  .strict();
export type MergeLeadsInput = z.input<typeof mergeLeadsSchema>;
export type MergeLeadsData = z.output<typeof mergeLeadsSchema>;

// --- activities and notes --------------------------------------------------------------------

/** Kinds on the timeline. note, call, email and meeting are logged by people; the rest by the product. */
export const LEAD_ACTIVITY_TYPES = [
  'note',
  'call',
  'email',
  'meeting',
  'lead_created',
  'status_changed',
  'assigned',
  'follow_up_scheduled',
  'score_changed',
  'captured_again',
  'merged',
  'converted',
  'client_deleted',
  'restored',
] as const;
export type LeadActivityType = (typeof LEAD_ACTIVITY_TYPES)[number];
/** Activities a person logs by hand (notes have their own route, as they can be edited). */
export const LOGGED_ACTIVITY_TYPES = ['call', 'email', 'meeting'] as const;
/** Activities that count towards the score's activity factor. */
export const ENGAGEMENT_ACTIVITY_TYPES = ['note', 'call', 'email', 'meeting'] as const;

export const activityUserSchema = z.object({ id: z.uuid(), name: z.string() });

export const leadActivitySchema = z.object({
  id: z.uuid(),
  lead: z.uuid(),
  type: z.enum(LEAD_ACTIVITY_TYPES),
  /** What the person wrote (notes, calls …) or '' for the product's own entries. */
  description: z.string(),
  /** Facts of the entry: from/to status, assignee, follow-up date, merged lead … */
  metadata: z.record(z.string(), z.unknown()),
  user: activityUserSchema.nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type LeadActivity = z.infer<typeof leadActivitySchema>;

export const activityListQuerySchema = paginationQuerySchema.extend({
  type: listParam(z.enum(LEAD_ACTIVITY_TYPES)),
});

export const logActivitySchema = z
  .object({
    type: z.enum(LOGGED_ACTIVITY_TYPES, { error: `Choose one of ${LOGGED_ACTIVITY_TYPES.join(', ')}` }),
    description: requiredText(LEAD_LIMITS.activityText),
  })
  .strict();

export const noteBodySchema = z.object({ body: requiredText(LEAD_LIMITS.noteBody) }).strict();

/**
 * A note as its own routes (`/leads/{id}/notes/`) answer it: the text is `body`, as it is sent
 * (03-decisions §3: a field's name is the same in the request and in the answer). On the
 * timeline a note is an activity like the others, its text in `description`.
 */
export const leadNoteSchema = leadActivitySchema.omit({ description: true }).extend({ body: z.string() });
export type LeadNote = z.infer<typeof leadNoteSchema>;
export const noteParamsSchema = z.object({ id: z.uuid(), noteId: z.uuid() });

// --- status, assignment, score ---------------------------------------------------------------

const changeNote = optionalText(LEAD_LIMITS.activityText).optional();

export const changeStatusSchema = z
  .object({
    status: z.enum(LEAD_STATUSES, { error: `Choose one of ${LEAD_STATUSES.join(', ')}` }),
    /** Kept on the timeline with the change. */
    note: changeNote,
    /** Tell the assigned rep by mail (the changer is never told of their own change). */
    notify: z.boolean().default(false),
  })
  .strict();

export const assignLeadSchema = z
  .object({ assigned_to: z.uuid({ error: 'Choose a member' }).nullable(), note: changeNote })
  .strict();

export const setScoreSchema = z.object({ manual_score: manualScore.nullable() }).strict();

export const scoreLineSchema = z.object({
  /** A factor of the organisation's rules, or `answer`: one of the event's answer rules matched. */
  factor: z.enum([...SCORING_FACTORS, 'answer']),
  /** The lead's answer of the factor; for `answer`, the rule's label. */
  value: z.string(),
  points: z.number().int(),
  /** The answer rule's id (answer lines only). */
  rule_id: z.string().optional(),
});
/** GET /leads/{id}/score/: why a lead has its score. */
export const leadScoreSchema = z.object({
  score: z.number().int(),
  auto_score: z.number().int(),
  manual_score: z.number().int().nullable(),
  lines: z.array(scoreLineSchema),
});
export type LeadScore = z.infer<typeof leadScoreSchema>;

const points = z
  .number({ error: `Enter a whole number from -${SCORE_POINTS_LIMIT} to ${SCORE_POINTS_LIMIT}` })
  .int()
  .min(-SCORE_POINTS_LIMIT)
  .max(SCORE_POINTS_LIMIT);
function pointsTable<const K extends readonly string[]>(keys: K) {
  return z.object(Object.fromEntries(keys.map((k) => [k, points])) as { [P in K[number]]: typeof points }).strict();
}
/** The organisation's scoring rules: points of every answer of every factor. */
export const scoringRulesSchema = z
  .object({
    interest: pointsTable(SCORING_OPTIONS.interest),
    decision_role: pointsTable(SCORING_OPTIONS.decision_role),
    budget_range: pointsTable(SCORING_OPTIONS.budget_range),
    decision_timeline: pointsTable(SCORING_OPTIONS.decision_timeline),
    company_size: pointsTable(SCORING_OPTIONS.company_size),
    source: pointsTable(SCORING_OPTIONS.source),
    activity: z
      .object({
        per_activity: z.number().int().min(0).max(SCORE_MAX),
        max: z.number().int().min(0).max(SCORE_MAX),
      })
      .strict(),
  })
  .strict() satisfies z.ZodType<ScoringRules>;

export const scoringRulesResultSchema = z.object({
  rules: scoringRulesSchema,
  /** Whether these are the product's defaults (never changed by the organisation). */
  is_default: z.boolean(),
  updated_at: z.iso.datetime().nullable(),
});

// --- bulk ------------------------------------------------------------------------------------

const bulkIds = z
  .array(z.uuid())
  .min(1, 'Select at least one lead')
  .max(LEAD_BULK_MAX, `Select at most ${LEAD_BULK_MAX} leads at once`)
  .transform((ids) => [...new Set(ids)]);

/**
 * POST /leads/bulk/: one action on up to 1,000 leads in one transaction. Ids the organisation
 * does not have (another's, deleted, mistyped) are not touched and are answered as not found.
 * `assign` takes one member, or `round_robin` members to share the leads between in turn
 * (inactive members and viewers are skipped).
 */
export const bulkLeadsSchema = z.discriminatedUnion(
  'action',
  [
    z
      .object({
        action: z.literal('status'),
        ids: bulkIds,
        status: z.enum(LEAD_STATUSES),
        note: changeNote,
        notify: z.boolean().default(false),
      })
      .strict(),
    z
      .object({
        action: z.literal('assign'),
        ids: bulkIds,
        assigned_to: z.uuid().nullable().optional(),
        round_robin: z.array(z.uuid()).min(1, 'Choose at least one member').max(100).optional(),
        note: changeNote,
      })
      .strict()
      .refine((v) => (v.assigned_to !== undefined) !== (v.round_robin !== undefined), {
        message: 'Give either assigned_to or round_robin',
        path: ['assigned_to'],
      }),
    z
      .object({
        action: z.literal('tag'),
        ids: bulkIds,
        tags: tagsSchema.refine((t) => t.length > 0, MESSAGES.required),
        mode: z.enum(['add', 'remove', 'set']).default('add'),
      })
      .strict(),
    z.object({ action: z.literal('delete'), ids: bulkIds }).strict(),
    z.object({ action: z.literal('restore'), ids: bulkIds }).strict(),
  ],
  { error: 'Choose an action: status, assign, tag, delete or restore' },
);
export type BulkLeadsData = z.output<typeof bulkLeadsSchema>;

export const bulkLeadsResultSchema = z.object({
  action: z.enum(['status', 'assign', 'tag', 'delete', 'restore']),
  /** Leads changed. */
  updated: z.number().int(),
  /** Ids not changed because the organisation has no such lead (or, for restore, none in the bin). */
  not_found: z.array(z.uuid()),
});
export type BulkLeadsResult = z.infer<typeof bulkLeadsResultSchema>;

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

export const publicOfferSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  success_message: z.string(),
  consent_text: z.string(),
  form_fields: z.array(formFieldResponseSchema),
  organization_name: z.string(),
  logo_url: z.string().nullable(),
  primary_color: z.string(),
  require_approval: z.boolean(),
}) satisfies z.ZodType<PublicOffer>;

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
