import { createHash } from 'node:crypto';
import { Double, type Answer, type Recorded } from './double.ts';

/**
 * Mailchimp's Marketing API 3.0 as the mailchimp provider uses it (mailchimp.com/developer):
 * HTTP Basic with the API key as password; `GET /lists/{list_id}`; `GET
 * /lists/{list_id}/merge-fields`; `PUT /lists/{list_id}/members/{subscriber_hash}` (the MD5 of
 * the lower-cased email; members keyed by it, so putting twice updates the one member; the
 * status of a new member is `status_if_new`); `POST .../members/{hash}/tags` answering 204.
 * Errors are problem documents `{type, title, status, detail, instance}`.
 */
export interface Member {
  id: string;
  email_address: string;
  status: string;
  merge_fields: Record<string, string>;
  tags: string[];
}

const problem = (status: number, title: string, detail: string): Answer => ({
  status,
  body: { type: 'https://mailchimp.com/developer/marketing/docs/errors/', title, status, detail, instance: '' },
});

export class MailchimpDouble extends Double {
  apiKey = '0123456789abcdef0123456789abcdef-us21';
  audienceId = 'a1b2c3d4e5';
  mergeFields = ['FNAME', 'LNAME', 'ADDRESS', 'PHONE', 'BIRTHDAY'];
  readonly members = new Map<string, Member>();

  constructor() {
    super((req) => this.answer(req));
  }

  private answer(req: Recorded): Answer {
    const auth = req.headers.authorization ?? '';
    const password = Buffer.from(auth.replace(/^Basic /, ''), 'base64')
      .toString('utf8')
      .split(':')[1];
    if (this.refuseCredentials || password !== this.apiKey) {
      return problem(
        401,
        'API Key Invalid',
        'Your API key may be invalid, or you’ve attempted to access the wrong datacenter.',
      );
    }
    const match = /^\/lists\/([^/]+)(\/.*)?$/.exec(req.path);
    if (!match || match[1] !== this.audienceId) {
      return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
    }
    const rest = match[2] ?? '';
    if (req.method === 'GET' && rest === '') return { status: 200, body: { id: this.audienceId, name: 'Leads' } };
    if (req.method === 'GET' && rest === '/merge-fields') {
      return { status: 200, body: { merge_fields: this.mergeFields.map((tag) => ({ tag })) } };
    }
    const member = /^\/members\/([0-9a-f]{32})(\/tags)?$/.exec(rest);
    if (!member?.[1]) return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
    const hash = member[1];
    if (req.method === 'POST' && member[2]) {
      const known = this.members.get(hash);
      if (!known) return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
      const body = JSON.parse(req.body) as { tags?: { name: string; status: string }[] };
      for (const tag of body.tags ?? [])
        if (tag.status === 'active' && !known.tags.includes(tag.name)) known.tags.push(tag.name);
      return { status: 204 };
    }
    if (req.method === 'PUT' && !member[2]) {
      const body = JSON.parse(req.body) as {
        email_address?: string;
        status_if_new?: string;
        merge_fields?: Record<string, string>;
      };
      const email = (body.email_address ?? '').toLowerCase();
      if (!email.includes('@'))
        return problem(400, 'Invalid Resource', `${email} looks fake or invalid, please enter a real email address.`);
      if (createHash('md5').update(email).digest('hex') !== hash) {
        return problem(400, 'Invalid Resource', 'The subscriber hash does not match the email address.');
      }
      for (const tag of Object.keys(body.merge_fields ?? {})) {
        if (!this.mergeFields.includes(tag))
          return problem(400, 'Invalid Resource', `Your merge fields were invalid: ${tag}`);
      }
      const known = this.members.get(hash);
      const saved: Member = known ?? {
        id: hash,
        email_address: email,
        status: body.status_if_new ?? 'subscribed',
        merge_fields: {},
        tags: [],
      };
      saved.merge_fields = { ...saved.merge_fields, ...body.merge_fields };
      this.members.set(hash, saved);
      return {
        status: 200,
        body: {
          id: saved.id,
          email_address: saved.email_address,
          status: saved.status,
          merge_fields: saved.merge_fields,
        },
      };
    }
    return problem(405, 'Method Not Allowed', 'The requested method and resource are not compatible.');
  }
}
