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
  onboarding: lazyPage(() =>
    import('../features/onboarding/pages/onboarding-page.tsx').then((m) => ({ Component: m.OnboardingPage })),
  ),
  events: lazyPage(() => import('../features/events/pages/events-page.tsx').then((m) => ({ Component: m.EventsPage }))),
  eventForm: lazyPage(() =>
    import('../features/events/pages/event-form-page.tsx').then((m) => ({ Component: m.EventFormPage })),
  ),
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
    { path: 'staff/login', lazy: pages.staffLogin, handle: staffTitle((t) => t('staff:login.metaTitle')) },
    {
      path: 'staff',
      lazy: pages.staffLayout,
      handle: { namespaces: ['staff'] } satisfies RouteHandle,
      children: [
        { index: true, loader: () => redirect(localizePath('/staff/users', language)) },
        { path: 'users', lazy: pages.staffUsers, handle: staffTitle((t) => t('staff:users.metaTitle')) },
        {
          path: 'organizations',
          lazy: pages.staffOrganizations,
          handle: staffTitle((t) => t('staff:organizations.metaTitle')),
        },
        { path: 'audit', lazy: pages.staffAudit, handle: staffTitle((t) => t('staff:audit.metaTitle')) },
        { path: 'system', lazy: pages.staffSystem, handle: staffTitle((t) => t('staff:system.metaTitle')) },
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
    { path: 'auth/login', loader: leaveForSignIn },
    { path: 'auth/register', lazy: pages.register, handle: title((t) => t('auth:register.metaTitle')) },
    {
      path: 'auth/forgot-password',
      lazy: pages.forgotPassword,
      handle: title((t) => t('auth:forgotPassword.metaTitle')),
    },
    { path: 'auth/reset-password', lazy: pages.resetPassword, handle: title((t) => t('auth:resetPassword.metaTitle')) },
    { path: 'auth/verify-email', lazy: pages.verifyEmail, handle: title((t) => t('auth:verifyEmail.metaTitle')) },
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
    { path: 'auth/accept-invite', lazy: pages.acceptInvite, handle: title((t) => t('auth:acceptInvite.metaTitle')) },
    { path: 'terms', lazy: pages.terms, handle: title((t) => t('legal:terms.metaTitle')) },
    { path: 'privacy', lazy: pages.privacy, handle: title((t) => t('legal:privacy.metaTitle')) },
    { path: 'contact', lazy: pages.contact, handle: title((t) => t('support:contact.metaTitle')) },
    { path: 'offline', lazy: pages.offline, handle: title((t) => t('support:offline.metaTitle')) },
    // The help centre (03-decisions §4d): public, so visitors and search engines read it too.
    { path: 'help', lazy: pages.helpHome, handle: title((t) => t('help:metaTitle')) },
    {
      path: 'help/:category',
      lazy: pages.helpCategory,
      handle: title((t) => t('help:metaTitle')),
    },
    {
      path: 'help/:category/:article',
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
    { path: 'dashboard/settings/billing', loader: billingRedirect('/settings/billing', language) },
    { path: 'dashboard/analytics/usage', loader: billingRedirect('/settings/billing/usage', language) },
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
              path: 'dashboard',
              // Outside `lazy`: runs at once, beside the guard and the page's download.
              loader: prefetchOverview(queryClient),
              lazy: pages.dashboard,
              handle: title((t) => t('dashboard:metaTitle')),
            },
            { path: 'onboarding', lazy: pages.onboarding, handle: title((t) => t('dashboard:onboarding.metaTitle')) },
            { path: 'events', lazy: pages.events, handle: title((t) => t('events:list.title')) },
            {
              path: 'events/form',
              lazy: pages.eventForm,
              handle: { ...title((t) => t('events:form.createTitle')), namespaces: ['builder'] },
            },
            {
              path: 'events/form/:id',
              lazy: pages.eventForm,
              handle: { ...title((t) => t('events:form.editTitle')), namespaces: ['builder'] },
            },
            { path: 'events/:id', lazy: pages.eventDetail, handle: title((t) => t('events:detail.metaTitle')) },
            { path: 'offers', lazy: pages.offers, handle: title((t) => t('offers:list.title')) },
            {
              path: 'offers/form',
              lazy: pages.offerForm,
              handle: { ...title((t) => t('offers:form.createTitle')), namespaces: ['builder'] },
            },
            {
              path: 'offers/form/:id',
              lazy: pages.offerForm,
              handle: { ...title((t) => t('offers:form.editTitle')), namespaces: ['builder'] },
            },
            { path: 'leads', lazy: pages.leads, handle: title((t) => t('leads:list.title')) },
            { path: 'leads/form', lazy: pages.leadForm, handle: title((t) => t('leads:form.createTitle')) },
            { path: 'leads/form/:id', lazy: pages.leadForm, handle: title((t) => t('leads:form.editTitle')) },
            {
              path: 'leads/:id',
              lazy: pages.leadDetail,
              // The convert dialog and the client link speak the clients namespace.
              handle: { ...title((t) => t('leads:detail.metaTitle')), namespaces: ['clients'] },
            },
            {
              path: 'clients',
              lazy: pages.clients,
              handle: { ...title((t) => t('clients:list.title')), namespaces: ['settings', 'leads'] },
            },
            {
              path: 'clients/form',
              lazy: pages.clientForm,
              handle: { ...title((t) => t('clients:form.createTitle')), namespaces: ['settings', 'leads'] },
            },
            {
              path: 'clients/:id',
              lazy: pages.clientDetail,
              handle: { ...title((t) => t('clients:detail.metaTitle')), namespaces: ['settings', 'leads'] },
            },
            {
              path: 'analytics',
              lazy: pages.analytics,
              // Status labels are the leads namespace's; sources are common's.
              handle: { ...title((t) => t('analytics:metaTitle')), namespaces: ['leads'] },
            },
            { path: 'team', lazy: pages.team, handle: title((t) => t('team:list.title')) },
            {
              path: 'notifications',
              lazy: pages.notifications,
              handle: title((t) => t('notifications:metaTitle')),
            },
            { path: 'settings', lazy: pages.settings, handle: withHelp(title((t) => t('settings:hub.metaTitle'))) },
            {
              path: 'settings/profile',
              lazy: pages.profile,
              handle: withHelp(title((t) => t('settings:profile.metaTitle'))),
            },
            {
              path: 'settings/organization',
              lazy: pages.organization,
              handle: withHelp(title((t) => t('settings:organization.metaTitle'))),
            },
            {
              path: 'settings/notifications',
              lazy: pages.notificationSettings,
              handle: withHelp(title((t) => t('notifications:settings.title'))),
            },
            { path: 'settings/api-keys', lazy: pages.apiKeys, handle: withHelp(title((t) => t('apiKeys:metaTitle'))) },
            {
              path: 'settings/audit-log',
              lazy: pages.organizationAudit,
              handle: withHelp({ ...title((t) => t('staff:orgAudit.metaTitle')), namespaces: ['staff'] }),
            },
            {
              path: 'settings/billing',
              lazy: pages.billing,
              handle: withHelp(title((t) => t('billing:page.metaTitle'))),
            },
            {
              path: 'settings/integrations',
              lazy: pages.integrations,
              handle: withHelp({ ...title((t) => t('integrations:page.metaTitle')), namespaces: ['webhooks'] }),
            },
            {
              path: 'settings/billing/usage',
              lazy: pages.usage,
              handle: withHelp(title((t) => t('billing:usage.metaTitle'))),
            },
            // The local provider's own checkout and billing portal (03-decisions §4).
            {
              path: 'billing/checkout/:id',
              lazy: pages.checkout,
              handle: title((t) => t('billing:checkout.metaTitle')),
            },
            { path: 'billing/portal', lazy: pages.portal, handle: title((t) => t('billing:portal.metaTitle')) },
          ],
        },
      ],
    },
  ];
}

/** One language's tree: switches i18n, <html lang> and the locale cookie before its pages render. */
function languageBranch(language: Language, queryClient: QueryClient): RouteObject {
  return {
    path: language === 'en' ? '/' : `/${language}`,
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
