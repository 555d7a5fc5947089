import { z } from 'zod';
import { dateTimeInputSchema, requiredText } from './fields.ts';

/**
 * API keys (03-decisions §4a, docs/api-keys.md): what a key may reach, the requests that make and
 * change one, and what the API answers about it. The secret itself is in the answer of create and
 * regenerate only.
 */
export const API_KEY_RESOURCES = ['leads', 'events', 'offers', 'clients', 'analytics', 'webhooks'] as const;
export type ApiKeyResource = (typeof API_KEY_RESOURCES)[number];

export const API_KEY_ACCESS = ['read', 'write'] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];

export const API_KEY_PERMISSIONS = API_KEY_RESOURCES.flatMap((resource) =>
  API_KEY_ACCESS.map((access) => `${resource}:${access}` as const),
);
export type ApiKeyPermission = `${ApiKeyResource}:${ApiKeyAccess}`;

/** Every key starts with this; the public `prefix` adds the first characters of its random part. */
export const API_KEY_SCHEME = 'lc_live_';
export const API_KEY_NAME_MAX_LENGTH = 100;
/** Days of usage the usage answer covers, today included. */
export const API_KEY_USAGE_DAYS = 30;

export const API_KEY_MESSAGES = {
  permissionsRequired: 'Choose at least one permission',
  unknownPermission: `Unknown permission; use resource:read or resource:write for ${API_KEY_RESOURCES.join(', ')}`,
  expiryInPast: 'The expiry date must be in the future',
  expiryInvalid: 'Enter a valid date, or a date and time',
} as const;

/** The permission a request needs: read for GET and HEAD, write for any other method. */
export function apiKeyPermissionFor(resource: ApiKeyResource, method: string): ApiKeyPermission {
  return `${resource}:${method === 'GET' || method === 'HEAD' ? 'read' : 'write'}`;
}

const permissionSchema = z.enum(API_KEY_PERMISSIONS as [ApiKeyPermission, ...ApiKeyPermission[]], {
  error: API_KEY_MESSAGES.unknownPermission,
});

/** At least one known permission; repeats are folded, the order made canonical. */
const permissionsSchema = z
  .array(permissionSchema, { error: API_KEY_MESSAGES.permissionsRequired })
  .min(1, API_KEY_MESSAGES.permissionsRequired)
  .max(API_KEY_PERMISSIONS.length * 4)
  .transform((list) => API_KEY_PERMISSIONS.filter((p) => list.includes(p)));

/**
 * An expiry: a date-time, or a calendar date read as midnight in the organisation's timezone
 * (03-decisions §3). Whether it lies in the future is checked by the server, which knows the
 * timezone and the time; null or absent: the key does not expire.
 */
const expiresAtSchema = dateTimeInputSchema(API_KEY_MESSAGES.expiryInvalid).nullable();

export const createApiKeySchema = z.object({
  name: requiredText(API_KEY_NAME_MAX_LENGTH),
  permissions: permissionsSchema,
  expires_at: expiresAtSchema.optional(),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeySchema>;

export const updateApiKeySchema = z.object({
  name: requiredText(API_KEY_NAME_MAX_LENGTH).optional(),
  permissions: permissionsSchema.optional(),
  expires_at: expiresAtSchema.optional(),
});
export type UpdateApiKeyRequest = z.input<typeof updateApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** `lc_live_` and the first characters of the random part: what the full key starts with. */
  prefix: z.string(),
  last_four: z.string(),
  permissions: z.array(permissionSchema),
  created_at: z.iso.datetime(),
  /** Kept to the minute: written at most once a minute per key. */
  last_used_at: z.iso.datetime().nullable(),
  expires_at: z.iso.datetime().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer of create (201) and regenerate: the key, with the full secret shown this once. */
export const apiKeyWithSecretSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyWithSecret = z.infer<typeof apiKeyWithSecretSchema>;

export const apiKeyUsageDaySchema = z.object({
  /** A UTC calendar day, YYYY-MM-DD. */
  date: z.iso.date(),
  requests: z.number().int(),
});

/** GET {id}/usage/: requests per UTC day for the last 30 days (oldest first, days without use as 0). */
export const apiKeyUsageSchema = z.object({
  days: z.array(apiKeyUsageDaySchema),
  total: z.number().int(),
});
export type ApiKeyUsage = z.infer<typeof apiKeyUsageSchema>;
