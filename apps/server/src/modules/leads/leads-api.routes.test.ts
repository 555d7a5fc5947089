import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_STATUSES, type Role } from '@leadcapture/contracts/constants';
import { paginated } from '@leadcapture/contracts/envelope';
import { DEFAULT_SCORING_RULES, scoreLead } from '@leadcapture/contracts/lead-scoring';
import {
  bulkLeadsResultSchema,
  leadActivitySchema,
  leadNoteSchema,
  leadSchema,
  leadScoreSchema,
  scoringRulesResultSchema,
  type CreateLeadInput,
  type Lead,
} from '@leadcapture/contracts/leads';
import { organizationMemberSchema } from '@leadcapture/contracts/organizations';
import { createEvent, outboxRows, postCapture, visitor } from '../../../test/capture.ts';
import { expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import { bearer, createTestApp, mailsTo, registerUser, type TestApp } from '../../../test/helpers.ts';
import { inScope } from '../../db/tenant.ts';
import { memberships } from '../organizations/organizations.table.ts';

type User = Awaited<ReturnType<typeof registerUser>>;
const leadPage = paginated(leadSchema);
const activityPage = paginated(leadActivitySchema);

let t: TestApp;
let owner: User;
let stranger: User;
const orgOf = (u: User) => u.organization?.id ?? '';

beforeAll(async () => {
  t = await createTestApp();
  [owner, stranger] = await Promise.all([registerUser(t), registerUser(t)]);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
function call(method: Method, url: string, user: User, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1/${url}`,
    // The organisation the user acts in: a member added below works in the inviting organisation.
    headers: { ...bearer(user.access), 'x-organization-id': orgOf(user) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function create(user: User, input: Partial<CreateLeadInput> = {}): Promise<Lead> {
  const body = { first_name: 'Greta', last_name: 'Berg', email: `${randomUUID().slice(0, 8)}@example.com`, ...input };
  return expectData(leadSchema, await call('POST', 'leads/', user, body), 201);
}

async function addMember(organizationId: string, role: Role): Promise<User> {
  const user = await registerUser(t);
  await inScope(t.database.db, { organizationId }, (tx) =>
    tx.insert(memberships).values({ organizationId, userId: user.user.id, role }),
  );
  return { ...user, organization: { ...user.organization, id: organizationId } } as User;
}

const ids = (page: { results: Lead[] }) => page.results.map((l) => l.id);

describe('POST /leads/ and GET /leads/{id}/', () => {
  it('creates a lead by hand with every field, scored by the rules, and reads it back', async () => {
    const event = await createEvent(t, orgOf(owner));
    const lead = await create(owner, {
      company: 'Fjord AB',
      job_title: 'CTO',
      company_size: '51-200',
      source: 'referral',
      status: 'contacted',
      interest: 'hot',
      budget_range: '10000_25000',
      decision_timeline: 'asap',
      decision_role: 'decision_maker',
      interested_products: ['Kiosk'],
      tags: ['VIP', 'vip', 'Nordics'],
      assigned_to: owner.user.id,
      follow_up_date: '2026-12-01T09:00:00Z',
      event: event.id,
      notes: 'Met at the booth',
    });
    expect(lead).toMatchObject({ source: 'referral', status: 'contacted', tags: ['VIP', 'Nordics'], event: event.id });
    const expected = scoreLead(
      {
        interest: 'hot',
        decision_role: 'decision_maker',
        budget_range: '10000_25000',
        decision_timeline: 'asap',
        company_size: '51-200',
        source: 'referral',
        activity_count: 0,
      },
      DEFAULT_SCORING_RULES,
    ).score;
    expect(lead.score).toBe(expected);
    expect(lead.auto_score).toBe(expected);
    expect(expectData(leadSchema, await call('GET', `leads/${lead.id}/`, owner))).toEqual(lead);
    expect((await outboxRows(t, orgOf(owner), 'lead.created')).length).toBeGreaterThanOrEqual(1);
  });

  it('answers 422 per field for bad input and writes nothing', async () => {
    const before = expectData(leadPage, await call('GET', 'leads/', owner)).count;
    const res = await call('POST', 'leads/', owner, {
      first_name: '',
      last_name: 'x'.repeat(151),
      email: 'nope',
      source: 'qr_scan',
      status: 'won',
      tags: ['x'.repeat(51)],
      follow_up_date: 'tomorrow',
      manual_score: 101,
      unknown: 1,
    });
    const details = expectValidation(res, 'first_name');
    for (const field of ['last_name', 'email', 'source', 'status', 'tags.0', 'follow_up_date', 'manual_score'])
      expect(details).toHaveProperty([field]);
    expect(expectData(leadPage, await call('GET', 'leads/', owner)).count).toBe(before);
    expectValidation(
      await call('POST', 'leads/', owner, { first_name: 'A', last_name: 'B', assigned_to: stranger.user.id }),
      'assigned_to',
    );
    const foreignEvent = await createEvent(t, orgOf(stranger));
    expectValidation(
      await call('POST', 'leads/', owner, { first_name: 'A', last_name: 'B', event: foreignEvent.id }),
      'event',
    );
  });

  it('links a create with a known email to the existing lead (200), keeping one lead', async () => {
    const first = await create(owner, { email: 'known@example.com', phone: '' });
    const res = await call('POST', 'leads/', owner, {
      first_name: 'Greta',
      last_name: 'Berg',
      email: 'KNOWN@example.com',
      phone: '+46 70 000 00 00',
    });
    const linked = expectData(leadSchema, res, 200);
    expect(linked.id).toBe(first.id);
    expect(linked.phone).toBe('+46 70 000 00 00');
    const timeline = expectData(activityPage, await call('GET', `leads/${first.id}/activities/`, owner));
    expect(timeline.results.map((a) => a.type)).toEqual(['captured_again', 'lead_created']);
  });

  it("answers 404 for another organisation's lead on every route", async () => {
    const lead = await create(owner);
    const routes: [Method, string, unknown?][] = [
      ['GET', `leads/${lead.id}/`],
      ['PATCH', `leads/${lead.id}/`, { first_name: 'X' }],
      ['DELETE', `leads/${lead.id}/`],
      ['POST', `leads/${lead.id}/restore/`],
      ['POST', `leads/${lead.id}/status/`, { status: 'lost' }],
      ['POST', `leads/${lead.id}/assign/`, { assigned_to: null }],
      ['GET', `leads/${lead.id}/score/`],
      ['PUT', `leads/${lead.id}/score/`, { manual_score: 5 }],
      ['GET', `leads/${lead.id}/activities/`],
      ['POST', `leads/${lead.id}/activities/`, { type: 'call', description: 'x' }],
      ['GET', `leads/${lead.id}/notes/`],
      ['POST', `leads/${lead.id}/notes/`, { body: 'x' }],
    ];
    for (const [method, url, body] of routes) expectError(await call(method, url, stranger, body), 404, 'NOT_FOUND');
    expect(expectData(leadSchema, await call('GET', `leads/${lead.id}/`, owner)).first_name).toBe('Greta');
  });
});

describe('GET /leads/', () => {
  it('filters by every field, searches, orders and paginates', async () => {
    const user = await registerUser(t);
    const event = await createEvent(t, orgOf(user));
    const a = await create(user, {
      first_name: 'Anna',
      company: 'Acme',
      status: 'qualified',
      interest: 'hot',
      tags: ['VIP'],
      event: event.id,
    });
    const b = await create(user, {
      first_name: 'Bo',
      company: 'Beta',
      status: 'new',
      interest: 'cold',
      assigned_to: user.user.id,
      follow_up_date: '2020-01-01T10:00:00Z',
    });
    const c = await create(user, {
      first_name: 'Cissi',
      email: 'cissi@acme.test',
      status: 'new',
      source: 'partner',
      manual_score: 90,
    });
    const list = async (q: string) => expectData(leadPage, await call('GET', `leads/?${q}`, user));

    expect(ids(await list('status=new&ordering=first_name'))).toEqual([b.id, c.id]);
    expect(ids(await list('status=qualified,new&ordering=first_name'))).toEqual([a.id, b.id, c.id]);
    expect(ids(await list('interest=none'))).toEqual([c.id]);
    expect(ids(await list('source=partner'))).toEqual([c.id]);
    expect(ids(await list(`event=${event.id}`))).toEqual([a.id]);
    expect(ids(await list('assigned_to=me'))).toEqual([b.id]);
    expect((await list('assigned_to=unassigned')).count).toBe(2);
    expect(ids(await list('tags=vip'))).toEqual([a.id]);
    expect(ids(await list('score_min=90'))).toEqual([c.id]);
    expect(ids(await list('follow_up=overdue'))).toEqual([b.id]);
    expect(ids(await list('search=acme&ordering=first_name'))).toEqual([a.id, c.id]);
    // A complete address finds that address (without case), not the addresses it is part of.
    const d = await create(user, { first_name: 'Dan', email: 'dancissi@acme.test' });
    expect(ids(await list('search=Cissi@Acme.test'))).toEqual([c.id]);
    // The start of an address finds the addresses that start with it (decision 021).
    expect(ids(await list('search=cissi@acme&ordering=first_name'))).toEqual([c.id]);
    expect(ids(await list('search=dancissi@&ordering=first_name'))).toEqual([d.id]);
    await call('DELETE', `leads/${d.id}/`, user);
    expect(ids(await list('ordering=-score&page_size=1'))).toEqual([c.id]);
    const second = await list('ordering=first_name&page_size=2&page=2');
    expect(second).toMatchObject({ count: 3, next: null });
    expect(ids(second)).toEqual([c.id]);
    expect((await list('created_after=2000-01-01&created_before=2999-12-31')).count).toBe(3);
    expect((await list('created_before=2000-01-01')).count).toBe(0);
  });

  it('answers 422 to bad filters', async () => {
    for (const q of [
      'status=won',
      'score_min=101',
      'assigned_to=someone',
      'created_after=yesterday',
      'ordering=password',
      'follow_up=soon',
    ])
      expectError(await call('GET', `leads/?${q}`, owner), 422, 'VALIDATION_ERROR');
  });
});

describe('working on a lead', () => {
  it('changes status with a note on the timeline and mails the assigned rep when asked', async () => {
    const user = await registerUser(t);
    const rep = await addMember(orgOf(user), 'member');
    const lead = await create(user, { first_name: 'Nils', assigned_to: rep.user.id });
    const changed = expectData(
      leadSchema,
      await call('POST', `leads/${lead.id}/status/`, user, {
        status: 'demo_scheduled',
        note: 'Demo on Friday',
        notify: true,
      }),
    );
    expect(changed.status).toBe('demo_scheduled');
    const timeline = expectData(activityPage, await call('GET', `leads/${lead.id}/activities/`, user));
    expect(timeline.results[0]).toMatchObject({
      type: 'status_changed',
      description: 'Demo on Friday',
      metadata: { from: 'new', to: 'demo_scheduled' },
      user: { id: user.user.id },
    });
    const mails = await mailsTo(t, rep.email);
    expect(mails.at(-1)?.text).toContain('Demo scheduled');
    expect(mails.at(-1)?.text).toContain(`/leads/${lead.id}`);
    expectValidation(await call('POST', `leads/${lead.id}/status/`, user, { status: 'won' }), 'status');
  });

  it('keeps one unbroken status history under concurrent changes, one-by-one and in bulk', async () => {
    // On PostgreSQL these run at the same time; without the row lock two changes would both read
    // the same old status and the timeline would fork (two entries "from new").
    const user = await registerUser(t);
    const lead = await create(user);
    const targets = LEAD_STATUSES.filter((s) => s !== 'new');
    const answers = await Promise.all(
      targets.map((status, i) =>
        i % 2 === 0
          ? call('POST', `leads/${lead.id}/status/`, user, { status })
          : call('POST', 'leads/bulk/', user, { action: 'status', ids: [lead.id], status }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(targets.map(() => 200));
    const timeline = expectData(
      activityPage,
      await call('GET', `leads/${lead.id}/activities/?type=status_changed&page_size=100`, user),
    );
    const next = new Map<string, string>();
    for (const entry of timeline.results) {
      const from = String(entry.metadata.from);
      expect(next.has(from), `two changes from ${from}`).toBe(false);
      next.set(from, String(entry.metadata.to));
    }
    expect(next.size).toBe(targets.length);
    let status = 'new';
    for (let step = 0; step < targets.length; step += 1) status = next.get(status) ?? 'broken';
    const final = expectData(leadSchema, await call('GET', `leads/${lead.id}/`, user));
    expect(final.status).toBe(status);
  });

  it('assigns to members who work on leads only', async () => {
    const user = await registerUser(t);
    const viewer = await addMember(orgOf(user), 'viewer');
    const lead = await create(user);
    expectValidation(
      await call('POST', `leads/${lead.id}/assign/`, user, { assigned_to: viewer.user.id }),
      'assigned_to',
    );
    const assigned = expectData(
      leadSchema,
      await call('POST', `leads/${lead.id}/assign/`, user, { assigned_to: user.user.id }),
    );
    expect(assigned.assigned_to).toBe(user.user.id);
    // A viewer reads but cannot change anything.
    expect(expectData(leadSchema, await call('GET', `leads/${lead.id}/`, viewer)).id).toBe(lead.id);
    expectError(await call('POST', `leads/${lead.id}/status/`, viewer, { status: 'lost' }), 403, 'PERMISSION_DENIED');
    expectError(await call('POST', `leads/${lead.id}/notes/`, viewer, { body: 'x' }), 403, 'PERMISSION_DENIED');
    const members = expectData(
      paginated(organizationMemberSchema),
      await call('GET', `organizations/${orgOf(user)}/members/`, viewer),
    );
    expect(members.results.map((m) => m.role).sort()).toEqual(['owner', 'viewer']);
  });

  it('adds, edits and deletes notes; engagement moves the score; only the author or an admin edits', async () => {
    const user = await registerUser(t);
    const colleague = await addMember(orgOf(user), 'member');
    const lead = await create(user);
    // 03-decisions §3: sent as `body`, read back as `body`.
    const note = expectData(
      leadNoteSchema.strict(),
      await call('POST', `leads/${lead.id}/notes/`, user, { body: 'Wants a quote' }),
      201,
    );
    expect(note).toMatchObject({ type: 'note', body: 'Wants a quote', user: { id: user.user.id } });
    const call1 = expectData(
      leadActivitySchema,
      await call('POST', `leads/${lead.id}/activities/`, colleague, { type: 'call', description: 'Left a voicemail' }),
      201,
    );
    expect(call1.type).toBe('call');
    const scored = expectData(leadScoreSchema, await call('GET', `leads/${lead.id}/score/`, user));
    expect(scored.lines.find((l) => l.factor === 'activity')).toEqual({ factor: 'activity', value: '2', points: 4 });
    expect(scored.auto_score).toBe(lead.auto_score + 4);

    expectError(
      await call('PATCH', `leads/${lead.id}/notes/${note.id}/`, colleague, { body: 'Mine now' }),
      403,
      'PERMISSION_DENIED',
    );
    const edited = expectData(
      leadNoteSchema.strict(),
      await call('PATCH', `leads/${lead.id}/notes/${note.id}/`, user, { body: 'Wants a quote for 3 kiosks' }),
    );
    expect(edited.body).toBe('Wants a quote for 3 kiosks');
    const listed = expectData(paginated(leadNoteSchema.strict()), await call('GET', `leads/${lead.id}/notes/`, user));
    expect(listed.results.map((n) => n.body)).toEqual(['Wants a quote for 3 kiosks']);
    expectValidation(await call('POST', `leads/${lead.id}/notes/`, user, { body: ' ' }), 'body');
    expectError(await call('DELETE', `leads/${lead.id}/notes/${call1.id}/`, user), 404, 'NOT_FOUND');
    expectData(leadSchema.pick({}).loose(), await call('DELETE', `leads/${lead.id}/notes/${note.id}/`, user));
    const notes = expectData(activityPage, await call('GET', `leads/${lead.id}/notes/`, user));
    expect(notes.count).toBe(0);
    expect(expectData(leadScoreSchema, await call('GET', `leads/${lead.id}/score/`, user)).auto_score).toBe(
      lead.auto_score + 2,
    );
  });

  it('sets and clears a manual score, and explains the automatic one', async () => {
    const lead = await create(owner, { interest: 'warm' });
    const manual = expectData(
      leadScoreSchema,
      await call('PUT', `leads/${lead.id}/score/`, owner, { manual_score: 77 }),
    );
    expect(manual).toMatchObject({ score: 77, manual_score: 77, auto_score: lead.auto_score });
    expect(manual.lines.find((l) => l.factor === 'interest')).toEqual({
      factor: 'interest',
      value: 'warm',
      points: 15,
    });
    const cleared = expectData(
      leadScoreSchema,
      await call('PUT', `leads/${lead.id}/score/`, owner, { manual_score: null }),
    );
    expect(cleared).toMatchObject({ score: lead.auto_score, manual_score: null });
    expectValidation(await call('PUT', `leads/${lead.id}/score/`, owner, { manual_score: -1 }), 'manual_score');
  });

  it('recomputes the score when an answer changes and puts follow-ups on the timeline', async () => {
    const lead = await create(owner);
    const updated = expectData(
      leadSchema,
      await call('PATCH', `leads/${lead.id}/`, owner, { interest: 'hot', follow_up_date: '2030-01-02T08:00:00Z' }),
    );
    expect(updated.auto_score).toBe(lead.auto_score + DEFAULT_SCORING_RULES.interest.hot);
    expect(updated.follow_up_date).toBe('2030-01-02T08:00:00.000Z');
    const timeline = expectData(
      activityPage,
      await call('GET', `leads/${lead.id}/activities/?type=follow_up_scheduled`, owner),
    );
    expect(timeline.results[0]?.metadata).toEqual({ follow_up_date: '2030-01-02T08:00:00.000Z' });
  });

  it('moves a lead to the bin and back', async () => {
    const lead = await create(owner);
    expectData(leadSchema.pick({}).loose(), await call('DELETE', `leads/${lead.id}/`, owner));
    expect(ids(expectData(leadPage, await call('GET', 'leads/?page_size=100', owner)))).not.toContain(lead.id);
    expect(ids(expectData(leadPage, await call('GET', 'leads/?deleted=true&page_size=100', owner)))).toContain(lead.id);
    expectError(await call('PATCH', `leads/${lead.id}/`, owner, { first_name: 'X' }), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `leads/${lead.id}/`, owner), 404, 'NOT_FOUND');
    const restored = expectData(leadSchema, await call('POST', `leads/${lead.id}/restore/`, owner));
    expect(restored.deleted_at).toBeNull();
    expectError(await call('POST', `leads/${lead.id}/restore/`, owner), 404, 'NOT_FOUND');
  });
});

describe('POST /leads/bulk/', () => {
  it('changes status, tags, assigns round-robin and deletes, never touching foreign ids', async () => {
    const user = await registerUser(t);
    const rep = await addMember(orgOf(user), 'member');
    const viewer = await addMember(orgOf(user), 'viewer');
    const mine = await Promise.all([create(user), create(user), create(user), create(user)]);
    const foreign = await create(stranger, { status: 'new' });
    const all = [...mine.map((l) => l.id), foreign.id, randomUUID()];
    const bulk = async (body: Record<string, unknown>) =>
      expectData(bulkLeadsResultSchema, await call('POST', 'leads/bulk/', user, { ids: all, ...body }));

    expect(await bulk({ action: 'status', status: 'contacted', note: 'Mailed all' })).toEqual({
      action: 'status',
      updated: 4,
      not_found: [foreign.id, all[5]],
    });
    expect(expectData(leadSchema, await call('GET', `leads/${foreign.id}/`, stranger)).status).toBe('new');

    expect((await bulk({ action: 'tag', tags: ['Expo'], mode: 'add' })).updated).toBe(4);
    expect((await bulk({ action: 'tag', tags: ['expo'], mode: 'add' })).updated).toBe(0);
    expect(expectData(leadPage, await call('GET', 'leads/?tags=EXPO', user)).count).toBe(4);

    const spread = await bulk({ action: 'assign', round_robin: [user.user.id, rep.user.id, viewer.user.id] });
    expect(spread.updated).toBe(4);
    const page = expectData(leadPage, await call('GET', 'leads/', user));
    const counts = new Map<string | null, number>();
    for (const l of page.results) counts.set(l.assigned_to, (counts.get(l.assigned_to) ?? 0) + 1);
    expect(counts.get(user.user.id)).toBe(2);
    expect(counts.get(rep.user.id)).toBe(2);
    expect(counts.has(viewer.user.id)).toBe(false);

    expect((await bulk({ action: 'delete' })).updated).toBe(4);
    expect(expectData(leadPage, await call('GET', 'leads/', user)).count).toBe(0);
    expect((await bulk({ action: 'restore' })).updated).toBe(4);
    expect(expectData(leadSchema, await call('GET', `leads/${foreign.id}/`, stranger)).deleted_at).toBeNull();
  });

  it('refuses more than 1,000 ids, an unknown action and a viewer', async () => {
    const ids1001 = Array.from({ length: 1001 }, () => randomUUID());
    expectValidation(await call('POST', 'leads/bulk/', owner, { action: 'delete', ids: ids1001 }), 'ids');
    expectError(
      await call('POST', 'leads/bulk/', owner, { action: 'explode', ids: [randomUUID()] }),
      422,
      'VALIDATION_ERROR',
    );
    expectValidation(
      await call('POST', 'leads/bulk/', owner, { action: 'assign', ids: [randomUUID()] }),
      'assigned_to',
    );
    const viewer = await addMember(orgOf(owner), 'viewer');
    expectError(
      await call('POST', 'leads/bulk/', viewer, { action: 'delete', ids: [randomUUID()] }),
      403,
      'PERMISSION_DENIED',
    );
  });
});

describe('scoring rules', () => {
  it('answers the defaults, and a change rescores every lead at once (owner and admin only)', async () => {
    const user = await registerUser(t);
    const member = await addMember(orgOf(user), 'member');
    const event = await createEvent(t, orgOf(user));
    const captured = expectData(
      leadSchema.pick({ id: true }).loose(),
      await postCapture(t, event.slug, visitor({ source: 'qr_scan' })),
      201,
    );
    const hot = await create(user, { interest: 'hot' });
    const initial = expectData(scoringRulesResultSchema, await call('GET', 'leads/scoring_rules/', member));
    expect(initial).toEqual({ rules: DEFAULT_SCORING_RULES, is_default: true, updated_at: null });

    const rules = {
      ...DEFAULT_SCORING_RULES,
      interest: { ...DEFAULT_SCORING_RULES.interest, hot: 50 },
      source: { ...DEFAULT_SCORING_RULES.source, qr_scan: 40 },
    };
    expectError(await call('PUT', 'leads/scoring_rules/', member, rules), 403, 'PERMISSION_DENIED');
    expectValidation(
      await call('PUT', 'leads/scoring_rules/', user, { ...rules, interest: { hot: 500 } }),
      'interest.hot',
    );
    const saved = expectData(scoringRulesResultSchema, await call('PUT', 'leads/scoring_rules/', user, rules));
    expect(saved).toMatchObject({ rules, is_default: false });

    expect(expectData(leadSchema, await call('GET', `leads/${hot.id}/`, user)).score).toBe(hot.score + 20);
    expect(expectData(leadSchema, await call('GET', `leads/${captured.id}/`, user)).score).toBe(40);
    // A capture after the change is scored by the new rules, although the process cached the old ones.
    const next = expectData(
      leadSchema.pick({ id: true }).loose(),
      await postCapture(t, event.slug, visitor({ source: 'qr_scan' })),
      201,
    );
    expect(expectData(leadSchema, await call('GET', `leads/${next.id}/`, user)).score).toBe(40);
  });
});
