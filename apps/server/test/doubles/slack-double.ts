import { ChatWebhookDouble, type ChatAnswer, type ChatDialect } from './chat-webhook-double.ts';

/**
 * Slack's incoming webhooks (https://api.slack.com/messaging/webhooks) as documented: POST JSON
 * to `/services/T…/B…/<token>`; 200 `ok`; 400 `invalid_payload` for a body Slack cannot read
 * (no `text` and no `blocks`, a header longer than 150 characters, more than 10 fields, a
 * button without text); 403 `invalid_token`; 404 `no_service` for an unknown or revoked URL;
 * 410 `channel_is_archived`; 429 with Retry-After.
 */
const invalid: ChatAnswer = { status: 400, body: 'invalid_payload' };

interface Block {
  type?: unknown;
  text?: { type?: unknown; text?: unknown };
  fields?: unknown[];
  elements?: { type?: unknown; text?: { text?: unknown }; url?: unknown }[];
}

function validBlock(block: Block): boolean {
  switch (block.type) {
    case 'header':
      return block.text?.type === 'plain_text' && typeof block.text.text === 'string' && block.text.text.length <= 150;
    case 'section':
      return (
        Array.isArray(block.fields) &&
        block.fields.length <= 10 &&
        block.fields.every((f) => {
          const field = f as { type?: unknown; text?: unknown };
          return field.type === 'mrkdwn' && typeof field.text === 'string' && field.text.length <= 2000;
        })
      );
    case 'actions':
      return (
        Array.isArray(block.elements) &&
        block.elements.every(
          (e) =>
            e.type === 'button' &&
            typeof e.text?.text === 'string' &&
            (e.url === undefined || typeof e.url === 'string'),
        )
      );
    default:
      return false;
  }
}

export const slackDialect: ChatDialect = {
  newPath: (token) => `/services/T0LEADCAP/B0${token.slice(0, 8).toUpperCase()}/${token}`,
  validate(payload) {
    if (typeof payload !== 'object' || payload === null) return invalid;
    const message = payload as { text?: unknown; blocks?: unknown };
    const hasText = typeof message.text === 'string' && message.text !== '';
    if (message.blocks === undefined) return hasText ? null : invalid;
    if (!Array.isArray(message.blocks) || message.blocks.length > 50) return invalid;
    return (message.blocks as Block[]).every(validBlock) ? null : invalid;
  },
  accepted: { status: 200, body: 'ok' },
  unknown: { status: 404, body: 'no_service' },
  refused: { status: 403, body: 'invalid_token' },
  gone: { status: 410, body: 'channel_is_archived' },
  rateLimited: (seconds) => ({ status: 429, body: 'rate_limited', headers: { 'retry-after': String(seconds) } }),
};

export function startSlackDouble(): Promise<ChatWebhookDouble> {
  return new ChatWebhookDouble(slackDialect).start();
}
