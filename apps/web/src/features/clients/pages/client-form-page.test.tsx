import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '../../../lib/api-client.ts';
import { clearToasts, getToasts } from '../../../lib/toast.ts';
import { fail, fakeServer, me, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { memberId, members, orgMembersPath } from '../../leads/test/fixtures.ts';
import { aClient, clientId } from '../test/fixtures.ts';
import { ClientFormPage } from './client-form-page.tsx';

function server(routes: Record<string, (body: unknown) => Response> = {}) {
  return fakeServer({
    'GET /auth/me/': () => ok(me),
    [`GET ${orgMembersPath}`]: () => ok(members()),
    ...routes,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
  clearToasts();
});

describe('ClientFormPage (new client)', () => {
  it('checks the form with the contract, creates the client and opens its page', async () => {
    const api = server({ 'POST /clients/': () => ok(aClient({ company_name: 'Nord Data AB' }), 201) });
    const user = userEvent.setup();
    const { router } = await renderWithApp(<ClientFormPage />, { path: '/clients/form' });
    const form = await screen.findByRole('form', { name: 'New client' });
    expect(screen.getByRole('heading', { level: 1, name: 'New client' })).toBeTruthy();

    // Nothing is sent without a company name (createClientSchema requires it).
    await user.click(within(form).getByRole('button', { name: 'Create client' }));
    await within(form).findByText('This field is required');
    expect(api.bodies('POST /clients/')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: /Company name/ }), 'Nord Data AB');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Client type' }), 'Startup');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Industry' }), 'Technology');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Relationship manager' }), memberId);
    await user.type(within(form).getByRole('textbox', { name: 'Tags' }), 'vip{Enter}nordics{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Create client' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/clients/${clientId}`));
    const [sent] = api.bodies('POST /clients/') as Record<string, unknown>[];
    expect(sent).toMatchObject({
      company_name: 'Nord Data AB',
      client_type: 'startup',
      industry: 'technology',
      relationship_manager: memberId,
      tags: ['vip', 'nordics'],
      status: 'onboarding',
      priority: 'medium',
      currency: 'usd',
    });
    expect(getToasts().map((t) => t.title)).toContain('Nord Data AB was added as a client');
  });

  it('puts the server’s 422 on its field and says when creating failed, in the catalogue’s words', async () => {
    let answer = () => fail(422, 'VALIDATION_ERROR', { vat_id: ['Already used by another client'] });
    server({ 'POST /clients/': () => answer() });
    const user = userEvent.setup();
    await renderWithApp(<ClientFormPage />, { path: '/clients/form' });
    const form = await screen.findByRole('form', { name: 'New client' });
    await user.type(within(form).getByRole('textbox', { name: /Company name/ }), 'Fjord AB');
    await user.type(within(form).getByRole('textbox', { name: 'VAT number' }), 'SE1');
    await user.click(within(form).getByRole('button', { name: 'Create client' }));
    expect(await within(form).findByText('Already used by another client')).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: 'VAT number' }).getAttribute('aria-invalid')).toBe('true');

    answer = () => fail(409, 'CONFLICT');
    await user.click(within(form).getByRole('button', { name: 'Create client' }));
    expect(await within(form).findByText('Failed to create, update or delete item')).toBeTruthy();
  });

  it('starts a Swedish page in kronor and goes back to the list on Cancel', async () => {
    const api = server({ 'POST /clients/': () => ok(aClient(), 201) });
    const user = userEvent.setup();
    const { router } = await renderWithApp(<ClientFormPage />, { path: '/sv/clients/form', language: 'sv' });
    const form = await screen.findByRole('form', { name: 'Ny kund' });
    expect(within(form).getByRole<HTMLSelectElement>('combobox', { name: 'Valuta' }).value).toBe('sek');
    await user.click(within(form).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sv/clients'));
    expect(api.bodies('POST /clients/')).toHaveLength(0);
  });
});
