import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateAnswerRules, type AnswerRule } from '@leadcapture/contracts/answer-rules';
import { createFormField, type SubmissionValue } from '@leadcapture/contracts/form-fields';
import { leadScoreSchema, leadSchema } from '@leadcapture/contracts/leads';
import { eventScoringRulesSchema } from '@leadcapture/contracts/qualification';
import { createEvent, postCapture, visitor, type EventFixture } from '../../../test/capture.ts';
import { expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import { bearer, createTestApp, registerUser, setPlan, type TestApp } from '../../../test/helpers.ts';
import { inScope } from '../../db/tenant.ts';
import { rescoreEventAnswers } from '../leads/leads.service.ts';
import { leads } from '../leads/leads.table.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

let t: TestApp;
let owner: User;
let organizationId: string;

const timeline = createFormField('select', 'timeline', {
  label: 'When are you buying?',
  options: ['Within 3 months', 'Within a year', 'Just looking'],
});
const topics = createFormField('checkbox', 'topics', {
  label: 'Interests',
  options: ['Pricing', 'Integrations', 'Support'],
});
const callMe = createFormField('checkbox', 'call_me', { label: 'Call me' });
const note = createFormField('textarea', 'note', { label: 'Anything else?' });
const seats = createFormField('number', 'seats', { label: 'Seats' });
const picture = createFormField('image', 'banner', { label: 'Banner', url: 'https://example.com/a.png' });
const FIELDS = [timeline, topics, callMe, note, seats, picture];

/** The two examples of the issue, and one rule of each other kind. */
const RULES: (Omit<AnswerRule, 'id' | 'points' | 'interest'> & Partial<Pick<AnswerRule, 'points' | 'interest'>>)[] = [
  { label: 'Buying within 3 months', field: 'timeline', operator: 'equals', values: ['Within 3 months'], points: 20 },
  { label: 'Interested in Pricing', field: 'topics', operator: 'one_of', values: ['Pricing'], interest: 'warm' },
  {
    label: 'Just looking',
    field: 'timeline',
    operator: 'equals',
    values: ['Just looking'],
    points: -10,
    interest: 'cold',
  },
  { label: 'Wants a call', field: 'call_me', operator: 'equals', values: ['true'], points: 5 },
  { label: 'Mentions a budget', field: 'note', operator: 'contains', values: ['budget'], points: 7 },
  { label: 'Large team', field: 'seats', operator: 'one_of', values: ['50', '100'], points: 3 },
];

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t);
  organizationId = owner.organization?.id ?? '';
});
afterAll(() => t.close());

function call(method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: unknown, user = owner) {
  return t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: bearer(user.access),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const putRules = (event: EventFixture, rules: unknown[]) => call('PUT', `events/${event.id}/scoring_rules/`, { rules });

async function capture(event: EventFixture, responses: Record<string, SubmissionValue>): Promise<string> {
  const res = await postCapture(t, event.slug, { ...visitor(), responses });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: string } }>().data.id;
}

const lead = async (id: string) => expectData(leadSchema, await call('GET', `leads/${id}/`));

describe('event answer rules', () => {
  it('stores the rules with ids, and a capture is scored and qualified by them', async () => {
    const event = await createEvent(t, organizationId, { formFields: FIELDS });
    const saved = expectData(eventScoringRulesSchema, await putRules(event, RULES));
    expect(saved.rules).toHaveLength(RULES.length);
    expect(saved.rules[1]).toMatchObject({ label: 'Interested in Pricing', points: 0, interest: 'warm' });
    expect(expectData(eventScoringRulesSchema, await call('GET', `events/${event.id}/scoring_rules/`))).toEqual(saved);

    const id = await capture(event, { timeline: 'Within 3 months', topics: ['Pricing', 'Support'], call_me: true });
    // direct 0 + warm 15 + 20 + 5.
    expect(await lead(id)).toMatchObject({ interest: 'warm', score: 40 });
    const score = expectData(leadScoreSchema, await call('GET', `leads/${id}/score/`));
    expect(score.lines.filter((l) => l.factor === 'answer')).toEqual([
      { factor: 'answer', value: 'Buying within 3 months', points: 20, rule_id: saved.rules[0]?.id },
      { factor: 'answer', value: 'Interested in Pricing', points: 0, rule_id: saved.rules[1]?.id },
      { factor: 'answer', value: 'Wants a call', points: 5, rule_id: saved.rules[3]?.id },
    ]);
    expect(score.lines.find((l) => l.factor === 'interest')).toEqual({ factor: 'interest', value: 'warm', points: 15 });
    expect(score.lines.reduce((sum, l) => sum + l.points, 0)).toBe(score.auto_score);

    const looking = await capture(event, { timeline: 'Just looking', note: 'We have no BUDGET yet' });
    // direct 0 + cold 0 - 10 + 7.
    expect(await lead(looking)).toMatchObject({ interest: 'cold', score: 0 });
    const plain = await capture(event, {});
    expect(await lead(plain)).toMatchObject({ interest: null, score: 0 });
  });

  it("rescores the event's leads when the rules change, and a lead when its answers change", async () => {
    const event = await createEvent(t, organizationId, { formFields: FIELDS });
    await putRules(event, RULES);
    const id = await capture(event, { timeline: 'Within 3 months', seats: 50 });
    expect((await lead(id)).score).toBe(23);

    const current = expectData(eventScoringRulesSchema, await call('GET', `events/${event.id}/scoring_rules/`)).rules;
    const doubled = current.map((r) => (r.field === 'timeline' && r.points > 0 ? { ...r, points: 40 } : r));
    await putRules(event, doubled);
    expect((await lead(id)).score).toBe(43);
    // The rule kept its id.
    const after = expectData(eventScoringRulesSchema, await call('GET', `events/${event.id}/scoring_rules/`)).rules;
    expect(after.map((r) => r.id)).toEqual(current.map((r) => r.id));

    const changed = expectData(
      leadSchema,
      await call('PATCH', `leads/${id}/`, { custom_fields: { timeline: 'Within a year', topics: ['Pricing'] } }),
    );
    expect(changed).toMatchObject({ interest: 'warm', score: 15 });
    // An interest set in the same change wins over the rules'.
    const manual = expectData(
      leadSchema,
      await call('PATCH', `leads/${id}/`, { custom_fields: { topics: ['Pricing'] }, interest: 'hot' }),
    );
    expect(manual).toMatchObject({ interest: 'hot', score: 30 });

    await putRules(event, []);
    expect((await lead(id)).score).toBe(30);
  });

  it('answers 422 for an unknown field, a value not among the options, or a condition the field cannot have', async () => {
    const event = await createEvent(t, organizationId, { formFields: FIELDS });
    const base = { label: 'L', operator: 'equals', points: 5 };
    expectValidation(await putRules(event, [{ ...base, field: 'budget', values: ['x'] }]), 'rules.0.field');
    expectValidation(
      await putRules(event, [RULES[0], { ...base, field: 'timeline', values: ['Next week'] }]),
      'rules.1.values.0',
    );
    expectValidation(
      await putRules(event, [{ ...base, field: 'topics', operator: 'one_of', values: ['Pricing', 'Cats'] }]),
      'rules.0.values.1',
    );
    expectValidation(await putRules(event, [{ ...base, field: 'call_me', values: ['yes'] }]), 'rules.0.values.0');
    expectValidation(await putRules(event, [{ ...base, field: 'seats', values: ['many'] }]), 'rules.0.values.0');
    expectValidation(
      await putRules(event, [{ ...base, field: 'timeline', operator: 'contains', values: ['Within 3 months'] }]),
      'rules.0.operator',
    );
    expectValidation(await putRules(event, [{ ...base, field: 'banner', values: ['x'] }]), 'rules.0.field');
    expectValidation(
      await putRules(event, [{ ...base, field: 'timeline', values: ['Just looking'], points: 0 }]),
      'rules.0.points',
    );
    expectValidation(
      await putRules(event, [{ ...base, field: 'timeline', values: ['Just looking'], when: 'now' }]),
      'rules.0',
    );
    expect(expectData(eventScoringRulesSchema, await call('GET', `events/${event.id}/scoring_rules/`)).rules).toEqual(
      [],
    );
  });

  it("answers 404 for another organisation's event", async () => {
    const event = await createEvent(t, organizationId, { formFields: FIELDS });
    const stranger = await registerUser(t);
    expectError(await call('GET', `events/${event.id}/scoring_rules/`, undefined, stranger), 404, 'NOT_FOUND');
    expectError(await call('PUT', `events/${event.id}/scoring_rules/`, { rules: [] }, stranger), 404, 'NOT_FOUND');
  });
});

describe('a held capture, released by an upgrade', () => {
  it('keeps the interest and the answer points its capture computed', async () => {
    const owner2 = await registerUser(t);
    const org = owner2.organization?.id ?? '';
    await setPlan(t, org, 'free');
    // The month is full (free: 25 leads), so the capture is held.
    await inScope(t.database.db, { organizationId: org }, (tx) =>
      tx.insert(leads).values(
        Array.from({ length: 25 }, (_, i) => ({
          organizationId: org,
          firstName: `Lead ${i}`,
          source: 'import' as const,
        })),
      ),
    );
    const event = await createEvent(t, org, { formFields: FIELDS });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/events/${event.id}/scoring_rules/`,
      headers: bearer(owner2.access),
      payload: { rules: RULES },
    });
    expect(put.statusCode, put.body).toBe(200);
    const id = await capture(event, { timeline: 'Within 3 months', topics: ['Pricing'] });
    const upgrade = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/subscriptions/',
      headers: bearer(owner2.access),
      payload: { plan_id: 'starter', billing_cycle: 'monthly' },
    });
    expect(upgrade.statusCode, upgrade.body).toBe(201);
    const [released] = await inScope(t.database.db, { organizationId: org }, (tx) =>
      tx.select().from(leads).where(eq(leads.id, id)),
    );
    // direct 0 + warm 15 + 20.
    expect(released).toMatchObject({ interest: 'warm', answerPoints: 20, autoScore: 35, score: 35 });
  });
});

describe('answerPointsSql', () => {
  it('gives every lead the points evaluateAnswerRules gives it', async () => {
    const event = await createEvent(t, organizationId, { formFields: FIELDS });
    const rules: AnswerRule[] = RULES.map((r) => ({ id: randomUUID(), interest: null, points: 0, ...r }));
    rules.push(
      {
        ...rules[0],
        id: randomUUID(),
        operator: 'one_of',
        values: ['within a year', 'Just looking'],
        points: 2,
      } as AnswerRule,
      { ...rules[1], id: randomUUID(), operator: 'contains', values: ['Pricing', 'Support'], points: 11 } as AnswerRule,
      { ...rules[1], id: randomUUID(), operator: 'equals', values: ['integrations'], points: 13 } as AnswerRule,
      { ...rules[4], id: randomUUID(), operator: 'equals', values: ['yes'], points: 17 } as AnswerRule,
    );
    const answers: Record<string, SubmissionValue>[] = [
      {},
      { timeline: 'Within 3 months' },
      { timeline: ' within a YEAR ' },
      { topics: ['Pricing', 'Support'] },
      { topics: ['Integrations'] },
      { topics: [] },
      { call_me: true },
      { call_me: false },
      { note: 'Yes' },
      { note: 'our budget is set' },
      { note: '' },
      { seats: 50 },
      { seats: 7 },
      { timeline: 'Just looking', topics: ['Pricing'], call_me: true, note: 'budget', seats: 100 },
    ];
    const ids = await inScope(t.database.db, { organizationId }, async (tx) => {
      const rows = await tx
        .insert(leads)
        .values(
          answers.map((customFields, i) => ({
            organizationId,
            eventId: event.id,
            firstName: `Lead ${i}`,
            source: 'manual' as const,
            customFields,
          })),
        )
        .returning({ id: leads.id });
      await rescoreEventAnswers(tx, organizationId, event.id, rules);
      return rows.map((r) => r.id);
    });
    const stored = await inScope(t.database.db, { organizationId }, (tx) =>
      tx.select({ id: leads.id, answerPoints: leads.answerPoints }).from(leads).where(eq(leads.eventId, event.id)),
    );
    const byId = new Map(stored.map((r) => [r.id, r.answerPoints]));
    expect(ids.map((id) => byId.get(id))).toEqual(answers.map((a) => evaluateAnswerRules(rules, a).points));
    // The comparison is not vacuous: the answers give different points.
    expect(new Set(ids.map((id) => byId.get(id))).size).toBeGreaterThan(5);
  });
});
