import { SignJWT, decodeJwt, errors as joseErrors, jwtVerify } from 'jose';
import { STAFF_ACCESS_TTL_SECONDS } from '@leadcapture/contracts/staff';
import { AppError } from '../../http/errors.ts';

const ISSUER = 'leadcapture';
/** The tenant API's audience (modules/auth/tokens.ts): impersonation tokens act there. */
const TENANT_AUDIENCE = 'leadcapture-api';
/** Staff tokens have their own audience: the tenant API never accepts one, nor staff a tenant one. */
const STAFF_AUDIENCE = 'leadcapture-staff';
const CLOCK_SKEW_SECONDS = 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface StaffClaims {
  staffUserId: string;
  exp: number;
}

export interface ImpersonationClaims {
  userId: string;
  impersonationId: string;
  exp: number;
}

/**
 * Staff access tokens (audience leadcapture-staff, 30 minutes, no refresh) and impersonation
 * tokens (audience leadcapture-api, typ `impersonation`, at most 60 minutes, naming their
 * staff_impersonations row, which must still be open). Same HS256 key as tenant tokens; the
 * audience and typ keep the three kinds apart (decision 028).
 */
export async function createStaffTokens(secret: string) {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const invalid = (err: unknown): never => {
    if (err instanceof AppError) throw err;
    if (err instanceof joseErrors.JOSEError) {
      throw new AppError(
        'TOKEN_INVALID',
        err instanceof joseErrors.JWTExpired ? 'Token has expired' : 'Token is invalid or expired',
      );
    }
    throw err;
  };
  const verify = async (token: string, audience: string, typ: string) => {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience,
      requiredClaims: ['exp', 'iat', 'sub'],
      clockTolerance: CLOCK_SKEW_SECONDS,
    });
    if (
      payload.typ !== typ ||
      !payload.sub ||
      !UUID.test(payload.sub) ||
      !payload.exp ||
      (payload.iat ?? 0) > Math.floor(Date.now() / 1000) + CLOCK_SKEW_SECONDS
    ) {
      throw new AppError('TOKEN_INVALID');
    }
    return payload;
  };
  return {
    async signStaff(staffUserId: string): Promise<{ access: string; expiresAt: Date }> {
      const expiresAt = new Date((Math.floor(Date.now() / 1000) + STAFF_ACCESS_TTL_SECONDS) * 1000);
      const access = await new SignJWT({ typ: 'staff' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(staffUserId)
        .setIssuer(ISSUER)
        .setAudience(STAFF_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { access, expiresAt };
    },
    async verifyStaff(token: string): Promise<StaffClaims> {
      try {
        const payload = await verify(token, STAFF_AUDIENCE, 'staff');
        return { staffUserId: payload.sub ?? '', exp: payload.exp ?? 0 };
      } catch (err) {
        return invalid(err);
      }
    },
    async signImpersonation(userId: string, impersonationId: string, expiresAt: Date): Promise<string> {
      return new SignJWT({ typ: 'impersonation', imp: impersonationId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(TENANT_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    /** Whether a bearer token claims to be an impersonation token (unverified: only to route it). */
    isImpersonation(token: string): boolean {
      try {
        return decodeJwt(token).typ === 'impersonation';
      } catch {
        return false;
      }
    },
    async verifyImpersonation(token: string): Promise<ImpersonationClaims> {
      try {
        const payload = await verify(token, TENANT_AUDIENCE, 'impersonation');
        if (typeof payload.imp !== 'string' || !UUID.test(payload.imp)) throw new AppError('TOKEN_INVALID');
        return { userId: payload.sub ?? '', impersonationId: payload.imp, exp: payload.exp ?? 0 };
      } catch (err) {
        return invalid(err);
      }
    },
  };
}
export type StaffTokens = Awaited<ReturnType<typeof createStaffTokens>>;
