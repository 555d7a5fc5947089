import { request, type ApiResult } from '../capture/api.ts';
import type { MessageKey } from './strings.ts';

/** A sign-in provider the server offers: `href` starts its OpenID Connect flow. */
export type SocialProvider = { id: string; name: string; href: string };

type Listed = { providers: { id: string; name: string; start_url: string }[] };

function isListed(data: unknown): data is Listed {
  if (typeof data !== 'object' || data === null || !('providers' in data) || !Array.isArray(data.providers))
    return false;
  return data.providers.every(
    (p: unknown) =>
      typeof p === 'object' &&
      p !== null &&
      'id' in p &&
      typeof p.id === 'string' &&
      'name' in p &&
      typeof p.name === 'string' &&
      'start_url' in p &&
      typeof p.start_url === 'string',
  );
}

/**
 * The providers this deployment offers (`GET /auth/social/`, 03-decisions §4d): only configured
 * ones are listed, so an unconfigured provider never shows a button. `redirect` is where the
 * browser lands after signing in (a path of this site; the server ignores anything else).
 */
export async function loadSocialProviders(redirect: string): Promise<SocialProvider[]> {
  const result = await request('GET', '/auth/social/', { accept: isListed });
  if (!result.ok) return [];
  return result.data.providers.map((p) => ({
    id: p.id,
    name: p.name,
    href: `${p.start_url}?redirect=${encodeURIComponent(redirect)}`,
  }));
}

/** `POST /auth/social/link/`: links the identity the provider sent back, after a password sign-in. */
export function linkSocialIdentity(access: string): Promise<ApiResult<{ provider: string }>> {
  return request('POST', '/auth/social/link/', {
    headers: { authorization: `Bearer ${access}` },
    accept: (data: unknown): data is { provider: string } =>
      typeof data === 'object' && data !== null && 'provider' in data && typeof data.provider === 'string',
  });
}

/** The callback's `social_error` code as the page's message; an unknown code reads as a generic failure. */
export function socialErrorMessage(code: string | null): MessageKey | null {
  switch (code) {
    case null:
      return null;
    case 'SOCIAL_STATE_MISMATCH':
      return 'socialStateMismatch';
    case 'SOCIAL_NONCE_MISMATCH':
      return 'socialNonceMismatch';
    case 'SOCIAL_EMAIL_UNVERIFIED':
      return 'socialEmailUnverified';
    case 'SOCIAL_ACCOUNT_EXISTS':
      return 'socialAccountExists';
    case 'SOCIAL_PROVIDER_ERROR':
      return 'socialProviderError';
    case 'PERMISSION_DENIED':
      return 'socialPermissionDenied';
    default:
      return 'socialOther';
  }
}

/** The provider's display name from its id in the query (`google` -> Google). */
export function providerName(id: string | null): string {
  if (id === 'google') return 'Google';
  if (id === 'microsoft') return 'Microsoft';
  return id ?? '';
}
