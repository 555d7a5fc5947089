import { z } from 'zod';
import { PROFILE_LANGUAGES, ROLES, TIMEZONES } from './constants.ts';
import { MESSAGES, emailSchema, optionalText, phoneSchema, requiredText } from './fields.ts';
import { PASSWORD_MESSAGES, loginPasswordSchema, newPasswordSchema } from './passwords.ts';

export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  job_title: z.string(),
  timezone: z.string(),
  language: z.enum(PROFILE_LANGUAGES),
  date_joined: z.iso.datetime(),
  email_verified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const membershipSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  role: z.enum(ROLES),
});
export type MembershipSummary = z.infer<typeof membershipSummarySchema>;

export const meSchema = userSchema.extend({
  organizations: z.array(membershipSummarySchema),
  current_organization: membershipSummarySchema.nullable(),
  /** False until the user finished or skipped onboarding: the web routes them to /onboarding. */
  onboarding_completed: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const authResultSchema = z.object({
  user: userSchema,
  organization: membershipSummarySchema.nullable(),
  access: z.string(),
  refresh: z.string(),
});
export type AuthResult = z.infer<typeof authResultSchema>;

const nameSchema = requiredText(150);

/**
 * "Passwords do not match" on the confirmation field, reported together with the form's other
 * errors (an object refinement would otherwise wait until every other field is valid).
 */
export function passwordsMatch<K extends string, C extends string>(
  key: K,
  confirm: C,
): [
  (v: Record<K | C, string>) => boolean,
  { message: string; path: PropertyKey[]; when: (p: { value: unknown }) => boolean },
] {
  return [
    (v) => v[key] === v[confirm],
    {
      message: PASSWORD_MESSAGES.mismatch,
      path: [confirm],
      when: (payload) => {
        const v = payload.value as Partial<Record<string, unknown>> | null;
        return typeof v?.[key] === 'string' && typeof v[confirm] === 'string';
      },
    },
  ];
}

export const registerSchema = z
  .object({
    first_name: nameSchema,
    last_name: nameSchema,
    email: emailSchema,
    company_name: requiredText(200),
    password: newPasswordSchema,
    password_confirm: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(128),
    terms_accepted: z.literal(true, { error: 'You must agree to the terms and conditions' }),
    newsletter_opt_in: z.boolean().optional().default(false),
    language: z.enum(PROFILE_LANGUAGES).optional(),
  })
  .refine(...passwordsMatch('password', 'password_confirm'));
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: loginPasswordSchema,
});
export type LoginInput = z.input<typeof loginSchema>;

const tokenString = z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(4096);

/**
 * `refresh` in the body (API clients, 03-decisions §3); the web app leaves it out and is
 * authenticated by its HttpOnly session cookie instead (docs/decisions/003-authentication.md).
 */
export const refreshSchema = z.object({ refresh: tokenString.optional() });
export const logoutSchema = z.object({ refresh: tokenString.optional() });
export const tokenVerifySchema = z.object({ token: tokenString });
/** The rotated refresh token is in the body when it came from the body, else only in the cookie. */
export const refreshResultSchema = z.object({ access: z.string(), refresh: z.string().optional() });
export type RefreshResult = z.infer<typeof refreshResultSchema>;

export const updateMeSchema = z
  .object({
    first_name: nameSchema,
    last_name: nameSchema,
    phone: phoneSchema,
    job_title: optionalText(150),
    timezone: z.enum(TIMEZONES),
    language: z.enum(PROFILE_LANGUAGES),
  })
  .partial()
  .strict();
export type UpdateMeInput = z.input<typeof updateMeSchema>;

export const preferencesSchema = z.object({ language: z.enum(PROFILE_LANGUAGES) }).strict();

export const changePasswordSchema = z
  .object({
    current_password: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(128),
    new_password: newPasswordSchema,
    new_password_confirm: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(128),
  })
  .refine(...passwordsMatch('new_password', 'new_password_confirm'));

export const emailOnlySchema = z.object({ email: emailSchema });

export const resetConfirmSchema = z
  .object({
    token: tokenString,
    password: newPasswordSchema,
    password_confirm: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(128),
  })
  .refine(...passwordsMatch('password', 'password_confirm'));

export const verifyEmailSchema = z.object({ token: tokenString });

export const detailSchema = z.object({ detail: z.string() });
export const tokenVerifyResultSchema = z.object({ valid: z.literal(true), user_id: z.uuid(), exp: z.number() });

export const switchOrganizationSchema = z.object({ organization_id: z.uuid() });

/**
 * The words that confirm account deletion (spec 01 §5): DELETE, or RADERA as the Swedish UI asks.
 * Compared exactly (surrounding spaces aside), as the user was told to type it.
 */
export const ACCOUNT_DELETION_WORDS = ['DELETE', 'RADERA'] as const;

/**
 * `POST /auth/delete-account/` (a POST, not DELETE /auth/me/, because it carries a body, which
 * some clients and proxies drop from DELETE). Deletes the user, ends every session, and deletes
 * the organisations the user is the only member of. Refused with 409 CONFLICT while the user is
 * the last owner of an organisation that has other members.
 */
export const deleteAccountSchema = z
  .object({
    password: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(128),
    confirmation: z
      .string({ error: MESSAGES.required })
      .trim()
      .pipe(z.enum(ACCOUNT_DELETION_WORDS, { error: 'Type DELETE to confirm' })),
  })
  .strict();
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

export const accountDeletedSchema = z.object({
  detail: z.string(),
  /** Organisations deleted with the account (those the user was the only member of). */
  deleted_organizations: z.array(z.uuid()),
});
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;

/** Social sign-in through OpenID Connect (03-decisions §4d): the providers the product knows. */
export const SOCIAL_PROVIDERS = ['google', 'microsoft'] as const;
export type SocialProviderId = (typeof SOCIAL_PROVIDERS)[number];
export const SOCIAL_PROVIDER_NAMES: Record<SocialProviderId, string> = { google: 'Google', microsoft: 'Microsoft' };
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS);

/** `GET /auth/social/`: the configured providers only; an unconfigured one is not listed. */
export const socialProvidersSchema = z.object({
  providers: z.array(
    z.object({
      id: socialProviderSchema,
      name: z.string(),
      /** Where the browser goes to sign in with it (append `?redirect=<path>`). */
      start_url: z.string(),
    }),
  ),
});
export type SocialProviders = z.infer<typeof socialProvidersSchema>;

export const socialStartQuerySchema = z.object({
  /** A path of this site to land on after signing in; anything else is ignored. */
  redirect: z.string().max(2000).optional(),
});

/** The provider's answer as it reaches the callback; checked by the OpenID library, not here. */
const callbackParameter = z.string().max(4000).optional();
export const socialCallbackQuerySchema = z
  .object({
    code: callbackParameter,
    state: callbackParameter,
    iss: callbackParameter,
    error: callbackParameter,
    error_description: callbackParameter,
    error_uri: callbackParameter,
  })
  // A provider may add its own (Microsoft's session_state, Google's scope and authuser): kept for
  // the token exchange, which reads the whole callback URL.
  .catchall(z.string().max(4000));

/** `POST /auth/social/link/`: the identity linked to the signed-in account. */
export const socialLinkResultSchema = z.object({ provider: socialProviderSchema, email: z.string() });
