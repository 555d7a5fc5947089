import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_SCORING_RULES } from '@leadcapture/contracts/lead-scoring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAPTURE_SETTINGS,
  createEvent,
  createPublicOffer,
  leadsCaptured,
  type EventFixture,
} from '../../../test/capture.ts';
import { createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { queryRows, type Queryable } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { events } from '../events/events.table.ts';
import { offers } from '../offers/offers.table.ts';
import { toLead } from '../leads/leads.service.ts';
import { leads } from '../leads/leads.table.ts';
import { createCaptureWrites } from './capture-writes.ts';
import { createCapturedLead, type CapturedLeadInput } from './captured-leads.ts';

let t: TestApp;
let event: EventFixture;
let ownerId: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await registerUser(t);
  ownerId = owner.user.id;
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
    answerRules: [],
    ...overrides,
  };
}

const PUBLIC_URL = 'http://localhost:3000';

/** The event's version as capture_leads compares it. */
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
  return createCapturedLead(createCaptureWrites(t.database.db), PUBLIC_URL, {
    ...input(),
    organizationId: event.organizationId,
    pageVersion: await versionOf(event.id),
    rulesVersion: null,
    assignment: null,
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

  it('stores and announces the assignee and the answer rules the write decided', async () => {
    const written = await capture({
      assignment: { mode: 'fixed', user_ids: [ownerId] },
      answerRules: [
        {
          id: randomUUID(),
          label: 'Wants a demo',
          field: 'interest',
          operator: 'equals',
          values: ['demo'],
          points: 20,
          interest: 'hot',
        },
      ],
    });
    expect(written.outcome).toBe('created');
    if (written.outcome !== 'created') return;
    expect(written.lead).toMatchObject({ assigned_to: ownerId, interest: 'hot' });
    const stored = await storedLead(written.lead.id);
    expect(stored).toEqual(written.lead);
    // Score: qr_scan 5 + hot 30 + the rule's 20.
    expect(stored?.score).toBe(55);
    const [announced] = await queryRows<{ payload: { data: unknown } }>(
      t.database.db,
      sql`select payload from outbox where kind = 'lead.created' and payload->'data'->>'id' = ${written.lead.id}`,
    );
    expect(announced?.payload.data).toEqual(stored);
    expect(written.announcement.payload).toEqual({ data: stored });
  });

  it('writes nothing for a lead id already taken (the repeat of an Idempotency-Key)', async () => {
    const fresh = await createEvent(t, event.organizationId);
    const pageVersion = await versionOf(fresh.id);
    const first = input({ page: { ...input().page, id: fresh.id } });
    expect((await capture({ ...first, pageVersion })).outcome).toBe('created');
    const repeat = { ...first, standard: { ...first.standard, first_name: 'Other' } };
    expect(await capture({ ...repeat, pageVersion })).toEqual({ outcome: 'replayed' });
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
    expect(await capture({ ...stale, pageVersion: before })).toEqual({ outcome: 'stale' });
    expect(await storedLead(stale.id)).toBeUndefined();
  });

  it('writes nothing for an event that is no longer active', async () => {
    const draft = await createEvent(t, event.organizationId, { status: 'draft' });
    const lead = input({ page: { ...input().page, id: draft.id } });
    expect(await capture({ ...lead, pageVersion: await versionOf(draft.id) })).toEqual({ outcome: 'stale' });
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

  it('counts every capture of the event among its leads', async () => {
    const fresh = await createEvent(t, event.organizationId);
    const version = await versionOf(fresh.id);
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        capture({ ...input({ page: { ...input().page, id: fresh.id } }), pageVersion: version }),
      ),
    );
    expect(results.every((r) => r.outcome === 'created')).toBe(true);
    expect(await leadsCaptured(t, fresh)).toBe(40);
  });
});

describe("createCapturedLead on an offer page (the same write path as an event's)", () => {
  async function offerVersionOf(id: string): Promise<string> {
    const [row] = await inScope(t.database.db, { organizationId: event.organizationId }, (tx) =>
      tx
        .select({ version: sql<string>`${offers.updatedAt}::text` })
        .from(offers)
        .where(eq(offers.id, id)),
    );
    if (!row) throw new Error(`no offer ${id}`);
    return row.version;
  }
  const offerInput = (offerId: string) =>
    input({
      page: {
        kind: 'offer',
        id: offerId,
        name: 'Spring deal',
        consentText: '',
        requireApproval: false,
        emailVerification: false,
      },
    });

  it('writes the lead on the offer, not on any event, and announces it', async () => {
    const offer = await createPublicOffer(t, event.organizationId);
    const lead = offerInput(offer.id);
    const written = await capture({ ...lead, pageVersion: await offerVersionOf(offer.id) });
    expect(written.outcome).toBe('created');
    const stored = await storedLead(lead.id);
    expect(stored).toMatchObject({ offer: offer.id, event: null, approval_status: 'approved', consent_text: '' });
    if (written.outcome === 'created') expect(written.lead).toEqual(stored);
  });

  it.each([
    ['unpublished', { isPublished: false }],
    ['archived', { status: 'archived' as const }],
  ])('writes nothing on an offer that is %s, or changed since it was read', async (_name, change) => {
    const offer = await createPublicOffer(t, event.organizationId);
    const version = await offerVersionOf(offer.id);
    const changed = offerInput(offer.id);
    await inScope(t.database.db, { organizationId: event.organizationId }, (tx) =>
      tx.update(offers).set({ title: 'Summer deal' }).where(eq(offers.id, offer.id)),
    );
    expect(await capture({ ...changed, pageVersion: version })).toEqual({ outcome: 'stale' });
    const closed = offerInput(offer.id);
    await inScope(t.database.db, { organizationId: event.organizationId }, (tx) =>
      tx
        .update(offers)
        .set({ isPublished: false, ...change })
        .where(eq(offers.id, offer.id)),
    );
    expect(await capture({ ...closed, pageVersion: await offerVersionOf(offer.id) })).toEqual({ outcome: 'stale' });
    expect(await storedLead(changed.id)).toBeUndefined();
    expect(await storedLead(closed.id)).toBeUndefined();
  });

  it('does not take an event id as an offer (the page kind is part of the check)', async () => {
    const lead = offerInput(event.id);
    expect(await capture({ ...lead, pageVersion: await versionOf(event.id) })).toEqual({ outcome: 'stale' });
    expect(await storedLead(lead.id)).toBeUndefined();
  });
});

describe('captures written together (capture-writes.ts, decision 023)', () => {
  /** A writer whose statements are counted: more captures than statements means they shared. */
  function countedWrites() {
    const counted = { statements: 0 };
    const db = {
      execute: (query: Parameters<typeof t.database.db.execute>[0]) => {
        counted.statements += 1;
        return t.database.db.execute(query);
      },
    } as unknown as Queryable;
    return { writes: createCaptureWrites(db), counted };
  }

  async function captureWith(
    writes: ReturnType<typeof createCaptureWrites>,
    lead: CapturedLeadInput,
    pageVersion: string,
  ) {
    return createCapturedLead(writes, PUBLIC_URL, {
      ...lead,
      organizationId: event.organizationId,
      pageVersion,
      rulesVersion: null,
      assignment: null,
    });
  }

  it('writes a rush of captures in fewer statements, every lead stored and counted once', async () => {
    const fresh = await createEvent(t, event.organizationId);
    const pageVersion = await versionOf(fresh.id);
    const { writes, counted } = countedWrites();
    const rush = Array.from({ length: 24 }, () => input({ page: { ...input().page, id: fresh.id } }));
    const written = await Promise.all(rush.map((lead) => captureWith(writes, lead, pageVersion)));
    expect(written.map((w) => w.outcome)).toEqual(rush.map(() => 'created'));
    expect(counted.statements).toBeLessThan(rush.length);
    for (const lead of rush) expect(await storedLead(lead.id)).toMatchObject({ id: lead.id, first_name: 'Greta' });
    expect(await leadsCaptured(t, fresh)).toBe(24);
  });

  it('keeps the duplicate and Idempotency-Key rules inside one batch', async () => {
    const fresh = await createEvent(t, event.organizationId);
    const pageVersion = await versionOf(fresh.id);
    const { writes } = countedWrites();
    const page = { ...input().page, id: fresh.id };
    // Sent in one turn of the event loop, they go in one batch.
    const fillers = Array.from({ length: 4 }, () => input({ page }));
    const sameAddress = [input({ page }), input({ page })].map((lead) => ({
      ...lead,
      standard: { ...lead.standard, email: 'Same.Person@example.com' },
    }));
    const twin = input({ page });
    const all = [...fillers, ...sameAddress, twin, { ...twin }];
    const written = await Promise.all(all.map((lead) => captureWith(writes, lead, pageVersion)));

    const [a, b] = written.slice(4, 6);
    const created = [a, b].filter((w) => w?.outcome === 'created');
    expect(created).toHaveLength(1);
    const firstId = created[0]?.outcome === 'created' ? created[0].lead.id : '';
    expect([a, b].find((w) => w?.outcome !== 'created')).toEqual({ outcome: 'duplicate', leadId: firstId });
    expect(
      written
        .slice(6)
        .map((w) => w.outcome)
        .sort(),
    ).toEqual(['created', 'replayed']);
    expect(await leadsCaptured(t, fresh)).toBe(4 + 1 + 1);
    // Announced once each: the twin's repeat and the duplicate add no lead.created.
    const announced = await queryRows<{ id: string; n: number }>(
      t.database.db,
      sql`select payload->'data'->>'id' as id, count(*)::int as n from outbox
          where kind = 'lead.created' and payload->'data'->>'event' = ${fresh.id} group by 1`,
    );
    expect(announced.map((row) => row.n)).toEqual(Array(6).fill(1));
    expect(announced.map((row) => row.id)).toContain(twin.id);
  });

  it('writes the rest of a batch when the database refuses one capture, which fails alone', async () => {
    const fresh = await createEvent(t, event.organizationId);
    const pageVersion = await versionOf(fresh.id);
    const { writes } = countedWrites();
    const page = { ...input().page, id: fresh.id };
    const good = Array.from({ length: 8 }, () => input({ page }));
    // PostgreSQL stores no NUL character in text (or jsonb): the statement that carries it fails.
    const refused = input({ page, standard: { ...input().standard, first_name: 'Gre\u0000ta' } });
    const results = await Promise.allSettled(
      [...good.slice(0, 5), refused, ...good.slice(5)].map((lead) => captureWith(writes, lead, pageVersion)),
    );
    expect(results.map((r) => r.status)).toEqual([
      ...Array(5).fill('fulfilled'),
      'rejected',
      ...Array(3).fill('fulfilled'),
    ]);
    expect(await storedLead(refused.id)).toBeUndefined();
    expect(await leadsCaptured(t, fresh)).toBe(8);
  });
});
