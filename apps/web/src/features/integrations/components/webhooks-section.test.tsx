import type { Webhook, WebhookDelivery } from '@leadcapture/contracts/webhooks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { clearToasts } from '../../../lib/toast.ts';
import { fail, fakeServer, me, ok, type Handler } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { WebhooksSection } from './webhooks-section.tsx';

const hookId = '00000000-0000-4000-8000-0000000000a1';
const deliveryId = '00000000-0000-4000-8000-0000000000b1';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

function webhook(changes: Partial<Webhook> = {}): Webhook {
  return {
    id: hookId,
    name: 'CRM sync',
    url: 'https://crm.example.com/hooks',
    events: ['lead.created', 'lead.status_changed'],
    is_active: true,
    status: 'active',
    disabled_reason: null,
    disabled_at: null,
    failing_since: null,
    previous_secret_expires_at: null,
    last_delivery: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...changes,
  };
}

function delivery(changes: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: deliveryId,
    webhook: hookId,
    webhook_id: 'msg_0123456789abcdef0123456789abcdef',
    event_type: 'lead.created',
    status: 'failed',
    attempts: 8,
    last_status_code: 503,
    last_error: 'Answered 503.',
    next_attempt_at: null,
    delivered_at: null,
    created_at: '2026-11-01T10:00:00.000Z',
    attempt_log: [
      {
        id: '00000000-0000-4000-8000-0000000000c1',
        attempted_at: '2026-11-01T10:00:05.000Z',
        status_code: 503,
        duration_ms: 42,
        response_excerpt: 'busy',
        error: 'Answered 503.',
        trigger: 'automatic',
      },
    ],
    ...changes,
  };
}

const pageOf = <T,>(results: T[]) => ({ results, count: results.length, next: null, previous: null });
const meAs = (role: 'owner' | 'admin' | 'member') => {
  const organization = { ...me.current_organization, role };
  return { ...me, organizations: [organization], current_organization: organization };
};

function api(role: 'owner' | 'admin' | 'member', routes: Record<string, Handler> = {}) {
  return fakeServer({
    'GET /auth/me/': () => ok(meAs(role)),
    'GET /integrations/webhooks/': () => ok(pageOf([webhook()])),
    [`GET /integrations/webhooks/${hookId}/deliveries/`]: () => ok(pageOf([delivery()])),
    ...routes,
  });
}

const section = (
  <>
    <WebhooksSection />
    <Toaster />
  </>
);

afterEach(() => {
  clearToasts();
  vi.restoreAllMocks();
});

describe('WebhooksSection', () => {
  it('lists webhooks with their status and events', async () => {
    api('owner', {
      'GET /integrations/webhooks/': () =>
        ok(
          pageOf([
            webhook(),
            webhook({
              id: '00000000-0000-4000-8000-0000000000a2',
              name: 'Old endpoint',
              is_active: false,
              status: 'disabled',
              disabled_reason: 'gone',
            }),
          ]),
        ),
    });
    await renderWithApp(section);
    const list = await screen.findByRole('list', { name: 'Webhooks' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first?.textContent).toContain('CRM sync');
    expect(first?.textContent).toContain('Active');
    expect(first?.textContent).toContain('Lead created, Lead status changed');
    expect(second?.textContent).toContain('Disabled: endpoint gone (410)');
    expect(within(second as HTMLElement).getByRole('button', { name: 'Enable' })).toBeTruthy();
  });

  it('adds a webhook with the chosen events and shows its secret once, with copy', async () => {
    const user = userEvent.setup();
    const server = api('owner', {
      'POST /integrations/webhooks/': () => ok({ ...webhook({ name: 'Zapier' }), secret: SECRET }, 201),
    });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderWithApp(section);
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Zapier');
    await user.type(within(dialog).getByLabelText(/^Endpoint URL/), 'https://hooks.zapier.com/abc');
    await user.click(within(dialog).getByRole('checkbox', { name: /Client created/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    const secret = await screen.findByRole('dialog', { name: 'Signing secret of Zapier' });
    expect(within(secret).getByLabelText('Signing secret').textContent).toBe(SECRET);
    expect(server.bodies('POST /integrations/webhooks/')).toEqual([
      { name: 'Zapier', url: 'https://hooks.zapier.com/abc', events: ['lead.created', 'client.created'] },
    ]);
    await user.click(within(secret).getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    await user.click(within(secret).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refuses no events and a malformed secret before sending, and shows the server’s reason on the URL', async () => {
    const user = userEvent.setup();
    const server = api('owner', {
      'POST /integrations/webhooks/': () =>
        fail(422, 'VALIDATION_ERROR', { url: ['This address is private or reserved; use a public address.'] }),
    });
    await renderWithApp(section);
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Local');
    await user.type(within(dialog).getByLabelText(/^Endpoint URL/), 'http://10.0.0.1/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: /Lead created/ }));
    await user.type(within(dialog).getByLabelText(/^Signing secret/), 'not-a-secret');
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await within(dialog).findByText('Choose at least one event')).toBeTruthy();
    expect(within(dialog).getByText(/Use whsec_ followed by the base64/)).toBeTruthy();
    expect(server.bodies('POST /integrations/webhooks/')).toEqual([]);
    await user.click(within(dialog).getByRole('checkbox', { name: /Lead created/ }));
    await user.clear(within(dialog).getByLabelText(/^Signing secret/));
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await within(dialog).findByText(/private or reserved/)).toBeTruthy();
  });

  it('says so in a toast when creating fails', async () => {
    const user = userEvent.setup();
    api('owner', { 'POST /integrations/webhooks/': () => fail(409, 'CONFLICT') });
    await renderWithApp(section);
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'One too many');
    await user.type(within(dialog).getByLabelText(/^Endpoint URL/), 'https://example.com/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('Failed to create the webhook')).toBeTruthy();
  });

  it('tests a webhook and shows the result', async () => {
    const user = userEvent.setup();
    api('owner', {
      [`POST /integrations/webhooks/${hookId}/test/`]: () =>
        ok(
          delivery({
            event_type: 'webhook.test',
            status: 'delivered',
            attempts: 1,
            last_status_code: 200,
            attempt_log: [
              {
                id: '00000000-0000-4000-8000-0000000000c2',
                attempted_at: '2026-11-01T10:00:00.000Z',
                status_code: 200,
                duration_ms: 31,
                response_excerpt: 'ok',
                error: '',
                trigger: 'test',
              },
            ],
          }),
        ),
    });
    await renderWithApp(section);
    await user.click(await screen.findByRole('button', { name: 'Test' }));
    expect(await screen.findByText('Test delivered to CRM sync')).toBeTruthy();
    expect(screen.getByText('Answered 200 in 31 ms.')).toBeTruthy();
  });

  it('says so in a toast when the test or the delete fails', async () => {
    const user = userEvent.setup();
    api('owner', {
      [`POST /integrations/webhooks/${hookId}/test/`]: () => fail(500, 'INTERNAL_ERROR'),
      [`DELETE /integrations/webhooks/${hookId}/`]: () => fail(404, 'NOT_FOUND'),
    });
    await renderWithApp(section);
    await user.click(await screen.findByRole('button', { name: 'Test' }));
    expect(await screen.findByText('Failed to test the webhook')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete CRM sync' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete CRM sync?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete webhook' }));
    expect(await screen.findByText('Failed to delete the webhook')).toBeTruthy();
  });

  it('deletes after confirmation', async () => {
    const user = userEvent.setup();
    const server = api('owner', {
      [`DELETE /integrations/webhooks/${hookId}/`]: () => ok({ detail: 'Webhook deleted' }),
    });
    await renderWithApp(section);
    await user.click(await screen.findByRole('button', { name: 'Delete CRM sync' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete CRM sync?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete CRM sync' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete CRM sync?' })).getByRole('button', {
        name: 'Delete webhook',
      }),
    );
    expect(await screen.findByText('Webhook CRM sync deleted')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `/integrations/webhooks/${hookId}/`,
    ]);
  });

  it('shows the delivery log with each attempt, and resends a delivery', async () => {
    const user = userEvent.setup();
    const server = api('owner', {
      [`POST /integrations/webhooks/${hookId}/deliveries/${deliveryId}/resend/`]: () =>
        ok(delivery({ status: 'delivered', last_status_code: 200 })),
    });
    await renderWithApp(section);
    await user.click(await screen.findByRole('button', { name: 'Deliveries' }));
    const log = await screen.findByRole('list', { name: 'Delivery log' });
    const [row] = within(log).getAllByRole('listitem');
    expect(row?.textContent).toContain('lead.created');
    expect(row?.textContent).toContain('Failed');
    expect(row?.textContent).toContain('503');
    expect(row?.textContent).toContain('42 ms');
    expect(row?.textContent).toContain('msg_0123456789abcdef0123456789abcdef');
    expect(row?.textContent).toContain('busy');
    await user.click(within(row as HTMLElement).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Delivery sent again')).toBeTruthy();
    expect(server.calls.some((c) => c.path.endsWith(`/deliveries/${deliveryId}/resend/`))).toBe(true);
  });

  it('rotates the secret after confirmation and shows the new one', async () => {
    const user = userEvent.setup();
    api('owner', {
      [`POST /integrations/webhooks/${hookId}/rotate-secret/`]: () =>
        ok({ ...webhook({ previous_secret_expires_at: '2026-11-02T10:00:00.000Z' }), secret: SECRET }),
    });
    await renderWithApp(section);
    await user.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the secret of CRM sync?' });
    await user.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));
    const shown = await screen.findByRole('dialog', { name: 'Signing secret of CRM sync' });
    expect(shown.textContent).toContain(SECRET);
    expect(shown.textContent).toMatch(/two signatures/);
  });

  it('tells a member that only owners and admins manage webhooks, and asks the API nothing', async () => {
    const server = api('member');
    await renderWithApp(section);
    expect(await screen.findByText('Only owners and admins of Booth AB manage webhooks.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add webhook' })).toBeNull();
    expect(server.calls.filter((c) => c.path.startsWith('/integrations/'))).toEqual([]);
  });
});
