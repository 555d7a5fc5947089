import { allCookies, deleteCookie, readCookie, writeCookie } from './cookies.ts';

/**
 * Where the signed-in session lives in the browser: the access and refresh tokens and the id of
 * the organisation the user works in, each in a cookie (spec 01 §9: 7 days, SameSite=Lax, Secure on
 * https). Framework-free on purpose: the API client reads it on every request, and React reads it
 * through `useSession()` (lib/use-session.ts), which re-renders on every change made here.
 */

export const SESSION_COOKIES = {
  access: 'access_token',
  refresh: 'refresh_token',
  organization: 'organization_id',
} as const;

/** 604800 s, spec 01 §9. The server's JWT expires far sooner; the cookie only bounds how long we keep it. */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export type Session = {
  accessToken: string | null;
  refreshToken: string | null;
  organizationId: string | null;
};

const listeners = new Set<() => void>();
let snapshot: Session | undefined;
/** The cookie string `snapshot` was read from: every render of a signed-in page asks for the session. */
let snapshotCookies: string | undefined;

function read(): Session {
  return {
    accessToken: readCookie(SESSION_COOKIES.access),
    refreshToken: readCookie(SESSION_COOKIES.refresh),
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
    snapshot.refreshToken !== next.refreshToken ||
    snapshot.organizationId !== next.organizationId
  ) {
    snapshot = next;
  }
  return snapshot;
}

/** Signed in means we hold a token we can use or renew; whether it is still valid is the server's call. */
export function hasSession(session: Session = getSession()): boolean {
  return session.accessToken !== null || session.refreshToken !== null;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function saveTokens(tokens: { access: string; refresh?: string | undefined }): void {
  writeCookie(SESSION_COOKIES.access, tokens.access, { maxAge: SESSION_MAX_AGE_SECONDS });
  if (tokens.refresh !== undefined) {
    writeCookie(SESSION_COOKIES.refresh, tokens.refresh, { maxAge: SESSION_MAX_AGE_SECONDS });
  }
  changed();
}

export function saveOrganizationId(organizationId: string | null): void {
  if (organizationId === null) deleteCookie(SESSION_COOKIES.organization);
  else writeCookie(SESSION_COOKIES.organization, organizationId, { maxAge: SESSION_MAX_AGE_SECONDS });
  changed();
}

/** Stores what login and registration answer: both tokens and the organisation to work in. */
export function startSession(result: { access: string; refresh: string; organization: { id: string } | null }): void {
  saveTokens({ access: result.access, refresh: result.refresh });
  saveOrganizationId(result.organization?.id ?? null);
}

export function clearSession(): void {
  for (const name of Object.values(SESSION_COOKIES)) deleteCookie(name);
  changed();
}
