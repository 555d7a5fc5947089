import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { answerWith, fail, ok } from '../test/fake-api.ts';
import { ForgotPasswordPage } from './forgot-password-page.tsx';

beforeEach(() => {
  // shouldAdvanceTime: promises and Testing Library's waits still run; the test moves the clock.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const user = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

describe('ForgotPasswordPage', () => {
  it('requires a valid email', async () => {
    const api = answerWith(ok({ detail: 'sent' }));
    await renderWithApp(<ForgotPasswordPage />, { path: '/auth/forgot-password' });
    await user().click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(api.mock).not.toHaveBeenCalled();
  });

  it('shows the confirmation, then allows a resend only after 60 s', async () => {
    const api = answerWith(ok({ detail: 'sent' }));
    await renderWithApp(<ForgotPasswordPage />, { path: '/auth/forgot-password' });
    const u = user();
    await u.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await u.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByText(/If an account exists for ada@example.com/)).toBeTruthy();
    expect(api.body()).toEqual({ email: 'ada@example.com' });

    const resend = screen.getByRole('button', { name: 'Send again in 60 s' });
    expect(resend.hasAttribute('disabled')).toBe(true);
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(screen.getByRole('button', { name: 'Send again in 30 s' }).hasAttribute('disabled')).toBe(true);
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    const ready = screen.getByRole('button', { name: 'Send again' });
    expect(ready.hasAttribute('disabled')).toBe(false);
    await u.click(ready);
    expect(await screen.findByRole('button', { name: 'Send again in 60 s' })).toBeTruthy();
    expect(api.mock).toHaveBeenCalledTimes(2);
  });

  it('says "Failed to send reset instructions" when the request fails', async () => {
    answerWith(fail(500, 'INTERNAL_ERROR'));
    await renderWithApp(<ForgotPasswordPage />, { path: '/auth/forgot-password' });
    await user().type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user().click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to send reset instructions');
    expect(screen.queryByRole('heading', { name: 'Check your inbox' })).toBeNull();
  });

  it('shows the wait of a 429 and counts it down', async () => {
    answerWith(fail(429, 'RATE_LIMITED', { retry_after: 42 }));
    await renderWithApp(<ForgotPasswordPage />, { path: '/auth/forgot-password' });
    await user().type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user().click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please try again in 42 seconds.');
    expect(screen.getByRole('button', { name: 'Send again in 42 s' }).hasAttribute('disabled')).toBe(true);
  });
});
