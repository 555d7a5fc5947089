import { randomUUID } from 'node:crypto';
import type { Lead } from '@leadcapture/contracts/leads';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOutbound } from '../../outbound/outbound.ts';
import type { ChatWebhookDouble } from '../../../test/doubles/chat-webhook-double.ts';
import { startSlackDouble } from '../../../test/doubles/slack-double.ts';
import { startTeamsDouble } from '../../../test/doubles/teams-double.ts';
import type { ChatSettings } from './chat-message.ts';
import { ProviderError, type LeadToPush, type ProviderContext } from './provider.ts';
import { escapeMrkdwn, slackProvider } from './slack.provider.ts';
import { teamsProvider } from './teams.provider.ts';

/**
 * Slack and Microsoft Teams through the provider interface, each against its local double
 * (test/doubles): the message a lead makes, which leads make one, and every refusal as the
 * ProviderError the framework acts on.
 */

const outbound = createOutbound({ allowPrivate: true });
afterAll(() => outbound.close());

function context(timeoutMs?: number): ProviderContext {
  return {
    send: (url, init) => outbound.send(url, { ...init, ...(timeoutMs ? { timeoutMs } : {}) }),
    apis: {
      hubspotApiBase: 'http://127.0.0.1:9',
      salesforceLoginBase: 'http://127.0.0.1:9',
      mailchimpApiBase: undefined,
    },
    publicUrl: 'https://app.leadcapture.test',
    log: pino({ level: 'silent' }),
  };
}

function lead(overrides: Partial<Lead> = {}): Lead {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    first_name: 'Ada',
    last_name: 'Lindqvist',
    email: 'ada@example.com',
    phone: '',
    company: 'Booth Co',
    job_title: 'CTO',
    company_size: '',
    source: 'qr_scan',
    status: 'new',
    interest: 'warm',
    score: 42,
    auto_score: 42,
    manual_score: null,
    budget_range: 'not_specified',
    decision_timeline: 'not_specified',
    decision_role: 'not_specified',
    interested_products: [],
    tags: [],
    assigned_to: null,
    notes: '',
    follow_up_date: null,
    event: null,
    offer: null,
    client: null,
    custom_fields: {},
    approval_status: 'approved',
    email_verified: false,
    consent_text: '',
    consent_given_at: null,
    attribution: {},
    deleted_at: null,
    merged_into: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

const push = (l: Lead, trigger: LeadToPush['trigger'] = 'created', extra: Partial<LeadToPush> = {}): LeadToPush => ({
  lead: l,
  trigger,
  remoteId: null,
  ...extra,
});

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

const text = (message: unknown) => JSON.stringify(message);

/** The layout each tool requires, beyond what its double already refuses. */
const layouts = {
  slack: (message: unknown) =>
    expect(message).toMatchObject({
      blocks: [
        { type: 'header' },
        { type: 'section' },
        { type: 'actions', elements: [{ type: 'button', url: expect.stringContaining('/leads/') as unknown }] },
      ],
    }),
  microsoft_teams: (message: unknown) =>
    expect(message).toMatchObject({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          content: {
            type: 'AdaptiveCard',
            version: '1.4',
            actions: [{ type: 'Action.OpenUrl', url: expect.stringContaining('/leads/') as unknown }],
          },
        },
      ],
    }),
};

describe.each([
  { name: 'Slack', provider: slackProvider, start: startSlackDouble },
  { name: 'Microsoft Teams', provider: teamsProvider, start: startTeamsDouble },
])('$name provider', ({ provider, start }) => {
  let double: ChatWebhookDouble;
  let url: string;
  const all: ChatSettings = { notify: 'all' };
  const hotOnly: ChatSettings = { notify: 'hot' };

  beforeAll(async () => {
    double = await start();
  });
  afterAll(() => double.close());
  beforeEach(() => {
    double.mode = 'ok';
    url = double.issueUrl();
  });

  it('takes new and hot leads only, one message per push', () => {
    expect(provider.accepts('created')).toBe(true);
    expect(provider.accepts('hot')).toBe(true);
    expect(provider.accepts('updated')).toBe(false);
    expect(provider.accepts('sync')).toBe(false);
    expect(provider.batchSize).toBe(1);
  });

  it('verify posts a "connected" message', async () => {
    await provider.verify(context(), hotOnly, { webhook_url: url });
    const [message] = double.messagesTo(url);
    expect(text(message)).toContain('hot leads will be posted');
  });

  it('posts a new lead with its name, company, email, origin, score and a link to it; no remote id', async () => {
    const l = lead();
    const result = await provider.push(context(), all, { webhook_url: url }, [
      push(l, 'created', { origin: { kind: 'event', name: 'Nordic Expo 2027' } }),
    ]);
    expect(result.remoteIds).toEqual(new Map([[l.id, null]]));
    const messages = double.messagesTo(url);
    expect(messages).toHaveLength(1);
    layouts[provider.kind as 'slack'](messages[0]);
    const posted = text(messages[0]);
    for (const part of ['New lead: Ada Lindqvist', 'Booth Co', 'ada@example.com', 'Nordic Expo 2027', '42']) {
      expect(posted).toContain(part);
    }
    expect(posted).toContain(`https://app.leadcapture.test/leads/${l.id}`);
  });

  it('with notify "hot", a new lead posts only when it is hot; a lead turning hot always posts', async () => {
    const warm = lead({ interest: 'warm' });
    const hot = lead({ interest: 'hot', first_name: 'Hedda' });
    const result = await provider.push(context(), hotOnly, { webhook_url: url }, [push(warm)]);
    expect(result.remoteIds.get(warm.id)).toBeNull();
    expect(double.messagesTo(url)).toHaveLength(0);
    await provider.push(context(), hotOnly, { webhook_url: url }, [push(hot)]);
    await provider.push(context(), hotOnly, { webhook_url: url }, [push(warm, 'hot')]);
    const messages = double.messagesTo(url).map(text);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toContain('New lead: Hedda Lindqvist');
    expect(messages[1]).toContain('Hot lead: Ada Lindqvist');
  });

  it('a 429 is rate_limited with Retry-After, and the retry posts once', async () => {
    double.mode = 'rate_limited';
    double.retryAfterSeconds = 7;
    const l = lead();
    const err = await failure(provider.push(context(), all, { webhook_url: url }, [push(l)]));
    expect(err.failure).toBe('rate_limited');
    expect(err.retryAfterSeconds).toBe(7);
    expect(double.messagesTo(url)).toHaveLength(0);
    await provider.push(context(), all, { webhook_url: url }, [push(l)]);
    expect(double.messagesTo(url)).toHaveLength(1);
  });

  it('a refused, revoked or archived webhook is refused credentials, in verify and in push', async () => {
    double.mode = 'refused';
    expect((await failure(provider.verify(context(), all, { webhook_url: url }))).failure).toBe('credentials');
    double.mode = 'gone';
    expect((await failure(provider.push(context(), all, { webhook_url: url }, [push(lead())]))).failure).toBe(
      'credentials',
    );
    double.mode = 'ok';
    double.revoke(url);
    const err = await failure(provider.verify(context(), all, { webhook_url: url }));
    expect(err.failure).toBe('credentials');
    expect(err.message).toMatch(/webhook URL/);
  });

  it('garbage, an outage and a hang are unavailable (retried), and nothing was recorded', async () => {
    double.mode = 'garbage';
    expect((await failure(provider.push(context(), all, { webhook_url: url }, [push(lead())]))).failure).toBe(
      'unavailable',
    );
    double.mode = 'down';
    expect((await failure(provider.push(context(), all, { webhook_url: url }, [push(lead())]))).failure).toBe(
      'unavailable',
    );
    double.mode = 'hang';
    const started = Date.now();
    const err = await failure(provider.verify(context(300), all, { webhook_url: url }));
    expect(err.failure).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(double.messagesTo(url)).toHaveLength(0);
  });

  it('a URL nobody listens on is unavailable; one the address guard refuses is credentials', async () => {
    expect((await failure(provider.verify(context(), all, { webhook_url: 'http://127.0.0.1:9/hook' }))).failure).toBe(
      'unavailable',
    );
    const guarded = createOutbound({ allowPrivate: false });
    try {
      const ctx = { ...context(), send: (u: string, i?: Parameters<typeof guarded.send>[1]) => guarded.send(u, i) };
      const err = await failure(provider.verify(ctx, all, { webhook_url: url }));
      expect(err.failure).toBe('credentials');
    } finally {
      await guarded.close();
    }
  });
});

describe('Slack message', () => {
  it("escapes a lead's text so it cannot become a link or a mention", async () => {
    expect(escapeMrkdwn('<https://evil.test|click> & <!channel>')).toBe(
      '&lt;https://evil.test|click&gt; &amp; &lt;!channel&gt;',
    );
  });
});
