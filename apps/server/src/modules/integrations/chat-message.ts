import type { LeadSource } from '@leadcapture/contracts/constants';
import type { ChatConfig } from '@leadcapture/contracts/integrations';
import type { Lead } from '@leadcapture/contracts/leads';
import { OutboundError, type OutboundResponse } from '../../outbound/outbound.ts';
import { retryAfterSeconds } from '../../outbound/retry-after.ts';
import { ProviderError, type LeadToPush, type LeadTrigger, type ProviderContext } from './provider.ts';

/**
 * What Slack and Microsoft Teams share: which leads make a message, the message's words, and
 * how a chat webhook's answer becomes a ProviderError. Each provider only lays the words out in
 * its own card format.
 */

/** The non-secret half of a chat kind's config: `all` new (and hot) leads, or `hot` ones only. */
export type ChatSettings = Pick<ChatConfig, 'notify'>;

/** The webhook URL is the credential: whoever has it may post to the channel. */
export type ChatSecrets = Pick<ChatConfig, 'webhook_url'>;

/**
 * Chat messages are announcements, not upserts: a new lead and a lead turning hot. `updated`
 * would post on every edit, and `sync` (sync now) has nothing to backfill: the framework runs
 * `verify` for it instead, which posts the "connected" message (docs/integrations-chat.md).
 */
export function acceptsChatTrigger(trigger: LeadTrigger): boolean {
  return trigger === 'created' || trigger === 'hot';
}

/**
 * Whether this push becomes a message under the settings. With `hot`, a new lead posts only
 * when it arrives hot already; a lead that turns hot later comes as its own `hot` push.
 */
export function wantsMessage(settings: ChatSettings, push: LeadToPush): boolean {
  if (push.trigger === 'hot') return true;
  if (push.trigger !== 'created') return false;
  return settings.notify === 'all' || push.lead.interest === 'hot';
}

export interface ChatField {
  label: string;
  value: string;
}

export interface LeadMessage {
  /** One line: what happened and to whom ("New lead: Ada Lindqvist"). */
  headline: string;
  fields: ChatField[];
  /** The lead in the app. */
  url: string;
  linkLabel: string;
}

const SOURCE_LABELS: Record<LeadSource, string> = {
  qr_scan: 'QR scan',
  booth_visit: 'Booth visit',
  referral: 'Referral',
  website: 'Website',
  direct: 'Direct',
  other: 'Other',
  manual: 'Added by hand',
  event: 'Event',
  social_media: 'Social media',
  email_marketing: 'Email marketing',
  cold_outreach: 'Cold outreach',
  partner: 'Partner',
  import: 'Import',
  api: 'API',
};

export function leadName(lead: Lead): string {
  const name = `${lead.first_name} ${lead.last_name}`.trim();
  return name || lead.email || 'Unnamed lead';
}

/** The words of a lead's message, the same in every chat tool. */
export function leadMessage(ctx: Pick<ProviderContext, 'publicUrl'>, push: LeadToPush): LeadMessage {
  const { lead } = push;
  const fields: ChatField[] = [
    { label: 'Name', value: leadName(lead) },
    { label: 'Company', value: lead.company || '—' },
    { label: 'Email', value: lead.email || '—' },
    { label: origin(push).label, value: origin(push).value },
    { label: 'Score', value: String(lead.score) },
  ];
  if (lead.interest) fields.push({ label: 'Interest', value: capitalise(lead.interest) });
  return {
    headline: `${push.trigger === 'hot' ? 'Hot lead' : 'New lead'}: ${leadName(lead)}`,
    fields,
    url: `${ctx.publicUrl}/leads/${lead.id}`,
    linkLabel: 'Open lead',
  };
}

function origin(push: LeadToPush): ChatField {
  if (push.origin) return { label: push.origin.kind === 'offer' ? 'Offer' : 'Event', value: push.origin.name };
  return { label: 'Source', value: SOURCE_LABELS[push.lead.source] };
}

function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** The text of the message `verify` posts. */
export function connectedText(settings: ChatSettings): string {
  return settings.notify === 'hot'
    ? 'LeadCapture is connected: hot leads will be posted in this channel.'
    : 'LeadCapture is connected: new and hot leads will be posted in this channel.';
}

/** An excerpt of an answer for an error message: short, one line. */
export function excerpt(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 117)}...` : line;
}

/**
 * Posts JSON to a chat webhook. A request that never got an answer is `unavailable` (retried),
 * except an address the guard refuses or that is no URL at all: those never work until the
 * webhook URL is changed, so they stop the integration as refused credentials do.
 */
export async function postToWebhook(ctx: ProviderContext, url: string, payload: unknown): Promise<OutboundResponse> {
  try {
    return await ctx.send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      maxBodyBytes: 64 * 1024,
    });
  } catch (err) {
    if (err instanceof OutboundError) {
      if (err.reason === 'blocked' || err.reason === 'invalid_url') {
        throw new ProviderError('credentials', `The webhook URL cannot be used: ${err.message}`);
      }
      throw new ProviderError('unavailable', `The webhook did not answer: ${err.message}`);
    }
    throw err;
  }
}

/**
 * A chat webhook's refusal as the framework acts on it. `name` is the tool's name for messages;
 * `accepted` says whether the answer is the tool's success (Slack: 200 "ok"; Workflows: 202).
 * Webhook URLs carry their credential, so a URL that no longer exists (404), was revoked (401,
 * 403) or whose channel is gone (410) is refused credentials: nothing posts until it changes.
 */
export function checkChatAnswer(
  name: string,
  answer: OutboundResponse,
  accepted: (a: OutboundResponse) => boolean,
): void {
  if (accepted(answer)) return;
  const said = excerpt(answer.body);
  const detail = said ? `${answer.status} ${said}` : String(answer.status);
  if (answer.status === 429) {
    throw new ProviderError(
      'rate_limited',
      `${name} asked to slow down (429).`,
      retryAfterSeconds(answer.headers['retry-after']),
    );
  }
  if ([401, 403, 404, 410].includes(answer.status)) {
    throw new ProviderError('credentials', `${name} refused the webhook URL (${detail}). Paste a new webhook URL.`);
  }
  if (answer.status >= 300 && answer.status < 400) {
    throw new ProviderError(
      'credentials',
      `The webhook URL redirects (${answer.status}): it is not a ${name} webhook URL. Paste the URL ${name} gave you.`,
    );
  }
  if (answer.status >= 400 && answer.status < 500) {
    throw new ProviderError('invalid', `${name} refused the message (${detail}).`);
  }
  if (answer.status >= 500) throw new ProviderError('unavailable', `${name} is unavailable (${detail}).`);
  throw new ProviderError('unavailable', `${name} gave an answer that is not a webhook's (${detail}).`);
}
