import { createHash, randomBytes } from 'node:crypto';
import type { Lead } from '@leadcapture/contracts/leads';
import type { OutboundResponse } from '../../outbound/outbound.ts';
import { call, commonFailure, excerpt, isRecord, json, str } from './provider-http.ts';
import { ProviderError, type IntegrationProvider, type ProviderContext } from './provider.ts';

/**
 * Salesforce through a connected app and OAuth 2.0 (authorization code with PKCE, then the
 * refresh token): each lead is a Lead record upserted by an External ID field holding our lead
 * id, `PATCH /services/data/vXX.X/sobjects/Lead/{field}/{lead id}`, so pushing twice updates
 * the one record. An access token refused (401) is refreshed once; a refresh refused stops the
 * integration (`credentials`).
 */
export interface SalesforceSettings {
  client_id: string;
  external_id_field: string;
  /** The org's API address, as the token answer gave it. */
  instance_url: string;
  /** Where it was authorised (SALESFORCE_LOGIN_BASE then), where its session is renewed. */
  login_base?: string;
}
export interface SalesforceSecrets {
  client_secret: string;
  access_token: string;
  refresh_token: string;
}

export const SALESFORCE_API_VERSION = 'v62.0';
/** Lead's describe is large (hundreds of fields with their picklists). */
const DESCRIBE_MAX_BYTES = 16 * 1024 * 1024;

/** PKCE (RFC 7636): a verifier kept by us, its S256 challenge sent with the authorization. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizationUrl(
  loginBase: string,
  p: { clientId: string; redirectUri: string; state: string; codeChallenge: string },
): string {
  const url = new URL(`${loginBase}/services/oauth2/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: p.clientId,
    redirect_uri: p.redirectUri,
    state: p.state,
    code_challenge: p.codeChallenge,
    code_challenge_method: 'S256',
    scope: 'api refresh_token',
  }).toString();
  return url.toString();
}

/** Salesforce's errors: `[{message, errorCode}]` from the REST API, `{error, error_description}` from OAuth. */
function reason(response: OutboundResponse): { code: string; text: string } {
  try {
    const body = JSON.parse(response.body) as unknown;
    const first = Array.isArray(body) ? (body[0] as unknown) : body;
    if (isRecord(first)) {
      const code = str(first.errorCode) ?? str(first.error) ?? '';
      const text = str(first.message) ?? str(first.error_description) ?? code;
      return { code, text: excerpt(text || `HTTP ${response.status}`) };
    }
  } catch {
    // Not JSON.
  }
  return { code: '', text: `HTTP ${response.status}` };
}

async function tokenRequest(
  ctx: ProviderContext,
  loginBase: string,
  form: Record<string, string>,
): Promise<Record<string, unknown>> {
  const response = await call(ctx, `${loginBase}/services/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form).toString(),
  });
  if (response.status === 400 || response.status === 401) {
    const { code, text } = reason(response);
    const field = code === 'invalid_client_id' ? 'client_id' : code === 'invalid_client' ? 'client_secret' : undefined;
    throw new ProviderError('credentials', `Salesforce refused the authorization (${text}).`, undefined, field);
  }
  if (response.status !== 200) throw commonFailure(response, 'Salesforce token');
  const body = json(response);
  if (!isRecord(body) || str(body.access_token) === undefined || str(body.instance_url) === undefined) {
    throw new ProviderError('unavailable', 'Salesforce answered the token request in an unexpected shape.');
  }
  return body;
}

/** The authorization code, exchanged for the tokens and the org's instance URL. */
export async function exchangeCode(
  ctx: ProviderContext,
  p: { clientId: string; clientSecret: string; code: string; redirectUri: string; codeVerifier: string },
): Promise<{ accessToken: string; refreshToken: string; instanceUrl: string }> {
  const body = await tokenRequest(ctx, ctx.apis.salesforceLoginBase, {
    grant_type: 'authorization_code',
    code: p.code,
    client_id: p.clientId,
    client_secret: p.clientSecret,
    redirect_uri: p.redirectUri,
    code_verifier: p.codeVerifier,
  });
  const refreshToken = str(body.refresh_token);
  if (refreshToken === undefined) {
    throw new ProviderError(
      'credentials',
      'Salesforce gave no refresh token: add the refresh_token scope to the connected app.',
      undefined,
      'client_id',
    );
  }
  return { accessToken: str(body.access_token) ?? '', refreshToken, instanceUrl: str(body.instance_url) ?? '' };
}

async function refreshed(
  ctx: ProviderContext,
  settings: SalesforceSettings,
  secrets: SalesforceSecrets,
): Promise<{ settings: SalesforceSettings; secrets: SalesforceSecrets }> {
  const body = await tokenRequest(ctx, settings.login_base ?? ctx.apis.salesforceLoginBase, {
    grant_type: 'refresh_token',
    refresh_token: secrets.refresh_token,
    client_id: settings.client_id,
    client_secret: secrets.client_secret,
  }).catch((err: unknown) => {
    if (err instanceof ProviderError && err.failure === 'credentials') {
      throw new ProviderError(
        'credentials',
        `Salesforce refused to renew the session (${err.message}): connect Salesforce again.`,
      );
    }
    throw err;
  });
  return {
    settings: { ...settings, instance_url: str(body.instance_url) ?? settings.instance_url },
    secrets: { ...secrets, access_token: str(body.access_token) ?? secrets.access_token },
  };
}

const apiBase = (settings: SalesforceSettings) => `${settings.instance_url}/services/data/${SALESFORCE_API_VERSION}`;
const bearer = (secrets: SalesforceSecrets) => ({
  authorization: `Bearer ${secrets.access_token}`,
  'content-type': 'application/json',
  accept: 'application/json',
});

function refusal(response: OutboundResponse, what: string): ProviderError {
  const { code, text } = reason(response);
  if (response.status === 403 && code === 'REQUEST_LIMIT_EXCEEDED') {
    // The org's API requests of the last 24 hours are used up: wait rather than fail.
    return new ProviderError('rate_limited', `Salesforce ${what}: ${text}`, 3600);
  }
  if (response.status === 401 || response.status === 403) {
    return new ProviderError('credentials', `Salesforce refused the ${what} (${text}).`);
  }
  if (response.status === 404) {
    return new ProviderError(
      'credentials',
      `Salesforce has no such Lead External ID field (${text}).`,
      undefined,
      'external_id_field',
    );
  }
  if (response.status === 400 || response.status === 300) return new ProviderError('invalid', `${what}: ${text}`);
  return commonFailure(response, `Salesforce ${what}`);
}

/** Lead's standard Rating picklist has our interests' values. */
const RATINGS = { hot: 'Hot', warm: 'Warm', cold: 'Cold' } as const;

/** The lead as Lead fields; LastName and Company are required by Salesforce, as on its web-to-lead. */
export function salesforceFields(lead: Lead): Record<string, string> {
  const fields: Record<string, string> = {
    LastName: (lead.last_name || lead.first_name || lead.email || '[not provided]').slice(0, 80),
    Company: (lead.company || '[not provided]').slice(0, 255),
  };
  const set = (name: string, value: string, max: number) => {
    if (value !== '') fields[name] = value.slice(0, max);
  };
  if (lead.last_name !== '') set('FirstName', lead.first_name, 40);
  set('Email', lead.email, 80);
  set('Phone', lead.phone, 40);
  set('Title', lead.job_title, 128);
  if (lead.interest) fields.Rating = RATINGS[lead.interest];
  return fields;
}

/** A call with the access token, refreshed once if Salesforce says it expired. */
async function authorized(
  ctx: ProviderContext,
  state: { settings: SalesforceSettings; secrets: SalesforceSecrets; refreshed: boolean },
  request: (s: { settings: SalesforceSettings; secrets: SalesforceSecrets }) => Promise<OutboundResponse>,
): Promise<OutboundResponse> {
  const response = await request(state);
  if (response.status !== 401 || state.refreshed) return response;
  const next = await refreshed(ctx, state.settings, state.secrets);
  state.settings = next.settings;
  state.secrets = next.secrets;
  state.refreshed = true;
  return request(state);
}

export const salesforceProvider: IntegrationProvider<SalesforceSettings, SalesforceSecrets> = {
  kind: 'salesforce',
  batchSize: 25,
  accepts: () => true,

  /** POST /services/oauth2/revoke with the refresh token, which ends its access tokens too. */
  async revoke(ctx, settings, secrets) {
    const response = await call(ctx, `${settings.login_base ?? ctx.apis.salesforceLoginBase}/services/oauth2/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: secrets.refresh_token }).toString(),
    });
    // 400 (invalid_token): Salesforce no longer knows it, which is what revoking asks.
    if (response.status === 200 || response.status === 400) return;
    throw commonFailure(response, 'Salesforce revoke');
  },

  async verify(ctx, settings, secrets) {
    const state = { settings, secrets, refreshed: false };
    const response = await authorized(ctx, state, (s) =>
      call(ctx, `${apiBase(s.settings)}/sobjects/Lead/describe`, {
        method: 'GET',
        headers: bearer(s.secrets),
        maxBodyBytes: DESCRIBE_MAX_BYTES,
      }),
    );
    if (response.status !== 200) throw refusal(response, 'Lead description');
    const body = json(response);
    if (!isRecord(body) || !Array.isArray(body.fields)) {
      throw new ProviderError('unavailable', 'Salesforce described Lead in an unexpected shape.');
    }
    const wanted = settings.external_id_field.toLowerCase();
    const field = body.fields.find((f: unknown) => isRecord(f) && str(f.name)?.toLowerCase() === wanted) as
      Record<string, unknown> | undefined;
    if (!field || field.externalId !== true) {
      throw new ProviderError(
        'credentials',
        field
          ? `The Lead field ${settings.external_id_field} is not marked External ID in Salesforce.`
          : `Salesforce's Lead has no field ${settings.external_id_field}.`,
        undefined,
        'external_id_field',
      );
    }
    return { settings: state.settings };
  },

  async push(ctx, settings, secrets, items) {
    const state = { settings, secrets, refreshed: false };
    const remoteIds = new Map<string, string | null>();
    const errors = new Map<string, string>();
    for (const { lead, remoteId } of items) {
      const response = await authorized(ctx, state, (s) =>
        call(
          ctx,
          `${apiBase(s.settings)}/sobjects/Lead/${encodeURIComponent(s.settings.external_id_field)}/${encodeURIComponent(lead.id)}`,
          { method: 'PATCH', headers: bearer(s.secrets), body: JSON.stringify(salesforceFields(lead)) },
        ),
      );
      if (response.status === 204) {
        // Updated, and (before API 46) answered without a body: the id is the one we had.
        remoteIds.set(lead.id, remoteId);
        continue;
      }
      if (response.status !== 200 && response.status !== 201) {
        const failure = refusal(response, 'Lead upsert');
        if (failure.failure !== 'invalid') throw failure;
        errors.set(lead.id, failure.message);
        continue;
      }
      const body = json(response);
      const id = isRecord(body) ? str(body.id) : undefined;
      if (id === undefined)
        throw new ProviderError('unavailable', 'Salesforce answered the Lead upsert without an id.');
      remoteIds.set(lead.id, id);
    }
    return { remoteIds, errors, ...(state.refreshed ? { secrets: state.secrets } : {}) };
  },
};
