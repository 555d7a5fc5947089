import { ChatWebhookDouble, type ChatAnswer, type ChatDialect } from './chat-webhook-double.ts';

/**
 * A Power Automate Workflows webhook ("When a Teams webhook request is received" + "Post card in
 * a chat or channel") as Microsoft documents it: POST a message with one Adaptive Card
 * attachment to `/workflows/<id>/triggers/manual/paths/invoke?…&sig=<token>`; 202 Accepted;
 * 400 for a body the flow's schema refuses (no `attachments`, another content type, a card that
 * is not an AdaptiveCard of a version Teams renders); 401 for a wrong signature; 404 for a
 * deleted flow; 429 with Retry-After when throttled.
 */
const invalid: ChatAnswer = {
  status: 400,
  body: JSON.stringify({ error: { code: 'InvalidRequestContent', message: 'The request content is not valid.' } }),
  headers: { 'content-type': 'application/json' },
};
const json = (status: number, code: string, message: string): ChatAnswer => ({
  status,
  body: JSON.stringify({ error: { code, message } }),
  headers: { 'content-type': 'application/json' },
});

export const teamsDialect: ChatDialect = {
  newPath: (token) => `/workflows/${token.slice(0, 16)}/triggers/manual/paths/invoke/${token}`,
  validate(payload) {
    const message = payload as
      { type?: unknown; attachments?: { contentType?: unknown; content?: Record<string, unknown> }[] } | undefined;
    if (message?.type !== 'message' || !Array.isArray(message.attachments) || message.attachments.length === 0) {
      return invalid;
    }
    const ok = message.attachments.every((a) => {
      const card = a.content;
      return (
        a.contentType === 'application/vnd.microsoft.card.adaptive' &&
        card?.type === 'AdaptiveCard' &&
        typeof card.version === 'string' &&
        Number.parseFloat(card.version) <= 1.5 &&
        Array.isArray(card.body)
      );
    });
    return ok ? null : invalid;
  },
  accepted: { status: 202, body: '' },
  unknown: json(404, 'WorkflowNotFound', 'The workflow could not be found.'),
  refused: json(401, 'DirectApiAuthorizationRequired', 'The request must be authenticated.'),
  gone: json(403, 'WorkflowTriggerIsNotEnabled', 'The workflow is turned off.'),
  rateLimited: (seconds) => ({
    ...json(429, 'WorkflowRequestsThrottled', 'Too many requests.'),
    headers: { 'content-type': 'application/json', 'retry-after': String(seconds) },
  }),
};

export function startTeamsDouble(): Promise<ChatWebhookDouble> {
  return new ChatWebhookDouble(teamsDialect).start();
}
