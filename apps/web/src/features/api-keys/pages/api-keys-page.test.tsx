import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { clearToasts } from '../../../lib/toast.ts';
import { fail, fakeServer, me, ok, type Handler } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ApiKeysPage } from './api-keys-page.tsx';

const page = (
  <>
    <ApiKeysPage />
    <Toaster />
  </>
);

afterEach(() => {
  clearToasts();
  vi.restoreAllMocks();
});

function meAs(role: 'owner' | 'admin' | 'member' | 'viewer') {
  const organization = { ...me.current_organization, role };
  return { ...me, organizations: [organization], current_organization: organization };
}

const keyId = '00000000-0000-4000-8000-0000000000a1';
const crm = {
  id: keyId,
  name: 'CRM sync',
  prefix: 'lc_live_Ab3dE9',
  last_four: 'x7Qz',
  permissions: ['leads:read', 'leads:write'],
  created_at: '2026-03-01T10:00:00.000Z',
  last_used_at: null,
  expires_at: null,
};
const secret = 'lc_live_Ab3dE9fGhIjKlMnOpQrStUvWxYz012345x7Qz';
const pageOf = (results: unknown[]) => ({ results, count: results.length, next: null, previous: null });
const usage = {
  days: Array.from({ length: 30 }, (_, i) => ({
    date: `2026-03-${String(i + 1).padStart(2, '0')}`,
    requests: i === 29 ? 7 : 0,
  })),
  total: 7,
};

function keysApi(role: 'owner' | 'admin' | 'member' | 'viewer', routes: Record<string, Handler> = {}) {
  return fakeServer({
    'GET /auth/me/': () => ok(meAs(role)),
    'GET /auth/api-keys/': () => ok(pageOf([crm])),
    [`GET /auth/api-keys/${keyId}/usage/`]: () => ok(usage),
    ...routes,
  });
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

describe('ApiKeysPage', () => {
  it('lists keys by prefix and last four, with permissions, use and expiry, and their 30 days of usage', async () => {
    keysApi('owner');
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path: '/settings/api-keys' });
    const row = await screen.findByRole('listitem', { name: 'CRM sync' });
    expect(within(row).getByText('lc_live_Ab3dE9…x7Qz')).toBeDefined();
    expect(within(row).getByText('Leads: Read')).toBeDefined();
    expect(within(row).getByText('Leads: Write')).toBeDefined();
    expect(within(row).getAllByText('Never')).toHaveLength(2);
    await user.click(within(row).getByRole('button', { name: 'Usage' }));
    expect(await within(row).findByText('7 requests in the last 30 days')).toBeDefined();
    expect(within(row).getByRole('table', { name: 'Requests per day made with CRM sync, last 30 days' })).toBeDefined();
    // The documentation names this server's address.
    expect(screen.getByRole('link', { name: /API reference/ }).getAttribute('href')).toBe('/api/v1/docs/');
    const examples = screen.getAllByText((_, node) => node?.tagName === 'CODE');
    expect(examples).toHaveLength(2);
    for (const example of examples) expect(example.textContent).toContain(`${window.location.origin}/api/v1/leads/`);
  });

  it('creates a key and shows it once with a copy button; a refused copy is a toast', { timeout: 20_000 }, async () => {
    const created = { ...crm, id: '00000000-0000-4000-8000-0000000000a2', name: 'Zapier', key: secret };
    const server = keysApi('admin', { 'POST /auth/api-keys/': () => ok(created, 201) });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path: '/settings/api-keys' });
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const form = await screen.findByRole('form', { name: 'Create API key' });

    // Nothing chosen: refused here, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText('Enter a name')).toBeDefined();
    expect(within(form).getByText('Choose at least one permission')).toBeDefined();
    expect(server.bodies('POST /auth/api-keys/')).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Zapier');
    await user.click(within(form).getByRole('checkbox', { name: 'Leads: Read' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Events: Write' }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    await waitFor(() =>
      expect(server.bodies('POST /auth/api-keys/')).toEqual([
        { name: 'Zapier', permissions: ['leads:read', 'events:write'] },
      ]),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Your new key: Zapier' });
    expect(within(dialog).getByText(/You will not see this key again/)).toBeDefined();
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>('API key').value).toBe(secret);
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard(writeText);
    await user.click(within(dialog).getByRole('button', { name: 'Copy the API key' }));
    expect(writeText).toHaveBeenCalledWith(secret);
    stubClipboard(() => Promise.reject(new Error('denied')));
    await user.click(within(dialog).getByRole('button', { name: 'Copy the API key' }));
    expect(await screen.findByText('API key copy failed')).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'I have copied the key' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your new key: Zapier' })).toBeNull());
  });

  it('puts the server’s refusal of a past expiry next to the field', { timeout: 20_000 }, async () => {
    keysApi('owner', {
      'POST /auth/api-keys/': () =>
        fail(422, 'VALIDATION_ERROR', { expires_at: ['The expiry date must be in the future'] }),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path: '/settings/api-keys' });
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const form = await screen.findByRole('form', { name: 'Create API key' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Late');
    await user.click(within(form).getByRole('checkbox', { name: 'Analytics: Read' }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText('The expiry date must be in the future')).toBeDefined();
  });

  it(
    'regenerates after confirming and shows the new key; a failed delete is a toast',
    { timeout: 20_000 },
    async () => {
      const server = keysApi('owner', {
        [`POST /auth/api-keys/${keyId}/regenerate/`]: () => ok({ ...crm, key: secret }),
        [`DELETE /auth/api-keys/${keyId}/`]: () => fail(500, 'INTERNAL_ERROR'),
      });
      const user = userEvent.setup({ delay: null });
      await renderWithApp(page, { path: '/settings/api-keys' });
      await user.click(await screen.findByRole('button', { name: 'Regenerate CRM sync' }));
      const confirm = await screen.findByRole('dialog', { name: 'Regenerate “CRM sync”?' });
      await user.click(within(confirm).getByRole('button', { name: 'Regenerate key' }));
      const shown = await screen.findByRole('dialog', { name: 'Your new key: CRM sync' });
      expect(within(shown).getByLabelText<HTMLTextAreaElement>('API key').value).toBe(secret);
      expect(server.calls.filter((c) => c.path.endsWith('/regenerate/'))).toHaveLength(1);
      await user.click(within(shown).getByRole('button', { name: 'I have copied the key' }));

      await user.click(screen.getByRole('button', { name: 'Delete CRM sync' }));
      const del = await screen.findByRole('dialog', { name: 'Delete “CRM sync”?' });
      await user.click(within(del).getByRole('button', { name: 'Delete key' }));
      expect(await screen.findByText('API key delete failed')).toBeDefined();
      expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    },
  );

  it('tells a member keys are for owners and admins, without asking for them, and still shows the docs', async () => {
    const server = keysApi('member');
    await renderWithApp(page, { path: '/settings/api-keys' });
    await screen.findByText('API keys are for owners and admins');
    expect(screen.queryByRole('button', { name: 'Create API key' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Using the API' })).toBeDefined();
    expect(server.calls.filter((c) => c.path.startsWith('/auth/api-keys/'))).toEqual([]);
  });

  it('speaks Swedish', async () => {
    keysApi('owner');
    await renderWithApp(page, { path: '/sv/settings/api-keys', language: 'sv' });
    expect(await screen.findByRole('heading', { name: 'API-nycklar', level: 1 })).toBeDefined();
    const row = await screen.findByRole('listitem', { name: 'CRM sync' });
    expect(within(row).getByText('Leads: Läsa')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Skapa API-nyckel' })).toBeDefined();
  });
});
