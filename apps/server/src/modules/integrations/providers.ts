import { INTEGRATION_CATALOGUE, type IntegrationKind } from '@leadcapture/contracts/integrations';
import { maskSecret } from '../../secrets/sealed-box.ts';
import { hubspotProvider } from './hubspot.provider.ts';
import { mailchimpProvider } from './mailchimp.provider.ts';
import type { IntegrationProvider } from './provider.ts';
import { salesforceProvider } from './salesforce.provider.ts';
import { slackProvider } from './slack.provider.ts';
import { teamsProvider } from './teams.provider.ts';

export type Settings = Record<string, unknown>;
export type Secrets = Record<string, unknown>;
export type AnyProvider = IntegrationProvider<Settings, Secrets>;

/**
 * The provider of each kind. A kind without one here is listed (available) but refuses to
 * connect: Zapier, which connects from Zapier's side (modules/zapier).
 */
const PROVIDERS: Partial<Record<IntegrationKind, AnyProvider>> = {
  hubspot: hubspotProvider as unknown as AnyProvider,
  mailchimp: mailchimpProvider as unknown as AnyProvider,
  salesforce: salesforceProvider as unknown as AnyProvider,
  slack: slackProvider,
  microsoft_teams: teamsProvider,
};

export function providerFor(kind: IntegrationKind): AnyProvider | undefined {
  return PROVIDERS[kind];
}

/** A kind's config, as entered, split into what is kept plain and what is sealed. */
export function splitConfig(
  kind: IntegrationKind,
  config: Record<string, unknown>,
): { settings: Settings; secrets: Secrets } {
  const secretFields = INTEGRATION_CATALOGUE[kind].secretFields;
  const settings: Settings = {};
  const secrets: Secrets = {};
  for (const [key, value] of Object.entries(config)) {
    if (secretFields.includes(key)) secrets[key] = value;
    else settings[key] = value;
  }
  return { settings, secrets };
}

/** Settings a provider learns that the answer shows besides the kind's fields. */
const SHOWN_SETTINGS = ['instance_url'];

/**
 * The config as answers show it: the kind's fields (and any other plain text setting, such as
 * Salesforce's instance URL), the secrets masked. Tokens a provider adds (OAuth) are never shown.
 */
export function maskedConfig(
  kind: IntegrationKind,
  settings: Settings,
  secrets: Secrets | null,
): Record<string, string> {
  const info = INTEGRATION_CATALOGUE[kind];
  const config: Record<string, string> = {};
  for (const [key, value] of Object.entries(settings)) {
    if (typeof value === 'string' && (info.fields.includes(key) || SHOWN_SETTINGS.includes(key))) config[key] = value;
  }
  for (const field of info.secretFields) {
    const value = secrets?.[field];
    config[field] = typeof value === 'string' ? maskSecret(value) : '';
  }
  return config;
}

/** A value sent back as the answer showed it (masked) means "keep the one stored". */
export function isMaskedEcho(sent: unknown, stored: unknown): boolean {
  return typeof sent === 'string' && typeof stored === 'string' && sent === maskSecret(stored);
}
