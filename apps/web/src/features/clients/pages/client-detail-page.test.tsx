import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '../../../lib/api-client.ts';
import { clearToasts, getToasts } from '../../../lib/toast.ts';
import { fail, fakeServer, me, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { leadId, members, orgMembersPath } from '../../leads/test/fixtures.ts';
import { aClient, clientId } from '../test/fixtures.ts';
import { ClientDetailPage } from './client-detail-page.tsx';

const path = '/clients/:id';
const url = `/clients/${clientId}`;

function server(routes: Record<string, (body: unknown) => Response> = {}) {
  return fakeServer({
    'GET /auth/me/': () => ok(me),
    [`GET /clients/${clientId}/`]: () => ok(aClient()),
    [`GET ${orgMembersPath}`]: () => ok(members()),
    ...routes,
  });
}

const toastTitles = () => getToasts().map((t) => t.title);
const section = (name: string) => {
  const heading = screen.getByRole('heading', { level: 2, name });
  const card = heading.closest('div')?.parentElement;
  if (!card) throw new Error(`no section ${name}`);
  return card;
};

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
  clearToasts();
});

describe('ClientDetailPage', () => {
  it('shows the profile in sections, with the lead it came from', async () => {
    server();
    await renderWithApp(<ClientDetailPage />, { path, url });
    expect(await screen.findByRole('heading', { level: 1, name: 'Berg AB' })).toBeTruthy();
    for (const name of [
      'Overview',
      'Contact person',
      'Addresses',
      'Financial',
      'Relationship and health',
      'Dates',
      'Tags, notes and custom fields',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    expect(within(section('Overview')).getByRole('link', { name: 'Open the lead' }).getAttribute('href')).toBe(
      `/leads/${leadId}`,
    );
    expect(within(section('Overview')).getByText('556677-8899')).toBeTruthy();
    expect(within(section('Contact person')).getByRole('link', { name: 'vera@berg.se' })).toBeTruthy();
    expect(within(section('Contact person')).getByRole('link', { name: 'LinkedIn' })).toBeTruthy();
    expect(within(section('Addresses')).getByText('903 26 Umeå')).toBeTruthy();
    expect(within(section('Addresses')).getByText('Sweden')).toBeTruthy();
    expect(within(section('Financial')).getByText('Net 30 days')).toBeTruthy();
    expect(within(section('Financial')).getByText(/12,500\.50/)).toBeTruthy();
    expect(await within(section('Relationship and health')).findByText('Sam Seller')).toBeTruthy();
    expect(within(section('Relationship and health')).getByText('70%')).toBeTruthy();
    expect(within(section('Tags, notes and custom fields')).getByText('VIP')).toBeTruthy();
    expect(within(section('Tags, notes and custom fields')).getByText('A12')).toBeTruthy();
    // A converted lead's answers arrive under their questions; a ticked box reads as a word.
    expect(within(section('Tags, notes and custom fields')).getByText('Wants a demo:')).toBeTruthy();
    expect(within(section('Tags, notes and custom fields')).getByText('Yes')).toBeTruthy();
  });

  it('edits fields with the contract’s checks and sends only what changed', async () => {
    const { bodies } = server({
      [`PATCH /clients/${clientId}/`]: (body) => ok(aClient(body as Record<string, unknown>)),
    });
    const user = userEvent.setup();
    await renderWithApp(<ClientDetailPage />, { path, url });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit client' });

    const satisfaction = within(form).getByRole('spinbutton', { name: 'Satisfaction (1–10)' });
    await user.clear(satisfaction);
    await user.type(satisfaction, '11');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText(/from 1 to 10/)).toBeTruthy();
    expect(bodies(`PATCH /clients/${clientId}/`)).toEqual([]);

    await user.clear(satisfaction);
    await user.type(satisfaction, '9');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Status' }), 'active');
    await user.clear(within(form).getByRole('textbox', { name: 'Company name' }));
    await user.type(within(form).getByRole('textbox', { name: 'Company name' }), 'Berg Group AB');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(bodies(`PATCH /clients/${clientId}/`)).toEqual([
        { status: 'active', company_name: 'Berg Group AB', satisfaction_score: 9 },
      ]),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Berg Group AB' })).toBeTruthy();
    expect(toastTitles()).toContain('Client saved');
  });

  it('puts the server’s 422 on its field and says when saving failed', async () => {
    let answer = () => fail(422, 'VALIDATION_ERROR', { vat_id: ['Already used by another client'] });
    server({ [`PATCH /clients/${clientId}/`]: () => answer() });
    const user = userEvent.setup();
    await renderWithApp(<ClientDetailPage />, { path, url });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit client' });
    await user.type(within(form).getByRole('textbox', { name: 'VAT number' }), 'X');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Already used by another client')).toBeTruthy();

    answer = () => fail(409, 'CONFLICT');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Failed to create, update or delete item')).toBeTruthy();
  });

  it('deletes the client after confirmation and goes back to the list', async () => {
    const { bodies } = server({ [`DELETE /clients/${clientId}/`]: () => ok({ detail: 'Client deleted' }) });
    const user = userEvent.setup();
    const { router } = await renderWithApp(<ClientDetailPage />, { path, url });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this client?' });
    expect(within(dialog).getByText(/stays converted/)).toBeTruthy();
    expect(bodies(`DELETE /clients/${clientId}/`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete client' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(toastTitles()).toContain('Berg AB was deleted');
  });

  it('says "Delete failed" when the delete fails', async () => {
    server({ [`DELETE /clients/${clientId}/`]: () => fail(409, 'CONFLICT') });
    const user = userEvent.setup();
    await renderWithApp(<ClientDetailPage />, { path, url });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete client' }));
    await waitFor(() => expect(toastTitles()).toContain('Delete failed'));
  });

  it('gives viewers nothing that changes the client', async () => {
    const viewer = { ...me, current_organization: { ...me.current_organization, role: 'viewer' } };
    server({ 'GET /auth/me/': () => ok(viewer) });
    await renderWithApp(<ClientDetailPage />, { path, url });
    await screen.findByRole('heading', { level: 1, name: 'Berg AB' });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('says "Client not found" for a client that is not there', async () => {
    server({ [`GET /clients/${clientId}/`]: () => fail(404, 'NOT_FOUND') });
    await renderWithApp(<ClientDetailPage />, { path, url });
    expect(await screen.findByRole('heading', { level: 1, name: 'Client not found' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('This client does not exist or was deleted.');
  });

  it('says "Failed to load data" when the client cannot be loaded, and retries', async () => {
    let fails = true;
    server({ [`GET /clients/${clientId}/`]: () => (fails ? fail(500, 'INTERNAL_ERROR') : ok(aClient())) });
    const user = userEvent.setup();
    await renderWithApp(<ClientDetailPage />, { path, url });
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(within(alert).getByText('Failed to load data')).toBeTruthy();
    fails = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Berg AB' })).toBeTruthy();
  });
});
