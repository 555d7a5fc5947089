import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '@leadcapture/contracts/auth';
import { billingStatsSchema } from '@leadcapture/contracts/billing';
import { createFormField, type FormField } from '@leadcapture/contracts/form-fields';
import { paginated } from '@leadcapture/contracts/envelope';
import {
  captureResultSchema,
  leadActivitySchema,
  leadListPageSchema,
  leadScoreSchema,
  leadSchema,
} from '@leadcapture/contracts/leads';
import { createEvent, outboxRows, postCapture, storedLeads, visitor } from '../../../test/capture.ts';
import { expectData } from '../../../test/envelope.ts';
import { bearer, createTestApp, mailsTo, registerUser, setPlan, type TestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { LEAD_CREATED } from '../leads/leads.service.ts';
import { advanceSubscriptions } from '../billing/billing.service.ts';
import { subscriptions } from '../billing/billing.table.ts';
import { heldLeads } from '../leads/leads.table.ts';
import { memberships } from '../organizations/organizations.table.ts';

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
async function nearTheLimit(used: number, formFields: FormField[] = []) {
  const owner = await registerUser(t);
  const org = orgOf(owner);
  await setPlan(t, org, 'free');
  await insertLeads(org, used);
  const event = await createEvent(t, org, { formFields });
  return { owner, org, event };
}

/** A member of the organisation who works on leads. */
async function member(organizationId: string) {
  const user = await registerUser(t);
  await inScope(t.database.db, { organizationId }, (tx) =>
    tx.insert(memberships).values({ organizationId, userId: user.user.id, role: 'member' }),
  );
  return user;
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

  it('qualifies released captures as fresh ones: assigned, scored by the answer rules, one notice per person', async () => {
    const { owner, org, event } = await nearTheLimit(25, [
      createFormField('select', 'timeline', { label: 'When?', options: ['Within 3 months', 'Later'] }),
      createFormField('checkbox', 'topics', { label: 'Topics', options: ['Pricing', 'Support'] }),
    ]);
    const other = await createEvent(t, org, { name: 'Spring Fair' });
    const [ann, bo, cy] = await Promise.all([member(org), member(org), member(org)]);
    const captured: string[] = [];
    const responses = [
      { timeline: 'Within 3 months', topics: ['Pricing'] },
      { topics: ['Pricing'] },
      {},
      { timeline: 'Later' },
      { topics: ['Support'] },
    ];
    for (const answers of responses)
      captured.push(
        expectData(captureResultSchema, await postCapture(t, event.slug, { ...visitor(), responses: answers }), 201).id,
      );
    for (let i = 0; i < 2; i++)
      captured.push(expectData(captureResultSchema, await postCapture(t, other.slug, visitor()), 201).id);
    expect(await held(org)).toHaveLength(7);
    // Set while the captures wait: the release reads the page as it is now.
    const put = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/events/${event.id}/${url}`, headers: headers(owner), payload });
    const rules = [
      {
        label: 'Buying soon',
        field: 'timeline',
        operator: 'equals',
        values: ['Within 3 months'],
        points: 20,
        interest: 'hot',
      },
      { label: 'Pricing', field: 'topics', operator: 'one_of', values: ['Pricing'], points: 5, interest: 'warm' },
    ];
    expect((await put('scoring_rules/', { rules })).statusCode).toBe(200);
    const everyone = [ann, bo, cy].map((m) => m.user.id);
    expect((await put('assignment/', { mode: 'round_robin', user_ids: everyone })).statusCode).toBe(200);
    // Bo is away: the round robin skips him.
    await inScope(t.database.db, { organizationId: org }, (tx) =>
      tx
        .update(memberships)
        .set({ available: false })
        .where(and(eq(memberships.organizationId, org), eq(memberships.userId, bo.user.id))),
    );

    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/subscriptions/',
      headers: headers(owner),
      payload: { plan_id: 'starter', billing_cycle: 'monthly' },
    });
    expect(started.statusCode).toBe(201);
    expect(await held(org)).toEqual([]);
    const lead = async (id: string) =>
      expectData(
        leadSchema,
        await t.app.inject({ method: 'GET', url: `/api/v1/leads/${id}/`, headers: headers(owner) }),
      );
    const released = await Promise.all(captured.map(lead));
    const fromEvent = released.slice(0, 5);
    // Shared in turn between the two available members (3 and 2), none to Bo; the other event assigns nobody.
    const counts = (id: string) => fromEvent.filter((l) => l.assigned_to === id).length;
    expect([counts(ann.user.id), counts(bo.user.id), counts(cy.user.id)]).toEqual([3, 0, 2]);
    expect(released.slice(5).map((l) => l.assigned_to)).toEqual([null, null]);
    const activities = await t.app.inject({
      method: 'GET',
      url: `/api/v1/leads/${captured[0]}/activities/`,
      headers: headers(owner),
    });
    expect(expectData(paginated(leadActivitySchema), activities).results).toContainEqual(
      expect.objectContaining({ type: 'assigned', metadata: expect.objectContaining({ automatic: true, from: null }) }),
    );
    // Scored by the rules saved after they were held, exactly as a capture arriving now is.
    expect(fromEvent.map((l) => l.interest)).toEqual(['hot', 'warm', null, null, null]);
    const score = expectData(
      leadScoreSchema,
      await t.app.inject({ method: 'GET', url: `/api/v1/leads/${captured[0]}/score/`, headers: headers(owner) }),
    );
    expect(score.lines.filter((l) => l.factor === 'answer').map((l) => l.points)).toEqual([20, 5]);
    expect(score.lines.reduce((sum, l) => sum + l.points, 0)).toBe(fromEvent[0]?.score);
    for (const [i, answers] of responses.entries()) {
      const fresh = await lead(
        expectData(captureResultSchema, await postCapture(t, event.slug, { ...visitor(), responses: answers }), 201).id,
      );
      expect([fresh.interest, fresh.score]).toEqual([fromEvent[i]?.interest, fromEvent[i]?.score]);
    }

    // Told once per person and page, not once per lead; the per-lead consumer stays silent for them.
    await t.app.deps.outbox.drain();
    const batches = await notices(org, 'lead_new_batch');
    const to = (id: string) =>
      inScope(t.database.db, { organizationId: org }, (tx) =>
        queryRows<{ data: Record<string, unknown>; priority: string }>(
          tx,
          sql`select data, priority from notifications where user_id = ${id} and type = 'lead_new_batch'`,
        ),
      );
    expect(batches).toHaveLength(3);
    const [forAnn, forCy, forOwner, forBo] = await Promise.all([
      to(ann.user.id),
      to(cy.user.id),
      to(owner.user.id),
      to(bo.user.id),
    ]);
    expect(forBo).toEqual([]);
    expect(forAnn.map((n) => n.data)).toEqual([
      expect.objectContaining({ count: 3, source_name: 'Nordic Expo', event_id: event.id }),
    ]);
    expect(forCy.map((n) => n.data)).toEqual([expect.objectContaining({ count: 2, source_name: 'Nordic Expo' })]);
    // One of them is hot: that person's notice is urgent.
    const hot = [...forAnn, ...forCy];
    expect(hot.map((n) => n.data.hot_count as number).reduce((a, b) => a + b, 0)).toBe(1);
    expect(hot.find((n) => n.data.hot_count === 1)?.priority).toBe('urgent');
    expect(forOwner.map((n) => n.data)).toEqual([
      { count: 2, hot_count: 0, source_name: 'Spring Fair', event_id: other.id, offer_id: null },
    ]);
    const single = await inScope(t.database.db, { organizationId: org }, (tx) =>
      queryRows<{ data: { lead_id: string } }>(
        tx,
        sql`select data from notifications where type in ('lead_new', 'lead_hot')`,
      ),
    );
    expect(single.map((n) => n.data.lead_id).filter((id) => captured.includes(id))).toEqual([]);
  });

  it('shares the turns fairly between a release and captures arriving at the same moment', async () => {
    const { owner, org, event } = await nearTheLimit(25);
    const [ann, bo] = await Promise.all([member(org), member(org)]);
    for (let i = 0; i < 5; i++) expectData(captureResultSchema, await postCapture(t, event.slug, visitor()), 201);
    const assign = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/events/${event.id}/assignment/`,
      headers: headers(owner),
      payload: { mode: 'round_robin', user_ids: [ann.user.id, bo.user.id] },
    });
    expect(assign.statusCode).toBe(200);
    const [started, ...captures] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/v1/billing/subscriptions/',
        headers: headers(owner),
        payload: { plan_id: 'starter', billing_cycle: 'monthly' },
      }),
      ...Array.from({ length: 10 }, () => postCapture(t, event.slug, visitor())),
    ]);
    expect(started.statusCode).toBe(201);
    expect(captures.map((c) => c.statusCode)).toEqual(Array.from({ length: 10 }, () => 201));
    // A capture that met the held month before the release committed waits for the next release
    // (PostgreSQL only; PGlite runs them one after another).
    const stillHeld = (await held(org)).length;
    const ofEvent = (await storedLeads(t, org)).filter((l) => l.eventId === event.id);
    expect(ofEvent.length + stillHeld).toBe(15);
    expect(ofEvent.length).toBeGreaterThanOrEqual(5);
    const a = ofEvent.filter((l) => l.assignedTo === ann.user.id).length;
    const b = ofEvent.filter((l) => l.assignedTo === bo.user.id).length;
    // Every turn taken once, however the release and the captures interleaved.
    expect(a + b).toBe(ofEvent.length);
    expect(Math.abs(a - b)).toBeLessThanOrEqual(1);
  });

  it("releases last month's held captures when a new period begins, assigned and told as on an upgrade", async () => {
    const { owner, org, event } = await nearTheLimit(25);
    const rep = await member(org);
    const assign = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/events/${event.id}/assignment/`,
      headers: headers(owner),
      payload: { mode: 'fixed', user_ids: [rep.user.id] },
    });
    expect(assign.statusCode).toBe(200);
    const captured: string[] = [];
    for (let i = 0; i < 2; i++)
      captured.push(expectData(captureResultSchema, await postCapture(t, event.slug, visitor()), 201).id);
    // Held last month; the free period has just ended.
    await inScope(t.database.db, { organizationId: org }, async (tx) => {
      await tx.execute(sql`update held_leads set created_at = created_at - interval '32 days',
        capture = jsonb_set(capture, '{lead,created_at}', to_jsonb((created_at - interval '32 days')::text))
        where organization_id = ${org}`);
      await tx
        .update(subscriptions)
        .set({ currentPeriodEnd: new Date(Date.now() - 60_000) })
        .where(eq(subscriptions.organizationId, org));
    });
    await advanceSubscriptions(t.database.db, t.app.deps.billing);
    expect(await held(org)).toEqual([]);
    const released = (await storedLeads(t, org)).filter((l) => captured.includes(l.id));
    expect(released.map((l) => l.assignedTo)).toEqual([rep.user.id, rep.user.id]);
    expect((await notices(org, 'lead_new_batch')).map((n) => n.data)).toEqual([
      { count: 2, hot_count: 0, source_name: 'Nordic Expo', event_id: event.id, offer_id: null },
    ]);
  });
});
