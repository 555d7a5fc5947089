import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTURE_SETTINGS, createEvent, type EventFixture } from '../../../test/capture.ts';
import { createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { inScope } from '../../db/tenant.ts';
import { createCapturedLead, toLead, type CapturedLeadInput } from './leads.service.ts';
import { leads } from './leads.table.ts';

let t: TestApp;
let event: EventFixture;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await registerUser(t);
  event = await createEvent(t, owner.organization?.id ?? '');
});
afterAll(() => t.close());

function input(overrides: Partial<CapturedLeadInput> = {}): CapturedLeadInput {
  return {
    id: randomUUID(),
    event: {
      id: event.id,
      name: 'Nordic Expo',
      consentText: 'Contact me.',
      settings: { ...CAPTURE_SETTINGS, require_approval: true },
    },
    standard: {
      first_name: 'Greta',
      last_name: 'Berg',
      email: 'greta@example.com',
      company: 'Fjord AB',
      phone: '+46 70 123 45 67',
      job_title: 'CTO',
    },
    customFields: { interest: 'Demo', seats: 3, newsletter: true, topics: ['a', 'b'] },
    source: 'qr_scan',
    attribution: { utm_source: 'flyer', referrer: 'https://example.com/' },
    consent: true,
    language: 'en',
    ...overrides,
  };
}

describe('createCapturedLead', () => {
  it('announces exactly the lead it stored (the outbox payload is built before the write)', async () => {
    const scope = { organizationId: event.organizationId };
    const { announced, stored } = await inScope(t.database.db, scope, async (tx) => {
      const lead = await createCapturedLead({ ...scope, tx }, 'http://localhost:3000', input());
      const [row] = await tx
        .select()
        .from(leads)
        .where(eq(leads.id, lead?.id ?? ''));
      return { announced: lead, stored: row ? toLead(row) : undefined };
    });
    expect(stored).toBeDefined();
    expect(announced).toEqual(stored);
    expect(stored).toMatchObject({ approval_status: 'pending', consent_text: 'Contact me.', source: 'qr_scan' });
  });

  it('writes nothing for an Idempotency-Key already taken', async () => {
    const scope = { organizationId: event.organizationId };
    const key = { scope: `event:${event.id}`, key: randomUUID(), response: { id: 'x', status: 'received' } };
    const [first, second] = await inScope(t.database.db, scope, async (tx) => [
      await createCapturedLead({ ...scope, tx }, 'http://localhost:3000', { ...input(), idempotency: key }),
      await createCapturedLead({ ...scope, tx }, 'http://localhost:3000', { ...input(), idempotency: key }),
    ]);
    expect(first).toBeDefined();
    expect(second).toBeUndefined();
  });
});
