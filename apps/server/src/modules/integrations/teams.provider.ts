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
 * Microsoft Teams through a Power Automate Workflows webhook ("Post to a channel when a webhook
 * request is received"): an Adaptive Card 1.4 per new or hot lead, sent as a message with one
 * card attachment. The workflow answers 202 Accepted and runs later; a deleted or turned-off
 * flow answers 404 or 403, a throttled one 429 with Retry-After (chat-message.ts maps them).
 * The retired Office 365 connectors answered 200 `1`; that still counts as accepted.
 */
const TEAMS = 'Microsoft Teams';

/**
 * Adaptive Card text is Markdown (emphasis, links, lists): a lead's name must not become a link
 * or emphasis. A backslash before the characters that open those keeps them literal; the rest
 * (dots in an email address) stays as typed, since Teams shows every backslash it does not need.
 */
export function escapeCardMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]]/g, (c) => `\\${c}`);
}

export function teamsMessage(message: LeadMessage) {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            {
              type: 'TextBlock',
              text: escapeCardMarkdown(message.headline),
              size: 'Large',
              weight: 'Bolder',
              wrap: true,
            },
            {
              type: 'FactSet',
              facts: message.fields.map((f) => ({ title: f.label, value: escapeCardMarkdown(f.value) })),
            },
          ],
          actions: [{ type: 'Action.OpenUrl', title: message.linkLabel, url: message.url }],
        },
      },
    ],
  };
}

/** A card with one line of text, for `verify`. */
function textCard(text: string) {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [{ type: 'TextBlock', text: escapeCardMarkdown(text), wrap: true }],
        },
      },
    ],
  };
}

// A 200 with anything else (a sign-in page before the real endpoint) is not the tool answering.
const teamsAccepted = (a: { status: number; body: string }) =>
  a.status === 202 || (a.status === 200 && a.body.trim() === '1');

async function post(ctx: ProviderContext, secrets: ChatSecrets, payload: unknown): Promise<void> {
  const answer = await postToWebhook(ctx, secrets.webhook_url, payload);
  checkChatAnswer(TEAMS, answer, teamsAccepted);
}

export const teamsProvider: IntegrationProvider<ChatSettings, ChatSecrets> = {
  kind: 'microsoft_teams',
  // One message per push: a batch that failed half-way would post its first messages twice.
  batchSize: 1,
  accepts: acceptsChatTrigger,
  async verify(ctx, settings, secrets) {
    await post(ctx, secrets, textCard(connectedText(settings)));
  },
  async push(ctx, settings, secrets, leads) {
    const remoteIds = new Map<string, string | null>();
    for (const push of leads) {
      if (wantsMessage(settings, push)) await post(ctx, secrets, teamsMessage(leadMessage(ctx, push)));
      remoteIds.set(push.lead.id, null);
    }
    return { remoteIds };
  },
};
