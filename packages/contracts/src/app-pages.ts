/**
 * THE list of the web app's pages (spec 01 §2), as path patterns without the language prefix
 * (each also exists under /sv). The web router builds its routes from these names (a route
 * whose path is not here does not type-check, and app/routes.test.tsx fails on a listed page no
 * route serves); the server answers a document request for any other path with HTTP 404 and the
 * error page (03-decisions §4d). `:name` matches one path segment.
 *
 * The capture build's pages (/capture/…, /show/…) and short links (/p/…) are served apart
 * (http/web-app.ts) and are not listed here.
 */
export const APP_PAGE_PATHS = [
  '/',
  '/auth/login',
  '/auth/register',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/auth/verify-email',
  '/auth/accept-invite',
  '/terms',
  '/privacy',
  '/contact',
  '/help',
  '/help/:category',
  '/help/:category/:article',
  '/offline',
  '/staff/login',
  '/staff',
  '/staff/users',
  '/staff/organizations',
  '/staff/organizations/:id',
  '/staff/audit',
  '/staff/system',
  '/dashboard/settings/billing',
  '/dashboard/analytics/usage',
  '/dashboard',
  '/dashboard/data',
  '/dashboard/data/templates',
  '/onboarding',
  '/scan',
  '/events',
  '/events/form',
  '/events/form/:id',
  '/events/:id',
  '/events/:id/booth',
  '/offers',
  '/offers/form',
  '/offers/form/:id',
  '/leads',
  '/leads/form',
  '/leads/form/:id',
  '/leads/:id',
  '/clients',
  '/clients/form',
  '/clients/:id',
  '/analytics',
  '/team',
  '/notifications',
  '/settings',
  '/settings/profile',
  '/settings/organization',
  '/settings/notifications',
  '/settings/api-keys',
  '/settings/audit-log',
  '/settings/billing',
  '/settings/billing/usage',
  '/settings/integrations',
  '/billing/checkout/:id',
  '/billing/portal',
] as const;
export type AppPagePath = (typeof APP_PAGE_PATHS)[number];

/** Languages with a path prefix; English lives at the root (spec 02 §2, prefix except default). */
export const PREFIXED_LOCALES = ['sv'] as const;

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

const patterns = APP_PAGE_PATHS.map(segments);

/**
 * Whether a browser path (query and hash already removed) is one of the app's pages, in any
 * language: `/sv/events/5f0…` and `/events/` are, `/nope` and `/sv/sv` are not.
 */
export function isAppPagePath(pathname: string): boolean {
  let parts = segments(pathname);
  if (parts.length > 0 && PREFIXED_LOCALES.some((locale) => locale === parts[0])) parts = parts.slice(1);
  return patterns.some(
    (pattern) =>
      pattern.length === parts.length &&
      pattern.every((segment, index) => segment.startsWith(':') || segment === parts[index]),
  );
}
