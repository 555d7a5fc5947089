import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadSchema } from '@leadcapture/contracts/leads';
import { expectData, expectError } from '../../../test/envelope.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { PURGE_TASK } from '../../jobs/background.ts';
import { inScope } from '../../db/tenant.ts';
import { auditLogs } from '../audit/audit.table.ts';
import { notifications } from '../notifications/notifications.table.ts';
import { leadActivities, leads } from './leads.table.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

let t: TestApp;
let owner: User;
let other: User;
const orgOf = (u: User) => u.organization?.id ?? '';

beforeAll(async () => {
  t = await createTestApp();
  [owner, other] = await Promise.all([registerUser(t), registerUser(t)]);
});
afterAll(() => t.close());

function call(method: 'POST' | 'DELETE', url: string, user: User, payload?: unknown) {
  return t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(user.access), ...(payload ? { payload } : {}) });
}

/** A lead of the user's organisation, with a note on its timeline, deleted `daysAgo` days ago. */
async function binnedLead(user: User, daysAgo: number | null): Promise<string> {
  const lead = expectData(
    leadSchema,
    await call('POST', 'leads/', user, { first_name: 'Bin', last_name: `${daysAgo}` }),
    201,
  );
  expect((await call('POST', `leads/${lead.id}/notes/`, user, { body: 'Called twice' })).statusCode).toBe(201);
  if (daysAgo !== null) {
    expect((await call('DELETE', `leads/${lead.id}/`, user)).statusCode).toBe(200);
    await inScope(t.database.db, { organizationId: orgOf(user) }, (tx) =>
      tx
        .update(leads)
        .set({ deletedAt: sql`now() - make_interval(days => ${daysAgo})` })
        .where(eq(leads.id, lead.id)),
    );
  }
  return lead.id;
}

async function remaining(user: User, ids: string[]) {
  return inScope(t.database.db, { organizationId: orgOf(user) }, async (tx) => ({
    leads: (await tx.select({ id: leads.id }).from(leads).where(inArray(leads.id, ids))).map((r) => r.id).sort(),
    activities: (
      await tx.select({ id: leadActivities.leadId }).from(leadActivities).where(inArray(leadActivities.leadId, ids))
    ).length,
  }));
}

async function purgeAudits(user: User) {
  return inScope(t.database.db, { organizationId: orgOf(user) }, (tx) =>
    tx
      .select({ metadata: auditLogs.metadata, userId: auditLogs.userId, userAgent: auditLogs.userAgent })
      .from(auditLogs)
      .where(and(eq(auditLogs.organizationId, orgOf(user)), eq(auditLogs.action, 'lead.purged'))),
  );
}

describe('the bin purge', () => {
  it('deletes for good, with their timelines, the leads binned more than 30 days ago, and audits the count', async () => {
    const live = await binnedLead(owner, null);
    const kept = await binnedLead(owner, 29);
    const expired = [await binnedLead(owner, 31), await binnedLead(owner, 45)];
    const othersKept = await binnedLead(other, 29);
    const othersLive = await binnedLead(other, null);

    // A reminder about a lead goes with it; one about a lead still kept stays.
    for (const leadId of [expired[0] ?? '', kept])
      await inScope(t.database.db, { organizationId: orgOf(owner) }, (tx) =>
        tx.insert(notifications).values({
          organizationId: orgOf(owner),
          userId: owner.user.id,
          category: 'leads',
          type: 'lead_follow_up_due',
          data: { lead_id: leadId, lead_name: 'Bin', company: '', follow_up_date: new Date().toISOString() },
          link: `/leads/${leadId}`,
        }),
      );

    // Past the retention a lead can no longer be restored, before and after the purge alike.
    expectError(await call('POST', `leads/${expired[0]}/restore/`, owner), 404, 'NOT_FOUND');

    expect(await t.app.deps.scheduler.run(PURGE_TASK)).toBe('ran');

    expect(await remaining(owner, expired)).toEqual({ leads: [], activities: 0 });
    const owners = await remaining(owner, [live, kept]);
    expect(owners.leads).toEqual([live, kept].sort());
    expect(owners.activities).toBeGreaterThanOrEqual(2);
    const others = await remaining(other, [othersKept, othersLive]);
    expect(others.leads).toEqual([othersKept, othersLive].sort());
    expect(others.activities).toBeGreaterThanOrEqual(2);
    expect(await purgeAudits(owner)).toEqual([
      { metadata: { count: 2, retention_days: 30 }, userId: null, userAgent: 'scheduler' },
    ]);
    expect(await purgeAudits(other)).toEqual([]);
    const reminders = await inScope(t.database.db, { organizationId: orgOf(owner) }, (tx) =>
      tx.select({ data: notifications.data }).from(notifications).where(eq(notifications.userId, owner.user.id)),
    );
    expect(reminders.map((n) => n.data.lead_id)).toEqual([kept]);

    // The lead kept in the bin is still restorable; a second run finds nothing more to purge.
    expectData(leadSchema, await call('POST', `leads/${kept}/restore/`, owner));
    expect(await t.app.deps.scheduler.run(PURGE_TASK)).toBe('ran');
    expect(await purgeAudits(owner)).toHaveLength(1);
  });

  it('purges in batches, each with its own audit entry', async () => {
    const { purgeExpiredLeads } = await import('./lead-purge.service.ts');
    const user = await registerUser(t);
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push(await binnedLead(user, 40));
    const result = await purgeExpiredLeads(t.database.db, { batch: 2 });
    expect(result.purged).toBeGreaterThanOrEqual(5);
    expect((await remaining(user, ids)).leads).toEqual([]);
    const counts = (await purgeAudits(user)).map((a) => a.metadata.count).sort();
    expect(counts).toEqual([1, 2, 2]);
  });
});
