import { createHash } from 'node:crypto';
import type { Lead } from '@leadcapture/contracts/leads';
import type { OutboundResponse } from '../../outbound/outbound.ts';
import { call, commonFailure, excerpt, isRecord, json, str } from './provider-http.ts';
import { ProviderError, type IntegrationProvider, type ProviderContext } from './provider.ts';

/**
 * Mailchimp Marketing API 3.0: each lead is an audience member, upserted with
 * `PUT /lists/{list_id}/members/{md5 of the lower-cased email}` (so pushing twice leaves one
 * member), its tags added through `/members/{hash}/tags`. The API key's `-usX` suffix names the
 * data centre (`https://usX.api.mailchimp.com/3.0`) unless MAILCHIMP_API_BASE says otherwise.
 * A lead who gave consent on the capture form is `subscribed`; one who did not is
 * `transactional` (in the audience, not on marketing mail), so nobody is subscribed without
 * having agreed.
 */
export interface MailchimpSettings {
  audience_id: string;
  /** The audience's merge field tags, read when connecting: only those are sent. */
  merge_fields?: string[];
  /** The data centre's API address, from the key when connected (or MAILCHIMP_API_BASE then). */
  api_base?: string;
}
export interface MailchimpSecrets {
  api_key: string;
}

/** Merge fields we fill, by Mailchimp's default tags (COMPANY when the audience has one). */
const MERGE_FIELDS: Record<string, (lead: Lead) => string> = {
  FNAME: (lead) => lead.first_name,
  LNAME: (lead) => lead.last_name,
  PHONE: (lead) => lead.phone,
  COMPANY: (lead) => lead.company,
};

export const subscriberHash = (email: string) => createHash('md5').update(email.toLowerCase()).digest('hex');

export function mailchimpBase(ctx: ProviderContext, apiKey: string, settings?: MailchimpSettings): string {
  if (settings?.api_base) return settings.api_base;
  if (ctx.apis.mailchimpApiBase) return ctx.apis.mailchimpApiBase;
  const dc = apiKey.split('-').pop() ?? '';
  return `https://${dc}.api.mailchimp.com/3.0`;
}

const headers = (secrets: MailchimpSecrets) => ({
  authorization: `Basic ${Buffer.from(`leadcapture:${secrets.api_key}`).toString('base64')}`,
  'content-type': 'application/json',
  accept: 'application/json',
});

/** Mailchimp's problem document: `{title, detail}`. */
function detail(response: OutboundResponse): string {
  try {
    const body = JSON.parse(response.body) as unknown;
    if (isRecord(body)) {
      const text = [str(body.title), str(body.detail)].filter(Boolean).join(': ');
      if (text !== '') return excerpt(text);
    }
  } catch {
    // Not JSON.
  }
  return `HTTP ${response.status}`;
}

function refusal(response: OutboundResponse, what: string): ProviderError {
  if (response.status === 401 || response.status === 403) {
    return new ProviderError(
      'credentials',
      `Mailchimp refused the API key (${detail(response)}).`,
      undefined,
      'api_key',
    );
  }
  if (response.status === 404) {
    return new ProviderError(
      'credentials',
      'Mailchimp has no audience with this ID in the account.',
      undefined,
      'audience_id',
    );
  }
  if (response.status === 400) return new ProviderError('invalid', `${what}: ${detail(response)}`);
  return commonFailure(response, `Mailchimp ${what}`);
}

async function pushOne(
  ctx: ProviderContext,
  settings: MailchimpSettings,
  secrets: MailchimpSecrets,
  lead: Lead,
): Promise<string> {
  const member = `${mailchimpBase(ctx, secrets.api_key, settings)}/lists/${encodeURIComponent(settings.audience_id)}/members/${subscriberHash(lead.email)}`;
  const tags = settings.merge_fields ?? ['FNAME', 'LNAME'];
  const mergeFields: Record<string, string> = {};
  for (const tag of tags) {
    const value = MERGE_FIELDS[tag]?.(lead);
    if (value !== undefined && value !== '') mergeFields[tag] = value.slice(0, 255);
  }
  const response = await call(ctx, member, {
    method: 'PUT',
    headers: headers(secrets),
    body: JSON.stringify({
      email_address: lead.email.toLowerCase(),
      status_if_new: lead.consent_given_at ? 'subscribed' : 'transactional',
      merge_fields: mergeFields,
    }),
  });
  if (response.status !== 200) throw refusal(response, 'member upsert');
  const body = json(response);
  const id = isRecord(body) ? str(body.id) : undefined;
  if (id === undefined) throw new ProviderError('unavailable', 'Mailchimp answered the member upsert without an id.');
  if (lead.tags.length > 0) {
    const tagged = await call(ctx, `${member}/tags`, {
      method: 'POST',
      headers: headers(secrets),
      body: JSON.stringify({ tags: lead.tags.map((name) => ({ name: name.slice(0, 100), status: 'active' })) }),
    });
    if (tagged.status !== 204 && tagged.status !== 200) throw refusal(tagged, 'member tags');
  }
  return id;
}

export const mailchimpProvider: IntegrationProvider<MailchimpSettings, MailchimpSecrets> = {
  kind: 'mailchimp',
  batchSize: 10,
  accepts: () => true,

  async verify(ctx, settings, secrets) {
    const list = `${mailchimpBase(ctx, secrets.api_key, settings)}/lists/${encodeURIComponent(settings.audience_id)}`;
    const response = await call(ctx, `${list}?fields=id,name`, { method: 'GET', headers: headers(secrets) });
    if (response.status !== 200) throw refusal(response, 'audience check');
    const body = json(response);
    if (!isRecord(body) || str(body.id) === undefined) {
      throw new ProviderError('unavailable', 'Mailchimp answered the audience check in an unexpected shape.');
    }
    const fields = await call(ctx, `${list}/merge-fields?count=100&fields=merge_fields.tag`, {
      method: 'GET',
      headers: headers(secrets),
    });
    if (fields.status !== 200) throw refusal(fields, 'merge fields');
    const answer = json(fields);
    const tags =
      isRecord(answer) && Array.isArray(answer.merge_fields)
        ? answer.merge_fields.flatMap((f: unknown) => (isRecord(f) && typeof f.tag === 'string' ? [f.tag] : []))
        : [];
    return {
      settings: {
        ...settings,
        merge_fields: tags.filter((tag) => tag in MERGE_FIELDS),
        api_base: mailchimpBase(ctx, secrets.api_key, settings),
      },
    };
  },

  async push(ctx, settings, secrets, items) {
    const remoteIds = new Map<string, string | null>();
    const errors = new Map<string, string>();
    for (const { lead } of items) {
      if (lead.email === '') {
        errors.set(lead.id, 'Mailchimp keeps audience members by email, and this lead has none.');
        continue;
      }
      try {
        remoteIds.set(lead.id, await pushOne(ctx, settings, secrets, lead));
      } catch (err) {
        if (!(err instanceof ProviderError) || err.failure !== 'invalid') throw err;
        errors.set(lead.id, err.message);
      }
    }
    return { remoteIds, errors };
  },
};
