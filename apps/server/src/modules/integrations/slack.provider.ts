import type { IntegrationProvider, ProviderContext } from './provider.ts';
import {
  acceptsChatTrigger,
  checkChatAnswer,
  connectedText,
  leadMessage,
  postToWebhook,
  wantsMessage,
  type ChatSecrets,
  type ChatSettings,
  type LeadMessage,
} from './chat-message.ts';

/**
 * Slack through an incoming webhook (https://api.slack.com/messaging/webhooks): a Block Kit
 * message per new or hot lead. Slack answers 200 with the body `ok`; its documented refusals are
 * 400 `invalid_payload` / `user_not_found`, 403 `invalid_token` / `action_prohibited`, 404
 * `no_service` / `channel_not_found`, 410 `channel_is_archived` (chat-message.ts maps them), and
 * 429 with Retry-After past about one message a second.
 */
const SLACK = 'Slack';

/** Block Kit limits: a header's plain text 150 characters, a field's text 2,000. */
const HEADER_MAX = 150;
const FIELD_MAX = 2000;

/** Slack's mrkdwn needs only &, < and > escaped; a lead's text must never become a link or mention. */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The message Slack receives: blocks, and `text` as the notification's fallback. */
export function slackMessage(message: LeadMessage) {
  return {
    text: cut(`${message.headline} ${message.url}`, 3000),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: cut(message.headline, HEADER_MAX), emoji: false } },
      {
        type: 'section',
        fields: message.fields.map((f) => ({
          type: 'mrkdwn',
          text: cut(`*${f.label}*\n${escapeMrkdwn(f.value)}`, FIELD_MAX),
        })),
      },
      {
        type: 'actions',
        elements: [
          {
            type: 'button',
            text: { type: 'plain_text', text: message.linkLabel },
            url: message.url,
            action_id: 'open_lead',
          },
        ],
      },
    ],
  };
}

const slackAccepted = (a: { status: number; body: string }) => a.status === 200 && a.body.trim() === 'ok';

async function post(ctx: ProviderContext, secrets: ChatSecrets, payload: unknown): Promise<void> {
  const answer = await postToWebhook(ctx, secrets.webhook_url, payload);
  checkChatAnswer(SLACK, answer, slackAccepted);
}

export const slackProvider: IntegrationProvider<ChatSettings, ChatSecrets> = {
  kind: 'slack',
  // One message per push: a batch that failed half-way would post its first messages twice.
  batchSize: 1,
  accepts: acceptsChatTrigger,
  async verify(ctx, settings, secrets) {
    await post(ctx, secrets, { text: connectedText(settings) });
  },
  async push(ctx, settings, secrets, leads) {
    const remoteIds = new Map<string, string | null>();
    for (const push of leads) {
      if (wantsMessage(settings, push)) await post(ctx, secrets, slackMessage(leadMessage(ctx, push)));
      // A message is not a record: nothing to update later, so no remote id.
      remoteIds.set(push.lead.id, null);
    }
    return { remoteIds };
  },
};
