import type { Lead } from '@leadcapture/contracts/leads';
import type { OutboundResponse } from '../../outbound/outbound.ts';
import { call, commonFailure, excerpt, isRecord, json, str } from './provider-http.ts';
import { ProviderError, type IntegrationProvider, type LeadToPush, type ProviderContext } from './provider.ts';

/**
 * HubSpot through a private app's access token: contacts upserted by email with
 * `POST /crm/v3/objects/contacts/batch/upsert` (`idProperty: 'email'`), so pushing a lead twice
 * updates the one contact. HubSpot keys contacts by email: a lead without one is skipped with
 * that reason.
 */
export interface HubspotSettings {
  /** The API address it was connected against (HUBSPOT_API_BASE then). */
  api_base?: string;
}
export interface HubspotSecrets {
  access_token: string;
}

const BATCH = 100;

const base = (ctx: ProviderContext, settings: HubspotSettings) => settings.api_base ?? ctx.apis.hubspotApiBase;

/** The lead's fields as HubSpot's default contact properties. */
export function hubspotProperties(lead: Lead): Record<string, string> {
  const properties: Record<string, string> = { email: lead.email.toLowerCase() };
  const set = (name: string, value: string) => {
    if (value !== '') properties[name] = value;
  };
  set('firstname', lead.first_name);
  set('lastname', lead.last_name);
  set('phone', lead.phone);
  set('company', lead.company);
  set('jobtitle', lead.job_title);
  return properties;
}

function message(response: OutboundResponse): string {
  try {
    const body = JSON.parse(response.body) as unknown;
    if (isRecord(body) && typeof body.message === 'string') return excerpt(body.message);
  } catch {
    // Not JSON: the status says enough.
  }
  return `HTTP ${response.status}`;
}

/** 401 and 403 are the token (wrong, revoked, or without the contacts scopes). */
function refusal(response: OutboundResponse, what: string): ProviderError {
  if (response.status === 401 || response.status === 403) {
    return new ProviderError(
      'credentials',
      `HubSpot refused the access token (${message(response)}).`,
      undefined,
      'access_token',
    );
  }
  if (response.status === 400) return new ProviderError('invalid', `${what}: ${message(response)}`);
  return commonFailure(response, `HubSpot ${what}`);
}

const headers = (secrets: HubspotSecrets) => ({
  authorization: `Bearer ${secrets.access_token}`,
  'content-type': 'application/json',
  accept: 'application/json',
});

async function upsert(
  ctx: ProviderContext,
  settings: HubspotSettings,
  secrets: HubspotSecrets,
  leads: Lead[],
): Promise<{ remoteIds: Map<string, string | null>; errors: Map<string, string> }> {
  const response = await call(ctx, `${base(ctx, settings)}/crm/v3/objects/contacts/batch/upsert`, {
    method: 'POST',
    headers: headers(secrets),
    body: JSON.stringify({
      inputs: leads.map((lead) => ({
        idProperty: 'email',
        id: lead.email.toLowerCase(),
        properties: hubspotProperties(lead),
      })),
    }),
  });
  if (response.status !== 200 && response.status !== 201 && response.status !== 207) {
    throw refusal(response, 'contact upsert');
  }
  const body = json(response);
  if (!isRecord(body) || !Array.isArray(body.results)) {
    throw new ProviderError('unavailable', 'HubSpot answered the upsert without results.');
  }
  const byEmail = new Map<string, string>();
  for (const result of body.results as unknown[]) {
    if (!isRecord(result)) continue;
    const id = str(result.id);
    const email = isRecord(result.properties) ? str(result.properties.email) : undefined;
    if (id !== undefined && email !== undefined) byEmail.set(email.toLowerCase(), id);
  }
  const firstError = Array.isArray(body.errors) && isRecord(body.errors[0]) ? str(body.errors[0].message) : undefined;
  const remoteIds = new Map<string, string | null>();
  const errors = new Map<string, string>();
  for (const lead of leads) {
    const id = byEmail.get(lead.email.toLowerCase());
    if (id !== undefined) remoteIds.set(lead.id, id);
    else errors.set(lead.id, excerpt(firstError ?? 'HubSpot did not upsert this contact.'));
  }
  return { remoteIds, errors };
}

export const hubspotProvider: IntegrationProvider<HubspotSettings, HubspotSecrets> = {
  kind: 'hubspot',
  batchSize: BATCH,
  accepts: () => true,

  async verify(ctx, settings, secrets) {
    const response = await call(ctx, `${base(ctx, settings)}/crm/v3/objects/contacts?limit=1`, {
      method: 'GET',
      headers: headers(secrets),
    });
    if (response.status !== 200) throw refusal(response, 'token check');
    const body = json(response);
    if (!isRecord(body) || !Array.isArray(body.results)) {
      throw new ProviderError('unavailable', 'HubSpot answered the token check in an unexpected shape.');
    }
    return { settings: { ...settings, api_base: base(ctx, settings) } };
  },

  async push(ctx, settings, secrets, items: LeadToPush[]) {
    const remoteIds = new Map<string, string | null>();
    const errors = new Map<string, string>();
    const withEmail: Lead[] = [];
    for (const { lead } of items) {
      if (lead.email === '') errors.set(lead.id, 'HubSpot matches contacts by email, and this lead has none.');
      else withEmail.push(lead);
    }
    if (withEmail.length === 0) return { remoteIds, errors };
    try {
      const done = await upsert(ctx, settings, secrets, withEmail);
      done.remoteIds.forEach((id, lead) => remoteIds.set(lead, id));
      done.errors.forEach((reason, lead) => errors.set(lead, reason));
    } catch (err) {
      // One bad value refuses the whole batch (400): each lead alone tells which.
      if (!(err instanceof ProviderError) || err.failure !== 'invalid' || withEmail.length === 1) throw err;
      for (const lead of withEmail) {
        try {
          const one = await upsert(ctx, settings, secrets, [lead]);
          one.remoteIds.forEach((id, key) => remoteIds.set(key, id));
          one.errors.forEach((reason, key) => errors.set(key, reason));
        } catch (inner) {
          if (!(inner instanceof ProviderError) || inner.failure !== 'invalid') throw inner;
          errors.set(lead.id, inner.message);
        }
      }
    }
    return { remoteIds, errors };
  },
};
