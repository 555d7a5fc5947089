import { allCookies, deleteCookie, readCookie, writeCookie } from './cookies.ts';
import { getImpersonation } from './impersonation.ts';
import { forgetOfflineSnapshot } from './offline-snapshot.ts';

/**
 * Where the signed-in session lives in the browser. The access token is kept in memory only and
 * the refresh token in an HttpOnly cookie the server sets (docs/decisions/003-authentication.md):
 * neither is readable by page scripts, so an injected script cannot carry them away. What the
 * page can read is a `signed_in` marker (no secret: it only says a refresh is worth trying, e.g.
 * after a reload) and the id of the organisation the user works in. Framework-free on purpose:
 * the API client reads it on every request, and React reads it through `useSession()`
 * (lib/use-session.ts), which re-renders on every change made here.
 */

export const SESSION_COOKIES = {
  signedIn: 'signed_in',
  organization: 'organization_id',
} as const;

/** Cookies that held the tokens before they left page scripts' reach: removed wherever seen. */
const LEGACY_TOKEN_COOKIES = ['access_token', 'refresh_token'] as const;

/** 604800 s, spec 01 §9, like the refresh token the marker stands for. */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export type Session = {
  accessToken: string | null;
  /** The marker: a refresh cookie was set in this browser and not yet known to be dead. */
  signedIn: boolean;
  organizationId: string | null;
};

// Tokens an earlier version kept in readable cookies are dropped on sight (that user signs in again).
for (const name of LEGACY_TOKEN_COOKIES) if (readCookie(name) !== null) deleteCookie(name);

const listeners = new Set<() => void>();
let accessToken: string | null = null;
let snapshot: Session | undefined;
/** The cookie string `snapshot` was read from: every render of a signed-in page asks for the session. */
let snapshotCookies: string | undefined;

function read(): Session {
  return {
    accessToken,
    signedIn: readCookie(SESSION_COOKIES.signedIn) !== null,
    organizationId: readCookie(SESSION_COOKIES.organization),
  };
}

function changed(): void {
  snapshot = undefined;
  for (const listener of listeners) listener();
}

/** The current session. The same object is returned until something changes (useSyncExternalStore needs that). */
export function getSession(): Session {
  // Cookies can also change in another tab: the cookie string is the truth, parsed again only
  // when it differs from the one the snapshot came from.
  const cookies = allCookies();
  if (snapshot !== undefined && cookies === snapshotCookies) return snapshot;
  snapshotCookies = cookies;
  const next = read();
  if (
    snapshot?.accessToken !== next.accessToken ||
    snapshot.signedIn !== next.signedIn ||
    snapshot.organizationId !== next.organizationId
  ) {
    snapshot = next;
  }
  return snapshot;
}

/** Signed in means we hold a token we can use or renew; whether it is still valid is the server's call. */
export function hasSession(session: Session = getSession()): boolean {
  return session.accessToken !== null || session.signedIn || getImpersonation() !== null;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps a new access token (login, registration, refresh); the refresh token stays in its cookie. */
export function saveAccessToken(access: string): void {
  accessToken = access;
  writeCookie(SESSION_COOKIES.signedIn, '1', { maxAge: SESSION_MAX_AGE_SECONDS });
  changed();
}

export function saveOrganizationId(organizationId: string | null): void {
  if (organizationId === null) deleteCookie(SESSION_COOKIES.organization);
  else writeCookie(SESSION_COOKIES.organization, organizationId, { maxAge: SESSION_MAX_AGE_SECONDS });
  changed();
}

/**
 * Stores what login and registration answer: the access token and the organisation to work in.
 * The answer's `refresh` is deliberately dropped: the server set it as an HttpOnly cookie.
 */
export function startSession(result: { access: string; organization: { id: string } | null }): void {
  for (const name of LEGACY_TOKEN_COOKIES) deleteCookie(name);
  saveAccessToken(result.access);
  saveOrganizationId(result.organization?.id ?? null);
}

export function clearSession(): void {
  accessToken = null;
  for (const name of [...Object.values(SESSION_COOKIES), ...LEGACY_TOKEN_COOKIES]) deleteCookie(name);
  // The last known user and events kept for the booth screen offline leave with the session.
  forgetOfflineSnapshot();
  changed();
}
