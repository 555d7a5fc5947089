import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@leadcapture/contracts/constants';
import { leadSchema } from '@leadcapture/contracts/leads';
import { eventAssignmentSchema } from '@leadcapture/contracts/qualification';
import { teamMemberSchema } from '@leadcapture/contracts/team';
import { createEvent, postCapture, visitor, type EventFixture } from '../../../test/capture.ts';
import { expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import { bearer, createTestApp, registerUser, setPlan, type TestApp } from '../../../test/helpers.ts';
import { inScope } from '../../db/tenant.ts';
import type { LiveEvent } from '../../jobs/live-events.ts';
import { LEAD_CREATED } from '../leads/leads.service.ts';
import { leadActivities, leads } from '../leads/leads.table.ts';
import { memberships } from '../organizations/organizations.table.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

let t: TestApp;
let owner: User;
let organizationId: string;
let other: User;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t, { first_name: 'Olga', last_name: 'Owner' });
  organizationId = owner.organization?.id ?? '';
  // Enterprise: no member or lead limits get in the way of a hundred captures.
  await setPlan(t, organizationId, 'enterprise');
  other = await registerUser(t);
});
afterAll(() => t.close());

async function addMember(role: Role, name: string): Promise<User> {
  const u = await registerUser(t, { first_name: name, last_name: 'Rep' });
  await inScope(t.database.db, { organizationId }, (tx) =>
    tx.insert(memberships).values({ organizationId, userId: u.user.id, role }),
  );
  return u;
}

function call(method: 'GET' | 'PUT', url: string, user: User, payload?: unknown, org = organizationId) {
  return t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { ...bearer(user.access), 'x-organization-id': org },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const setAssignment = (event: EventFixture, body: unknown, user = owner) =>
  call('PUT', `events/${event.id}/assignment/`, user, body);

async function membershipId(user: User): Promise<string> {
  const [row] = await inScope(t.database.db, { organizationId }, (tx) =>
    tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, user.user.id))),
  );
  return row?.id ?? '';
}

async function setAvailable(user: User, available: boolean, by: User = user) {
  const res = await call('PUT', `auth/team/members/${await membershipId(user)}/availability/`, by, { available });
  return expectData(teamMemberSchema, res);
}

/** Captures one lead on the event and answers the stored lead's assignee. */
async function captureAssignee(event: EventFixture): Promise<string | null> {
  const res = await postCapture(t, event.slug, visitor());
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ data: { id: string } }>().data.id;
  const [row] = await inScope(t.database.db, { organizationId }, (tx) =>
    tx.select({ assignedTo: leads.assignedTo }).from(leads).where(eq(leads.id, id)),
  );
  return row?.assignedTo ?? null;
}

describe('event assignment of new captures', () => {
  let ann: User;
  let bo: User;
  let cy: User;
  let viewer: User;

  beforeAll(async () => {
    ann = await addMember('member', 'Ann');
    bo = await addMember('member', 'Bo');
    cy = await addMember('admin', 'Cy');
    viewer = await addMember('viewer', 'Vera');
  });

  it('starts with none, and a capture stays unassigned', async () => {
    const event = await createEvent(t, organizationId);
    const data = expectData(eventAssignmentSchema, await call('GET', `events/${event.id}/assignment/`, owner));
    expect(data).toEqual({ mode: 'none', user_ids: [] });
    expect(await captureAssignee(event)).toBeNull();
  });

  it('gives every capture to a fixed member, with an assigned activity and assigned_to in lead.created', async () => {
    const event = await createEvent(t, organizationId);
    const saved = expectData(
      eventAssignmentSchema,
      await setAssignment(event, { mode: 'fixed', user_ids: [ann.user.id] }),
    );
    expect(saved).toEqual({ mode: 'fixed', user_ids: [ann.user.id] });

    const live: LiveEvent[] = [];
    const unsubscribe = t.app.deps.live.subscribe((message) => {
      if (message.organizationId === organizationId) live.push(message);
    });
    const res = await postCapture(t, event.slug, visitor());
    const leadId = res.json<{ data: { id: string } }>().data.id;
    await t.app.deps.outbox.drain();
    unsubscribe();
    // What the notifications and the live toast read: the assignee is in lead.created.
    expect(live.find((m) => m.type === LEAD_CREATED && (m.data as { id: string }).id === leadId)?.data).toMatchObject({
      id: leadId,
      assigned_to: ann.user.id,
    });
    const lead = expectData(leadSchema, await call('GET', `leads/${leadId}/`, owner));
    expect(lead.assigned_to).toBe(ann.user.id);

    const activities = await inScope(t.database.db, { organizationId }, (tx) =>
      tx.select().from(leadActivities).where(eq(leadActivities.leadId, leadId)),
    );
    expect(activities.filter((a) => a.type === 'assigned')).toEqual([
      expect.objectContaining({
        userId: null,
        metadata: { from: null, to: ann.user.id, to_name: 'Ann Rep', automatic: true },
      }),
    ]);
  });

  it('leaves captures unassigned while the fixed member is unavailable', async () => {
    const event = await createEvent(t, organizationId);
    await setAssignment(event, { mode: 'fixed', user_ids: [bo.user.id] });
    expect((await setAvailable(bo, false)).available).toBe(false);
    expect(await captureAssignee(event)).toBeNull();
    await setAvailable(bo, true);
    expect(await captureAssignee(event)).toBe(bo.user.id);
  });

  it('takes turns in the chosen order and skips members who are unavailable', async () => {
    const event = await createEvent(t, organizationId);
    await setAssignment(event, { mode: 'round_robin', user_ids: [cy.user.id, ann.user.id, bo.user.id] });
    const first: (string | null)[] = [];
    for (let i = 0; i < 6; i++) first.push(await captureAssignee(event));
    expect(first).toEqual([cy, ann, bo, cy, ann, bo].map((u) => u.user.id));

    await setAvailable(ann, false, owner);
    const without: (string | null)[] = [];
    for (let i = 0; i < 4; i++) without.push(await captureAssignee(event));
    expect(without).not.toContain(ann.user.id);
    expect(without.filter((id) => id === cy.user.id)).toHaveLength(2);
    expect(without.filter((id) => id === bo.user.id)).toHaveLength(2);
    await setAvailable(ann, true, owner);
  });

  it('shares among every member who works on leads when none are chosen (not viewers, not inactive)', async () => {
    const event = await createEvent(t, organizationId);
    await setAssignment(event, { mode: 'round_robin', user_ids: [] });
    const dan = await addMember('member', 'Dan');
    await inScope(t.database.db, { organizationId }, (tx) =>
      tx.update(memberships).set({ status: 'inactive' }).where(eq(memberships.userId, dan.user.id)),
    );
    const got = new Set<string | null>();
    for (let i = 0; i < 8; i++) got.add(await captureAssignee(event));
    expect([...got].sort()).toEqual([owner.user.id, ann.user.id, bo.user.id, cy.user.id].sort());
    expect(got.has(viewer.user.id)).toBe(false);
  });

  it('shares concurrent captures fairly: counts per member differ by at most one', async () => {
    const event = await createEvent(t, organizationId);
    await setAssignment(event, { mode: 'round_robin', user_ids: [ann.user.id, bo.user.id, cy.user.id] });
    const answers = await Promise.all(Array.from({ length: 40 }, () => postCapture(t, event.slug, visitor())));
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const rows = await inScope(t.database.db, { organizationId }, (tx) =>
      tx.select({ assignedTo: leads.assignedTo }).from(leads).where(eq(leads.eventId, event.id)),
    );
    expect(rows).toHaveLength(40);
    const counts = [ann, bo, cy].map((u) => rows.filter((r) => r.assignedTo === u.user.id).length);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(40);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  });

  it('answers 422 for a member of another organisation, a viewer, or a fixed mode without exactly one', async () => {
    const event = await createEvent(t, organizationId);
    expect(expectValidation(await setAssignment(event, { mode: 'fixed', user_ids: [other.user.id] }), 'user_ids.0'));
    expectValidation(
      await setAssignment(event, { mode: 'round_robin', user_ids: [ann.user.id, viewer.user.id] }),
      'user_ids.1',
    );
    expectValidation(await setAssignment(event, { mode: 'fixed', user_ids: [ann.user.id, bo.user.id] }), 'user_ids');
    expectValidation(await setAssignment(event, { mode: 'fixed', user_ids: [] }), 'user_ids');
    expectValidation(await setAssignment(event, { mode: 'none', user_ids: [ann.user.id] }), 'user_ids');
    expectValidation(await setAssignment(event, { mode: 'sometimes', user_ids: [] }), 'mode');
    expectValidation(await setAssignment(event, { mode: 'round_robin', user_ids: ['x'] }), 'user_ids.0');
    const unchanged = expectData(eventAssignmentSchema, await call('GET', `events/${event.id}/assignment/`, owner));
    expect(unchanged.mode).toBe('none');
  });

  it("answers 404 for another organisation's event, and a viewer may read but not change", async () => {
    const event = await createEvent(t, organizationId);
    const theirs = other.organization?.id ?? '';
    expectError(await call('GET', `events/${event.id}/assignment/`, other, undefined, theirs), 404, 'NOT_FOUND');
    expectError(
      await call('PUT', `events/${event.id}/assignment/`, other, { mode: 'none', user_ids: [] }, theirs),
      404,
      'NOT_FOUND',
    );
    expectData(eventAssignmentSchema, await call('GET', `events/${event.id}/assignment/`, viewer));
    expectError(await setAssignment(event, { mode: 'none', user_ids: [] }, viewer), 403, 'PERMISSION_DENIED');
  });
});

describe('PUT /auth/team/members/{id}/availability/', () => {
  it('lets members mark themselves, owners and admins anyone, and no one else', async () => {
    const eva = await addMember('member', 'Eva');
    const fred = await addMember('member', 'Fred');
    expect((await setAvailable(eva, false)).available).toBe(false);
    expect((await setAvailable(eva, true, owner)).available).toBe(true);
    expectError(
      await call('PUT', `auth/team/members/${await membershipId(eva)}/availability/`, fred, { available: false }),
      403,
      'PERMISSION_DENIED',
    );
    expectValidation(
      await call('PUT', `auth/team/members/${await membershipId(eva)}/availability/`, eva, { available: 'no' }),
      'available',
    );
    // Another organisation's member is not found.
    expectError(
      await call(
        'PUT',
        `auth/team/members/${await membershipId(eva)}/availability/`,
        other,
        { available: false },
        other.organization?.id ?? '',
      ),
      404,
      'NOT_FOUND',
    );
  });
});
