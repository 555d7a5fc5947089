import { z } from 'zod';
import type { PlanFeature } from './billing.ts';
import { MESSAGES, requiredText } from './fields.ts';

/**
 * Integrations (03-decisions §4a): the kinds a team can connect and the statuses of spec 01 §4.
 * The request and answer schemas of /api/v1/integrations/ live here too.
 */
export const INTEGRATION_KINDS = ['hubspot', 'salesforce', 'mailchimp', 'slack', 'microsoft_teams', 'zapier'] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

/**
 * Spec 01 §4, as this product uses them:
 * - `available`: never connected (the answer's `id` is null);
 * - `connected`: credentials checked with the provider, nothing pushed yet;
 * - `active`: connected, and leads have reached the provider (`last_synced_at`);
 * - `error`: the provider refused the credentials; nothing is pushed until they are
 *   reconfigured (PATCH) or the integration is connected again (`error` says why);
 * - `inactive`: disconnected; the credentials are erased, the settings and the remote ids are
 *   kept so that connecting again updates the same remote records instead of duplicating them.
 */
export const INTEGRATION_STATUSES = ['connected', 'error', 'available', 'active', 'inactive'] as const;
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number];

/** Statuses in which lead changes are pushed and Sync now is allowed. */
export const PUSHING_STATUSES = ['connected', 'active'] as const satisfies readonly IntegrationStatus[];
export const isPushing = (status: IntegrationStatus) => status === 'connected' || status === 'active';

export const INTEGRATION_CATEGORIES = ['crm', 'email', 'chat', 'automation'] as const;
export type IntegrationCategory = (typeof INTEGRATION_CATEGORIES)[number];

/** How a kind is connected: a token or key typed in, OAuth in the provider's window, a webhook URL, or an API key of ours. */
export const INTEGRATION_AUTH = ['token', 'api_key', 'oauth', 'webhook', 'rest_hooks'] as const;
export type IntegrationAuth = (typeof INTEGRATION_AUTH)[number];

export interface IntegrationKindInfo {
  name: string;
  category: IntegrationCategory;
  auth: IntegrationAuth;
  /** The plan feature the kind needs besides room in the plan's `integrations` limit. */
  feature: Extract<PlanFeature, 'crm_integrations'> | null;
  /** The config fields, in form order. */
  fields: readonly string[];
  /** Fields answered masked (last four characters at most) and kept encrypted. */
  secretFields: readonly string[];
}

export const INTEGRATION_CATALOGUE: Record<IntegrationKind, IntegrationKindInfo> = {
  hubspot: {
    name: 'HubSpot',
    category: 'crm',
    auth: 'token',
    feature: 'crm_integrations',
    fields: ['access_token'],
    secretFields: ['access_token'],
  },
  salesforce: {
    name: 'Salesforce',
    category: 'crm',
    auth: 'oauth',
    feature: 'crm_integrations',
    fields: ['client_id', 'client_secret', 'external_id_field'],
    secretFields: ['client_secret'],
  },
  mailchimp: {
    name: 'Mailchimp',
    category: 'email',
    auth: 'api_key',
    feature: null,
    fields: ['api_key', 'audience_id'],
    secretFields: ['api_key'],
  },
  slack: {
    name: 'Slack',
    category: 'chat',
    auth: 'webhook',
    feature: null,
    fields: ['webhook_url', 'notify'],
    secretFields: ['webhook_url'],
  },
  microsoft_teams: {
    name: 'Microsoft Teams',
    category: 'chat',
    auth: 'webhook',
    feature: null,
    fields: ['webhook_url', 'notify'],
    secretFields: ['webhook_url'],
  },
  zapier: {
    name: 'Zapier',
    category: 'automation',
    auth: 'rest_hooks',
    feature: null,
    fields: [],
    secretFields: [],
  },
};

const webhookUrl = requiredText(2000).refine((v) => /^https?:\/\/[^\s]+$/i.test(v), MESSAGES.url);

/** HubSpot: a private app's access token (scopes crm.objects.contacts.read and .write). */
export const hubspotConfigSchema = z.strictObject({
  access_token: requiredText(500).refine((v) => !/\s/.test(v), 'An access token has no spaces.'),
});

/** Mailchimp: an API key (its `-usX` suffix names the data centre) and the audience (list) id. */
export const mailchimpConfigSchema = z.strictObject({
  api_key: requiredText(200).regex(
    /^[0-9a-f]{8,64}-[a-z]{2,4}\d{1,3}$/i,
    'Enter the whole API key, ending in its data centre such as -us21.',
  ),
  audience_id: requiredText(64).regex(
    /^[0-9a-z]+$/i,
    'Enter the audience ID (letters and digits, such as a1b2c3d4e5).',
  ),
});

/**
 * Salesforce: a connected app's consumer key and secret, and the Lead field marked External ID
 * that holds our lead id (a custom field, such as LeadCapture_Id__c). Connecting continues in
 * Salesforce's window (OAuth 2.0 authorization code).
 */
export const salesforceConfigSchema = z.strictObject({
  client_id: requiredText(255).refine((v) => !/\s/.test(v), 'A consumer key has no spaces.'),
  client_secret: requiredText(255).refine((v) => !/\s/.test(v), 'A consumer secret has no spaces.'),
  external_id_field: requiredText(80).regex(
    /^[A-Za-z][A-Za-z0-9_]*__c$/,
    'Enter the API name of a custom Lead field marked External ID, such as LeadCapture_Id__c.',
  ),
});

export const CHAT_NOTIFY = ['all', 'hot'] as const;
export type ChatNotify = (typeof CHAT_NOTIFY)[number];

/** Slack (incoming webhook) and Microsoft Teams (Workflows webhook): every new lead, or hot ones only. */
export const chatConfigSchema = z.strictObject({
  webhook_url: webhookUrl,
  notify: z.enum(CHAT_NOTIFY).default('all'),
});

/** Zapier connects from Zapier's side with an API key (REST hooks): nothing to configure here. */
export const zapierConfigSchema = z.strictObject({});

export const INTEGRATION_CONFIG_SCHEMAS = {
  hubspot: hubspotConfigSchema,
  salesforce: salesforceConfigSchema,
  mailchimp: mailchimpConfigSchema,
  slack: chatConfigSchema,
  microsoft_teams: chatConfigSchema,
  zapier: zapierConfigSchema,
} as const satisfies Record<IntegrationKind, z.ZodType>;

export type IntegrationConfig<K extends IntegrationKind> = z.infer<(typeof INTEGRATION_CONFIG_SCHEMAS)[K]>;
export type HubspotConfig = z.infer<typeof hubspotConfigSchema>;
export type MailchimpConfig = z.infer<typeof mailchimpConfigSchema>;
export type SalesforceConfig = z.infer<typeof salesforceConfigSchema>;
export type ChatConfig = z.infer<typeof chatConfigSchema>;

export const integrationKindParamsSchema = z.object({ kind: z.enum(INTEGRATION_KINDS) });

/**
 * POST /integrations/{kind}/connect/ `{config}`: the kind's config (INTEGRATION_CONFIG_SCHEMAS,
 * checked by the server against the kind in the path; errors under `config.<field>`).
 */
export const connectIntegrationSchema = z.object({
  config: z.record(z.string(), z.unknown()).default({}),
});
export type ConnectIntegrationRequest = z.input<typeof connectIntegrationSchema>;

/**
 * PATCH /integrations/{id}/ `{config}`: the fields to change. A secret left out, or sent back as
 * the masked value the answer showed, stays as it is.
 */
export const updateIntegrationSchema = z.object({
  config: z.record(z.string(), z.unknown()),
});
export type UpdateIntegrationRequest = z.infer<typeof updateIntegrationSchema>;

export const integrationSchema = z.object({
  /** null while the kind was never connected. */
  id: z.uuid().nullable(),
  kind: z.enum(INTEGRATION_KINDS),
  name: z.string(),
  category: z.enum(INTEGRATION_CATEGORIES),
  status: z.enum(INTEGRATION_STATUSES),
  last_synced_at: z.iso.datetime({ offset: true }).nullable(),
  /** The config as entered, secrets masked (`••••` and at most the last four characters). */
  config: z.record(z.string(), z.string()),
  /** Why the last push failed (with status `error`: why it stopped); null when it did not. */
  error: z.string().nullable(),
  error_at: z.iso.datetime({ offset: true }).nullable(),
  /** The plan feature the kind needs, if any (the card shows the upgrade prompt without it). */
  requires_feature: z.enum(['crm_integrations']).nullable(),
  connected_at: z.iso.datetime({ offset: true }).nullable(),
  connected_by: z.uuid().nullable(),
  /** Leads the provider holds a record of (pushed at least once). */
  synced_leads: z.number().int().min(0),
  /**
   * Salesforce's connect (and a PATCH changing its connected app): where to send the browser to
   * authorise; the integration is saved when Salesforce sends it back to our callback. Null
   * otherwise.
   */
  authorization_url: z.string().nullable(),
});
export type Integration = z.infer<typeof integrationSchema>;

/**
 * After Salesforce's window, the callback sends the browser to INTEGRATION_CALLBACK_PATH with
 * `?integration=salesforce&result=connected`, or `&result=error&error=<one of these>`.
 */
export const INTEGRATION_CALLBACK_PATH = '/settings/integrations';
export const INTEGRATION_CALLBACK_ERRORS = [
  /** The user declined in Salesforce. */
  'denied',
  /** The link was too old, altered or used by another session: start again. */
  'invalid_state',
  /** Salesforce refused the consumer key or secret, or the code. */
  'credentials',
  /** Salesforce did not answer, or answered something unusable. */
  'unavailable',
  /** The External ID field is missing on Lead or not marked External ID. */
  'external_id_field',
  /** The user may no longer manage integrations in that organisation. */
  'permission_denied',
  /** The plan has no room for another integration, or lacks CRM integrations. */
  'plan_limit',
] as const;
export type IntegrationCallbackError = (typeof INTEGRATION_CALLBACK_ERRORS)[number];

/** English wording of refusals; the web shows its own translation by code or field. */
export const INTEGRATION_MESSAGES = {
  alreadyConnected: 'This integration is already connected: configure it instead.',
  notConnected: 'Connect this integration first.',
  fixCredentials: 'The provider refused the credentials: update them (configure) before syncing.',
  notAvailable: 'This integration is not available yet.',
  providerUnavailable: 'The provider did not answer in a usable way. Try again in a moment.',
  providerRejected: 'The provider refused the request.',
} as const;
