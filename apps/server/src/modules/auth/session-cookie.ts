import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { REFRESH_TOKEN_TTL_SECONDS } from './tokens.ts';

/**
 * The web app's refresh token lives in an HttpOnly cookie that page scripts cannot read
 * (docs/decisions/003-authentication.md). It is sent only to the auth routes that use it
 * (refresh, logout), and only same-site (SameSite=Lax: a cross-site POST carries no cookie).
 * API clients keep sending the token in the body, as 03-decisions §3 says.
 */
export const REFRESH_COOKIE = 'lc_refresh';
export const REFRESH_COOKIE_PATH = '/api/v1/auth/';
/**
 * Calls authenticated by the cookie must carry this header (any value). A cross-site form or
 * link cannot add a header, and a cross-origin script that adds one needs a CORS preflight,
 * which only the configured origins pass: the double guard against CSRF next to SameSite=Lax.
 */
export const CSRF_HEADER = 'x-requested-with';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * `Secure` always, except when PUBLIC_URL is plain http on a host other than localhost (a LAN
 * trial): browsers refuse to store a Secure cookie from such an origin, and signing in would not
 * survive a reload. Browsers treat http://localhost as secure, so development keeps the flag.
 */
export function cookieIsSecure(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  return url.protocol !== 'http:' || LOCAL_HOSTS.has(url.hostname);
}

function attributes(publicUrl: string, maxAge: number): string {
  return `Max-Age=${maxAge}; Path=${REFRESH_COOKIE_PATH}; HttpOnly; SameSite=Lax${cookieIsSecure(publicUrl) ? '; Secure' : ''}`;
}

export function setRefreshCookie(reply: FastifyReply, publicUrl: string, token: string): void {
  reply.header('Set-Cookie', `${REFRESH_COOKIE}=${token}; ${attributes(publicUrl, REFRESH_TOKEN_TTL_SECONDS)}`);
}

export function clearRefreshCookie(reply: FastifyReply, publicUrl: string): void {
  reply.header('Set-Cookie', `${REFRESH_COOKIE}=; ${attributes(publicUrl, 0)}`);
}

export function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return value === '' ? null : value;
    }
  }
  return null;
}

/**
 * The refresh token of a refresh or logout call: the body's when given (API clients), else the
 * cookie's, which counts only with the CSRF header. Answers null when there is neither.
 */
export function refreshTokenOf(
  request: FastifyRequest,
  fromBody: string | undefined,
): { token: string; fromCookie: boolean } | null {
  if (fromBody !== undefined) return { token: fromBody, fromCookie: false };
  const token = readCookie(request, REFRESH_COOKIE);
  if (token === null) return null;
  if (!request.headers[CSRF_HEADER]) {
    throw new AppError(
      'PERMISSION_DENIED',
      'Calls authenticated by the session cookie must send the X-Requested-With header.',
    );
  }
  return { token, fromCookie: true };
}
