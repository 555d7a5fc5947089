import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@leadcapture/contracts/constants';
import { paginated } from '@leadcapture/contracts/envelope';
import { captureResultSchema, leadSchema, type Lead } from '@leadcapture/contracts/leads';
import { createEvent, outboxRows, postCapture, visitor, type EventFixture } from '../../../test/capture.ts';
import { expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { memberships } from '../organizations/organizations.table.ts';
import { LEAD_UPDATED } from './leads.service.ts';

type User = Awaited<ReturnType<typeof registerUser>>;
const leadPage = paginated(leadSchema);

let t: TestApp;
let owner: User;
let other: User;
const orgOf = (u: User) => u.organization?.id ?? '';

beforeAll(async () => {
  t = await createTestApp();
  [owner, other] = await Promise.all([registerUser(t), registerUser(t)]);
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST', url: string, user: User, organization?: string) {
  return t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { ...bearer(user.access), ...(organization ? { 'x-organization-id': organization } : {}) },
  });
}

async function capture(event: EventFixture, overrides: Parameters<typeof visitor>[0] = {}): Promise<string> {
  return expectData(captureResultSchema, await postCapture(t, event.slug, visitor(overrides)), 201).id;
}

async function addMember(organizationId: string, role: Role): Promise<User> {
  const user = await registerUser(t);
  await inScope(t.database.db, { organizationId }, (tx) =>
    tx.insert(memberships).values({ organizationId, userId: user.user.id, role }),
  );
  return user;
}

describe('GET /events/{id}/leads/', () => {
  it("lists the event's leads newest first, paginated, in the Lead shape", async () => {
    const event = await createEvent(t, orgOf(owner), { consentText: 'Contact me.' });
    const elsewhere = await createEvent(t, orgOf(owner));
    const ids = [];
    for (const first_name of ['Anna', 'Bo', 'Cecilia']) ids.push(await capture(event, { first_name, consent: true }));
    await capture(elsewhere);

    const page = expectData(leadPage, await call('GET', `events/${event.id}/leads/?page_size=2`, owner));
    expect(page.count).toBe(3);
    expect(page.results.map((l) => l.id)).toEqual([ids[2], ids[1]]);
    expect(page.next).toMatch(/\/api\/v1\/events\/[^/]+\/leads\/\?page_size=2&page=2$/);
    expect(page.previous).toBeNull();
    const lead = page.results[0] as Lead;
    expect(lead).toMatchObject({
      first_name: 'Cecilia',
      source: 'direct',
      status: 'new',
      event: event.id,
      offer: null,
      approval_status: 'approved',
      email_verified: false,
      consent_text: 'Contact me.',
      custom_fields: {},
    });
    expect(lead.consent_given_at).not.toBeNull();

    const last = expectData(leadPage, await call('GET', `events/${event.id}/leads/?page_size=2&page=2`, owner));
    expect(last.results.map((l) => l.id)).toEqual([ids[0]]);
    expect(last.next).toBeNull();
    const beyond = expectData(leadPage, await call('GET', `events/${event.id}/leads/?page=5`, owner));
    expect(beyond).toMatchObject({ count: 3, results: [] });
  });

  it('filters by approval_status and source, searches, and orders', async () => {
    const event = await createEvent(t, orgOf(owner), { settings: { require_approval: true } });
    const a = await capture(event, { first_name: 'Anna', last_name: 'Ek', company: 'Zeta 100% AB' });
    const b = await capture(event, { first_name: 'Bo', last_name: 'Lund', company: 'Alfa AB', source: 'qr_scan' });
    await call('POST', `leads/${b}/approve/`, owner);
    const list = async (query: string) =>
      expectData(leadPage, await call('GET', `events/${event.id}/leads/?${query}`, owner)).results.map((l) => l.id);

    expect(await list('approval_status=pending')).toEqual([a]);
    expect(await list('approval_status=approved')).toEqual([b]);
    expect(await list('approval_status=rejected')).toEqual([]);
    expect(await list('source=qr_scan')).toEqual([b]);
    expect(await list('search=anna%20ek')).toEqual([a]);
    expect(await list('search=ALFA')).toEqual([b]);
    expect(await list('search=100%25')).toEqual([a]);
    expect(await list('search=_')).toEqual([]);
    expect(await list('ordering=company')).toEqual([b, a]);
    expect(await list('ordering=-company')).toEqual([a, b]);
    expect(await list('ordering=created_at')).toEqual([a, b]);
  });

  it('answers 422 to bad parameters and 404 to an unknown event or another tenant', async () => {
    const event = await createEvent(t, orgOf(owner));
    for (const query of [
      'approval_status=maybe',
      'ordering=password',
      'page=0',
      'page_size=101',
      `search=${'x'.repeat(201)}`,
    ]) {
      expectError(await call('GET', `events/${event.id}/leads/?${query}`, owner), 422, 'VALIDATION_ERROR');
    }
    expectValidation(await call('GET', 'events/not-a-uuid/leads/', owner), 'id');
    expectError(await call('GET', `events/${randomUUID()}/leads/`, owner), 404, 'NOT_FOUND');
    expectError(await call('GET', `events/${event.id}/leads/`, other), 404, 'NOT_FOUND');
    expectError(await call('GET', `events/${event.id}/leads/`, other, orgOf(owner)), 404, 'NOT_FOUND');
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/v1/events/${event.id}/leads/` }),
      401,
      'NOT_AUTHENTICATED',
    );
  });

  it('is open to every member, viewers included', async () => {
    const event = await createEvent(t, orgOf(owner));
    await capture(event);
    const viewer = await addMember(orgOf(owner), 'viewer');
    const page = expectData(leadPage, await call('GET', `events/${event.id}/leads/`, viewer, orgOf(owner)));
    expect(page.count).toBe(1);
  });
});

describe('POST /leads/{id}/approve/ and /reject/', () => {
  it('approves or rejects a pending lead once; deciding again is 409', async () => {
    const event = await createEvent(t, orgOf(owner), { settings: { require_approval: true } });
    const first = await capture(event);
    const second = await capture(event);

    const approved = expectData(leadSchema, await call('POST', `leads/${first}/approve/`, owner));
    expect(approved).toMatchObject({ id: first, approval_status: 'approved' });
    const rejected = expectData(leadSchema, await call('POST', `leads/${second}/reject/`, owner));
    expect(rejected).toMatchObject({ id: second, approval_status: 'rejected' });

    for (const [id, action] of [
      [first, 'approve'],
      [first, 'reject'],
      [second, 'approve'],
      [second, 'reject'],
    ] as const) {
      const error = expectError(await call('POST', `leads/${id}/${action}/`, owner), 409, 'CONFLICT');
      expect(error.details).toHaveProperty('approval_status');
    }

    const actions = await inScope(t.database.db, { organizationId: orgOf(owner) }, (tx) =>
      queryRows<{ action: string; target_id: string }>(
        tx,
        sql`select action, target_id from audit_logs where target_type = 'lead' and target_id in (${first}, ${second}) order by created_at`,
      ),
    );
    expect(actions).toEqual([
      { action: 'lead.approved', target_id: first },
      { action: 'lead.rejected', target_id: second },
    ]);
    expect((await outboxRows(t, orgOf(owner), LEAD_UPDATED)).length).toBeGreaterThanOrEqual(2);
  });

  it('answers 409 for a lead that never needed approval', async () => {
    const event = await createEvent(t, orgOf(owner));
    const id = await capture(event);
    expectError(await call('POST', `leads/${id}/approve/`, owner), 409, 'CONFLICT');
  });

  it('lets members decide, not viewers; another tenant gets 404', async () => {
    const event = await createEvent(t, orgOf(owner), { settings: { require_approval: true } });
    const id = await capture(event);
    const viewer = await addMember(orgOf(owner), 'viewer');
    expectError(await call('POST', `leads/${id}/approve/`, viewer, orgOf(owner)), 403, 'PERMISSION_DENIED');
    expectError(await call('POST', `leads/${id}/approve/`, other), 404, 'NOT_FOUND');
    expectError(await call('POST', `leads/${id}/reject/`, other), 404, 'NOT_FOUND');
    expectError(await call('POST', `leads/${randomUUID()}/approve/`, owner), 404, 'NOT_FOUND');
    expectValidation(await call('POST', 'leads/not-a-uuid/reject/', owner), 'id');
    const member = await addMember(orgOf(owner), 'member');
    const lead = expectData(leadSchema, await call('POST', `leads/${id}/reject/`, member, orgOf(owner)));
    expect(lead.approval_status).toBe('rejected');
  });
});
