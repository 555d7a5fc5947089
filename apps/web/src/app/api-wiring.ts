import type { createBrowserRouter } from 'react-router';
import { refreshSession } from '../features/auth/api/session.ts';
import { i18n } from '../i18n/i18n.ts';
import { languageFromPath, loginPath } from '../i18n/language.ts';
import { configureApiClient } from '../lib/api-client.ts';
import { openPaywall } from '../lib/paywall.ts';
import { clearSession, getSession, hasSession } from '../lib/session.ts';
import { clearToasts, showToast } from '../lib/toast.ts';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * Plugs the session, token refresh, forced logout, paywall, toasts and translations into the API
 * client (which imports none of them, lib sits below features and app). Called once at start,
 * before the router is created: creating it runs the first page's guard, whose /auth/me call
 * already needs the token. Hence `router` is a getter, read on a forced logout only.
 */
export function wireApiClient({ router: getRouter }: { router: () => Router }): void {
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
    getAccessToken: () => getSession().accessToken,
    getOrganizationId: () => getSession().organizationId,
    refresh: refreshSession,
    canRefresh: hasSession,
    onLogout: forceLogout,
    onPaywall: openPaywall,
    notify: showToast,
    translate: (key, values) => i18n.t(`errors:${key}`, values ?? {}),
  });
}
