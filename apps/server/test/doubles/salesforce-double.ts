import { createHash, randomBytes } from 'node:crypto';
import { Double, type Answer, type Recorded } from './double.ts';

/**
 * Salesforce as the salesforce provider uses it (developer.salesforce.com): the OAuth 2.0 web
 * server flow (`/services/oauth2/authorize` played by `approve`, `POST /services/oauth2/token`
 * form-encoded, grant types authorization_code with PKCE and refresh_token, errors
 * `{error, error_description}`), the Lead describe, and upsert by External ID
 * (`PATCH /services/data/vXX.X/sobjects/Lead/{field}/{value}`: 201 `{id, success, errors,
 * created: true}` when new, 200 with `created: false` when it updates; REST errors
 * `[{message, errorCode}]`). The double is its own login server and instance.
 */
export interface LeadRecord {
  id: string;
  fields: Record<string, string>;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
}

export class SalesforceDouble extends Double {
  clientId = '3MVG9_double_consumer_key';
  clientSecret = 'double-consumer-secret-0123456789';
  externalIdField = 'LeadCapture_Id__c';
  /** Whether the describe marks the field External ID. */
  externalIdMarked = true;
  readonly leads = new Map<string, LeadRecord>();
  private readonly codes = new Map<string, Grant>();
  private accessTokens = new Set<string>();
  private refreshTokens = new Set<string>();
  /** The refresh token is refused (revoked, expired). */
  refuseRefresh = false;
  private seq = 0;

  constructor() {
    super((req) => this.answer(req));
  }

  /** The user approves in Salesforce's window: the code the browser brings back, with the state. */
  approve(authorizationUrl: string): { code: string; state: string; redirectUri: string } {
    const url = new URL(authorizationUrl);
    const q = url.searchParams;
    if (url.pathname !== '/services/oauth2/authorize' || q.get('response_type') !== 'code')
      throw new Error('not an authorization URL');
    if (q.get('code_challenge_method') !== 'S256') throw new Error('PKCE S256 expected');
    const code = `aPrx${randomBytes(12).toString('hex')}`;
    this.codes.set(code, {
      clientId: q.get('client_id') ?? '',
      redirectUri: q.get('redirect_uri') ?? '',
      challenge: q.get('code_challenge') ?? '',
    });
    return { code, state: q.get('state') ?? '', redirectUri: q.get('redirect_uri') ?? '' };
  }

  /** Every access token issued so far stops working (they expire): the next call gets 401. */
  expireAccessTokens(): void {
    this.accessTokens = new Set();
  }

  private issue(): { access_token: string; instance_url: string } {
    const accessToken = `00Ddouble!${randomBytes(16).toString('hex')}`;
    this.accessTokens.add(accessToken);
    return { access_token: accessToken, instance_url: this.url };
  }

  private answer(req: Recorded): Answer {
    if (req.method === 'POST' && req.path === '/services/oauth2/token') return this.token(req);
    if (req.method === 'POST' && req.path === '/services/oauth2/revoke') return this.revoke(req);
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (this.refuseCredentials || !this.accessTokens.has(bearer)) {
      return { status: 401, body: [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }] };
    }
    if (req.method === 'GET' && /^\/services\/data\/v\d+\.\d+\/sobjects\/Lead\/describe$/.test(req.path)) {
      return {
        status: 200,
        body: {
          name: 'Lead',
          fields: [
            { name: 'Id', externalId: false },
            { name: 'LastName', externalId: false },
            { name: 'Company', externalId: false },
            { name: this.externalIdField, externalId: this.externalIdMarked },
          ],
        },
      };
    }
    const upsert = /^\/services\/data\/v\d+\.\d+\/sobjects\/Lead\/([^/]+)\/([^/]+)$/.exec(req.path);
    if (req.method === 'PATCH' && upsert?.[1] && upsert[2]) {
      if (decodeURIComponent(upsert[1]) !== this.externalIdField) {
        return {
          status: 404,
          body: [
            {
              errorCode: 'NOT_FOUND',
              message: `Provided external ID field does not exist or is not accessible: ${upsert[1]}`,
            },
          ],
        };
      }
      const fields = JSON.parse(req.body) as Record<string, string>;
      for (const required of ['LastName', 'Company']) {
        if (!fields[required]) {
          return {
            status: 400,
            body: [
              {
                errorCode: 'REQUIRED_FIELD_MISSING',
                message: `Required fields are missing: [${required}]`,
                fields: [required],
              },
            ],
          };
        }
      }
      const value = decodeURIComponent(upsert[2]);
      const known = this.leads.get(value);
      const record = known ?? { id: `00Q${String((this.seq += 1)).padStart(15, '0')}`, fields: {} };
      record.fields = { ...record.fields, ...fields, [this.externalIdField]: value };
      this.leads.set(value, record);
      return { status: known ? 200 : 201, body: { id: record.id, success: true, errors: [], created: !known } };
    }
    return { status: 404, body: [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }] };
  }

  /** Whether a refresh token still works (revoke ends it). */
  knowsRefreshToken(token: string): boolean {
    return this.refreshTokens.has(token);
  }

  /** Salesforce's revoke: 200 and the token ended, 400 invalid_token for one it does not know. */
  private revoke(req: Recorded): Answer {
    const token = new URLSearchParams(req.body).get('token') ?? '';
    if (!this.refreshTokens.delete(token)) {
      return { status: 400, body: { error: 'invalid_token', error_description: 'invalid token' } };
    }
    this.expireAccessTokens();
    return { status: 200, body: '' };
  }

  private token(req: Recorded): Answer {
    const form = new URLSearchParams(req.body);
    if (form.get('client_id') !== this.clientId) {
      return { status: 400, body: { error: 'invalid_client_id', error_description: 'client identifier invalid' } };
    }
    if (form.get('client_secret') !== this.clientSecret) {
      return { status: 400, body: { error: 'invalid_client', error_description: 'invalid client credentials' } };
    }
    if (form.get('grant_type') === 'authorization_code') {
      const grant = this.codes.get(form.get('code') ?? '');
      this.codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (!grant || grant.redirectUri !== form.get('redirect_uri') || grant.challenge !== challenge) {
        return { status: 400, body: { error: 'invalid_grant', error_description: 'authentication failure' } };
      }
      const refreshToken = `5Aep${randomBytes(16).toString('hex')}`;
      this.refreshTokens.add(refreshToken);
      return {
        status: 200,
        body: { ...this.issue(), refresh_token: refreshToken, token_type: 'Bearer', issued_at: String(Date.now()) },
      };
    }
    if (form.get('grant_type') === 'refresh_token') {
      if (this.refuseRefresh || !this.refreshTokens.has(form.get('refresh_token') ?? '')) {
        return { status: 400, body: { error: 'invalid_grant', error_description: 'expired access/refresh token' } };
      }
      return { status: 200, body: { ...this.issue(), token_type: 'Bearer', issued_at: String(Date.now()) } };
    }
    return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'grant type not supported' } };
  }
}
