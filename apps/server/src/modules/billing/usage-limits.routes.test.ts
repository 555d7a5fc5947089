import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '@leadcapture/contracts/auth';
import type { PlanId } from '@leadcapture/contracts/billing';
import { createEvent } from '../../../test/capture.ts';
import { expectError } from '../../../test/envelope.ts';
import { bearer, createTestApp, registerUser, setPlan, uniqueEmail, type TestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { multipart, PNG } from '../../../test/multipart.ts';
import { files } from '../files/files.table.ts';
import { events } from '../events/events.table.ts';
import { offers } from '../offers/offers.table.ts';
import { subscriptions } from './billing.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const orgOf = (user: AuthResult) => user.organization?.id ?? '';

function call(method: 'POST' | 'PATCH', url: string, user: AuthResult, payload: Record<string, unknown> = {}) {
  return t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { ...bearer(user.access), 'x-organization-id': orgOf(user) },
    payload,
  });
}

/** A new organisation on `plan` (active, no trial). */
async function onPlan(plan: PlanId): Promise<AuthResult> {
  const user = await registerUser(t);
  await setPlan(t, orgOf(user), plan);
  return user;
}

/** `n` leads created this month, straight in SQL. */
function insertLeads(organizationId: string, n: number) {
  return inScope(t.database.db, { organizationId }, (tx) =>
    tx.execute(sql`insert into leads (organization_id, first_name, last_name, email, source, status)
      select ${organizationId}::uuid, 'Lead', 'No ' || g, 'lead' || g || '@example.com', 'import', 'new'
      from generate_series(1, ${n}) as g`),
  );
}

async function count(table: typeof events | typeof offers, organizationId: string): Promise<number> {
  const rows = await inScope(t.database.db, { organizationId }, (tx) =>
    tx.select({ id: table.id }).from(table).where(eq(table.organizationId, organizationId)),
  );
  return rows.length;
}

const newLead = () => ({ first_name: 'Greta', last_name: 'Berg', email: uniqueEmail('lead') });

describe('usage limits: 402 USAGE_LIMIT_REACHED and nothing written', () => {
  it('refuses a second active event on free, with the paywall details, and lets drafts be', async () => {
    const user = await onPlan('free');
    const org = orgOf(user);
    expect((await call('POST', 'events/', user, { name: 'Expo', status: 'active' })).statusCode).toBe(201);
    const refused = expectError(
      await call('POST', 'events/', user, { name: 'Fair', status: 'active' }),
      402,
      'USAGE_LIMIT_REACHED',
    );
    expect(refused.details).toEqual({
      code: 'USAGE_LIMIT_REACHED',
      resource: 'events',
      current_usage: 1,
      limit: 1,
      feature: null,
      subscription_status: 'active',
      trial_days_remaining: null,
      detail: refused.message,
    });
    expect(refused.message).toBe('Your Free plan includes 1 active event. Upgrade your plan to add more.');
    expect(await count(events, org)).toBe(1);
    // A draft does not count; making it active does.
    const draft = await createEvent(t, org, { status: 'draft' });
    expectError(await call('PATCH', `events/${draft.id}/`, user, { status: 'active' }), 402, 'USAGE_LIMIT_REACHED');
    const [stored] = await inScope(t.database.db, { organizationId: org }, (tx) =>
      tx.select({ status: events.status }).from(events).where(eq(events.id, draft.id)),
    );
    expect(stored?.status).toBe('draft');
  });

  it('refuses a second offer on free, a copy included, and counts an archived one only when it comes back', async () => {
    const user = await onPlan('free');
    const org = orgOf(user);
    const first = await call('POST', 'offers/', user, { title: 'Deal' });
    expect(first.statusCode).toBe(201);
    const id = first.json<{ data: { id: string } }>().data.id;
    expectError(await call('POST', 'offers/', user, { title: 'Deal 2' }), 402, 'USAGE_LIMIT_REACHED');
    expectError(await call('POST', `offers/${id}/duplicate/`, user), 402, 'USAGE_LIMIT_REACHED');
    expect(await count(offers, org)).toBe(1);
    expect((await call('POST', `offers/${id}/archive/`, user)).statusCode).toBe(200);
    expect((await call('POST', 'offers/', user, { title: 'Deal 3' })).statusCode).toBe(201);
    expectError(await call('POST', `offers/${id}/activate/`, user), 402, 'USAGE_LIMIT_REACHED');
  });

  it('refuses an invitation past the members of the plan (the owner is the one member of free)', async () => {
    const user = await onPlan('free');
    const refused = expectError(
      await call('POST', 'auth/team/members/', user, { email: uniqueEmail('invitee'), role: 'member' }),
      402,
      'USAGE_LIMIT_REACHED',
    );
    expect(refused.details).toMatchObject({ resource: 'team_members', current_usage: 1, limit: 1 });
  });

  it("counts this month's leads: x-usage-* headers from 80 %, 402 past 25 on free", async () => {
    const user = await onPlan('free');
    await insertLeads(orgOf(user), 18);
    const quiet = await call('POST', 'leads/', user, newLead());
    expect(quiet.statusCode).toBe(201);
    expect(quiet.headers['x-usage-warning']).toBeUndefined();
    const warned = await call('POST', 'leads/', user, newLead());
    expect(warned.statusCode).toBe(201);
    expect(warned.headers).toMatchObject({
      'x-usage-warning': 'true',
      'x-usage-resource': 'leads',
      'x-usage-percentage': '80',
    });
    await insertLeads(orgOf(user), 4);
    const last = await call('POST', 'leads/', user, newLead());
    expect(last.statusCode).toBe(201);
    expect(last.headers['x-usage-percentage']).toBe('100');
    const refused = expectError(await call('POST', 'leads/', user, newLead()), 402, 'USAGE_LIMIT_REACHED');
    expect(refused.details).toMatchObject({ resource: 'leads', current_usage: 25, limit: 25 });
  });

  it('stores exactly one of 20 concurrent creates at one below the limit', async () => {
    const user = await onPlan('free');
    const org = orgOf(user);
    await insertLeads(org, 24);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('POST', 'leads/', user, newLead())));
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([201, ...Array<number>(19).fill(402)]);
    const [stored] = await inScope(t.database.db, { organizationId: org }, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from leads where organization_id = ${org}`),
    );
    expect(stored?.n).toBe(25);
  });

  it('counts stored bytes against the storage of the plan: an upload past 100 MB on free is refused and not kept', async () => {
    const user = await onPlan('free');
    const org = orgOf(user);
    const MB = 1024 * 1024;
    // Files already stored: a byte short of what one more small image needs.
    const [big] = await inScope(t.database.db, { organizationId: org }, (tx) =>
      tx
        .insert(files)
        .values({
          organizationId: org,
          uploadedBy: user.user.id,
          purpose: 'general',
          contentType: 'application/pdf',
          size: 100 * MB - PNG.length + 1,
          originalName: 'catalogue.pdf',
          storageKey: `${org}/catalogue.pdf`,
        })
        .returning({ id: files.id }),
    );
    const uploadPng = () => {
      const form = multipart([{ name: 'file', filename: 'logo.png', contentType: 'image/png', data: PNG }]);
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/files/upload/',
        headers: { ...form.headers, ...bearer(user.access), 'x-organization-id': org },
        payload: form.payload,
      });
    };
    const refused = expectError(await uploadPng(), 402, 'USAGE_LIMIT_REACHED');
    expect(refused.details).toMatchObject({ resource: 'storage', current_usage: 100, limit: 100 });
    const stored = await inScope(t.database.db, { organizationId: org }, (tx) =>
      tx.select({ id: files.id }).from(files).where(eq(files.organizationId, org)),
    );
    expect(stored.map((f) => f.id)).toEqual([big?.id]);
    // One byte less already stored, and it fits, at 100 %.
    await inScope(t.database.db, { organizationId: org }, (tx) =>
      tx
        .update(files)
        .set({ size: 100 * MB - PNG.length })
        .where(eq(files.id, big?.id ?? '')),
    );
    const fits = await uploadPng();
    expect(fits.statusCode).toBe(201);
    expect(fits.headers).toMatchObject({ 'x-usage-resource': 'storage', 'x-usage-percentage': '100' });
  });

  it('lets a trial use Professional limits, and free limits once the trial has ended', async () => {
    const user = await registerUser(t);
    const org = orgOf(user);
    expect((await call('POST', 'events/', user, { name: 'One', status: 'active' })).statusCode).toBe(201);
    expect((await call('POST', 'events/', user, { name: 'Two', status: 'active' })).statusCode).toBe(201);
    await inScope(t.database.db, { organizationId: org }, (tx) =>
      tx
        .update(subscriptions)
        .set({ trialEnd: new Date(Date.now() - 1000) })
        .where(eq(subscriptions.organizationId, org)),
    );
    const refused = expectError(
      await call('POST', 'events/', user, { name: 'Three', status: 'active' }),
      402,
      'USAGE_LIMIT_REACHED',
    );
    expect(refused.details).toMatchObject({ limit: 1, current_usage: 2, subscription_status: 'trialing' });
  });
});
