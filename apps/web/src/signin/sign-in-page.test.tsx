import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession } from '../lib/session.ts';
import { leaveSignInNotice } from '../lib/sign-in-notice.ts';
import { fail, NETWORK_ERROR, ok, stubCaptureApi } from '../test/capture-fetch.ts';
import type { Language } from '../i18n/language.ts';
import { SignInPage, type SignInPageProps } from './sign-in-page.tsx';

const LOGIN = 'POST /auth/login/';
const orgId = '2d75f2a2-f43b-4422-9931-0ff47641edf9';
const result = (language = 'en') => ({
  access: 'access-token',
  refresh: 'refresh-token',
  organization: { id: orgId, name: 'Booth AB', slug: 'booth-ab', role: 'owner' },
  user: { id: 'u1', email: 'ada@example.com', language },
});

function renderPage(options: { language?: Language; search?: string } & Partial<SignInPageProps> = {}) {
  const go = vi.fn<(url: string) => void>();
  const { language = 'en', search = '' } = options;
  const pathname = language === 'en' ? '/auth/login' : '/sv/auth/login';
  // No providers unless a test asks for them, or (providers: undefined) for the server's list.
  const props = 'providers' in options ? options : { ...options, providers: [] };
  render(<SignInPage go={go} pathname={pathname} {...props} language={language} search={search} />);
  return { go, user: userEvent.setup({ delay: null }) };
}

async function fillIn(
  user: ReturnType<typeof userEvent.setup>,
  email: string,
  password: string,
  language: Language = 'en',
) {
  await user.type(screen.getByLabelText(language === 'en' ? /^Email/ : /^E-post/), email);
  await user.type(screen.getByLabelText(language === 'en' ? /^Password/ : /^Lösenord/), password);
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('the sign-in page', () => {
  it('signs in, keeps the session and goes to the dashboard in the user’s language', async () => {
    const api = stubCaptureApi({ [LOGIN]: ok(result('sv')) });
    const { go, user } = renderPage();
    await fillIn(user, '  Ada@Example.com ', 'Booth2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/sv/dashboard'));
    expect(api.of(LOGIN)[0]?.body).toEqual({ email: 'ada@example.com', password: 'Booth2026' });
    expect(getSession()).toEqual({ accessToken: 'access-token', signedIn: true, organizationId: orgId });
    // Busy until the next page has loaded.
    expect(screen.getByRole('button', { name: 'Sign in' }).getAttribute('aria-busy')).toBe('true');
  });

  it('goes to the redirect query when it is a path of this site, never elsewhere', async () => {
    stubCaptureApi({ [LOGIN]: ok(result()) });
    const inside = renderPage({ search: '?redirect=%2Fleads%3Fpage%3D2' });
    await fillIn(inside.user, 'ada@example.com', 'Booth2026');
    await inside.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(inside.go).toHaveBeenCalledWith('/leads?page=2'));
  });

  it('refuses an open redirect', async () => {
    stubCaptureApi({ [LOGIN]: ok(result()) });
    const { go, user } = renderPage({ search: '?redirect=%2F%2Fevil.example' });
    await fillIn(user, 'ada@example.com', 'Booth2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/dashboard'));
  });

  it('checks the contract rules before calling the server, then again as the user types', async () => {
    const api = stubCaptureApi({ [LOGIN]: ok(result()) });
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    const email = screen.getByLabelText(/^Email/);
    expect(document.activeElement).toBe(email);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText('This field is required', {
        selector: `#${CSS.escape(email.getAttribute('aria-describedby') ?? '')}`,
      }),
    ).toBeTruthy();
    await user.type(email, 'ada@');
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Password/), '12345');
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('says "Invalid email or password" on a 401, and stays on the page', async () => {
    stubCaptureApi({ [LOGIN]: fail(401, 'INVALID_CREDENTIALS') });
    const { go, user } = renderPage();
    await fillIn(user, 'ada@example.com', 'Wrong12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(go).not.toHaveBeenCalled();
    expect(getSession().accessToken).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('disabled')).toBe(false);
  });

  it('words throttling and other failures as the catalogue does, in Swedish too', async () => {
    stubCaptureApi({
      [LOGIN]: [fail(429, 'RATE_LIMITED', undefined, { 'retry-after': '60' }), fail(500, 'INTERNAL_ERROR')],
    });
    const { user } = renderPage({ language: 'sv' });
    await fillIn(user, 'ada@example.com', 'Booth2026', 'sv');
    await user.click(screen.getByRole('button', { name: 'Logga in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'För många försök. Vänta några minuter och försök igen.',
    );
    await user.click(screen.getByRole('button', { name: 'Logga in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Inloggningen misslyckades. Försök igen.'));
  });

  it('treats no answer, or an answer without tokens, as a failed sign-in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      stubCaptureApi({ [LOGIN]: [NETWORK_ERROR, NETWORK_ERROR, ok({ user: {} })] });
      const { go, user } = renderPage();
      await fillIn(user, 'ada@example.com', 'Booth2026');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Sign-in failed. Please try again.');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Sign-in failed. Please try again.'));
      expect(go).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows what the page that sent the user here left for it, once', () => {
    leaveSignInNotice('password_reset');
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Your password has been changed. Sign in with the new one.');
    cleanup();
    renderPage();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('links to the journeys around it, in the page’s language, and offers configured providers only', () => {
    renderPage({ language: 'sv', search: '?redirect=%2Fsv%2Fleads' });
    expect(screen.getByRole('link', { name: 'Glömt lösenordet?' }).getAttribute('href')).toBe(
      '/sv/auth/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Skapa konto' }).getAttribute('href')).toBe('/sv/auth/register');
    expect(screen.getByRole('link', { name: 'English' }).getAttribute('href')).toBe(
      '/auth/login?redirect=%2Fsv%2Fleads',
    );
    expect(screen.queryByText('eller fortsätt med')).toBeNull();
  });

  it('shows a button per configured provider', () => {
    renderPage({ providers: [{ id: 'google', name: 'Google', href: '/api/v1/auth/oauth/google/' }] });
    expect(screen.getByRole('link', { name: 'Continue with Google' }).getAttribute('href')).toBe(
      '/api/v1/auth/oauth/google/',
    );
  });
});

describe('social sign-in on the sign-in page', () => {
  const SOCIAL = 'GET /auth/social/';
  const LINK = 'POST /auth/social/link/';
  const listed = {
    providers: [
      { id: 'google', name: 'Google', start_url: '/api/v1/auth/social/google/start/' },
      { id: 'microsoft', name: 'Microsoft', start_url: '/api/v1/auth/social/microsoft/start/' },
    ],
  };

  it('asks the server for the configured providers and starts each with the landing path', async () => {
    stubCaptureApi({ [SOCIAL]: ok(listed) });
    renderPage({ providers: undefined, language: 'sv', search: '?redirect=%2Fsv%2Fleads' });
    const google = await screen.findByRole('link', { name: 'Fortsätt med Google' });
    expect(google.getAttribute('href')).toBe('/api/v1/auth/social/google/start/?redirect=%2Fsv%2Fleads');
    expect(screen.getByRole('link', { name: 'Fortsätt med Microsoft' }).getAttribute('href')).toBe(
      '/api/v1/auth/social/microsoft/start/?redirect=%2Fsv%2Fleads',
    );
  });

  it('shows no provider when none is configured', async () => {
    const api = stubCaptureApi({ [SOCIAL]: ok({ providers: [] }) });
    renderPage({ providers: undefined });
    await waitFor(() => expect(api.of(SOCIAL)).toHaveLength(1));
    expect(screen.queryByText('or continue with')).toBeNull();
  });

  it('says what went wrong when the provider sent the browser back with an error', () => {
    renderPage({ providers: [], search: '?social_error=SOCIAL_EMAIL_UNVERIFIED&provider=google' });
    expect(screen.getByRole('alert').textContent).toContain('Google has not verified your email address');
    cleanup();
    renderPage({ providers: [], language: 'sv', search: '?social_error=SOCIAL_NONCE_MISMATCH&provider=microsoft' });
    expect(screen.getByRole('alert').textContent).toBe('Svaret från Microsoft kunde inte kontrolleras. Försök igen.');
    cleanup();
    renderPage({ providers: [], search: '?social_error=SOMETHING_NEW&provider=google' });
    expect(screen.getByRole('alert').textContent).toBe('Sign-in with Google failed. Please try again.');
  });

  it('links the provider after the password sign-in of an existing account, then goes on', async () => {
    const api = stubCaptureApi({ [LOGIN]: ok(result()), [LINK]: ok({ provider: 'google', email: 'ada@example.com' }) });
    const { go, user } = renderPage({
      providers: [],
      search: '?social_error=SOCIAL_ACCOUNT_EXISTS&provider=google&redirect=%2Fleads',
    });
    expect(screen.getByRole('status').textContent).toContain('Sign in with your password once to link Google');
    await fillIn(user, 'ada@example.com', 'Booth2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/leads'));
    expect(api.of(LINK)[0]?.headers.authorization).toBe('Bearer access-token');
  });

  it('says so when the link is refused, and offers to go on signed in', async () => {
    stubCaptureApi({ [LOGIN]: ok(result()), [LINK]: fail(403, 'PERMISSION_DENIED') });
    const { go, user } = renderPage({ providers: [], search: '?social_error=SOCIAL_ACCOUNT_EXISTS&provider=google' });
    await fillIn(user, 'ada@example.com', 'Booth2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Google could not be linked');
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/dashboard');
    expect(go).not.toHaveBeenCalled();
  });
});
