/**
 * Integrations (03-decisions §4a): the kinds a team can connect and the statuses of spec 01 §4.
 * The request and answer schemas of /api/v1/integrations/ live here too.
 */
export const INTEGRATION_KINDS = ['hubspot', 'salesforce', 'mailchimp', 'slack', 'microsoft_teams', 'zapier'] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

export const INTEGRATION_STATUSES = ['connected', 'error', 'available', 'active', 'inactive'] as const;
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number];
