import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_SCORING_RULES } from '@leadcapture/contracts/lead-scoring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTURE_SETTINGS, createEvent, leadsCaptured, type EventFixture } from '../../../test/capture.ts';
import { createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { EVENT_LEAD_COUNT_SLOTS, eventLeadCounts, events } from '../events/events.table.ts';
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
    page: {
      kind: 'event',
      id: event.id,
      name: 'Nordic Expo',
      consentText: 'Contact me.',
      requireApproval: true,
      emailVerification: CAPTURE_SETTINGS.email_verification,
    },
    standard: {
      first_name: 'Greta',
      last_name: 'Berg',
      email: `greta.${randomUUID().slice(0, 8)}@example.com`,
      company: 'Fjord AB',
      phone: '+46 70 123 45 67',
      job_title: 'CTO',
    },
    customFields: { interest: 'Demo', seats: 3, newsletter: true, topics: ['a', 'b'] },
    source: 'qr_scan',
    attribution: { utm_source: 'flyer', referrer: 'https://example.com/' },
    consent: true,
    language: 'en',
    rules: DEFAULT_SCORING_RULES,
    ...overrides,
  };
}

const PUBLIC_URL = 'http://localhost:3000';

/** The event's version as capture_lead compares it. */
async function versionOf(id: string, organizationId = event.organizationId): Promise<string> {
  const [row] = await inScope(t.database.db, { organizationId }, (tx) =>
    tx
      .select({ version: sql<string>`${events.updatedAt}::text` })
      .from(events)
      .where(eq(events.id, id)),
  );
  if (!row) throw new Error(`no event ${id}`);
  return row.version;
}

async function capture(overrides: Partial<Parameters<typeof createCapturedLead>[2]> = {}) {
  return createCapturedLead(t.database.db, PUBLIC_URL, {
    ...input(),
    organizationId: event.organizationId,
    eventVersion: await versionOf(event.id),
    rulesVersion: null,
    ...overrides,
  });
}

async function storedLead(id: string, organizationId = event.organizationId) {
  const [row] = await inScope(t.database.db, { organizationId }, (tx) =>
    tx.select().from(leads).where(eq(leads.id, id)),
  );
  return row ? toLead(row) : undefined;
}

describe('createCapturedLead', () => {
  it('announces exactly the lead it stored (the outbox payload is built before the write)', async () => {
    const written = await capture();
    expect(written.outcome).toBe('created');
    if (written.outcome !== 'created') return;
    const stored = await storedLead(written.lead.id);
    expect(stored).toEqual(written.lead);
    expect(stored).toMatchObject({ approval_status: 'pending', consent_text: 'Contact me.', source: 'qr_scan' });
    const [announced] = await queryRows<{ payload: { data: unknown } }>(
      t.database.db,
      sql`select payload from outbox where kind = 'lead.created' and payload->'data'->>'id' = ${written.lead.id}`,
    );
    expect(announced?.payload.data).toEqual(stored);
  });

  it('writes nothing for a lead id already taken (the repeat of an Idempotency-Key)', async () => {
    const fresh = await createEvent(t, event.organizationId);
    const eventVersion = await versionOf(fresh.id);
    const first = input({ page: { ...input().page, id: fresh.id } });
    expect((await capture({ ...first, eventVersion })).outcome).toBe('created');
    const repeat = { ...first, standard: { ...first.standard, first_name: 'Other' } };
    expect(await capture({ ...repeat, eventVersion })).toEqual({ outcome: 'replayed' });
    expect(await storedLead(first.id)).toMatchObject({ first_name: 'Greta' });
    expect(await leadsCaptured(t, fresh)).toBe(1);
  });

  it('writes nothing when the event changed since the copy the answers were checked against', async () => {
    const stale = input();
    const before = await versionOf(event.id);
    await inScope(t.database.db, { organizationId: event.organizationId }, (tx) =>
      tx
        .update(events)
        .set({ welcomeMessage: `Hej ${randomUUID()}` })
        .where(eq(events.id, event.id)),
    );
    expect(await capture({ ...stale, eventVersion: before })).toEqual({ outcome: 'stale' });
    expect(await storedLead(stale.id)).toBeUndefined();
  });

  it('writes nothing for an event that is no longer active', async () => {
    const draft = await createEvent(t, event.organizationId, { status: 'draft' });
    const lead = input({ page: { ...input().page, id: draft.id } });
    expect(await capture({ ...lead, eventVersion: await versionOf(draft.id) })).toEqual({ outcome: 'stale' });
    expect(await storedLead(lead.id)).toBeUndefined();
  });

  it("cannot write into another organisation's event: it is not visible to that tenant", async () => {
    const other = await registerUser(t);
    const otherOrg = other.organization?.id ?? '';
    const lead = input();
    const written = await capture({ ...lead, organizationId: otherOrg });
    expect(written).toEqual({ outcome: 'stale' });
    expect(await storedLead(lead.id)).toBeUndefined();
    expect(await storedLead(lead.id, otherOrg)).toBeUndefined();
  });

  it('counts every capture of the event, spread over its slot rows', async () => {
    const fresh = await createEvent(t, event.organizationId);
    const version = await versionOf(fresh.id);
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        capture({ ...input({ page: { ...input().page, id: fresh.id } }), eventVersion: version }),
      ),
    );
    expect(results.every((r) => r.outcome === 'created')).toBe(true);
    expect(await leadsCaptured(t, fresh)).toBe(40);
    const [slots] = await inScope(t.database.db, { organizationId: event.organizationId }, (tx) =>
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(eventLeadCounts)
        .where(eq(eventLeadCounts.eventId, fresh.id)),
    );
    expect(slots?.n).toBeGreaterThan(1);
    expect(slots?.n).toBeLessThanOrEqual(EVENT_LEAD_COUNT_SLOTS);
  });
});
