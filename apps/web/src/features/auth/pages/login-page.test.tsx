import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { SocialSignIn } from '../components/social-sign-in.tsx';
import { answerWith, authResult, fail, ok } from '../test/fake-api.ts';
import { LoginPage } from './login-page.tsx';

afterEach(() => vi.unstubAllGlobals());

async function fillAndSubmit(email: string, password: string) {
  await userEvent.type(screen.getByLabelText(/^Email/), email);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it('validates email and the 6-character minimum before calling the server', async () => {
    const api = answerWith(ok(authResult));
    await renderWithApp(<LoginPage />, { path: '/auth/login' });
    await fillAndSubmit('not-an-email', '12345');
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(api.mock).not.toHaveBeenCalled();
  });

  it('has the forgot-password and create-account links and no social buttons without providers', async () => {
    answerWith(ok(authResult));
    await renderWithApp(<LoginPage />, { path: '/auth/login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/auth/forgot-password');
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe('/auth/register');
    expect(screen.queryByText('or continue with')).toBeNull();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).not.toContain('Continue with');
  });

  it('renders one link per configured provider', async () => {
    await renderWithApp(<SocialSignIn providers={[{ id: 'google', name: 'Google', href: '/oauth/google' }]} />);
    expect(screen.getByRole('link', { name: 'Continue with Google' }).getAttribute('href')).toBe('/oauth/google');
  });

  it('posts the credentials and goes to a safe redirect path', async () => {
    const api = answerWith(ok(authResult));
    const { router } = await renderWithApp(<LoginPage />, {
      path: '/auth/login',
      url: '/auth/login?redirect=%2Fleads%3Fpage%3D2',
    });
    await fillAndSubmit('ada@example.com', 'secret1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads'));
    expect(router.state.location.search).toBe('?page=2');
    expect(api.url()).toContain('/api/v1/auth/login/');
    expect(api.body()).toEqual({ email: 'ada@example.com', password: 'secret1' });
  });

  it('ignores an off-site redirect and goes to /dashboard', async () => {
    answerWith(ok(authResult));
    const { router } = await renderWithApp(<LoginPage />, {
      path: '/auth/login',
      url: '/auth/login?redirect=%2F%2Fevil.example',
    });
    await fillAndSubmit('ada@example.com', 'secret1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows "Invalid email or password" on a 401', async () => {
    answerWith(fail(401, 'UNAUTHORIZED'));
    await renderWithApp(<LoginPage />, { path: '/auth/login' });
    await fillAndSubmit('ada@example.com', 'wrong-one');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
  });
});
