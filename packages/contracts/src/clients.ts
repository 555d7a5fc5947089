import { z } from 'zod';
import { COMPANY_SIZES, COUNTRIES, INDUSTRIES, LEAD_SOURCES, PROFILE_LANGUAGES, TIMEZONES } from './constants.ts';
import { paginationQuerySchema } from './envelope.ts';
import {
  dateTimeInputSchema,
  MESSAGES,
  optionalEmailSchema,
  optionalText,
  phoneSchema,
  requiredText,
  urlSchema,
} from './fields.ts';
import { tagsSchema } from './leads.ts';

/**
 * Clients (spec 01 §3 Client, §4 Client status, §9 client types and priorities): the companies
 * and people a lead became, with their commercial profile. Money is a number with two decimals
 * (stored numeric(14,2)) in the client's own currency.
 */

export const CLIENT_TYPES = ['enterprise', 'smb', 'startup', 'individual', 'nonprofit', 'government'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];
export const CLIENT_PRIORITIES = ['high', 'medium', 'low'] as const;
export type ClientPriority = (typeof CLIENT_PRIORITIES)[number];
export const CLIENT_STATUSES = ['active', 'inactive', 'prospecting', 'onboarding', 'at_risk', 'churned'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export const ONBOARDING_STATUSES = ['not_started', 'in_progress', 'completed'] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];
export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export const CONTACT_METHODS = ['email', 'phone', 'meeting', 'video_call'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];
export const PAYMENT_TERMS = ['due_on_receipt', 'net_15', 'net_30', 'net_45', 'net_60', 'net_90'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];
/** ISO 4217 codes, lower case like the country codes of constants.ts. */
export const CURRENCIES = [
  'usd',
  'eur',
  'gbp',
  'sek',
  'nok',
  'dkk',
  'chf',
  'cad',
  'aud',
  'jpy',
  'cny',
  'inr',
  'brl',
] as const;
export type Currency = (typeof CURRENCIES)[number];
export const SOCIAL_NETWORKS = ['linkedin', 'x', 'facebook', 'instagram', 'youtube', 'github'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Maximum lengths of a client's texts (03-decisions §5). */
export const CLIENT_LIMITS = {
  name: 150,
  company: 200,
  jobTitle: 150,
  street: 200,
  city: 100,
  state: 100,
  postalCode: 20,
  organizationNumber: 50,
  vatId: 50,
  notes: 10_000,
  customFields: 100,
  customKey: 100,
  customValue: 5000,
} as const;

/** The largest amount numeric(14,2) holds. */
export const MONEY_MAX = 999_999_999_999.99;
export const SATISFACTION_MIN = 1;
export const SATISFACTION_MAX = 10;

export const addressSchema = z.object({
  street: optionalText(CLIENT_LIMITS.street),
  city: optionalText(CLIENT_LIMITS.city),
  state: optionalText(CLIENT_LIMITS.state),
  postal_code: optionalText(CLIENT_LIMITS.postalCode),
  country: z.union([z.literal(''), z.enum(COUNTRIES)], { error: `Choose one of ${COUNTRIES.join(', ')}` }),
});
export type Address = z.infer<typeof addressSchema>;
export const EMPTY_ADDRESS: Address = { street: '', city: '', state: '', postal_code: '', country: '' };

/** Links by network; a network without a link is absent. */
export const socialMediaSchema = z
  .object(
    Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, urlSchema.optional()])) as Record<
      SocialNetwork,
      z.ZodOptional<typeof urlSchema>
    >,
  )
  .strict();
export type SocialMedia = z.infer<typeof socialMediaSchema>;

export const clientCustomValueSchema = z.union([
  z.string().max(CLIENT_LIMITS.customValue, MESSAGES.maxLength(CLIENT_LIMITS.customValue)),
  z.number(),
  z.boolean(),
]);

/** A client as the API answers it. */
export const clientSchema = z.object({
  id: z.uuid(),
  client_type: z.enum(CLIENT_TYPES),
  priority: z.enum(CLIENT_PRIORITIES),
  status: z.enum(CLIENT_STATUSES),
  company_name: z.string(),
  contact_first_name: z.string(),
  contact_last_name: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  contact_job_title: z.string(),
  billing_email: z.string(),
  billing_address: addressSchema,
  delivery_address: addressSchema,
  organization_number: z.string(),
  vat_id: z.string(),
  payment_terms: z.enum(PAYMENT_TERMS).nullable(),
  credit_limit: z.number().nullable(),
  estimated_value: z.number().nullable(),
  actual_value: z.number().nullable(),
  lifetime_value: z.number().nullable(),
  acquisition_cost: z.number().nullable(),
  currency: z.enum(CURRENCIES),
  industry: z.enum(INDUSTRIES).nullable(),
  company_size: z.enum(COMPANY_SIZES).nullable(),
  website: z.string(),
  social_media: socialMediaSchema,
  preferred_contact_method: z.enum(CONTACT_METHODS).nullable(),
  timezone: z.enum(TIMEZONES).nullable(),
  language: z.enum(PROFILE_LANGUAGES).nullable(),
  tags: z.array(z.string()),
  notes: z.string(),
  custom_fields: z.record(z.string(), clientCustomValueSchema),
  last_contact_date: z.iso.datetime().nullable(),
  next_follow_up_date: z.iso.datetime().nullable(),
  /** The member who looks after the client. */
  relationship_manager: z.uuid().nullable(),
  onboarding_status: z.enum(ONBOARDING_STATUSES),
  /** 1 (unhappy) to 10 (delighted); null until asked. */
  satisfaction_score: z.number().int().nullable(),
  risk_assessment: z.enum(RISK_LEVELS).nullable(),
  renewal_date: z.iso.date().nullable(),
  contract_end_date: z.iso.date().nullable(),
  /** 0-100 %. */
  success_probability: z.number().int().nullable(),
  conversion_date: z.iso.datetime().nullable(),
  converted_by: z.uuid().nullable(),
  /** The lead the client was converted from; null for a client created directly. */
  lead: z.uuid().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Client = z.infer<typeof clientSchema>;

const money = z
  .number({ error: 'Enter an amount' })
  .min(0, 'Enter an amount of 0 or more')
  .max(MONEY_MAX, 'Enter a smaller amount')
  // Two decimals at most: compare in cents to avoid float noise (0.1 + 0.2).
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Use at most two decimals')
  .nullable();
const percent = z
  .number({ error: 'Enter a whole number from 0 to 100' })
  .int('Enter a whole number from 0 to 100')
  .min(0, 'Enter a whole number from 0 to 100')
  .max(100, 'Enter a whole number from 0 to 100')
  .nullable();
const dateTime = dateTimeInputSchema().nullable();
const day = z.iso.date({ error: 'Enter a valid date' }).nullable();

/** Fields a person edits on a client (create, update and the convert overrides). */
export const editableClient = {
  client_type: z.enum(CLIENT_TYPES),
  priority: z.enum(CLIENT_PRIORITIES),
  status: z.enum(CLIENT_STATUSES),
  company_name: requiredText(CLIENT_LIMITS.company),
  contact_first_name: optionalText(CLIENT_LIMITS.name),
  contact_last_name: optionalText(CLIENT_LIMITS.name),
  contact_email: optionalEmailSchema,
  contact_phone: phoneSchema,
  contact_job_title: optionalText(CLIENT_LIMITS.jobTitle),
  billing_email: optionalEmailSchema,
  billing_address: addressSchema,
  delivery_address: addressSchema,
  organization_number: optionalText(CLIENT_LIMITS.organizationNumber),
  vat_id: optionalText(CLIENT_LIMITS.vatId),
  payment_terms: z.enum(PAYMENT_TERMS).nullable(),
  credit_limit: money,
  estimated_value: money,
  actual_value: money,
  lifetime_value: money,
  acquisition_cost: money,
  currency: z.enum(CURRENCIES),
  industry: z.enum(INDUSTRIES).nullable(),
  company_size: z.enum(COMPANY_SIZES).nullable(),
  website: urlSchema,
  social_media: socialMediaSchema,
  preferred_contact_method: z.enum(CONTACT_METHODS).nullable(),
  timezone: z.enum(TIMEZONES).nullable(),
  language: z.enum(PROFILE_LANGUAGES).nullable(),
  tags: tagsSchema,
  notes: optionalText(CLIENT_LIMITS.notes),
  custom_fields: z
    .record(z.string().min(1).max(CLIENT_LIMITS.customKey), clientCustomValueSchema)
    .refine(
      (r) => Object.keys(r).length <= CLIENT_LIMITS.customFields,
      `Use at most ${CLIENT_LIMITS.customFields} fields`,
    ),
  last_contact_date: dateTime,
  next_follow_up_date: dateTime,
  relationship_manager: z.uuid().nullable(),
  onboarding_status: z.enum(ONBOARDING_STATUSES),
  satisfaction_score: z
    .number({ error: `Enter a whole number from ${SATISFACTION_MIN} to ${SATISFACTION_MAX}` })
    .int(`Enter a whole number from ${SATISFACTION_MIN} to ${SATISFACTION_MAX}`)
    .min(SATISFACTION_MIN, `Enter a whole number from ${SATISFACTION_MIN} to ${SATISFACTION_MAX}`)
    .max(SATISFACTION_MAX, `Enter a whole number from ${SATISFACTION_MIN} to ${SATISFACTION_MAX}`)
    .nullable(),
  risk_assessment: z.enum(RISK_LEVELS).nullable(),
  renewal_date: day,
  contract_end_date: day,
  success_probability: percent,
};

/** POST /clients/: a client created directly (not from a lead); only the company name is required. */
export const createClientSchema = z.object(editableClient).partial().required({ company_name: true }).strict();
export type CreateClientInput = z.input<typeof createClientSchema>;
export type CreateClientData = z.output<typeof createClientSchema>;

/** PATCH /clients/{id}/: any subset of the editable fields. */
export const updateClientSchema = z.object(editableClient).partial().strict();
export type UpdateClientInput = z.input<typeof updateClientSchema>;
export type UpdateClientData = z.output<typeof updateClientSchema>;

/**
 * POST /leads/{id}/convert_to_client/: every client field may override what is taken from the
 * lead; an empty body converts with the mapping alone.
 */
export const convertLeadSchema = z.object(editableClient).partial().strict();
export type ConvertLeadInput = z.input<typeof convertLeadSchema>;
export type ConvertLeadData = z.output<typeof convertLeadSchema>;

export const CLIENT_ORDERINGS = [
  'created_at',
  '-created_at',
  'updated_at',
  '-updated_at',
  'company_name',
  '-company_name',
  'status',
  '-status',
  'priority',
  '-priority',
  'estimated_value',
  '-estimated_value',
  'actual_value',
  '-actual_value',
  'lifetime_value',
  '-lifetime_value',
  'conversion_date',
  '-conversion_date',
  'next_follow_up_date',
  '-next_follow_up_date',
] as const;
export type ClientOrdering = (typeof CLIENT_ORDERINGS)[number];
export const CLIENT_SEARCH_MAX_LENGTH = 200;

/** Values of a filter given as `a,b` or as a repeated parameter; empty parts are dropped. */
function listParam<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    if (value === undefined || value === null || value === '') return undefined;
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
    const kept = parts.map((p) => p.trim()).filter((p) => p !== '');
    return kept.length > 0 ? kept : undefined;
  }, z.array(item).max(50).optional());
}
/** A date (YYYY-MM-DD, whole days in UTC) or an ISO timestamp. */
const dateParam = z.union([z.iso.date(), z.iso.datetime({ offset: true })]).optional();

/**
 * GET /clients/: several values of one filter are alternatives (`status=active,onboarding`);
 * different filters must all hold. `relationship_manager` takes member ids, `me` and
 * `unassigned`; `tags` matches clients with any of the tags; search spans the company, the
 * contact's name and email, the billing email and the organisation number.
 */
export const clientListQuerySchema = paginationQuerySchema.extend({
  status: listParam(z.enum(CLIENT_STATUSES)),
  client_type: listParam(z.enum(CLIENT_TYPES)),
  priority: listParam(z.enum(CLIENT_PRIORITIES)),
  relationship_manager: listParam(z.union([z.uuid(), z.enum(['me', 'unassigned'])])),
  industry: listParam(z.enum(INDUSTRIES)),
  tags: listParam(z.string().max(50)),
  created_after: dateParam,
  created_before: dateParam,
  /** By conversion_date: clients entered directly (never converted) never match. */
  converted_after: dateParam,
  converted_before: dateParam,
  search: z.string().trim().max(CLIENT_SEARCH_MAX_LENGTH).optional(),
  ordering: z.enum(CLIENT_ORDERINGS).default('-created_at'),
});
export type ClientListQuery = z.output<typeof clientListQuerySchema>;

const valueSummary = z.object({
  /** Sum over the clients that have the value. */
  total: z.number(),
  /** Mean over the clients that have the value; null when none has it. */
  average: z.number().nullable(),
});

/** GET /clients/stats/. Amounts are summed per currency: adding kronor to dollars means nothing. */
export const clientStatsSchema = z.object({
  total: z.number().int(),
  by_status: z.record(z.enum(CLIENT_STATUSES), z.number().int()),
  by_type: z.record(z.enum(CLIENT_TYPES), z.number().int()),
  values: z.array(
    z.object({
      currency: z.enum(CURRENCIES),
      clients: z.number().int(),
      estimated_value: valueSummary,
      actual_value: valueSummary,
      lifetime_value: valueSummary,
    }),
  ),
  /** Clients converted from leads per calendar month (UTC), the last 12 months, oldest first. */
  conversions_by_month: z.array(z.object({ month: z.string(), count: z.number().int() })),
});
export type ClientStats = z.infer<typeof clientStatsSchema>;

const rateGroup = {
  total: z.number().int(),
  converted: z.number().int(),
  /** converted / total in %, one decimal; 0 when there are no leads. */
  conversion_rate: z.number(),
};

/** GET /leads/conversion_stats/: over the leads not in the bin. */
export const conversionStatsSchema = z.object({
  total_leads: z.number().int(),
  converted: z.number().int(),
  conversion_rate: z.number(),
  by_source: z.array(z.object({ source: z.enum(LEAD_SOURCES), ...rateGroup })),
  /** Leads of each event (event null: leads of no event). */
  by_event: z.array(z.object({ event: z.uuid().nullable(), event_name: z.string(), ...rateGroup })),
  /** Leads converted to clients per calendar month (UTC), the last 12 months, oldest first. */
  by_month: z.array(z.object({ month: z.string(), count: z.number().int() })),
  /** Mean days from a lead's capture to its conversion; null before the first conversion. */
  average_days_to_conversion: z.number().nullable(),
});
export type ConversionStats = z.infer<typeof conversionStatsSchema>;
