import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { AppError } from '../../http/errors.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
/**
 * How long after its rotation a refresh token may be presented again while its successor was
 * never presented (a lost answer): it rotates again instead of revoking its family (decision 003).
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;
const ISSUER = 'leadcapture';
const AUDIENCE = 'leadcapture-api';
/** Clocks of API processes may differ this much; a token issued further in the future is forged. */
export const CLOCK_SKEW_SECONDS = 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessClaims {
  userId: string;
  /** The refresh-token family (the session) this access token was issued for. */
  sessionId: string;
  exp: number;
}

/**
 * HS256 access tokens with an algorithm allowlist and exp, iat, nbf, iss and aud all checked. The
 * key is imported into WebCrypto once: importing it per call costs more than the HMAC itself.
 * A valid signature is not enough to be signed in: the session the token names (`sid`) must
 * still be open, which auth.service's `authenticate` checks.
 */
export async function createTokenSigner(secret: string) {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    async signAccess(userId: string, sessionId: string): Promise<string> {
      return new SignJWT({ sid: sessionId, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key);
    },
    async verifyAccess(token: string): Promise<AccessClaims> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['exp', 'iat', 'sub'],
          // jose checks nbf (and exp) with this tolerance; it does not look at a future iat.
          clockTolerance: CLOCK_SKEW_SECONDS,
        });
        if (
          payload.typ !== 'access' ||
          typeof payload.sid !== 'string' ||
          !UUID.test(payload.sid) ||
          !payload.sub ||
          !payload.exp ||
          (payload.iat ?? 0) > Math.floor(Date.now() / 1000) + CLOCK_SKEW_SECONDS
        ) {
          throw new AppError('TOKEN_INVALID');
        }
        return { userId: payload.sub, sessionId: payload.sid, exp: payload.exp };
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (err instanceof joseErrors.JOSEError) {
          const expired = err instanceof joseErrors.JWTExpired;
          throw new AppError('TOKEN_INVALID', expired ? 'Token has expired' : 'Token is invalid or expired');
        }
        throw err;
      }
    },
  };
}
export type TokenSigner = Awaited<ReturnType<typeof createTokenSigner>>;

/** A random opaque token for refresh, reset and verification links; only its hash is stored. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
