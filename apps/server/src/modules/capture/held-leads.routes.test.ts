import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '@leadcapture/contracts/auth';
import { billingStatsSchema } from '@leadcapture/contracts/billing';
import { captureResultSchema, leadListPageSchema } from '@leadcapture/contracts/leads';
import { createEvent, outboxRows, postCapture, storedLeads, visitor } from '../../../test/capture.ts';
import { expectData } from '../../../test/envelope.ts';
import { bearer, createTestApp, mailsTo, registerUser, setPlan, type TestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { LEAD_CREATED } from '../leads/leads.service.ts';
import { heldLeads } from '../leads/leads.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const orgOf = (user: AuthResult) => user.organization?.id ?? '';
const headers = (user: AuthResult) => ({ ...bearer(user.access), 'x-organization-id': orgOf(user) });

/** `n` leads created this month, straight in SQL (imports, say), so the month's room is small. */
function insertLeads(organizationId: string, n: number) {
  return inScope(t.database.db, { organizationId }, (tx) =>
    tx.execute(sql`insert into leads (organization_id, first_name, last_name, email, source, status)
      select ${organizationId}::uuid, 'Lead', 'No ' || g, 'known' || g || '@example.com', 'import', 'new'
      from generate_series(1, ${n}) as g`),
  );
}

function held(organizationId: string) {
  return inScope(t.database.db, { organizationId }, (tx) => tx.select().from(heldLeads));
}

async function list(user: AuthResult, url = 'leads/') {
  return expectData(
    leadListPageSchema,
    await t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: headers(user) }),
  );
}

function notices(organizationId: string, type: string) {
  return inScope(t.database.db, { organizationId }, (tx) =>
    queryRows<{ data: Record<string, unknown> }>(
      tx,
      sql`select data from notifications where organization_id = ${organizationId} and type = ${type}`,
    ),
  );
}

/** An owner on free (25 leads a month) with `used` of them taken, and an active event. */
async function nearTheLimit(used: number) {
  const owner = await registerUser(t);
  const org = orgOf(owner);
  await setPlan(t, org, 'free');
  await insertLeads(org, used);
  const event = await createEvent(t, org);
  return { owner, org, event };
}

describe('captures past the monthly lead limit are held, never lost', () => {
  it('thanks the visitor as usual and keeps the lead out of lists, counts and side effects', async () => {
    const { owner, org, event } = await nearTheLimit(24);
    const first = expectData(captureResultSchema, await postCapture(t, event.slug, visitor()), 201);
    const second = expectData(captureResultSchema, await postCapture(t, event.slug, visitor()), 201);
    const third = expectData(captureResultSchema, await postCapture(t, event.slug, visitor()), 201);
    // The 25th lead is written; the two past the limit are held, answered exactly as a lead.
    expect(second).toEqual({ id: second.id, status: 'received' });
    expect((await storedLeads(t, org)).map((lead) => lead.id)).toContain(first.id);
    expect((await held(org)).map((row) => row.id).sort()).toEqual([second.id, third.id].sort());
    expect(await storedLeads(t, org)).toHaveLength(25);
    const page = await list(owner);
    expect(page.count).toBe(25);
    expect(page.held_count).toBe(2);
    expect(page.results.map((lead) => lead.id)).not.toContain(second.id);
    const eventPage = await list(owner, `events/${event.id}/leads/`);
    expect([eventPage.count, eventPage.held_count]).toEqual([1, 2]);
    expect((await list(owner, 'leads/?deleted=true')).held_count).toBe(0);
    // No lead.created (webhooks, live lists, notifications) for a held lead; a held lead is not a lead.
    expect(await outboxRows(t, org, LEAD_CREATED)).toHaveLength(1);
    const lookup = await t.app.inject({ method: 'GET', url: `/api/v1/leads/${second.id}/`, headers: headers(owner) });
    expect(lookup.statusCode).toBe(404);
    // The owner is told once this month, in the app and by mail.
    expect(await notices(org, 'held_leads')).toEqual([
      { data: { month: new Date().toISOString().slice(0, 7), limit: 25 } },
    ]);
    const mails = (await mailsTo(t, owner.user.email, { atLeast: 2 })).filter((mail) =>
      mail.subject.startsWith('New leads are waiting'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Your plan’s limit of 25 leads this month is reached.');
  });

  it('answers a held capture repeated with its Idempotency-Key as the first time, holding it once', async () => {
    const { org, event } = await nearTheLimit(25);
    const body = visitor();
    const key = { 'idempotency-key': 'booth-tablet-7f3a' };
    const first = expectData(captureResultSchema, await postCapture(t, event.slug, body, { headers: key }), 201);
    const again = await postCapture(t, event.slug, body, { headers: key });
    expect(expectData(captureResultSchema, again, 201)).toEqual(first);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await held(org)).toHaveLength(1);
  });

  it('releases the held leads on an upgrade, and only then announces them', async () => {
    const { owner, org, event } = await nearTheLimit(25);
    const captured: string[] = [];
    for (let i = 0; i < 3; i++)
      captured.push(expectData(captureResultSchema, await postCapture(t, event.slug, visitor()), 201).id);
    expect(await held(org)).toHaveLength(3);
    expect(await outboxRows(t, org, LEAD_CREATED)).toEqual([]);
    const stats = await t.app.inject({ method: 'GET', url: '/api/v1/billing/stats/', headers: headers(owner) });
    expect(expectData(billingStatsSchema, stats).held_leads).toBe(3);

    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/subscriptions/',
      headers: headers(owner),
      payload: { plan_id: 'starter', billing_cycle: 'monthly' },
    });
    expect(started.statusCode).toBe(201);
    expect(await held(org)).toEqual([]);
    const page = await list(owner);
    expect([page.count, page.held_count]).toEqual([28, 0]);
    expect(page.results.map((lead) => lead.id)).toEqual(expect.arrayContaining(captured));
    // Announced now, each once, with the lead as captured (its capture time kept).
    const announced = await outboxRows(t, org, LEAD_CREATED);
    expect(announced.map((row) => (row.payload.data as { id: string }).id).sort()).toEqual([...captured].sort());
    const released = (await storedLeads(t, org)).filter((lead) => captured.includes(lead.id));
    expect(released.every((lead) => lead.eventId === event.id && lead.source === 'direct')).toBe(true);
  });

  it('releases only what the new plan has room for this month; the rest stays held', async () => {
    const { owner, org, event } = await nearTheLimit(25);
    // Starter allows 100 a month: 75 more fit, the 76th stays held.
    for (let i = 0; i < 3; i++) expectData(captureResultSchema, await postCapture(t, event.slug, visitor()), 201);
    await inScope(t.database.db, { organizationId: org }, (tx) =>
      tx.execute(sql`insert into leads (organization_id, first_name, last_name, email, source, status, created_at)
        select ${org}::uuid, 'Lead', 'More ' || g, 'more' || g || '@example.com', 'import', 'new', now()
        from generate_series(1, 74) as g`),
    );
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/subscriptions/',
      headers: headers(owner),
      payload: { plan_id: 'starter', billing_cycle: 'monthly' },
    });
    expect(started.statusCode).toBe(201);
    expect(await held(org)).toHaveLength(2);
    expect((await list(owner)).count).toBe(100);
  });

  it('writes exactly the room left when 20 visitors send at once at N-1, and holds the rest', async () => {
    const { org, event } = await nearTheLimit(24);
    const answers = await Promise.all(Array.from({ length: 20 }, () => postCapture(t, event.slug, visitor())));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 201));
    expect(await storedLeads(t, org)).toHaveLength(25);
    expect(await held(org)).toHaveLength(19);
  });

  it('links a returning visitor to their lead instead of holding a new one', async () => {
    const { org, event } = await nearTheLimit(25);
    const known = expectData(
      captureResultSchema,
      await postCapture(t, event.slug, visitor({ email: 'known3@example.com' })),
      201,
    );
    expect(await held(org)).toEqual([]);
    expect((await storedLeads(t, org)).map((lead) => lead.id)).toContain(known.id);
  });
});
