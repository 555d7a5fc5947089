import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { EncryptJWT, jwtDecrypt } from 'jose';
import * as oidc from 'openid-client';
import {
  SOCIAL_PROVIDER_NAMES,
  SOCIAL_PROVIDERS,
  type SocialProviderId,
  type SocialProviders,
} from '@leadcapture/contracts/auth';
import type { OidcProviderConfig } from '../../config.ts';
import { isUniqueViolation, type Tx } from '../../db/database.ts';
import { setScope } from '../../db/tenant.ts';
import type { AppDeps } from '../../http/deps.ts';
import { AppError } from '../../http/errors.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { memberships } from '../organizations/organizations.table.ts';
import { createOrganization } from '../organizations/organizations.service.ts';
import { readRuntimeSettings } from '../settings/settings.service.ts';
import { startSession, THROTTLES } from './auth.service.ts';
import { userIdentities, users } from './auth.table.ts';

/**
 * Social sign-in through OpenID Connect (03-decisions §4d, docs/decisions/030-social-sign-in.md).
 * `openid-client` does the protocol: discovery, the authorization URL with PKCE, the code
 * exchange and every ID token check (signature, issuer, audience, expiry, nonce). What stays
 * here is the product's rules: which email counts, when an account is linked, who is signed up.
 */

/** How long a started sign-in (and a pending link) may take: the cookie's life. */
export const SOCIAL_FLOW_TTL_SECONDS = 10 * 60;

/** What the browser carries between start and callback, sealed (A256GCM) in an HttpOnly cookie. */
type Flow = { provider: SocialProviderId; state: string; nonce: string; verifier: string; redirect: string | null };

/** A provider identity waiting for its account's owner to sign in with the password. */
export type PendingLink = { provider: SocialProviderId; subject: string; email: string };

/** Where the callback sends the browser, and the session it opens (none when an error or a link waits). */
export type CallbackOutcome =
  | {
      kind: 'signed_in';
      isNew: boolean;
      refresh: string;
      organizationId: string | null;
      language: string;
    }
  | { kind: 'link_pending'; link: PendingLink };

export function isSocialProvider(value: string): value is SocialProviderId {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

function providerConfig(deps: AppDeps, provider: string): OidcProviderConfig & { id: SocialProviderId } {
  const config = isSocialProvider(provider) ? deps.config.oidc[provider] : undefined;
  // An unconfigured provider does not exist as far as the outside world can tell.
  if (!config || !isSocialProvider(provider)) throw new AppError('NOT_FOUND', 'Sign-in provider not found');
  return { ...config, id: provider };
}

export function listProviders(deps: AppDeps): SocialProviders {
  return {
    providers: SOCIAL_PROVIDERS.filter((id) => deps.config.oidc[id] !== undefined).map((id) => ({
      id,
      name: SOCIAL_PROVIDER_NAMES[id],
      start_url: `/api/v1/auth/social/${id}/start/`,
    })),
  };
}

export function redirectUri(deps: AppDeps, provider: SocialProviderId): string {
  return `${deps.config.publicUrl}/api/v1/auth/social/${provider}/callback/`;
}

/**
 * The provider's configuration, discovered when first used (not at start: a provider that is
 * down must not stop the product) and kept for the process. A failed discovery is forgotten,
 * so the next sign-in tries again.
 */
const discovered = new Map<string, Promise<oidc.Configuration>>();

function configurationOf(provider: OidcProviderConfig): Promise<oidc.Configuration> {
  const key = `${provider.issuer}|${provider.clientId}|${provider.clientSecret}`;
  let found = discovered.get(key);
  if (!found) {
    // config.ts accepts http:// only on loopback (a test provider); the library refuses it unless told.
    const insecure = new URL(provider.issuer).protocol === 'http:';
    found = oidc.discovery(new URL(provider.issuer), provider.clientId, provider.clientSecret, undefined, {
      timeout: 10,
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated to stand out: loopback test providers only
      ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
    });
    discovered.set(key, found);
    found.catch(() => discovered.delete(key));
  }
  return found;
}

async function discover(deps: AppDeps, provider: OidcProviderConfig & { id: SocialProviderId }) {
  try {
    return await configurationOf(provider);
  } catch (err) {
    deps.log.warn({ err, provider: provider.id }, 'OpenID discovery failed');
    throw new AppError('SOCIAL_PROVIDER_ERROR');
  }
}

/** The key the cookies are sealed with: derived from JWT_SECRET, for this purpose only. */
function sealKey(deps: AppDeps): Uint8Array {
  return createHash('sha256').update(`social-sign-in|${deps.config.jwtSecret}`).digest();
}

async function seal(deps: AppDeps, purpose: 'flow' | 'link', payload: Record<string, unknown>): Promise<string> {
  return new EncryptJWT({ ...payload, purpose })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(`${SOCIAL_FLOW_TTL_SECONDS}s`)
    .encrypt(sealKey(deps));
}

async function unseal(deps: AppDeps, purpose: 'flow' | 'link', token: string): Promise<Record<string, unknown> | null> {
  try {
    const { payload } = await jwtDecrypt(token, sealKey(deps), {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    return payload.purpose === purpose ? payload : null;
  } catch {
    return null;
  }
}

/** A path of this site, else null: never another origin (`//evil`, `/\evil`, `https://…`). */
export function safePath(value: string | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) < 0x20) return null;
  return value;
}

/** Start: the provider's authorization URL, and the sealed flow for the browser's cookie. */
export async function start(
  deps: AppDeps,
  meta: RequestMeta,
  providerId: string,
  redirect: string | undefined,
): Promise<{ url: string; flowCookie: string }> {
  const provider = providerConfig(deps, providerId);
  if (meta.ip) await deps.throttle.consume(THROTTLES.loginPerAddress, meta.ip);
  const configuration = await discover(deps, provider);
  const flow: Flow = {
    provider: provider.id,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier: oidc.randomPKCECodeVerifier(),
    redirect: safePath(redirect),
  };
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri(deps, provider.id),
    scope: 'openid email profile',
    response_type: 'code',
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: 'S256',
  });
  return { url: url.href, flowCookie: await seal(deps, 'flow', flow) };
}

function isFlow(payload: Record<string, unknown> | null): payload is Record<string, unknown> & Flow {
  return (
    payload !== null &&
    typeof payload.provider === 'string' &&
    isSocialProvider(payload.provider) &&
    typeof payload.state === 'string' &&
    typeof payload.nonce === 'string' &&
    typeof payload.verifier === 'string' &&
    (payload.redirect === null || typeof payload.redirect === 'string')
  );
}

/** The flow this browser started, for the error page's language and the landing; null when none. */
export async function readFlow(deps: AppDeps, cookie: string | null): Promise<Flow | null> {
  if (cookie === null) return null;
  const payload = await unseal(deps, 'flow', cookie);
  return isFlow(payload) ? payload : null;
}

/**
 * The email a provider vouches for, or null. Google says `email_verified`. Microsoft's ID tokens
 * carry no `email_verified`; its documented optional claim `xms_edov` (email domain owner
 * verified) says the domain's owner stands behind the address, so that is what counts there.
 */
export function verifiedEmail(provider: SocialProviderId, claims: oidc.IDToken): string | null {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (email === '' || email.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(email)) return null;
  const verified =
    claims.email_verified === true ||
    claims.email_verified === 'true' ||
    (provider === 'microsoft' && (claims.xms_edov === true || claims.xms_edov === 'true' || claims.xms_edov === 1));
  return verified ? email : null;
}

/** The claim a check of the library failed on: openid-client wraps oauth4webapi's error, whose cause names it. */
function failedClaim(err: unknown): string | undefined {
  for (let cause: unknown = err, depth = 0; typeof cause === 'object' && cause !== null && depth < 4; depth++) {
    if ('claim' in cause && typeof cause.claim === 'string') return cause.claim;
    cause = 'cause' in cause ? cause.cause : undefined;
  }
  return undefined;
}

/** The library's failure, as one of our codes: a nonce that does not match, else the provider's fault. */
function codeOf(err: unknown): 'SOCIAL_NONCE_MISMATCH' | 'SOCIAL_STATE_MISMATCH' | 'SOCIAL_PROVIDER_ERROR' {
  const claim = failedClaim(err);
  if (claim === 'nonce') return 'SOCIAL_NONCE_MISMATCH';
  if (claim === 'state') return 'SOCIAL_STATE_MISMATCH';
  return 'SOCIAL_PROVIDER_ERROR';
}

function splitName(claims: oidc.IDToken, email: string): { first: string; last: string } {
  const given = typeof claims.given_name === 'string' ? claims.given_name.trim() : '';
  const family = typeof claims.family_name === 'string' ? claims.family_name.trim() : '';
  if (given || family) return { first: given.slice(0, 150), last: family.slice(0, 150) };
  const name = typeof claims.name === 'string' ? claims.name.trim() : '';
  const [first = '', ...rest] = name.split(/\s+/);
  if (first) return { first: first.slice(0, 150), last: rest.join(' ').slice(0, 150) };
  return { first: (email.split('@')[0] ?? email).slice(0, 150), last: '' };
}

/**
 * Callback: checks state (against the sealed flow), then lets the library exchange the code with
 * the PKCE verifier and check the ID token's nonce; then finds the account by the provider's
 * subject, links nothing by email alone, and signs up a new person with an organisation.
 */
export async function callback(
  deps: AppDeps,
  meta: RequestMeta,
  providerId: string,
  flow: Flow | null,
  query: Readonly<Record<string, string | undefined>>,
): Promise<CallbackOutcome> {
  const provider = providerConfig(deps, providerId);
  // No flow, another provider's, or a state that is not this browser's: a forged or replayed answer.
  if (!flow || flow.provider !== provider.id || query.state !== flow.state) {
    throw new AppError('SOCIAL_STATE_MISMATCH');
  }
  if (query.error !== undefined) {
    deps.log.info({ provider: provider.id, error: query.error }, 'The identity provider refused the sign-in');
    throw new AppError('SOCIAL_PROVIDER_ERROR');
  }
  const configuration = await discover(deps, provider);
  const current = new URL(redirectUri(deps, provider.id));
  for (const [name, value] of Object.entries(query)) if (value !== undefined) current.searchParams.set(name, value);
  let claims: oidc.IDToken | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(
      configuration,
      current,
      { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce, idTokenExpected: true },
      { redirect_uri: redirectUri(deps, provider.id) },
    );
    claims = tokens.claims();
  } catch (err) {
    const code = codeOf(err);
    deps.log.warn({ err, provider: provider.id, code }, 'Social sign-in failed at the code exchange');
    throw new AppError(code);
  }
  if (!claims) throw new AppError('SOCIAL_PROVIDER_ERROR');
  return finish(deps, meta, provider.id, claims, flow.redirect);
}

function languageOf(redirect: string | null): 'en' | 'sv' {
  return redirect === '/sv' || redirect?.startsWith('/sv/') ? 'sv' : 'en';
}

async function finish(
  deps: AppDeps,
  meta: RequestMeta,
  provider: SocialProviderId,
  claims: oidc.IDToken,
  redirect: string | null,
): Promise<CallbackOutcome> {
  const subject = claims.sub;
  const email = verifiedEmail(provider, claims);
  const settings = await readRuntimeSettings(deps.db);
  try {
    return await deps.db.transaction(async (tx): Promise<CallbackOutcome> => {
      const [known] = await tx
        .select({ user: users })
        .from(userIdentities)
        .innerJoin(users, eq(users.id, userIdentities.userId))
        .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
      if (known) {
        if (!known.user.isActive) throw new AppError('PERMISSION_DENIED', 'This account has been deactivated.');
        await tx
          .update(userIdentities)
          .set({ lastUsedAt: new Date() })
          .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
        return signedIn(tx, meta, known.user, provider, false);
      }
      if (email === null) throw new AppError('SOCIAL_EMAIL_UNVERIFIED');
      const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      // Never linked by email alone: the account's owner signs in to it first (decision 030).
      if (owner) return { kind: 'link_pending', link: { provider, subject, email } };
      if (!settings.signups_open) {
        throw new AppError('PERMISSION_DENIED', 'Sign-ups are closed at the moment. Please try again later.');
      }
      const name = splitName(claims, email);
      const [user] = await tx
        .insert(users)
        .values({
          email,
          // No password: signing in with one fails until the owner sets one through "Forgot password".
          passwordHash: '',
          firstName: name.first,
          lastName: name.last,
          language: languageOf(redirect),
          termsAcceptedAt: new Date(),
          emailVerifiedAt: new Date(),
        })
        .returning();
      if (!user) throw new Error('user insert returned no row');
      // Like registration: an organisation of their own (renamed in onboarding or settings).
      const org = await createOrganization(tx, meta, {
        name: [name.first, name.last].filter(Boolean).join(' ') || email,
        ownerId: user.id,
        billingEmail: email,
      });
      await tx.insert(userIdentities).values({ userId: user.id, provider, subject, email, lastUsedAt: new Date() });
      await recordAudit(tx, meta, {
        action: 'auth.registered',
        userId: user.id,
        organizationId: org.id,
        targetType: 'user',
        targetId: user.id,
        metadata: { provider },
      });
      return signedIn(tx, meta, { ...user, currentOrganizationId: org.id }, provider, true);
    });
  } catch (err) {
    // Two callbacks of one new person at once: the second finds the account taken; a retry signs in.
    if (isUniqueViolation(err)) throw new AppError('SOCIAL_PROVIDER_ERROR');
    throw err;
  }
}

async function signedIn(
  tx: Tx,
  meta: RequestMeta,
  user: typeof users.$inferSelect,
  provider: SocialProviderId,
  isNew: boolean,
): Promise<CallbackOutcome> {
  await setScope(tx, { userId: user.id });
  const [current] = user.currentOrganizationId
    ? await tx
        .select({ id: memberships.organizationId })
        .from(memberships)
        .where(
          and(
            eq(memberships.userId, user.id),
            eq(memberships.organizationId, user.currentOrganizationId),
            eq(memberships.status, 'joined'),
          ),
        )
    : [];
  const [first] = current
    ? [current]
    : await tx
        .select({ id: memberships.organizationId })
        .from(memberships)
        .where(and(eq(memberships.userId, user.id), eq(memberships.status, 'joined')))
        .limit(1);
  // The audit row belongs to the organisation the session opens (row-level security checks it).
  await setScope(tx, { organizationId: first?.id ?? null, userId: user.id });
  await tx
    .update(users)
    .set({ lastLoginAt: new Date(), currentOrganizationId: first?.id ?? user.currentOrganizationId })
    .where(eq(users.id, user.id));
  if (!isNew) {
    await recordAudit(tx, meta, {
      action: 'auth.login',
      userId: user.id,
      organizationId: first?.id ?? null,
      targetType: 'user',
      targetId: user.id,
      metadata: { provider },
    });
  }
  const session = await startSession(tx, user.id, meta);
  return {
    kind: 'signed_in',
    isNew,
    refresh: session.refresh,
    organizationId: first?.id ?? null,
    language: user.language,
  };
}

export function sealLink(deps: AppDeps, link: PendingLink): Promise<string> {
  return seal(deps, 'link', link);
}

/**
 * After the owner signed in with the password: links the pending identity to their account,
 * when the provider's verified email is this account's. Another account's identity stays unlinked.
 */
export async function confirmLink(
  deps: AppDeps,
  meta: RequestMeta,
  userId: string,
  cookie: string | null,
): Promise<{ provider: SocialProviderId; email: string }> {
  const payload = cookie === null ? null : await unseal(deps, 'link', cookie);
  if (
    payload === null ||
    typeof payload.provider !== 'string' ||
    !isSocialProvider(payload.provider) ||
    typeof payload.subject !== 'string' ||
    typeof payload.email !== 'string'
  ) {
    throw new AppError('NOT_FOUND', 'No sign-in is waiting to be linked. Please start again.');
  }
  const { provider, subject, email } = { provider: payload.provider, subject: payload.subject, email: payload.email };
  try {
    await deps.db.transaction(async (tx) => {
      const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
      if (user?.email !== email) {
        throw new AppError(
          'PERMISSION_DENIED',
          'The provider’s email address is not this account’s. Sign in to the account with that address.',
        );
      }
      await setScope(tx, { userId });
      await tx.insert(userIdentities).values({ userId, provider, subject, email, lastUsedAt: new Date() });
      await recordAudit(tx, meta, {
        action: 'auth.identity_linked',
        userId,
        targetType: 'user',
        targetId: userId,
        metadata: { provider },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError('CONFLICT', `This ${SOCIAL_PROVIDER_NAMES[provider]} account is already linked.`);
    }
    throw err;
  }
  return { provider, email };
}
