import { z } from 'zod';
import { COMPANY_SIZES, COUNTRIES, INDUSTRIES, ROLES, TIMEZONES } from './constants.ts';
import { colorSchema, emailSchema, optionalText, requiredText, urlSchema } from './fields.ts';
import { ACCOUNT_DELETION_WORDS } from './auth.ts';

export const addressSchema = z.object({
  street: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  postal_code: optionalText(20),
  country: z.union([z.enum(COUNTRIES), z.literal('')]),
});
export type Address = z.infer<typeof addressSchema>;

export const organizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  website: z.string(),
  industry: z.string(),
  size: z.string(),
  billing_email: z.string(),
  logo_url: z.string().nullable(),
  primary_color: z.string(),
  secondary_color: z.string(),
  custom_domain: z.string(),
  address: addressSchema,
  role: z.enum(ROLES),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Organization = z.infer<typeof organizationSchema>;

const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .refine(
    (v) => v === '' || /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(v),
    'Enter a valid domain name such as leads.example.com',
  );

const organizationFields = {
  name: requiredText(200),
  website: urlSchema,
  industry: z.union([z.enum(INDUSTRIES), z.literal('')]),
  size: z.union([z.enum(COMPANY_SIZES), z.literal('')]),
  billing_email: z.union([emailSchema, z.literal('')]),
  primary_color: colorSchema,
  secondary_color: colorSchema,
  custom_domain: domainSchema,
  address: addressSchema.partial().strict(),
};

/** `PATCH /organizations/{id}/`: any of the profile's fields. */
export const updateOrganizationSchema = z.object(organizationFields).partial().strict();
export type UpdateOrganizationInput = z.input<typeof updateOrganizationSchema>;

/**
 * `POST /organizations/` (another organisation, its creator the owner, on a trial of its own) and
 * `PUT /organizations/{id}/`: the profile with its name; the fields left out take their defaults
 * (create) or keep their values (PUT).
 */
export const createOrganizationSchema = z.object(organizationFields).partial().required({ name: true }).strict();
export type CreateOrganizationInput = z.input<typeof createOrganizationSchema>;

/** How many organisations one user may own: each starts a trial, so creating them is bounded. */
export const MAX_OWNED_ORGANIZATIONS = 10;

/**
 * `DELETE /organizations/{id}/?confirmation=DELETE` (owner only): the organisation and all its
 * data go, as in the profile's danger zone the account does (spec 01 §5, the same words). A query
 * parameter rather than a body, which some clients and proxies drop from a DELETE.
 */
export const deleteOrganizationQuerySchema = z
  .object({
    confirmation: z
      .string({ error: 'Type DELETE to confirm' })
      .trim()
      .pipe(z.enum(ACCOUNT_DELETION_WORDS, { error: 'Type DELETE to confirm' })),
  })
  .strict();
export type DeleteOrganizationQuery = z.input<typeof deleteOrganizationQuerySchema>;

export const DUPLICATE_LEAD_MODES = ['link', 'keep_separate'] as const;
export type DuplicateLeadMode = (typeof DUPLICATE_LEAD_MODES)[number];

/** `/organizations/current/settings/`: the organisation's working preferences. */
export const organizationSettingsSchema = z.object({
  default_language: z.enum(['en', 'sv']),
  // One of the offered zones (spec 01 §9), as on the user profile; any text used to be stored.
  timezone: z.enum(TIMEZONES),
  lead_follow_up_days: z.number().int().min(1).max(90),
  require_lead_approval: z.boolean(),
  notify_on_new_lead: z.boolean(),
  /**
   * A capture, create or import with an email the organisation already has: `link` records it
   * on that lead's timeline (and import updates or skips it); `keep_separate` makes a new lead.
   */
  duplicate_leads: z.enum(DUPLICATE_LEAD_MODES),
});
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;
export const updateOrganizationSettingsSchema = organizationSettingsSchema.partial().strict();

/** GET /organizations/{id}/members/: who is in the organisation (for pickers such as assign). */
export const organizationMemberSchema = z.object({
  /** The user's id (what a lead's assigned_to holds). */
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** False for a deactivated account or an inactive member: shown, but not offered for new work. */
  is_active: z.boolean(),
});
export type OrganizationMember = z.infer<typeof organizationMemberSchema>;
