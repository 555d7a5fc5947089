import type { ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, me, ok } from '../../../test/fake-server.ts';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { renderWithApp } from '../../../test/render.tsx';
import { ProfilePage } from './profile-page.tsx';

afterEach(() => vi.unstubAllGlobals());

/** Toasts render in the app's root layout; pages under test need the region themselves. */
function WithToasts({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}

describe('ProfilePage: personal information', () => {
  it('saves the changed fields with PATCH /auth/me/', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(me),
      'PATCH /auth/me/': (body) => ok({ ...me, ...(body as object) }),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(
      <WithToasts>
        <ProfilePage />
      </WithToasts>,
      { path: '/settings/profile' },
    );
    const jobTitle = await screen.findByLabelText('Job title');
    await user.type(jobTitle, 'Head of Sales');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'Asia/Tokyo');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Profile updated');
    expect(server.bodies('PATCH /auth/me/')[0]).toMatchObject({ job_title: 'Head of Sales', timezone: 'Asia/Tokyo' });
  });

  it('offers the timezones and languages of spec 01 §9', async () => {
    fakeServer({ 'GET /auth/me/': () => ok(me) });
    await renderWithApp(
      <WithToasts>
        <ProfilePage />
      </WithToasts>,
      { path: '/settings/profile' },
    );
    const languages = within(await screen.findByLabelText('Language')).getAllByRole('option');
    expect(languages.map((o) => o.textContent)).toEqual([
      'English',
      'Svenska',
      'Spanish',
      'French',
      'German',
      'Japanese',
      'Chinese',
    ]);
    const zones = within(screen.getByLabelText('Time zone'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    for (const zone of [
      'Eastern Time (ET)',
      'Central Time (CT)',
      'Mountain Time (MT)',
      'Pacific Time (PT)',
      'London',
      'Paris',
      'Tokyo',
      'Shanghai',
    ]) {
      expect(zones).toContain(zone);
    }
  });

  it('switching to Svenska also moves the app to /sv', async () => {
    fakeServer({
      'GET /auth/me/': () => ok(me),
      'PATCH /auth/me/': (body) => ok({ ...me, ...(body as object) }),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = await renderWithApp(
      <WithToasts>
        <ProfilePage />
      </WithToasts>,
      { path: '/settings/profile' },
    );
    await user.selectOptions(await screen.findByLabelText('Language'), 'sv');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/sv/settings/profile'));
  });
});

describe('ProfilePage: change password', () => {
  it('checks the confirmation on the client and sends the three fields', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(me),
      'POST /auth/change-password/': () => ok({ detail: 'Password changed' }),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(
      <WithToasts>
        <ProfilePage />
      </WithToasts>,
      { path: '/settings/profile' },
    );
    await user.type(await screen.findByLabelText(/^Current password/), 'Booth2026x');
    await user.type(screen.getByLabelText(/^New password/), 'Booth2027y');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Booth2027z');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText('Passwords do not match');
    expect(server.bodies('POST /auth/change-password/')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Booth2027y');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText('Password changed');
    expect(server.bodies('POST /auth/change-password/')).toEqual([
      { current_password: 'Booth2026x', new_password: 'Booth2027y', new_password_confirm: 'Booth2027y' },
    ]);
    expect(screen.getByLabelText<HTMLInputElement>(/^Current password/).value).toBe('');
  });

  it('says "Failed to change password" and marks a wrong current password', async () => {
    fakeServer({
      'GET /auth/me/': () => ok(me),
      'POST /auth/change-password/': () =>
        fail(422, 'VALIDATION_ERROR', { current_password: ['Current password is incorrect'] }),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(
      <WithToasts>
        <ProfilePage />
      </WithToasts>,
      { path: '/settings/profile' },
    );
    await user.type(await screen.findByLabelText(/^Current password/), 'Wrong2026x');
    await user.type(screen.getByLabelText(/^New password/), 'Booth2027y');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Booth2027y');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText('Failed to change password');
    expect(screen.getByLabelText(/^Current password/).getAttribute('aria-invalid')).toBe('true');
  });
});
