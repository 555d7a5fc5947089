import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveAccessToken } from '../../../lib/session.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { answerWith, fail, ok } from '../test/fake-api.ts';
import { VerifyEmailPage } from './verify-email-page.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('VerifyEmailPage', () => {
  it('verifies the token once and offers sign-in to a signed-out visitor', async () => {
    const api = answerWith(ok({ detail: 'verified' }));
    await renderWithApp(<VerifyEmailPage />, { path: '/auth/verify-email', url: '/auth/verify-email?token=tok' });
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/login');
    expect(api.mock).toHaveBeenCalledTimes(1);
    expect(api.body()).toEqual({ token: 'tok' });
  });

  it('offers the dashboard when signed in', async () => {
    saveAccessToken('a');
    answerWith(ok({ detail: 'verified' }));
    await renderWithApp(<VerifyEmailPage />, { path: '/auth/verify-email', url: '/auth/verify-email?token=tok' });
    expect((await screen.findByRole('link', { name: 'Continue to dashboard' })).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it('shows the catalogue wording for a bad link, with the resend form', async () => {
    answerWith(fail(422, 'VALIDATION_ERROR', { token: ['Verification failed.'] }));
    await renderWithApp(<VerifyEmailPage />, { path: '/auth/verify-email', url: '/auth/verify-email?token=tok' });
    expect(await screen.findByText('Verification failed (link may have expired or is invalid)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send verification link' })).toBeTruthy();
  });

  it('says "Failed to verify email address" when the server could not be reached', async () => {
    answerWith(fail(503, 'SERVICE_UNAVAILABLE'));
    await renderWithApp(<VerifyEmailPage />, { path: '/auth/verify-email', url: '/auth/verify-email?token=tok' });
    expect(await screen.findByText('Failed to verify email address')).toBeTruthy();
  });

  it('without a token asks for the email and holds the resend for 60 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = answerWith(ok({ detail: 'sent' }), fail(500, 'INTERNAL_ERROR'));
    await renderWithApp(<VerifyEmailPage />, { path: '/auth/verify-email' });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    expect(screen.getByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send verification link' }));
    expect(await screen.findByRole('button', { name: 'Send again in 60 s' })).toBeTruthy();
    expect(api.body()).toEqual({ email: 'ada@example.com' });
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to resend email');
  });

  it('says "Failed to send verification email" when the first send fails', async () => {
    answerWith(fail(500, 'INTERNAL_ERROR'));
    await renderWithApp(<VerifyEmailPage />, { path: '/auth/verify-email' });
    await userEvent.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send verification link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to send verification email');
  });
});
