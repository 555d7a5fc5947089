import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { clearToasts } from '../../../lib/toast.ts';
import { fail, fakeServer, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ids, integration, list, meAs, noHooks } from '../test/fixtures.ts';
import { IntegrationsPage } from './integrations-page.tsx';

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
    <IntegrationsPage />
  </WithToasts>
);

afterEach(() => {
  clearToasts();
  vi.restoreAllMocks();
});

async function card(name: string) {
  const heading = await screen.findByRole('heading', { level: 3, name });
  const article = heading.closest('article');
  if (article === null) throw new Error(`no card for ${name}`);
  return within(article);
}

const webhook = 'https://hooks.slack.com/services/T0/B0/secret1234';

describe('IntegrationsPage', () => {
  it('shows a card per tool with its status, last sync and why it stopped', async () => {
    fakeServer({
      'GET /auth/me/': () => ok(meAs('owner')),
      'GET /integrations/': () =>
        ok(
          list({
            hubspot: {
              id: ids.hubspot,
              status: 'active',
              last_synced_at: new Date(Date.now() - 5 * 60_000).toISOString(),
              synced_leads: 12,
              config: { access_token: '••••9f3a' },
            },
            mailchimp: {
              id: ids.mailchimp,
              status: 'error',
              error: 'Mailchimp refused the API key.',
              config: { api_key: '••••us21', audience_id: 'a1b2c3' },
            },
          }),
        ),
      'GET /integrations/zapier/hooks/': () => ok(noHooks),
    });
    await renderWithApp(page, { path: '/settings/integrations' });
    const hubspot = await card('HubSpot');
    expect(hubspot.getByText('Active')).toBeDefined();
    expect(hubspot.getByText(/Last synced 5 minutes ago · 12 leads synced/)).toBeDefined();
    expect(hubspot.getByRole('button', { name: 'Sync HubSpot now' })).toBeDefined();
    const mailchimp = await card('Mailchimp');
    expect(mailchimp.getByText('Error')).toBeDefined();
    expect(mailchimp.getByText('Why it stopped: Mailchimp refused the API key.')).toBeDefined();
    // Stopped: fix the credentials first, no sync.
    expect(mailchimp.queryByRole('button', { name: /Sync/ })).toBeNull();
    expect(mailchimp.getByRole('button', { name: 'Configure Mailchimp' })).toBeDefined();
    const slack = await card('Slack');
    expect(slack.getByText('Not connected')).toBeDefined();
    expect(slack.getByRole('button', { name: 'Connect Slack' })).toBeDefined();
    const zapier = await card('Zapier');
    expect(zapier.getByText('No Zaps are listening yet.')).toBeDefined();
    expect(zapier.getByRole('link', { name: 'Create an API key' }).getAttribute('href')).toBe('/settings/api-keys');
    expect(zapier.queryByRole('button', { name: /Connect/ })).toBeNull();
  });

  it('connects Slack with the webhook URL as a secret and hot leads only', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(meAs('admin')),
      'GET /integrations/': () => ok(list()),
      'GET /integrations/zapier/hooks/': () => ok(noHooks),
      'POST /integrations/slack/connect/': () =>
        ok(
          integration('slack', {
            id: ids.slack,
            status: 'connected',
            config: { webhook_url: '••••1234', notify: 'hot' },
          }),
          201,
        ),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path: '/settings/integrations' });
    await user.click((await card('Slack')).getByRole('button', { name: 'Connect Slack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Slack' });
    const url = within(dialog).getByLabelText(/Webhook URL/);
    expect(url.getAttribute('type')).toBe('password');
    // Checked before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText(/required/i)).toBeDefined();
    expect(server.bodies('POST /integrations/slack/connect/')).toHaveLength(0);
    await user.type(url, webhook);
    await user.selectOptions(within(dialog).getByLabelText(/Post/), 'hot');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await screen.findByText('Slack is connected.');
    expect(server.bodies('POST /integrations/slack/connect/')).toEqual([
      { config: { webhook_url: webhook, notify: 'hot' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("puts the server's refusal of a credential on its field", async () => {
    fakeServer({
      'GET /auth/me/': () => ok(meAs('owner')),
      'GET /integrations/': () => ok(list()),
      'GET /integrations/zapier/hooks/': () => ok(noHooks),
      'POST /integrations/hubspot/connect/': () =>
        fail(422, 'VALIDATION_ERROR', { 'config.access_token': ['HubSpot refused this token.'] }),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path: '/settings/integrations' });
    await user.click((await card('HubSpot')).getByRole('button', { name: 'Connect HubSpot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect HubSpot' });
    await user.type(within(dialog).getByLabelText(/access token/), 'pat-na1-0000');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText('HubSpot refused this token.')).toBeDefined();
    expect(screen.getByRole('dialog', { name: 'Connect HubSpot' })).toBeDefined();
  });

  it('configures without sending a secret left empty, and shows it masked', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(meAs('owner')),
      'GET /integrations/': () =>
        ok(
          list({
            microsoft_teams: {
              id: ids.microsoft_teams,
              status: 'connected',
              config: { webhook_url: '••••abcd', notify: 'all' },
            },
          }),
        ),
      'GET /integrations/zapier/hooks/': () => ok(noHooks),
      [`PATCH /integrations/${ids.microsoft_teams}/`]: () =>
        ok(integration('microsoft_teams', { id: ids.microsoft_teams, status: 'connected', config: { notify: 'hot' } })),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path: '/settings/integrations' });
    await user.click((await card('Microsoft Teams')).getByRole('button', { name: 'Configure Microsoft Teams' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configure Microsoft Teams' });
    expect(within(dialog).getByText('Saved: ••••abcd. Leave empty to keep it.')).toBeDefined();
    await user.selectOptions(within(dialog).getByLabelText(/Post/), 'hot');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Microsoft Teams is updated.');
    expect(server.bodies(`PATCH /integrations/${ids.microsoft_teams}/`)).toEqual([{ config: { notify: 'hot' } }]);
  });

  it('sends a test message for a chat tool, syncs a CRM, and toasts a failed sync', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(meAs('owner')),
      'GET /integrations/': () =>
        ok(
          list({
            slack: { id: ids.slack, status: 'active', config: { webhook_url: '••••1234', notify: 'all' } },
            hubspot: { id: ids.hubspot, status: 'connected', config: { access_token: '••••9f3a' } },
          }),
        ),
      'GET /integrations/zapier/hooks/': () => ok(noHooks),
      [`POST /integrations/${ids.slack}/sync/`]: () => ok(integration('slack', { id: ids.slack }), 202),
      [`POST /integrations/${ids.hubspot}/sync/`]: () => fail(503, 'SERVICE_UNAVAILABLE'),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path: '/settings/integrations' });
    await user.click((await card('Slack')).getByRole('button', { name: 'Send a test message to Slack' }));
    await screen.findByText('A test message is on its way to Slack.');
    await user.click((await card('HubSpot')).getByRole('button', { name: 'Sync HubSpot now' }));
    await screen.findByText('HubSpot could not be synced.');
    expect(server.bodies(`POST /integrations/${ids.hubspot}/sync/`)).toHaveLength(1);
  });

  it('disconnects after confirmation, and toasts a refusal', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(meAs('owner')),
      'GET /integrations/': () =>
        ok(list({ salesforce: { id: ids.salesforce, status: 'active', config: { client_id: 'abc' } } })),
      'GET /integrations/zapier/hooks/': () => ok(noHooks),
      [`POST /integrations/${ids.salesforce}/disconnect/`]: () => fail(404, 'NOT_FOUND'),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path: '/settings/integrations' });
    await user.click((await card('Salesforce')).getByRole('button', { name: 'Disconnect Salesforce' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Salesforce?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep connected' }));
    expect(server.bodies(`POST /integrations/${ids.salesforce}/disconnect/`)).toHaveLength(0);
    await user.click((await card('Salesforce')).getByRole('button', { name: 'Disconnect Salesforce' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disconnect' }));
    await screen.findByText('Salesforce could not be disconnected.');
    expect(server.bodies(`POST /integrations/${ids.salesforce}/disconnect/`)).toHaveLength(1);
  });

  it('shows members what is connected without the controls, and the Zaps listening', async () => {
    fakeServer({
      'GET /auth/me/': () => ok(meAs('member')),
      'GET /integrations/': () => ok(list({ zapier: { status: 'active' } })),
      'GET /integrations/zapier/hooks/': () =>
        ok({
          results: [
            {
              id: ids.zapier,
              target_url: 'https://hooks.zapier.com/hooks/catch/1/a/',
              event: 'lead.created',
              created_at: '2026-01-01T00:00:00.000Z',
              last_delivered_at: null,
            },
          ],
          count: 1,
          next: null,
          previous: null,
        }),
    });
    await renderWithApp(page, { path: '/settings/integrations' });
    expect(await screen.findByText(/Only owners and admins connect/)).toBeDefined();
    expect((await card('Slack')).queryByRole('button')).toBeNull();
    expect((await card('Zapier')).getByText('1 Zap is listening.')).toBeDefined();
  });

  it("tells the result of Salesforce's window once", async () => {
    fakeServer({
      'GET /auth/me/': () => ok(meAs('owner')),
      'GET /integrations/': () => ok(list()),
      'GET /integrations/zapier/hooks/': () => ok(noHooks),
    });
    const { router } = await renderWithApp(page, {
      path: '/settings/integrations',
      url: '/settings/integrations?integration=salesforce&result=error&error=denied',
    });
    expect(await screen.findByText('Salesforce could not be connected.')).toBeDefined();
    expect(screen.getByText('Access was declined in Salesforce.')).toBeDefined();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getAllByText('Salesforce could not be connected.')).toHaveLength(1);
  });
});
