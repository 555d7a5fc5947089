import { Double, type Answer, type Recorded } from './double.ts';

/**
 * HubSpot's CRM API as the hubspot provider uses it (developers.hubspot.com, CRM contacts v3):
 * `Authorization: Bearer <private app token>`; `GET /crm/v3/objects/contacts?limit=1`;
 * `POST /crm/v3/objects/contacts/batch/upsert` with `inputs: [{idProperty: 'email', id,
 * properties}]`, contacts keyed by the lower-cased email (upserting twice updates the one
 * contact), answered `{status: 'COMPLETE', results: [{id, properties, new, …}]}`; errors as
 * `{status: 'error', message, category}`.
 */
export interface Contact {
  id: string;
  properties: Record<string, string>;
}

export class HubspotDouble extends Double {
  token = 'pat-na1-11111111-2222-3333-4444-555555555555';
  readonly contacts = new Map<string, Contact>();
  private seq = 1000;

  constructor() {
    super((req) => this.answer(req));
  }

  private answer(req: Recorded): Answer {
    if (this.refuseCredentials || req.headers.authorization !== `Bearer ${this.token}`) {
      return {
        status: 401,
        body: {
          status: 'error',
          message: 'Authentication credentials not found. This API supports OAuth 2.0 authentication.',
          category: 'INVALID_AUTHENTICATION',
        },
      };
    }
    if (req.method === 'GET' && req.path === '/crm/v3/objects/contacts') {
      const first = [...this.contacts.values()].slice(0, Number(req.query.get('limit') ?? '10'));
      return { status: 200, body: { results: first.map((c) => ({ id: c.id, properties: c.properties })) } };
    }
    if (req.method === 'POST' && req.path === '/crm/v3/objects/contacts/batch/upsert') return this.upsert(req);
    return { status: 404, body: { status: 'error', message: 'Not found', category: 'OBJECT_NOT_FOUND' } };
  }

  private upsert(req: Recorded): Answer {
    const body = JSON.parse(req.body) as {
      inputs?: { idProperty?: string; id?: string; properties?: Record<string, string> }[];
    };
    const inputs = body.inputs ?? [];
    for (const input of inputs) {
      if (input.idProperty !== 'email' || !input.id?.includes('@')) {
        return {
          status: 400,
          body: {
            status: 'error',
            category: 'VALIDATION_ERROR',
            message: `Property values were not valid: email ${input.id ?? ''}`,
          },
        };
      }
    }
    const now = new Date().toISOString();
    const results = inputs.map((input) => {
      const email = (input.id ?? '').toLowerCase();
      const known = this.contacts.get(email);
      const contact: Contact = known ?? { id: String((this.seq += 1)), properties: {} };
      contact.properties = { ...contact.properties, ...input.properties, email };
      this.contacts.set(email, contact);
      return {
        id: contact.id,
        properties: contact.properties,
        new: !known,
        createdAt: now,
        updatedAt: now,
        archived: false,
      };
    });
    return { status: 200, body: { status: 'COMPLETE', results, startedAt: now, completedAt: now } };
  }
}
