import type { ApiKeyPermission } from '@leadcapture/contracts/api-keys';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessClaims } from '../modules/auth/tokens.ts';
import { AppError } from './errors.ts';

/** The API key a request came with, once found live (api-keys.service authenticateApiKey). */
export interface ApiKeyIdentity {
  id: string;
  organizationId: string;
  permissions: readonly ApiKeyPermission[];
}

/**
 * Who calls: a signed-in session (a bearer access token), or an API key acting as the user who
 * created it. Tenant scoping (http/tenant.ts) and the services' role checks read `userId` either
 * way; a key also pins the organisation and limits the routes (http/api-key-access.ts).
 */
/** A staff member acting as the user (modules/staff, decision 028); null on ordinary sessions. */
export interface ImpersonationIdentity {
  id: string;
  staffUserId: string;
  organizationId: string;
  mode: 'read' | 'write';
  reason: string;
}

export type RequestAuth =
  | (AccessClaims & { apiKey: null; impersonation: ImpersonationIdentity | null })
  | { userId: string; sessionId: null; apiKey: ApiKeyIdentity; impersonation: null };

export interface AuthHookOptions {
  /** A bearer access token and its open session (auth.service authenticate). */
  authenticate: (token: string) => Promise<AccessClaims & { impersonation?: ImpersonationIdentity | null }>;
  /** A key: well formed, live, its creator active (api-keys.service authenticateApiKey). */
  authenticateApiKey: (key: string) => Promise<ApiKeyIdentity & { userId: string }>;
  /** Whether this route takes this key, and its rate limit (http/api-key-access.ts). */
  admitApiKey: (request: FastifyRequest, reply: FastifyReply, key: ApiKeyIdentity) => Promise<void>;
}

type Credential = { kind: 'session' | 'key'; value: string } | null;

/**
 * The credential of a request, from headers only (never the query string, which is logged and
 * kept in browser history): `X-API-Key: <key>`, or `Authorization: Bearer <token>` where a token
 * starting with `lc_` is a key (03-decisions §2). Both at once is refused: which one acts would
 * be a guess.
 */
function readCredential(request: FastifyRequest): Credential {
  const keyHeader = request.headers['x-api-key'];
  const authorization = request.headers.authorization;
  if (keyHeader !== undefined) {
    if (authorization !== undefined) {
      throw new AppError('NOT_AUTHENTICATED', 'Send either an X-API-Key header or an Authorization header, not both.');
    }
    const value = Array.isArray(keyHeader) ? '' : keyHeader.trim();
    if (value === '') throw new AppError('NOT_AUTHENTICATED', 'The X-API-Key header is empty.');
    return { kind: 'key', value };
  }
  if (!authorization) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(authorization);
  if (!match?.[1]) {
    throw new AppError('NOT_AUTHENTICATED', 'Use an Authorization header of the form "Bearer <token>".');
  }
  return { kind: match[1].startsWith('lc_') ? 'key' : 'session', value: match[1] };
}

/**
 * Authenticates every API route unless it is marked public: a bearer access token whose session
 * is still open, or an API key on a route that takes keys. On public routes a session token,
 * when given and valid, is still read; a key is not (a public route acts for no one).
 */
export function authHook(options: AuthHookOptions) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    request.auth = null;
    // Staff routes take staff tokens only: their own guard (modules/staff) authenticates them.
    if (request.routeOptions.config.staff === true) return;
    const isPublic = request.routeOptions.config.public === true;
    let credential: Credential;
    try {
      credential = readCredential(request);
    } catch (err) {
      if (isPublic) return;
      throw err;
    }
    if (!credential) {
      if (isPublic) return;
      throw new AppError('NOT_AUTHENTICATED');
    }
    if (credential.kind === 'key') {
      if (isPublic) return;
      const { userId, ...key } = await options.authenticateApiKey(credential.value);
      await options.admitApiKey(request, reply, key);
      request.auth = { userId, sessionId: null, apiKey: key, impersonation: null };
      return;
    }
    try {
      const { impersonation, ...claims } = await options.authenticate(credential.value);
      request.auth = { ...claims, apiKey: null, impersonation: impersonation ?? null };
    } catch (err) {
      if (!isPublic) throw err;
    }
  };
}
