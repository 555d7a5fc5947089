import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormField } from '@leadcapture/contracts/form-fields';
import { leadScoreSchema, leadSchema } from '@leadcapture/contracts/leads';
import { eventAssignmentSchema, eventScoringRulesSchema } from '@leadcapture/contracts/qualification';
import { createPublicOffer, postOfferSubmission, visitor, type OfferFixture } from '../../../test/capture.ts';
import { expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import { bearer, createTestApp, registerUser, setPlan, type TestApp } from '../../../test/helpers.ts';
import { inScope } from '../../db/tenant.ts';
import { leads } from '../leads/leads.table.ts';
import { memberships } from '../organizations/organizations.table.ts';

/** An offer's captures are assigned and scored by the offer's own settings, as an event's. */

type User = Awaited<ReturnType<typeof registerUser>>;

let t: TestApp;
let owner: User;
let organizationId: string;
let other: User;
let ann: User;
let bo: User;

const timeline = createFormField('select', 'timeline', {
  label: 'When are you buying?',
  options: ['Within 3 months', 'Just looking'],
});

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t, { first_name: 'Olga', last_name: 'Owner' });
  organizationId = owner.organization?.id ?? '';
  await setPlan(t, organizationId, 'enterprise');
  other = await registerUser(t);
  ann = await registerUser(t, { first_name: 'Ann', last_name: 'Rep' });
  bo = await registerUser(t, { first_name: 'Bo', last_name: 'Rep' });
  for (const u of [ann, bo])
    await inScope(t.database.db, { organizationId }, (tx) =>
      tx.insert(memberships).values({ organizationId, userId: u.user.id, role: 'member' }),
    );
});
afterAll(() => t.close());

function call(method: 'GET' | 'PUT', url: string, payload?: unknown, user = owner) {
  return t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: bearer(user.access),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function submit(offer: OfferFixture, responses: Record<string, string> = {}) {
  const res = await postOfferSubmission(t, offer.slug, { ...visitor(), responses });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ data: { id: string } }>().data.id;
  const [row] = await inScope(t.database.db, { organizationId }, (tx) =>
    tx.select({ assignedTo: leads.assignedTo }).from(leads).where(eq(leads.id, id)),
  );
  return { id, assignedTo: row?.assignedTo ?? null };
}

describe('offer qualification', () => {
  it('assigns an offer’s captures round robin over its members', async () => {
    const offer = await createPublicOffer(t, organizationId, { formFields: [timeline] });
    expect(expectData(eventAssignmentSchema, await call('GET', `offers/${offer.id}/assignment/`))).toEqual({
      mode: 'none',
      user_ids: [],
    });
    expect((await submit(offer)).assignedTo).toBeNull();
    expectData(
      eventAssignmentSchema,
      await call('PUT', `offers/${offer.id}/assignment/`, { mode: 'round_robin', user_ids: [ann.user.id, bo.user.id] }),
    );
    const assignees = [];
    for (let i = 0; i < 4; i++) assignees.push((await submit(offer)).assignedTo);
    expect(assignees.filter((a) => a === ann.user.id)).toHaveLength(2);
    expect(assignees.filter((a) => a === bo.user.id)).toHaveLength(2);
  });

  it('scores an offer’s captures by its answer rules, rescores on a change, and checks rules against its form', async () => {
    const offer = await createPublicOffer(t, organizationId, { formFields: [timeline] });
    const saved = expectData(
      eventScoringRulesSchema,
      await call('PUT', `offers/${offer.id}/scoring_rules/`, {
        rules: [
          { label: 'Buying soon', field: 'timeline', operator: 'equals', values: ['Within 3 months'], points: 20 },
        ],
      }),
    );
    const { id } = await submit(offer, { timeline: 'Within 3 months' });
    const lead = expectData(leadSchema, await call('GET', `leads/${id}/`));
    expect(lead.score).toBe(20);
    const score = expectData(leadScoreSchema, await call('GET', `leads/${id}/score/`));
    expect(score.lines.filter((l) => l.factor === 'answer')).toEqual([
      { factor: 'answer', value: 'Buying soon', points: 20, rule_id: saved.rules[0]?.id },
    ]);
    await call('PUT', `offers/${offer.id}/scoring_rules/`, {
      rules: [{ label: 'Buying soon', field: 'timeline', operator: 'equals', values: ['Within 3 months'], points: 35 }],
    });
    expect(expectData(leadSchema, await call('GET', `leads/${id}/`)).score).toBe(35);
    expectValidation(
      await call('PUT', `offers/${offer.id}/scoring_rules/`, {
        rules: [{ label: 'Nope', field: 'missing', operator: 'equals', values: ['x'], points: 5 }],
      }),
      'rules.0.field',
    );
  });

  it('answers 404 for another organisation’s offer, and 403 to a viewer’s change', async () => {
    const offer = await createPublicOffer(t, organizationId);
    for (const path of ['assignment', 'scoring_rules']) {
      expectError(await call('GET', `offers/${offer.id}/${path}/`, undefined, other), 404, 'NOT_FOUND');
      expectError(
        await call(
          'PUT',
          `offers/${offer.id}/${path}/`,
          path === 'assignment' ? { mode: 'none', user_ids: [] } : { rules: [] },
          other,
        ),
        404,
        'NOT_FOUND',
      );
    }
  });
});
