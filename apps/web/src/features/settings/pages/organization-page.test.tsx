import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { fail, fakeServer, me, ok, orgId, organization } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { OrganizationPage } from './organization-page.tsx';

/** Toasts render in the app's root layout; the page under test needs the region itself. */
function WithToasts({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}

const page = (
  <WithToasts>
    <OrganizationPage />
  </WithToasts>
);

beforeEach(() => {
  // happy-dom has no object URLs; the preview only needs a string.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

/** The text colour of the primary colour's preview button. */
const textColor = () => screen.getByTestId('brand-preview').style.color;
const png = (bytes: number) => new File([new Uint8Array(bytes)], 'logo.png', { type: 'image/png' });

describe('OrganizationPage', () => {
  it('saves details, colours and address with PATCH', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(me),
      [`GET /organizations/${orgId}/`]: () => ok(organization()),
      [`PATCH /organizations/${orgId}/`]: (body) => ok(organization('owner', body as Record<string, unknown>)),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path: '/settings/organization' });
    await user.type(await screen.findByLabelText('Billing email'), 'billing@booth.se');
    await user.clear(screen.getByLabelText('Primary color'));
    await user.type(screen.getByLabelText('Primary color'), '#ff0066');
    await user.type(screen.getByLabelText('City'), 'Göteborg');
    await user.selectOptions(screen.getByLabelText('Country'), 'se');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Organization updated');
    expect(server.bodies(`PATCH /organizations/${orgId}/`)[0]).toMatchObject({
      billing_email: 'billing@booth.se',
      primary_color: '#ff0066',
      address: { city: 'Göteborg', country: 'se' },
    });
  });

  it('previews the primary colour on a button with readable text, and refuses a colour that is not hex', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(me),
      [`GET /organizations/${orgId}/`]: () => ok(organization()),
      [`PATCH /organizations/${orgId}/`]: (body) => ok(organization('owner', body as Record<string, unknown>)),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path: '/settings/organization' });
    const primary = await screen.findByLabelText(/^Primary color/);
    await user.clear(primary);
    await user.type(primary, '#1e3a8a');
    expect(textColor()).toMatch(/^(#ffffff|rgb\(255, 255, 255\))$/);
    expect(screen.getByText(/White text on this color: contrast 10\.4:1/)).toBeTruthy();
    await user.clear(primary);
    await user.type(primary, '#facc15');
    expect(textColor()).toMatch(/^(#020617|rgb\(2, 6, 23\))$/);
    expect(screen.getByText(/Dark text on this color: contrast 1\d\.\d:1/)).toBeTruthy();
    await user.clear(primary);
    await user.type(primary, 'yellow');
    expect(screen.queryByTestId('brand-preview')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/valid colou?r|hex/i)).toBeTruthy();
    expect(server.bodies(`PATCH /organizations/${orgId}/`)).toHaveLength(0);
  });

  it('is read-only for a member, with the reason', async () => {
    fakeServer({
      'GET /auth/me/': () => ok(me),
      [`GET /organizations/${orgId}/`]: () => ok(organization('member')),
    });
    await renderWithApp(page, { path: '/settings/organization' });
    await screen.findByText(/You don’t have permission to change these settings/);
    expect(screen.getByLabelText(/^Company name/).closest('fieldset')?.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload logo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete organization' })).toBeNull();
  });

  it('lets the owner delete the organization after typing DELETE, then works in another one', async () => {
    const otherId = '00000000-0000-4000-8000-000000000009';
    const other = { id: otherId, name: 'Second AB', slug: 'second-ab', role: 'owner' };
    let deleted = false;
    const server = fakeServer({
      'GET /auth/me/': () => ok(deleted ? { ...me, organizations: [other], current_organization: other } : me),
      [`GET /organizations/${orgId}/`]: () => ok(organization()),
      [`DELETE /organizations/${orgId}/`]: () => {
        deleted = true;
        return ok({ detail: 'Organization deleted' });
      },
    });
    const user = userEvent.setup({ delay: null });
    const { router } = await renderWithApp(page, { path: '/settings/organization' });
    await user.click(await screen.findByRole('button', { name: 'Delete organization' }));
    const confirm = await screen.findByRole('button', { name: 'Delete organization permanently' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText(/^Type DELETE to confirm/), 'DELETE');
    await user.click(confirm);
    await screen.findByText('Booth AB was deleted');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(server.bodies(`DELETE /organizations/${orgId}/`)).toHaveLength(1);
    expect(document.cookie).toContain(otherId);
  });

  it('explains that the only organization goes with the account (409)', async () => {
    fakeServer({
      'GET /auth/me/': () => ok(me),
      [`GET /organizations/${orgId}/`]: () => ok(organization()),
      [`DELETE /organizations/${orgId}/`]: () => fail(409, 'CONFLICT'),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path: '/settings/organization' });
    await user.click(await screen.findByRole('button', { name: 'Delete organization' }));
    await user.type(await screen.findByLabelText(/^Type DELETE to confirm/), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Delete organization permanently' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/This is your only organization/);
  });

  it('checks the logo file before uploading, like the server', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(me),
      [`GET /organizations/${orgId}/`]: () => ok(organization()),
      [`POST /organizations/${orgId}/logo/`]: () => ok(organization('owner', { logo_url: '/api/v1/public/files/x/' })),
    });
    // applyAccept off: the picker's filter is only a hint, the check must catch the rest.
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await renderWithApp(page, { path: '/settings/organization' });
    await screen.findByText('PNG or JPG up to 2MB, recommended 200x200px.');
    const input = screen.getByLabelText('Upload logo', { selector: 'input' });

    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please select a valid image file');

    await user.upload(input, png(2 * 1024 * 1024 + 1));
    expect((await screen.findByRole('alert')).textContent).toBe('Image size must be less than 2MB');
    expect(server.bodies(`POST /organizations/${orgId}/logo/`)).toHaveLength(0);

    await user.upload(input, png(1024));
    await screen.findByText('Logo updated');
    expect(server.bodies(`POST /organizations/${orgId}/logo/`)).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Logo of Booth AB' }).getAttribute('src')).toBe('/api/v1/public/files/x/');
    expect(screen.getByRole('button', { name: 'Remove logo' })).toBeDefined();
  });

  it('says "Logo upload failed" and shows the server’s reason', async () => {
    fakeServer({
      'GET /auth/me/': () => ok(me),
      [`GET /organizations/${orgId}/`]: () => ok(organization()),
      [`POST /organizations/${orgId}/logo/`]: () =>
        fail(422, 'VALIDATION_ERROR', { file: ['Please select a valid image file'] }),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path: '/settings/organization' });
    await screen.findByText('PNG or JPG up to 2MB, recommended 200x200px.');
    await user.upload(screen.getByLabelText('Upload logo', { selector: 'input' }), png(10));
    await screen.findByText('Logo upload failed');
    expect(screen.getByText('Please select a valid image file')).toBeDefined();
  });
});
