import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { initI18n, type namespaces } from '../i18n/i18n.ts';
import { languages, localizePath, type Language } from '../i18n/language.ts';
import { writeLocaleCookie } from '../i18n/locale-cookie.ts';
import { prefetchOverview } from '../features/dashboard/api/overview.ts';
import { leaveForLandingPage, leaveForSignIn, redirectSignedIn, requireUser } from './guards.ts';
import { RootLayout } from './layouts/root-layout.tsx';
import { SignedOutLayout } from './layouts/signed-out-layout.tsx';
import { lazyPage } from './lazy-page.ts';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import type { AppPagePath } from '@leadcapture/contracts/app-pages';
import { articleTitleAt } from '../features/help/article-titles.ts';

/**
 * THE route table (spec 01 §2). Every route exists twice, at / in English and under /sv in
 * Swedish. Each page is a `lazy` route, so a page's code (and libraries only it uses, like
 * react-hook-form) loads when the page is visited, not with the first page.
 *
 * To add a screen: write `features/<name>/pages/<name>-page.tsx` exporting the component, add
 * one entry to `pages` below and one route in `signedInRoutes` (or `openRoutes`), give it a
 * `title`, and add it to app/navigation.ts if it belongs in the sidebar. Only register screens
 * that exist: an unknown path shows the 404 page, which is honest; a fake page is not.
 */

/** A `t` that knows every namespace, so titles can say `t('auth:login.metaTitle')`. */
export type AppT = TFunction<typeof namespaces>;

/** `handle` of a route: the page part of the tab title, "{page} - LeadCapture" (spec 02 §1). */
export type RouteHandle = {
  title?: (t: AppT) => string;
  /** Namespaces the page reads besides its title's (shared components such as the builder). */
  namespaces?: readonly string[];
};

/**
 * A route's path, relative to its parent: one of the app's pages of contracts/app-pages.ts, the
 * list the server answers 404 by (a path not listed there does not compile).
 */
function at(path: AppPagePath, parent: AppPagePath | '' = ''): string {
  return path.slice(parent.length + 1);
}

const pages = {
  register: lazyPage(() =>
    import('../features/auth/pages/register-page.tsx').then((m) => ({ Component: m.RegisterPage })),
  ),
  forgotPassword: lazyPage(() =>
    import('../features/auth/pages/forgot-password-page.tsx').then((m) => ({ Component: m.ForgotPasswordPage })),
  ),
  resetPassword: lazyPage(() =>
    import('../features/auth/pages/reset-password-page.tsx').then((m) => ({ Component: m.ResetPasswordPage })),
  ),
  verifyEmail: lazyPage(() =>
    import('../features/auth/pages/verify-email-page.tsx').then((m) => ({ Component: m.VerifyEmailPage })),
  ),
  terms: lazyPage(() => import('../features/legal/pages/terms-page.tsx').then((m) => ({ Component: m.TermsPage }))),
  privacy: lazyPage(() =>
    import('../features/legal/pages/privacy-page.tsx').then((m) => ({ Component: m.PrivacyPage })),
  ),
  contact: lazyPage(() =>
    import('../features/contact/pages/contact-page.tsx').then((m) => ({ Component: m.ContactPage })),
  ),
  helpHome: lazyPage(() =>
    import('../features/help/pages/help-home-page.tsx').then((m) => ({ Component: m.HelpHomePage, loader: m.loader })),
  ),
  helpCategory: lazyPage(() =>
    import('../features/help/pages/help-category-page.tsx').then((m) => ({
      Component: m.HelpCategoryPage,
      loader: m.loader,
    })),
  ),
  helpArticle: lazyPage(() =>
    import('../features/help/pages/help-article-page.tsx').then((m) => ({
      Component: m.HelpArticlePage,
      loader: m.loader,
    })),
  ),
  offline: lazyPage(() =>
    import('../features/offline/pages/offline-page.tsx').then((m) => ({ Component: m.OfflinePage })),
  ),
  dashboardLayout: lazyPage(() =>
    import('./layouts/dashboard-layout.tsx').then((m) => ({ Component: m.DashboardLayout })),
  ),
  dashboard: lazyPage(() =>
    import('../features/dashboard/pages/dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage })),
  ),
  scan: lazyPage(() => import('../features/dashboard/pages/scan-page.tsx').then((m) => ({ Component: m.ScanPage }))),
  onboarding: lazyPage(() =>
    import('../features/onboarding/pages/onboarding-page.tsx').then((m) => ({ Component: m.OnboardingPage })),
  ),
  events: lazyPage(() => import('../features/events/pages/events-page.tsx').then((m) => ({ Component: m.EventsPage }))),
  eventForm: lazyPage(() =>
    import('../features/events/pages/event-form-page.tsx').then((m) => ({ Component: m.EventFormPage })),
  ),
  booth: lazyPage(() => import('../features/booth/pages/booth-page.tsx').then((m) => ({ Component: m.BoothPage }))),
  eventDetail: lazyPage(() =>
    import('../features/events/pages/event-detail-page.tsx').then((m) => ({ Component: m.EventDetailPage })),
  ),
  offers: lazyPage(() => import('../features/offers/pages/offers-page.tsx').then((m) => ({ Component: m.OffersPage }))),
  offerForm: lazyPage(() =>
    import('../features/offers/pages/offer-form-page.tsx').then((m) => ({ Component: m.OfferFormPage })),
  ),
  leads: lazyPage(() => import('../features/leads/pages/leads-page.tsx').then((m) => ({ Component: m.LeadsPage }))),
  leadForm: lazyPage(() =>
    import('../features/leads/pages/lead-form-page.tsx').then((m) => ({ Component: m.LeadFormPage })),
  ),
  leadDetail: lazyPage(() =>
    import('../features/leads/pages/lead-detail-page.tsx').then((m) => ({ Component: m.LeadDetailPage })),
  ),
  clients: lazyPage(() =>
    import('../features/clients/pages/clients-page.tsx').then((m) => ({ Component: m.ClientsPage })),
  ),
  clientForm: lazyPage(() =>
    import('../features/clients/pages/client-form-page.tsx').then((m) => ({ Component: m.ClientFormPage })),
  ),
  clientDetail: lazyPage(() =>
    import('../features/clients/pages/client-detail-page.tsx').then((m) => ({ Component: m.ClientDetailPage })),
  ),
  data: lazyPage(() => import('../features/data/pages/data-page.tsx').then((m) => ({ Component: m.DataPage }))),
  dataTemplates: lazyPage(() =>
    import('../features/data/pages/data-templates-page.tsx').then((m) => ({ Component: m.DataTemplatesPage })),
  ),
  analytics: lazyPage(() =>
    import('../features/analytics/pages/analytics-page.tsx').then((m) => ({ Component: m.AnalyticsPage })),
  ),
  team: lazyPage(() => import('../features/team/pages/team-page.tsx').then((m) => ({ Component: m.TeamPage }))),
  acceptInvite: lazyPage(() =>
    import('../features/auth/pages/accept-invite-page.tsx').then((m) => ({ Component: m.AcceptInvitePage })),
  ),
  notifications: lazyPage(() =>
    import('../features/notifications/pages/notifications-page.tsx').then((m) => ({ Component: m.NotificationsPage })),
  ),
  notificationSettings: lazyPage(() =>
    import('../features/notifications/pages/notification-settings-page.tsx').then((m) => ({
      Component: m.NotificationSettingsPage,
    })),
  ),
  settings: lazyPage(() =>
    import('../features/settings/pages/settings-page.tsx').then((m) => ({ Component: m.SettingsPage })),
  ),
  profile: lazyPage(() =>
    import('../features/settings/pages/profile-page.tsx').then((m) => ({ Component: m.ProfilePage })),
  ),
  organization: lazyPage(() =>
    import('../features/settings/pages/organization-page.tsx').then((m) => ({ Component: m.OrganizationPage })),
  ),
  integrations: lazyPage(() =>
    import('../features/integrations/pages/integrations-page.tsx').then((m) => ({ Component: m.IntegrationsPage })),
  ),
  billing: lazyPage(() =>
    import('../features/billing/pages/billing-page.tsx').then((m) => ({ Component: m.BillingPage })),
  ),
  apiKeys: lazyPage(() =>
    import('../features/api-keys/pages/api-keys-page.tsx').then((m) => ({ Component: m.ApiKeysPage })),
  ),
  usage: lazyPage(() => import('../features/billing/pages/usage-page.tsx').then((m) => ({ Component: m.UsagePage }))),
  checkout: lazyPage(() =>
    import('../features/billing/pages/checkout-page.tsx').then((m) => ({ Component: m.CheckoutPage })),
  ),
  portal: lazyPage(() =>
    import('../features/billing/pages/portal-page.tsx').then((m) => ({ Component: m.PortalPage })),
  ),
  organizationAudit: lazyPage(() =>
    import('../features/staff/pages/organization-audit-page.tsx').then((m) => ({
      Component: m.OrganizationAuditPage,
    })),
  ),
  staffLogin: lazyPage(() =>
    import('../features/staff/pages/staff-login-page.tsx').then((m) => ({ Component: m.StaffLoginPage })),
  ),
  staffLayout: lazyPage(() =>
    import('../features/staff/pages/staff-layout.tsx').then((m) => ({ Component: m.StaffLayout })),
  ),
  staffUsers: lazyPage(() =>
    import('../features/staff/pages/staff-users-page.tsx').then((m) => ({ Component: m.StaffUsersPage })),
  ),
  staffOrganizations: lazyPage(() =>
    import('../features/staff/pages/staff-organizations-page.tsx').then((m) => ({
      Component: m.StaffOrganizationsPage,
    })),
  ),
  staffOrganization: lazyPage(() =>
    import('../features/staff/pages/staff-organization-page.tsx').then((m) => ({
      Component: m.StaffOrganizationPage,
    })),
  ),
  staffAudit: lazyPage(() =>
    import('../features/staff/pages/staff-audit-page.tsx').then((m) => ({ Component: m.StaffAuditPage })),
  ),
  staffSystem: lazyPage(() =>
    import('../features/staff/pages/staff-system-page.tsx').then((m) => ({ Component: m.StaffSystemPage })),
  ),
};

/**
 * The staff console (docs/staff.md): its own layout and sign-in, outside the tenant guards; its
 * code loads only under /staff, so the tenant app's bundles do not grow.
 */
function staffRoutes(language: Language): RouteObject[] {
  const staffTitle = (page: (t: AppT) => string): RouteHandle => ({ title: page, namespaces: ['staff'] });
  return [
    { path: at('/staff/login'), lazy: pages.staffLogin, handle: staffTitle((t) => t('staff:login.metaTitle')) },
    {
      path: at('/staff'),
      lazy: pages.staffLayout,
      handle: { namespaces: ['staff'] } satisfies RouteHandle,
      children: [
        { index: true, loader: () => redirect(localizePath('/staff/users', language)) },
        {
          path: at('/staff/users', '/staff'),
          lazy: pages.staffUsers,
          handle: staffTitle((t) => t('staff:users.metaTitle')),
        },
        {
          path: at('/staff/organizations', '/staff'),
          lazy: pages.staffOrganizations,
          handle: staffTitle((t) => t('staff:organizations.metaTitle')),
        },
        {
          path: at('/staff/organizations/:id', '/staff'),
          lazy: pages.staffOrganization,
          handle: staffTitle((t) => t('staff:organization.metaTitle')),
        },
        {
          path: at('/staff/audit', '/staff'),
          lazy: pages.staffAudit,
          handle: staffTitle((t) => t('staff:audit.metaTitle')),
        },
        {
          path: at('/staff/system', '/staff'),
          lazy: pages.staffSystem,
          handle: staffTitle((t) => t('staff:system.metaTitle')),
        },
      ],
    },
  ];
}

const title = (page: (t: AppT) => string): RouteHandle => ({ title: page });

/** Settings pages show a help link (features/help/api/help-link.tsx): its strings come with the page's. */
const withHelp = (handle: RouteHandle): RouteHandle => ({
  ...handle,
  namespaces: [...(handle.namespaces ?? []), 'help'],
});

/** Open pages a signed-in user skips (spec 01 §2): home and /auth/*. No layout. */
function openRoutes(): RouteObject[] {
  return [
    // The landing page is a document of its own (decision 036), like the sign-in page.
    { index: true, loader: leaveForLandingPage },
    // A document of its own (guards.ts): the route only hands the address to the browser.
    { path: at('/auth/login'), loader: leaveForSignIn },
    { path: at('/auth/register'), lazy: pages.register, handle: title((t) => t('auth:register.metaTitle')) },
    {
      path: at('/auth/forgot-password'),
      lazy: pages.forgotPassword,
      handle: title((t) => t('auth:forgotPassword.metaTitle')),
    },
    {
      path: at('/auth/reset-password'),
      lazy: pages.resetPassword,
      handle: title((t) => t('auth:resetPassword.metaTitle')),
    },
    { path: at('/auth/verify-email'), lazy: pages.verifyEmail, handle: title((t) => t('auth:verifyEmail.metaTitle')) },
  ];
}

/**
 * Public pages for everyone, signed in or not: the legal texts, contact, offline, and the mailed
 * invitation link (a signed-in person accepts with their account; outside the signed-out
 * layout, which drops the cache, including the page's own lookup, when nobody is signed in).
 * No layout.
 */
function publicRoutes(): RouteObject[] {
  return [
    {
      path: at('/auth/accept-invite'),
      lazy: pages.acceptInvite,
      handle: title((t) => t('auth:acceptInvite.metaTitle')),
    },
    { path: at('/terms'), lazy: pages.terms, handle: title((t) => t('legal:terms.metaTitle')) },
    { path: at('/privacy'), lazy: pages.privacy, handle: title((t) => t('legal:privacy.metaTitle')) },
    { path: at('/contact'), lazy: pages.contact, handle: title((t) => t('support:contact.metaTitle')) },
    { path: at('/offline'), lazy: pages.offline, handle: title((t) => t('support:offline.metaTitle')) },
    // The help centre (03-decisions §4d): public, so visitors and search engines read it too.
    { path: at('/help'), lazy: pages.helpHome, handle: title((t) => t('help:metaTitle')) },
    { path: at('/help/:category'), lazy: pages.helpCategory, handle: title((t) => t('help:metaTitle')) },
    {
      path: at('/help/:category/:article'),
      lazy: pages.helpArticle,
      // The article's own title, known once its loader has run.
      handle: title((t) => articleTitleAt(window.location.pathname) ?? t('help:metaTitle')),
    },
  ];
}

/**
 * Other addresses of the billing pages (spec 02 §2): /dashboard/settings/billing (with its
 * `?upgrade=<plan>`) and /dashboard/analytics/usage lead to /settings/billing and its usage page.
 */
function billingRedirect(to: string, language: Language) {
  return ({ request }: LoaderFunctionArgs) => redirect(localizePath(`${to}${new URL(request.url).search}`, language));
}

/** Pages behind sign-in, in the dashboard layout. */
function signedInRoutes(queryClient: QueryClient, language: Language): RouteObject[] {
  return [
    { path: at('/dashboard/settings/billing'), loader: billingRedirect('/settings/billing', language) },
    { path: at('/dashboard/analytics/usage'), loader: billingRedirect('/settings/billing/usage', language) },
    {
      lazy: pages.dashboardLayout,
      // The layout's bell speaks the notifications namespace: fetched with the page's strings,
      // not once the first render has reached the bell (a round trip more before the paint).
      handle: { namespaces: ['notifications'] } satisfies RouteHandle,
      children: [
        {
          // Errors of one page render inside the layout, so the navigation stays usable.
          errorElement: <RouteErrorBoundary inLayout />,
          children: [
            {
              path: at('/dashboard'),
              // Outside `lazy`: runs at once, beside the guard and the page's download.
              loader: prefetchOverview(queryClient),
              lazy: pages.dashboard,
              handle: title((t) => t('dashboard:metaTitle')),
            },
            { path: at('/scan'), lazy: pages.scan, handle: title((t) => t('dashboard:scan.metaTitle')) },
            {
              path: at('/onboarding'),
              lazy: pages.onboarding,
              // The form step shows the builder.
              handle: { ...title((t) => t('dashboard:onboarding.metaTitle')), namespaces: ['builder'] },
            },
            { path: at('/events'), lazy: pages.events, handle: title((t) => t('events:list.title')) },
            {
              path: at('/events/form'),
              lazy: pages.eventForm,
              handle: { ...title((t) => t('events:form.createTitle')), namespaces: ['builder'] },
            },
            {
              path: at('/events/form/:id'),
              lazy: pages.eventForm,
              handle: { ...title((t) => t('events:form.editTitle')), namespaces: ['builder'] },
            },
            { path: at('/events/:id'), lazy: pages.eventDetail, handle: title((t) => t('events:detail.metaTitle')) },
            { path: at('/events/:id/booth'), lazy: pages.booth, handle: title((t) => t('events:booth.metaTitle')) },
            { path: at('/offers'), lazy: pages.offers, handle: title((t) => t('offers:list.title')) },
            {
              path: at('/offers/form'),
              lazy: pages.offerForm,
              handle: { ...title((t) => t('offers:form.createTitle')), namespaces: ['builder'] },
            },
            {
              path: at('/offers/form/:id'),
              lazy: pages.offerForm,
              handle: { ...title((t) => t('offers:form.editTitle')), namespaces: ['builder'] },
            },
            { path: at('/leads'), lazy: pages.leads, handle: title((t) => t('leads:list.title')) },
            { path: at('/leads/form'), lazy: pages.leadForm, handle: title((t) => t('leads:form.createTitle')) },
            { path: at('/leads/form/:id'), lazy: pages.leadForm, handle: title((t) => t('leads:form.editTitle')) },
            {
              path: at('/leads/:id'),
              lazy: pages.leadDetail,
              // The convert dialog and the client link speak the clients namespace.
              handle: { ...title((t) => t('leads:detail.metaTitle')), namespaces: ['clients'] },
            },
            {
              path: at('/clients'),
              lazy: pages.clients,
              handle: { ...title((t) => t('clients:list.title')), namespaces: ['settings', 'leads'] },
            },
            {
              path: at('/clients/form'),
              lazy: pages.clientForm,
              handle: { ...title((t) => t('clients:form.createTitle')), namespaces: ['settings', 'leads'] },
            },
            {
              path: at('/clients/:id'),
              lazy: pages.clientDetail,
              handle: { ...title((t) => t('clients:detail.metaTitle')), namespaces: ['settings', 'leads'] },
            },
            { path: at('/dashboard/data'), lazy: pages.data, handle: title((t) => t('data:metaTitle')) },
            {
              path: at('/dashboard/data/templates'),
              lazy: pages.dataTemplates,
              handle: title((t) => t('data:templates.pageTitle')),
            },
            {
              path: at('/analytics'),
              lazy: pages.analytics,
              // Status labels are the leads namespace's; sources are common's.
              handle: { ...title((t) => t('analytics:metaTitle')), namespaces: ['leads'] },
            },
            { path: at('/team'), lazy: pages.team, handle: title((t) => t('team:list.title')) },
            {
              path: at('/notifications'),
              lazy: pages.notifications,
              handle: title((t) => t('notifications:metaTitle')),
            },
            {
              path: at('/settings'),
              lazy: pages.settings,
              handle: withHelp(title((t) => t('settings:hub.metaTitle'))),
            },
            {
              path: at('/settings/profile'),
              lazy: pages.profile,
              handle: withHelp(title((t) => t('settings:profile.metaTitle'))),
            },
            {
              path: at('/settings/organization'),
              lazy: pages.organization,
              handle: withHelp(title((t) => t('settings:organization.metaTitle'))),
            },
            {
              path: at('/settings/notifications'),
              lazy: pages.notificationSettings,
              handle: withHelp(title((t) => t('notifications:settings.title'))),
            },
            {
              path: at('/settings/api-keys'),
              lazy: pages.apiKeys,
              handle: withHelp(title((t) => t('apiKeys:metaTitle'))),
            },
            {
              path: at('/settings/audit-log'),
              lazy: pages.organizationAudit,
              handle: withHelp({ ...title((t) => t('staff:orgAudit.metaTitle')), namespaces: ['staff'] }),
            },
            {
              path: at('/settings/billing'),
              lazy: pages.billing,
              handle: withHelp(title((t) => t('billing:page.metaTitle'))),
            },
            {
              path: at('/settings/integrations'),
              lazy: pages.integrations,
              handle: withHelp({ ...title((t) => t('integrations:page.metaTitle')), namespaces: ['webhooks'] }),
            },
            {
              path: at('/settings/billing/usage'),
              lazy: pages.usage,
              handle: withHelp(title((t) => t('billing:usage.metaTitle'))),
            },
            // The local provider's own checkout and billing portal (03-decisions §4).
            {
              path: at('/billing/checkout/:id'),
              lazy: pages.checkout,
              handle: title((t) => t('billing:checkout.metaTitle')),
            },
            { path: at('/billing/portal'), lazy: pages.portal, handle: title((t) => t('billing:portal.metaTitle')) },
          ],
        },
      ],
    },
  ];
}

/** True until the first language branch has loaded: the page the visitor opened. */
/** One language's tree: switches i18n, <html lang> and the locale cookie before its pages render. */
function languageBranch(language: Language, queryClient: QueryClient): RouteObject {
  return {
    path: language === 'en' ? '/' : `/${language}`,
    // The bare address is the landing page's own document, which takes a returning Swedish
    // visitor to /sv (landing/returning-visitor.ts).
    loader: async () => {
      await initI18n(language);
      document.documentElement.lang = language;
      writeLocaleCookie(language);
      return null;
    },
    // The language never changes inside a branch, so its loader need not re-run on every navigation.
    shouldRevalidate: () => false,
    children: [
      { loader: redirectSignedIn(language), element: <SignedOutLayout />, children: openRoutes() },
      { children: publicRoutes() },
      { children: staffRoutes(language) },
      { loader: requireUser(language, queryClient), children: signedInRoutes(queryClient, language) },
      { path: '*', element: <NotFoundPage />, handle: title((t) => t('errors:page.404.title')) },
    ],
  };
}

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorBoundary />,
      // Shown while the first page's code and loaders are on their way: the page background, no flash.
      hydrateFallbackElement: <div className="min-h-dvh bg-background" />,
      children: languages.map((language) => languageBranch(language, queryClient)),
    },
  ];
}
