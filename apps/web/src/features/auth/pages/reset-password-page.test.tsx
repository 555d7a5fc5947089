import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeSignInNotice } from '../../../lib/sign-in-notice.ts';
import { clearToasts } from '../../../lib/toast.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { answerWith, fail, ok } from '../test/fake-api.ts';
import { ResetPasswordPage } from './reset-password-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

const url = '/auth/reset-password?token=tok-123';
const strength = () => screen.getByRole('status').textContent;

describe('ResetPasswordPage', () => {
  it('moves the strength meter through the five levels and ticks the requirements while typing', async () => {
    answerWith(ok({ detail: 'ok' }));
    await renderWithApp(<ResetPasswordPage />, { path: '/auth/reset-password', url });
    const input = screen.getByLabelText(/^New password/);
    expect(strength()).toBe('Password strength: enter a password');
    const steps: [string, string][] = [
      ['a', 'very weak'],
      ['A', 'weak'],
      ['1', 'fair'],
      ['!', 'good'],
      ['long', 'strong'],
    ];
    for (const [typed, level] of steps) {
      await userEvent.type(input, typed);
      expect(strength()).toBe(`Password strength: ${level}`);
    }
    const requirements = screen.getByRole('list', { name: 'Password requirements' });
    const items = within(requirements)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'At least 8 characters (met)',
      'A lowercase letter (met)',
      'An uppercase letter (met)',
      'A number (met)',
      'A special character (met)',
    ]);
    await userEvent.clear(input);
    await userEvent.type(input, 'abc');
    expect(screen.getByText('At least 8 characters').parentElement?.textContent).toContain('(not met)');
  });

  it('sends token and passwords, then goes to /auth/login, which is left a success notice', async () => {
    const api = answerWith(ok({ detail: 'ok' }));
    const { router } = await renderWithApp(<ResetPasswordPage />, { path: '/auth/reset-password', url });
    await userEvent.type(screen.getByLabelText(/^New password/), 'Booth2026x!');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'Booth2026x!');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(api.body()).toEqual({ token: 'tok-123', password: 'Booth2026x!', password_confirm: 'Booth2026x!' });
    expect(takeSignInNotice()).toBe('password_reset');
  });

  it('checks the match before calling the server', async () => {
    const api = answerWith(ok({ detail: 'ok' }));
    await renderWithApp(<ResetPasswordPage />, { path: '/auth/reset-password', url });
    await userEvent.type(screen.getByLabelText(/^New password/), 'Booth2026x!');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'Booth2026y!');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(api.mock).not.toHaveBeenCalled();
  });

  it('replaces the form with a way to get a new link when the token is rejected', async () => {
    answerWith(fail(422, 'VALIDATION_ERROR', { token: ['Reset link is invalid or has expired'] }));
    await renderWithApp(<ResetPasswordPage />, { path: '/auth/reset-password', url });
    await userEvent.type(screen.getByLabelText(/^New password/), 'Booth2026x!');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'Booth2026x!');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/expired or has already been used/);
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/auth/forgot-password');
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });

  it('puts a refused password (422 on password) on its field', async () => {
    answerWith(
      fail(422, 'VALIDATION_ERROR', {
        password: ['This password is too common or easy to guess. Choose another one.'],
      }),
    );
    await renderWithApp(<ResetPasswordPage />, { path: '/auth/reset-password', url });
    await userEvent.type(screen.getByLabelText(/^New password/), 'Password1');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'Password1');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(screen.getByLabelText(/^New password/).getAttribute('aria-invalid')).toBe('true'));
  });

  it('explains a link without a token', async () => {
    await renderWithApp(<ResetPasswordPage />, { path: '/auth/reset-password' });
    expect(screen.getByRole('alert').textContent).toMatch(/needs the link from the reset email/);
  });
});
