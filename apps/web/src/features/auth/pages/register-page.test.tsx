import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, getToasts } from '../../../lib/toast.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { answerWith, authResult, fail, ok } from '../test/fake-api.ts';
import { RegisterPage } from './register-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

async function fill({ confirm = 'Booth2026x', terms = true } = {}) {
  await userEvent.type(screen.getByLabelText(/^First name/), 'Ada');
  await userEvent.type(screen.getByLabelText(/^Last name/), 'Lovelace');
  await userEvent.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await userEvent.type(screen.getByLabelText(/^Company name/), 'Booth AB');
  await userEvent.type(screen.getByLabelText(/^Password/), 'Booth2026x');
  await userEvent.type(screen.getByLabelText(/^Confirm password/), confirm);
  if (terms) await userEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create account' }));

describe('RegisterPage', () => {
  it('shows the contract messages for a mismatch and missing terms', async () => {
    const api = answerWith(ok({ providers: [] }), ok(authResult, 201));
    await renderWithApp(<RegisterPage />, { path: '/auth/register' });
    await fill({ confirm: 'Booth2026y', terms: false });
    await submit();
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(screen.getByText('You must agree to the terms and conditions')).toBeTruthy();
    // Only the list of sign-in providers was asked for: nothing was sent.
    expect(api.mock.mock.calls.map(([url, init]) => `${init.method ?? 'GET'} ${url}`)).toEqual([
      'GET /api/v1/auth/social/',
    ]);
  });

  it('links the terms page in a new tab', async () => {
    answerWith(ok({ providers: [] }));
    await renderWithApp(<RegisterPage />, { path: '/auth/register' });
    const link = screen.getByRole('link', { name: 'terms and conditions' });
    expect(link.getAttribute('href')).toBe('/terms');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('offers sign-up with each configured provider, landing on onboarding', async () => {
    answerWith(
      ok({ providers: [{ id: 'microsoft', name: 'Microsoft', start_url: '/api/v1/auth/social/microsoft/start/' }] }),
    );
    await renderWithApp(<RegisterPage />, { path: '/sv/auth/register', language: 'sv' });
    const button = await screen.findByRole('link', { name: 'Fortsätt med Microsoft' });
    expect(button.getAttribute('href')).toBe('/api/v1/auth/social/microsoft/start/?redirect=%2Fsv%2Fonboarding');
    expect(screen.getByText('eller registrera dig med')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Google/ })).toBeNull();
  });

  it('sends the form with the UI language and goes to /onboarding', async () => {
    const api = answerWith(ok({ providers: [] }), ok(authResult, 201));
    const { router } = await renderWithApp(<RegisterPage />, { path: '/sv/auth/register', language: 'sv' });
    await userEvent.type(screen.getByLabelText(/^Förnamn/), 'Ada');
    await userEvent.type(screen.getByLabelText(/^Efternamn/), 'Lovelace');
    await userEvent.type(screen.getByLabelText(/^E-post/), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/^Företagsnamn/), 'Booth AB');
    await userEvent.type(screen.getByLabelText(/^Lösenord/), 'Booth2026x');
    await userEvent.type(screen.getByLabelText(/^Bekräfta lösenord/), 'Booth2026x');
    await userEvent.click(screen.getByRole('checkbox', { name: /villkoren/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /produktnyheter/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Skapa konto' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sv/onboarding'));
    const post = api.mock.mock.calls.findIndex(
      ([url, init]) => init.method === 'POST' && url.endsWith('/auth/register/'),
    );
    expect(api.body(post)).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      company_name: 'Booth AB',
      password: 'Booth2026x',
      password_confirm: 'Booth2026x',
      terms_accepted: true,
      newsletter_opt_in: true,
      language: 'sv',
    });
  });

  it('puts a 409 on the email field, without a toast', async () => {
    answerWith(fail(409, 'CONFLICT', { email: ['A user with this email already exists.'] }));
    await renderWithApp(<RegisterPage />, { path: '/auth/register' });
    await fill();
    await submit();
    expect(await screen.findByText(/An account with this email already exists/)).toBeTruthy();
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(getToasts()).toEqual([]);
  });

  it('shows a common password refused by the server (422) on the password field, in English and Swedish', async () => {
    const refused = () =>
      answerWith(
        fail(422, 'VALIDATION_ERROR', {
          password: ['This password is too common or easy to guess. Choose another one.'],
        }),
      );
    refused();
    const view = await renderWithApp(<RegisterPage />, { path: '/auth/register' });
    await fill();
    await submit();
    expect(await screen.findByText('This password is too common or easy to guess. Choose another one.')).toBeTruthy();
    expect(screen.getByLabelText(/^Password/).getAttribute('aria-invalid')).toBe('true');
    expect(getToasts()).toEqual([]);
    view.unmount();

    refused();
    await renderWithApp(<RegisterPage />, { path: '/sv/auth/register', language: 'sv' });
    await userEvent.type(screen.getByLabelText(/^Förnamn/), 'Ada');
    await userEvent.type(screen.getByLabelText(/^Efternamn/), 'Lovelace');
    await userEvent.type(screen.getByLabelText(/^E-post/), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/^Företagsnamn/), 'Booth AB');
    await userEvent.type(screen.getByLabelText(/^Lösenord/), 'Passw0rd!');
    await userEvent.type(screen.getByLabelText(/^Bekräfta lösenord/), 'Passw0rd!');
    await userEvent.click(screen.getByRole('checkbox', { name: /villkoren/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Skapa konto' }));
    expect(await screen.findByText('Lösenordet är för vanligt eller lätt att gissa. Välj ett annat.')).toBeTruthy();
  });

  it('toasts "Failed to create account. Please try again." on other failures', async () => {
    answerWith(fail(500, 'INTERNAL_ERROR'));
    await renderWithApp(<RegisterPage />, { path: '/auth/register' });
    await fill();
    await submit();
    await waitFor(() =>
      expect(getToasts().map((t) => t.title)).toContain('Failed to create account. Please try again.'),
    );
  });
});
