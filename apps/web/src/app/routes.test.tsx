import { render, screen, waitFor } from '@testing-library/react';
import { APP_PAGE_PATHS, isAppPagePath } from '@leadcapture/contracts/app-pages';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n.ts';
import { configureApiClient, resetApiClient } from '../lib/api-client.ts';
import { getSession, saveOrganizationId, saveAccessToken } from '../lib/session.ts';
import { wireApiClient } from './api-wiring.ts';
import { AppProviders } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { createRoutes } from './routes.tsx';

const orgId = '2d75f2a2-f43b-4422-9931-0ff47641edf9';
const me = {
  id: '38d4e592-0cf8-426a-81e2-72005e9a7f49',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: '',
  job_title: '',
  timezone: 'UTC',
  language: 'en',
  date_joined: '2026-01-02T10:00:00.000Z',
  email_verified: true,
  organizations: [{ id: orgId, name: 'Booth AB', slug: 'booth-ab', role: 'owner' }],
  current_organization: { id: orgId, name: 'Booth AB', slug: 'booth-ab', role: 'owner' },
  onboarding_completed: true,
};
const envelope = (data: unknown) => ({
  status: 'success',
  status_code: 200,
  data,
  meta: { timestamp: new Date().toISOString() },
});
const failure = (status: number, code: string) => ({
  status: 'error',
  status_code: status,
  error: { message: code, code },
  meta: { timestamp: new Date().toISOString() },
});

let meAnswer: () => Response;
/** Full page loads: the sign-in page is a document of its own (guards.ts, leaveForSignIn). */
let documentLoads: string[];
/** A new organisation's Lobby: nothing yet. */
const emptyOverview = {
  period: { days: 30, start: '2026-10-23T00:00:00.000Z', end: '2026-11-21T12:00:00.000Z' },
  total_leads: 0,
  new_leads: 0,
  new_leads_previous: 0,
  active_events: 0,
  conversion_rate: 0,
  converted_leads: 0,
  leads_by_day: [],
  recent_leads: [],
  upcoming_events: [],
};
const fetchMock = vi.fn((input: string) => {
  if (input.endsWith('/auth/me/')) return Promise.resolve(meAnswer());
  if (input.includes('/analytics/dashboard/overview/')) {
    return Promise.resolve(new Response(JSON.stringify(envelope(emptyOverview)), { status: 200 }));
  }
  return Promise.resolve(new Response(JSON.stringify(failure(404, 'NOT_FOUND')), { status: 404 }));
});

beforeEach(async () => {
  meAnswer = () => new Response(JSON.stringify(envelope(me)), { status: 200 });
  documentLoads = [];
  const load = (url: string | URL) => void documentLoads.push(String(url));
  vi.spyOn(window.location, 'assign').mockImplementation(load);
  vi.spyOn(window.location, 'replace').mockImplementation(load);
  vi.stubGlobal('fetch', fetchMock);
  await initI18n('en');
});

afterEach(() => {
  resetApiClient();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  fetchMock.mockClear();
});

function renderApp(path: string) {
  const queryClient = createQueryClient();
  // Wired first, as main.tsx does: creating the router runs the guard, which calls the API.
  wireApiClient({ router: () => router, queryClient });
  configureApiClient({ sleep: () => Promise.resolve() });
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

function signIn(): void {
  saveAccessToken('access-token');
  saveOrganizationId(orgId);
}

const location = (router: ReturnType<typeof renderApp>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('route guards (spec 01 §2)', () => {
  it('sends a signed-out user to the sign-in page, a page load, with the wanted path', async () => {
    renderApp('/dashboard');
    await waitFor(() => expect(documentLoads).toEqual(['/auth/login?redirect=%2Fdashboard']));
    expect(fetchMock).not.toHaveBeenCalled();
    renderApp('/sv/leads?page=2');
    await waitFor(() => expect(documentLoads.at(-1)).toBe('/sv/auth/login?redirect=%2Fsv%2Fleads%3Fpage%3D2'));
  });

  it('loads the sign-in page from a link inside the app', async () => {
    const router = renderApp('/auth/register');
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    await router.navigate('/auth/login');
    await waitFor(() => expect(documentLoads).toEqual(['/auth/login']));
  });

  it('answers not found where the app itself was loaded at the sign-in address (no sign-in build)', async () => {
    window.history.replaceState(null, '', '/auth/login');
    try {
      renderApp('/auth/login');
      await screen.findByRole('heading', { level: 1, name: 'Page not found' });
      expect(documentLoads).toEqual([]);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('adds no redirect for /', async () => {
    signIn();
    const router = renderApp('/');
    await waitFor(() => expect(location(router)).toBe('/dashboard'));
  });

  it('loads the user once signed in and shows the page in the dashboard layout', async () => {
    signIn();
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' });
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(document.title).toBe('Dashboard - LeadCapture');
    const headers = new Headers((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers);
    expect(headers.get('authorization')).toBe('Bearer access-token');
    expect(headers.get('x-organization-id')).toBe(orgId);
  });

  it('asks for the Lobby’s figures beside /auth/me, not after it, and once', async () => {
    signIn();
    // /auth/me answers only once the figures have been asked for: were they asked for by the
    // page (after the user is in), the page would never render.
    let figuresAsked: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => (figuresAsked = resolve));
    const answer = meAnswer;
    fetchMock.mockImplementation((input: string) => {
      if (input.endsWith('/auth/me/')) return asked.then(answer);
      figuresAsked();
      return Promise.resolve(new Response(JSON.stringify(envelope(emptyOverview)), { status: 200 }));
    });
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' });
    const paths = fetchMock.mock.calls.map(([input]) => new URL(input, 'http://localhost').pathname);
    expect(paths.filter((path) => path.endsWith('/analytics/dashboard/overview/'))).toHaveLength(1);
  });

  it('sends a signed-in user from /auth/register to /dashboard', async () => {
    signIn();
    const router = renderApp('/auth/register');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' });
    expect(location(router)).toBe('/dashboard');
  });

  it('lets a signed-in user open a mailed verification link', async () => {
    signIn();
    const router = renderApp('/auth/verify-email?token=abc');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(router.state.location.pathname).toBe('/auth/verify-email');
  });

  it('lets a signed-in user open a mailed invitation, in English and Swedish', async () => {
    signIn();
    const router = renderApp('/auth/accept-invite?token=abc');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(router.state.location.pathname).toBe('/auth/accept-invite');
    const sv = renderApp('/sv/auth/accept-invite?token=abc');
    await waitFor(() => expect(sv.state.location.pathname).toBe('/sv/auth/accept-invite'));
  });

  it('leads the other billing addresses to the billing pages, keeping /sv and ?upgrade', async () => {
    signIn();
    const billing = renderApp('/sv/dashboard/settings/billing?upgrade=professional');
    await waitFor(() => expect(location(billing)).toBe('/sv/settings/billing?upgrade=professional'));
    const usage = renderApp('/dashboard/analytics/usage');
    await waitFor(() => expect(location(usage)).toBe('/settings/billing/usage'));
  });

  it("serves the local provider's billing portal and checkout as pages of the signed-in app", async () => {
    signIn();
    renderApp('/sv/billing/portal?return_url=%2Fsv%2Fsettings%2Fbilling');
    await screen.findByRole('heading', { level: 1, name: 'Faktureringsportal' });
    await waitFor(() => expect(document.title).toBe('Faktureringsportal - LeadCapture'));
    const checkout = renderApp('/billing/checkout/00000000-0000-4000-8000-0000000000f1');
    await waitFor(() => expect(document.title).toBe('Checkout - LeadCapture'));
    expect(location(checkout)).toBe('/billing/checkout/00000000-0000-4000-8000-0000000000f1');
  });

  it('logs out when the user cannot be loaded', async () => {
    signIn();
    meAnswer = () => new Response(JSON.stringify(failure(500, 'INTERNAL_ERROR')), { status: 500 });
    renderApp('/settings');
    await waitFor(() => expect(documentLoads).toEqual(['/auth/login?redirect=%2Fsettings']));
    expect(getSession()).toEqual({ accessToken: null, signedIn: false, organizationId: null });
  });

  it('logs out when the session cannot be renewed', async () => {
    signIn();
    meAnswer = () => new Response(JSON.stringify(failure(401, 'TOKEN_INVALID')), { status: 401 });
    renderApp('/settings/profile');
    await waitFor(() => expect(documentLoads).toEqual(['/auth/login?redirect=%2Fsettings%2Fprofile']));
    expect(getSession().signedIn).toBe(false);
  });
});

describe('languages and unknown paths', () => {
  it('serves /sv/auth/register in Swedish with <html lang="sv"> and the locale cookie', async () => {
    renderApp('/sv/auth/register');
    await screen.findByRole('heading', { level: 1, name: 'Skapa ditt konto' });
    expect(document.documentElement.lang).toBe('sv');
    expect(document.cookie).toContain('locale=sv');
    expect(document.title).toBe('Skapa konto - LeadCapture');
    await initI18n('en');
  });

  it('shows the 404 page with the path for unknown paths', async () => {
    renderApp('/no-such-page/42');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(screen.getByText('Page Not Found: /no-such-page/42')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back home' }).getAttribute('href')).toBe('/');
  });
});

/** Every page path of a route tree, as the browser sees it: parents' paths joined, index = parent. */
function pagePaths(routes: readonly RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const own = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent}/${route.path}`;
    const path = own.replace(/\/+/g, '/');
    const here = route.index === true || (route.path !== undefined && route.children === undefined) ? [path] : [];
    // A layout route with a path is a page too when it has an index child (the staff console).
    return [...here, ...pagePaths(route.children ?? [], path)];
  });
}

describe('the route table the server shares (contracts/app-pages.ts)', () => {
  const english = pagePaths(createRoutes(createQueryClient()))
    .filter((path) => !path.startsWith('/sv') && !path.endsWith('*'))
    .map((path) => (path === '' ? '/' : path));

  it('serves every listed page, and lists every page it serves', () => {
    expect(new Set(english)).toEqual(new Set<string>(APP_PAGE_PATHS));
  });

  it('serves each page under /sv too', () => {
    const swedish = pagePaths(createRoutes(createQueryClient())).filter(
      (path) => path.startsWith('/sv') && !path.endsWith('*'),
    );
    expect(swedish.length).toBe(english.length);
    for (const path of swedish) expect(isAppPagePath(path), path).toBe(true);
  });
});
