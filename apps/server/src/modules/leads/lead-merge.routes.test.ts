import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@leadcapture/contracts/constants';
import { paginated } from '@leadcapture/contracts/envelope';
import { createFormField } from '@leadcapture/contracts/form-fields';
import {
  leadActivitySchema,
  leadNoteSchema,
  leadScoreSchema,
  leadSchema,
  type CreateLeadInput,
  type Lead,
} from '@leadcapture/contracts/leads';
import { createEvent, outboxRows } from '../../../test/capture.ts';
import { expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { inScope } from '../../db/tenant.ts';
import { memberships } from '../organizations/organizations.table.ts';

type User = Awaited<ReturnType<typeof registerUser>>;
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

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: User, payload?: Record<string, unknown>) {
  return t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { ...bearer(user.access), 'x-organization-id': orgOf(user) },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function create(user: User, input: Partial<CreateLeadInput> = {}): Promise<Lead> {
  const body = { first_name: 'Greta', last_name: 'Berg', email: `${randomUUID().slice(0, 8)}@example.com`, ...input };
  return expectData(leadSchema, await call('POST', 'leads/', user, body), 201);
}

const merge = (user: User, target: string, body: Record<string, unknown>) =>
  call('POST', `leads/${target}/merge/`, user, body);

const timeline = async (user: User, leadId: string) =>
  expectData(activityPage, await call('GET', `leads/${leadId}/activities/?page_size=100`, user)).results;

async function addMember(organizationId: string, role: Role): Promise<User> {
  const user = await registerUser(t);
  await inScope(t.database.db, { organizationId }, (tx) =>
    tx.insert(memberships).values({ organizationId, userId: user.user.id, role }),
  );
  return { ...user, organization: { ...user.organization, id: organizationId } } as User;
}

describe('POST /leads/{id}/merge/', () => {
  it('fills the target from the source, unions tags, merges custom fields and keeps both histories', async () => {
    const target = await create(owner, {
      first_name: 'Greta',
      last_name: 'Berg',
      email: 'greta@fjord.se',
      phone: '',
      company: 'Fjord AB',
      interest: null,
      tags: ['VIP'],
      interested_products: ['Kiosk'],
      custom_fields: { seats: 3, colour: 'blue' },
    });
    const source = await create(owner, {
      first_name: 'G.',
      last_name: 'Berg',
      email: 'g.berg@gmail.com',
      phone: '+46 70 123 45 67',
      company: 'Other AB',
      job_title: 'CTO',
      interest: 'hot',
      decision_role: 'decision_maker',
      tags: ['vip', 'Nordics'],
      interested_products: ['Badges'],
      custom_fields: { seats: 5, budget: 'big' },
    });
    expectData(leadNoteSchema, await call('POST', `leads/${target.id}/notes/`, owner, { body: 'Target note' }), 201);
    expectData(leadNoteSchema, await call('POST', `leads/${source.id}/notes/`, owner, { body: 'Source note' }), 201);
    expectData(
      leadActivitySchema,
      await call('POST', `leads/${source.id}/activities/`, owner, { type: 'call', description: 'Called' }),
      201,
    );
    const before = [...(await timeline(owner, target.id)), ...(await timeline(owner, source.id))];
    const announced = async (kind: string) => (await outboxRows(t, orgOf(owner), kind)).length;
    const [updatesBefore, deletionsBefore] = [await announced('lead.updated'), await announced('lead.deleted')];

    // Its score as stored now (the notes and the call count towards it).
    const scoredBefore = expectData(leadSchema, await call('GET', `leads/${target.id}/`, owner)).score;
    const merged = expectData(leadSchema, await merge(owner, target.id, { source: source.id }));
    expect(merged).toMatchObject({
      id: target.id,
      first_name: 'Greta',
      email: 'greta@fjord.se',
      company: 'Fjord AB',
      phone: '+46 70 123 45 67',
      job_title: 'CTO',
      interest: 'hot',
      decision_role: 'decision_maker',
      tags: ['VIP', 'Nordics'],
      interested_products: ['Kiosk', 'Badges'],
      custom_fields: { seats: 3, colour: 'blue', budget: 'big' },
      merged_into: null,
    });
    // The score is computed again from the merged answers (a hot decision maker scores more).
    expect(merged.score).toBeGreaterThan(target.score);

    const after = await timeline(owner, target.id);
    // The merge moved the score: the timeline says so right after the merge entry.
    expect(after[0]).toMatchObject({
      type: 'score_changed',
      metadata: { from: scoredBefore, to: merged.score, manual: false, reason: 'merged' },
    });
    expect(after[1]).toMatchObject({
      type: 'merged',
      metadata: { source_id: source.id, source_name: 'G. Berg', source_email: 'g.berg@gmail.com' },
      user: { id: owner.user.id },
    });
    // Every stored entry of both leads is on the target now, newest first, plus the merge's own two;
    // "lead created" is the target's own (the source's creation is in the merge entry).
    const logged = (list: typeof before) => list.filter((a) => a.type !== 'lead_created').map((a) => a.id);
    expect(logged(after.slice(2)).sort()).toEqual(logged(before).sort());
    expect(logged(before)).toHaveLength(3);
    expect(after.filter((a) => a.type === 'lead_created')).toHaveLength(1);
    const times = after.map((a) => a.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(
      after
        .filter((a) => a.type === 'note')
        .map((a) => a.description)
        .sort(),
    ).toEqual(['Source note', 'Target note']);
    expect(logged(await timeline(owner, source.id))).toEqual([]);
    // Moving is not editing: a moved note keeps its times (the page would say "edited").
    const stamps = (list: typeof before) =>
      Object.fromEntries(
        list.filter((a) => a.type !== 'lead_created').map((a) => [a.id, [a.created_at, a.updated_at]]),
      );
    expect(stamps(after.slice(2))).toEqual(stamps(before));

    // The source is in the bin, pointing at what it became.
    const gone = expectData(leadSchema, await call('GET', `leads/${source.id}/`, owner));
    expect(gone.deleted_at).not.toBeNull();
    expect(gone.merged_into).toBe(target.id);
    // Live: the target's change and the source's leaving, through the outbox.
    expect(await announced('lead.updated')).toBe(updatesBefore + 1);
    expect(await announced('lead.deleted')).toBe(deletionsBefore + 1);
  });

  it("takes the source's value where the person chose it", async () => {
    const target = await create(owner, { email: 'old@fjord.se', company: 'Fjord AB', status: 'new' });
    const source = await create(owner, { email: 'new@fjord.se', company: 'Fjord Group AB', status: 'qualified' });
    const merged = expectData(
      leadSchema,
      await merge(owner, target.id, {
        source: source.id,
        fields: { email: 'source', company: 'target', status: 'source' },
      }),
    );
    expect(merged).toMatchObject({ email: 'new@fjord.se', company: 'Fjord AB', status: 'qualified' });
    const entry = (await timeline(owner, target.id)).find((a) => a.type === 'merged');
    expect(entry?.metadata.from_source).toEqual(expect.arrayContaining(['email', 'status']));
    expect(entry?.metadata.from_source).not.toContain('company');
  });

  it("scores and qualifies the merged answers by the event's answer rules, and says so on the timeline", async () => {
    const event = await createEvent(t, orgOf(owner), {
      formFields: [
        createFormField('select', 'timeline', { label: 'When?', options: ['Within 3 months', 'Later'] }),
        createFormField('checkbox', 'topics', { label: 'Topics', options: ['Pricing', 'Support'] }),
        createFormField('number', 'seats', { label: 'Seats' }),
      ],
    });
    const rules = [
      { label: 'Buying soon', field: 'timeline', operator: 'equals', values: ['Within 3 months'], points: 20 },
      { label: 'Pricing', field: 'topics', operator: 'one_of', values: ['Pricing'], points: 5, interest: 'warm' },
      { label: 'Big team', field: 'seats', operator: 'one_of', values: ['50'], points: 3 },
    ];
    expect((await call('PUT', `events/${event.id}/scoring_rules/`, owner, { rules })).statusCode).toBe(200);
    // The target answered one question and was marked cold by hand; the source answered the others.
    const target = await create(owner, { event: event.id, interest: 'cold', custom_fields: { seats: 50 } });
    const source = await create(owner, {
      event: event.id,
      custom_fields: { timeline: 'Within 3 months', topics: ['Pricing'], seats: 2 },
    });
    expect(target).toMatchObject({ interest: 'cold' });
    expect(source).toMatchObject({ interest: 'warm' });

    const merged = expectData(leadSchema, await merge(owner, target.id, { source: source.id }));
    // The target's answer wins where both answered (seats 50); every rule now matches.
    expect(merged.custom_fields).toEqual({ timeline: 'Within 3 months', topics: ['Pricing'], seats: 50 });
    expect(merged.interest).toBe('warm');
    // Scored as a lead created with those answers is.
    const fresh = await create(owner, { event: event.id, custom_fields: merged.custom_fields });
    expect(fresh.interest).toBe('warm');
    expect(merged.score).toBe(fresh.score);
    expect(merged.score).toBeGreaterThan(target.score);
    const score = expectData(leadScoreSchema, await call('GET', `leads/${target.id}/score/`, owner));
    expect(score.lines.filter((l) => l.factor === 'answer').map((l) => [l.value, l.points])).toEqual([
      ['Buying soon', 20],
      ['Pricing', 5],
      ['Big team', 3],
    ]);
    expect(score.lines.reduce((sum, l) => sum + l.points, 0)).toBe(score.auto_score);
    expect(score.auto_score).toBe(merged.score);

    const [latest, before] = await timeline(owner, target.id);
    expect(latest).toMatchObject({
      type: 'score_changed',
      metadata: { from: target.score, to: merged.score, manual: false, reason: 'merged' },
    });
    expect(before).toMatchObject({ type: 'merged', metadata: { source_id: source.id } });

    // Whose interest to keep, when chosen, is kept; the points still come from the merged answers.
    const a = await create(owner, { event: event.id, interest: 'cold', custom_fields: {} });
    const b = await create(owner, { event: event.id, custom_fields: { topics: ['Pricing'] } });
    const chosen = expectData(leadSchema, await merge(owner, a.id, { source: b.id, fields: { interest: 'target' } }));
    expect(chosen.interest).toBe('cold');
    const control = await create(owner, { event: event.id, interest: 'cold', custom_fields: { topics: ['Pricing'] } });
    expect(chosen.score).toBe(control.score);
  });

  it('answers 422 for bad input or the same lead twice, and changes nothing', async () => {
    const lead = await create(owner);
    expectValidation(await merge(owner, lead.id, { source: lead.id }), 'source');
    expectValidation(await merge(owner, lead.id, { source: 'nope' }), 'source');
    expectValidation(await merge(owner, lead.id, {}), 'source');
    const other = await create(owner);
    expectValidation(await merge(owner, lead.id, { source: other.id, fields: { email: 'both' } }), 'fields.email');
    expectValidation(await merge(owner, lead.id, { source: other.id, fields: { id: 'source' } }), 'fields');
    expectError(await merge(owner, lead.id, { source: other.id, extra: 1 }), 422, 'VALIDATION_ERROR');
    expect(expectData(leadSchema, await call('GET', `leads/${other.id}/`, owner)).deleted_at).toBeNull();
  });

  it("answers 404 for another organisation's lead, a lead in the bin or a missing one", async () => {
    const mine = await create(owner);
    const theirs = await create(stranger);
    expectError(await merge(owner, mine.id, { source: theirs.id }), 404, 'NOT_FOUND');
    expectError(await merge(owner, theirs.id, { source: mine.id }), 404, 'NOT_FOUND');
    expectError(await merge(stranger, mine.id, { source: theirs.id }), 404, 'NOT_FOUND');
    const binned = await create(owner);
    expect((await call('DELETE', `leads/${binned.id}/`, owner)).statusCode).toBe(200);
    expectError(await merge(owner, mine.id, { source: binned.id }), 404, 'NOT_FOUND');
    expectError(await merge(owner, binned.id, { source: mine.id }), 404, 'NOT_FOUND');
    expectError(await merge(owner, mine.id, { source: randomUUID() }), 404, 'NOT_FOUND');
    expect(expectData(leadSchema, await call('GET', `leads/${theirs.id}/`, stranger)).deleted_at).toBeNull();
    expect((await timeline(owner, mine.id)).filter((a) => a.type === 'merged')).toHaveLength(0);
  });

  it('is forbidden to a viewer (403)', async () => {
    const viewer = await addMember(orgOf(owner), 'viewer');
    const a = await create(owner);
    const b = await create(owner);
    expectError(await merge(viewer, a.id, { source: b.id }), 403, 'PERMISSION_DENIED');
    expect(expectData(leadSchema, await call('GET', `leads/${b.id}/`, owner)).deleted_at).toBeNull();
  });

  it('stays consistent when two people merge the same pair both ways at once', async () => {
    const a = await create(owner);
    const b = await create(owner);
    await call('POST', `leads/${a.id}/notes/`, owner, { body: 'A' });
    await call('POST', `leads/${b.id}/notes/`, owner, { body: 'B' });
    const answers = await Promise.all([
      merge(owner, a.id, { source: b.id }),
      merge(owner, b.id, { source: a.id }),
      merge(owner, a.id, { source: b.id }),
    ]);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 404, 404]);
    const winner = expectData(leadSchema, answers.find((r) => r.statusCode === 200) ?? answers[0]);
    const loser = winner.id === a.id ? b.id : a.id;
    const notes = (await timeline(owner, winner.id)).filter((x) => x.type === 'note');
    expect(notes.map((n) => n.description).sort()).toEqual(['A', 'B']);
    expect((await timeline(owner, winner.id)).filter((x) => x.type === 'merged')).toHaveLength(1);
    expect(expectData(leadSchema, await call('GET', `leads/${loser}/`, owner)).merged_into).toBe(winner.id);
  });
});
