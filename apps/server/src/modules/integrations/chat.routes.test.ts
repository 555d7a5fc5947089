import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationSchema } from '@leadcapture/contracts/integrations';
import type { ChatWebhookDouble } from '../../../test/doubles/chat-webhook-double.ts';
import { startSlackDouble } from '../../../test/doubles/slack-double.ts';
import { startTeamsDouble } from '../../../test/doubles/teams-double.ts';
import { expectData, expectValidation } from '../../../test/envelope.ts';
import { createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { api, deliver, dueNow } from '../../../test/integrations.ts';
import { inScope } from '../../db/tenant.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { INTEGRATION_PUSH } from './integrations.service.ts';

/**
 * Slack and Microsoft Teams through the integrations framework, each against its double: connect
 * (verify posts the "connected" message), a new lead's message after commit, hot-only, sync now as
 * a test message, and a revoked webhook stopping the integration.
 */

let t: TestApp;
let slack: ChatWebhookDouble;
let teams: ChatWebhookDouble;

beforeAll(async () => {
  [t, slack, teams] = await Promise.all([createTestApp(), startSlackDouble(), startTeamsDouble()]);
});
afterAll(async () => {
  await t.close();
  await slack.close();
  await teams.close();
});

/** Delivers the outbox until `done` holds (another test process may deliver on PostgreSQL). */
async function until(done: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the message');
    await deliver(t);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each([
  { kind: 'slack' as const, double: () => slack },
  { kind: 'microsoft_teams' as const, double: () => teams },
])('$kind through the framework', ({ kind, double }) => {
  it('connects (a "connected" message), posts each new lead with a link to it, the URL masked', async () => {
    const owner = await registerUser(t);
    const a = api(t, owner);
    const url = double().issueUrl();
    const connected = expectData(integrationSchema, await a.connect(kind, { webhook_url: url, notify: 'all' }), 201);
    expect(connected).toMatchObject({ kind, status: 'connected', config: { notify: 'all' } });
    expect(JSON.stringify(connected)).not.toContain(url);
    expect(JSON.stringify(double().messagesTo(url)[0])).toContain('LeadCapture is connected');

    const lead = await a.createLead({ first_name: 'Hedda', company: 'Fjord AB' });
    await until(() => double().messagesTo(url).length === 2);
    const message = JSON.stringify(double().messagesTo(url)[1]);
    expect(message).toContain('New lead: Hedda Berg');
    expect(message).toContain(`/leads/${lead.id}`);
    expect((await a.one(kind)).status).toBe('active');

    // The same push delivered again (the outbox delivers at least once) posts nothing more.
    await inScope(t.database.db, { organizationId: a.org }, (tx) =>
      enqueue(tx, {
        kind: INTEGRATION_PUSH,
        organizationId: a.org,
        payload: { integration_id: connected.id, lead_ids: [lead.id], trigger: 'created' },
      }),
    );
    await deliver(t);
    expect(double().messagesTo(url)).toHaveLength(2);
  });

  it('with hot leads only, a warm lead posts nothing and a hot one posts; sync now posts a test message', async () => {
    const owner = await registerUser(t);
    const a = api(t, owner);
    const url = double().issueUrl();
    const connected = expectData(integrationSchema, await a.connect(kind, { webhook_url: url, notify: 'hot' }), 201);
    await a.createLead({ first_name: 'Warm', interest: 'warm' });
    await a.createLead({ first_name: 'Hot', interest: 'hot' });
    await until(() => double().messagesTo(url).length >= 2);
    await deliver(t);
    const texts = double()
      .messagesTo(url)
      .map((m) => JSON.stringify(m));
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain('New lead: Hot Berg');

    const sync = await a.call('POST', `integrations/${connected.id ?? ''}/sync/`);
    expect(sync.statusCode, sync.body).toBe(202);
    await until(() => double().messagesTo(url).length === 3);
    expect(JSON.stringify(double().messagesTo(url)[2])).toContain('hot leads will be posted');
  });

  it('refuses a webhook the tool does not know at connect (422), and a revoked one stops the integration', async () => {
    const owner = await registerUser(t);
    const a = api(t, owner);
    const url = double().issueUrl();
    double().revoke(url);
    expectValidation(await a.connect(kind, { webhook_url: url, notify: 'all' }), 'config.webhook_url');

    const live = double().issueUrl();
    expectData(integrationSchema, await a.connect(kind, { webhook_url: live, notify: 'all' }), 201);
    double().revoke(live);
    await a.createLead();
    await dueNow(t, a.org);
    const deadline = Date.now() + 5000;
    while ((await a.one(kind)).status !== 'error' && Date.now() < deadline) await deliver(t);
    const stopped = await a.one(kind);
    expect(stopped.status).toBe('error');
    expect(stopped.error).toMatch(/webhook URL/);
  });
});
