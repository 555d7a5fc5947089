import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { usageQueryKey } from '../features/billing/api/keys.ts';
import { refreshSession } from '../features/auth/api/session.ts';
import { i18n } from '../i18n/i18n.ts';
import { languageFromPath, loginPath } from '../i18n/language.ts';
import { configureApiClient } from '../lib/api-client.ts';
import { openPaywall } from '../lib/paywall.ts';
import { endImpersonation, getImpersonation } from '../lib/impersonation.ts';
import { clearSession, getSession, hasSession } from '../lib/session.ts';
import { clearToasts, showToast } from '../lib/toast.ts';
import type { CachedUsage } from '../lib/usage-precheck.ts';

type Router = ReturnType<typeof createBrowserRouter>;

/** A tab that was impersonating and whose token just expired (getImpersonation drops it). */
function impersonationEnded(): boolean {
  return document.documentElement.dataset.impersonating === 'true';
}

/**
 * How long cached usage is trusted by the pre-check. Usage can fall without the billing queries
 * hearing of it (an event archived), so an old figure is left to the server's 402 instead.
 */
export const USAGE_PRECHECK_MAX_AGE_MS = 60_000;

/** The usage rows the billing screens and banner fetched, while recent and not invalidated. */
export function trustedUsage(queryClient: QueryClient, now = Date.now()): readonly CachedUsage[] | null {
  const state = queryClient.getQueryState<readonly CachedUsage[]>(usageQueryKey);
  if (state?.data === undefined || state.isInvalidated) return null;
  return now - state.dataUpdatedAt <= USAGE_PRECHECK_MAX_AGE_MS ? state.data : null;
}

/**
 * Plugs the session, token refresh, forced logout, paywall, toasts and translations into the API
 * client (which imports none of them, lib sits below features and app). Called once at start,
 * before the router is created: creating it runs the first page's guard, whose /auth/me call
 * already needs the token. Hence `router` is a getter, read on a forced logout only. The query
 * client holds the usage the pre-check of spec 02 §5 reads.
 */
export function wireApiClient({
  router: getRouter,
  queryClient,
}: {
  router: () => Router;
  queryClient: QueryClient;
}): void {
  let loggingOut = false;

  /** The session is dead (spec 01 §8): clear it and go to login, remembering where the user was. */
  const forceLogout = (): void => {
    if (loggingOut) return;
    loggingOut = true;
    clearSession();
    clearToasts();
    const router = getRouter();
    const { pathname, search } = router.state.location;
    const target = loginPath(languageFromPath(pathname), `${pathname}${search}`);
    // The query cache is cleared by the signed-out pages once on screen (layouts/signed-out-layout.tsx).
    void router.navigate(target, { replace: true }).finally(() => {
      loggingOut = false;
    });
  };

  configureApiClient({
    // Under impersonation (lib/impersonation.ts) its token acts, pinned to its organisation by
    // the server, and is never refreshed: when it ends, the tab goes back to the staff console.
    getAccessToken: () => getImpersonation()?.access ?? getSession().accessToken,
    getOrganizationId: () => (getImpersonation() ? null : getSession().organizationId),
    refresh: () => (getImpersonation() ? Promise.resolve(false) : refreshSession()),
    canRefresh: () => getImpersonation() === null && hasSession(),
    onLogout: () => {
      if (getImpersonation() === null && !impersonationEnded()) {
        forceLogout();
        return;
      }
      endImpersonation();
      window.location.assign('/staff/users');
    },
    onPaywall: openPaywall,
    notify: showToast,
    translate: (key, values) => i18n.t(`errors:${key}`, values ?? {}),
    cachedUsage: () => trustedUsage(queryClient),
    onUsageBlocked: () => void queryClient.invalidateQueries({ queryKey: usageQueryKey }),
  });
}
