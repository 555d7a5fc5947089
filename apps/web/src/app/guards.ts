import type { Me } from '@leadcapture/contracts/auth';
import { parseMe } from '@leadcapture/contracts/me-check';
import type { QueryClient } from '@tanstack/react-query';
import { data, redirect, redirectDocument, type LoaderFunctionArgs } from 'react-router';
import { meQueryOptions } from '../features/auth/api/me.ts';
import { localizePath, loginPath, stripLanguagePrefix, type Language } from '../i18n/language.ts';
import { isApiError } from '../lib/api-client.ts';
import { recallUser, rememberUser } from '../lib/offline-snapshot.ts';
import { clearSession, getSession, hasSession, saveOrganizationId } from '../lib/session.ts';

/**
 * Route guards of spec 01 §2, as loaders: they run before a page's code is even downloaded.
 *
 * One documented exception to "a signed-in user on /auth/* goes to /dashboard": the links mailed
 * for e-mail verification and password reset (`?token=…`) still open, otherwise a signed-in user
 * could never verify the address they just registered (docs/decisions/008-web-app-shell.md).
 */
const TOKEN_LINK_PAGES = new Set(['/auth/verify-email', '/auth/reset-password']);

/** Open pages that a signed-in user skips: home and /auth/*. */
export function redirectSignedIn(language: Language) {
  return ({ request }: LoaderFunctionArgs) => {
    if (!hasSession()) return null;
    const url = new URL(request.url);
    if (TOKEN_LINK_PAGES.has(stripLanguagePrefix(url.pathname)) && url.searchParams.has('token')) return null;
    return redirect(localizePath('/dashboard', language));
  };
}

/**
 * Everything else needs a signed-in user: without a session → login with `redirect`; with one,
 * the user record is loaded (then cached for its staleTime) and a failure logs out (spec 01 §2, §8).
 * No answer at all (no network, the booth's Wi-Fi) is not a failure of the session: the last
 * known user (lib/offline-snapshot.ts) opens the page, so the booth screen works offline after a
 * reload; with no such record it is a failure like any other.
 */
export function requireUser(language: Language, queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const wanted = `${url.pathname}${url.search}`;
    if (!hasSession()) return redirect(loginPath(language, wanted));
    let me: Me;
    try {
      me = await queryClient.query(meQueryOptions());
      rememberUser(me);
    } catch (error) {
      if (request.signal.aborted) throw error;
      const known = isApiError(error) && error.status === 0 ? lastKnownUser() : null;
      if (known === null) {
        // The cache goes when the login page mounts (layouts/signed-out-layout.tsx).
        clearSession();
        return redirect(loginPath(language, wanted));
      }
      // Stale at once: the first call with the network back asks the server again.
      queryClient.setQueryData(meQueryOptions().queryKey, known, { updatedAt: 0 });
      me = known;
    }
    // Keep the organisation cookie on one of the user's organisations (it drives X-Organization-Id).
    const current = getSession().organizationId;
    if (current === null || !me.organizations.some((o) => o.id === current)) {
      saveOrganizationId(me.current_organization?.id ?? me.organizations[0]?.id ?? null);
    }
    return onboardingRedirect(me.onboarding_completed, url.pathname, language);
  };
}

function lastKnownUser(): Me | null {
  try {
    return parseMe(recallUser());
  } catch {
    return null;
  }
}

/** sessionStorage key: the /dashboard → /onboarding detour has happened in this browser session. */
export const ONBOARDING_DETOUR_KEY = 'onboarding_detour_done';

/**
 * A user who has not finished or skipped onboarding is sent from /dashboard to /onboarding once
 * per browser session (spec 01 §2). Once only, so "Go to dashboard" after leaving the wizard some
 * other way, or a stale cached user, can never bounce them back and forth.
 */
function onboardingRedirect(completed: boolean, pathname: string, language: Language) {
  if (completed || stripLanguagePrefix(pathname) !== '/dashboard') return null;
  try {
    if (window.sessionStorage.getItem(ONBOARDING_DETOUR_KEY) !== null) return null;
    window.sessionStorage.setItem(ONBOARDING_DETOUR_KEY, '1');
  } catch {
    // Storage blocked: no detour rather than a possible loop.
    return null;
  }
  return redirect(localizePath('/onboarding', language));
}

/**
 * /auth/login is not a page of this app but a document of its own, the light sign-in build
 * (docs/decisions/022-sign-in-page.md): every way there (a link, a guard's redirect, logout)
 * becomes a full page load of that address. Were this app itself loaded at the address, the
 * server had no sign-in build to send (the Vite dev server before a build): loading it again would
 * loop, so the route answers not found instead.
 */
export function leaveForSignIn({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const target = `${url.pathname}${url.search}`;
  if (`${window.location.pathname}${window.location.search}` === target) {
    // React Router's way to answer a status from a loader (route-error-boundary.tsx shows it).
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw data(null, { status: 404 });
  }
  return redirectDocument(target);
}

/** `/` and `/sv` are the landing page's own document (decision 036), left the same way. */
export const leaveForLandingPage = leaveForSignIn;
