import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, me, ok, organization } from '../../test/fake-server.ts';
import { renderWithApp } from '../../test/render.tsx';
import { CreateOrganizationDialog } from './create-organization-dialog.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('CreateOrganizationDialog', () => {
  it('creates another organization with its name, then switches to it', async () => {
    const newId = '00000000-0000-4000-8000-000000000009';
    const created = { id: newId, name: 'Second AB', slug: 'second-ab', role: 'owner' };
    const server = fakeServer({
      'GET /auth/me/': () => ok(me),
      'POST /organizations/': () => ok(organization('owner', { id: newId, name: 'Second AB' }), 201),
      'POST /auth/switch-organization/': () =>
        ok({ ...me, organizations: [...me.organizations, created], current_organization: created }),
    });
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<CreateOrganizationDialog onClose={onClose} />, { path: '/dashboard' });
    await user.click(await screen.findByRole('button', { name: 'Create organization' }));
    // The name is required before anything is sent.
    expect(server.bodies('POST /organizations/')).toEqual([]);
    await user.type(screen.getByLabelText(/^Organization name/), 'Second AB');
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    await vi.waitFor(() =>
      expect(server.bodies('POST /auth/switch-organization/')).toEqual([{ organization_id: newId }]),
    );
    expect(server.bodies('POST /organizations/')).toEqual([{ name: 'Second AB' }]);
    expect(onClose).toHaveBeenCalled();
  });
});
