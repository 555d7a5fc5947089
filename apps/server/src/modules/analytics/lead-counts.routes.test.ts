import { randomUUID } from 'node:crypto';
import { dashboardOverviewSchema, eventFunnelSchema } from '@leadcapture/contracts/analytics';
import { LEAD_SOURCES, LEAD_STATUSES } from '@leadcapture/contracts/constants';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { expectData } from '../../../test/envelope.ts';
import { events } from '../events/events.table.ts';
import { leads } from '../leads/leads.table.ts';
import { foldAllLeadCounts } from './lead-counts.ts';

/**
 * The leads rollup (decision 029) against the live count over the leads table: random leads
 * around both daylight saving changes of 2026, random changes of status, event, deletion and
 * approval, folded or not, and a timezone change. The Lobby's overview must equal the live
 * figures every time. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const settings = {
  start_active: true,
  email_verification: false,
  analytics_tracking: true,
  require_approval: false,
  quick_actions: true,
};

describe('the leads rollup behind dashboard/overview', () => {
  let access = '';
  let org = '';
  let eventIds: string[] = [];
  const rnd = random(2026);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;

  beforeAll(async () => {
    const owner = await registerUser(t);
    access = owner.access;
    org = owner.organization?.id ?? '';
    await setTimezone('Europe/Stockholm');
    const rows = await inScope(t.database.db, { organizationId: org }, (tx) =>
      tx
        .insert(events)
        .values(
          ['Nordic Expo', 'Spring Fair', 'Autumn Summit'].map((name) => ({
            organizationId: org,
            name,
            slug: `ev-${randomUUID()}`,
            settings,
            status: 'active' as const,
          })),
        )
        .returning(),
    );
    eventIds = rows.map((r) => r.id);
    // Another organisation's leads never mix in.
    const other = await registerUser(t);
    await insertLeads(other.organization?.id ?? '', 20);
  });

  async function setTimezone(timezone: string) {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/organizations/current/settings/',
      headers: bearer(access),
      payload: { timezone },
    });
    expect(res.statusCode).toBe(200);
  }

  /** Instants around the clock changes (29 March, 25 October 2026), near local midnight, and recent. */
  function someInstant(): Date {
    const around = pick(['2026-03-29T00:30:00Z', '2026-10-25T00:30:00Z', '2026-03-28T22:30:00Z', 'recent']);
    if (around === 'recent') return new Date(Date.now() - Math.floor(rnd() * 40 * 86_400_000) - 60_000);
    return new Date(Date.parse(around) + Math.floor((rnd() - 0.5) * 3 * 86_400_000));
  }

  async function insertLeads(organizationId: string, n: number) {
    const ids = eventIds;
    await inScope(t.database.db, { organizationId }, (tx) =>
      tx.insert(leads).values(
        Array.from({ length: n }, () => ({
          organizationId,
          eventId: organizationId === org && rnd() < 0.8 ? pick(ids) : null,
          firstName: 'Vera',
          lastName: 'Berg',
          email: `vera.${randomUUID()}@example.com`,
          source: pick(LEAD_SOURCES),
          status: pick(LEAD_STATUSES),
          createdAt: someInstant(),
          ...(rnd() < 0.1 ? { deletedAt: new Date() } : {}),
          ...(rnd() < 0.1 ? { approvalStatus: 'rejected' as const } : {}),
          ...(rnd() < 0.1 ? { approvalStatus: 'pending' as const } : {}),
        })),
      ),
    );
  }

  /** Random changes to counted columns, one statement each, as the app's paths make them. */
  async function changeLeads(n: number) {
    await inScope(t.database.db, { organizationId: org }, async (tx) => {
      const ids = (await tx.select({ id: leads.id }).from(leads).where(eq(leads.organizationId, org))).map((r) => r.id);
      for (let i = 0; i < n; i++) {
        const id = pick(ids);
        const change = pick(['status', 'event', 'delete', 'restore', 'reject', 'approve', 'source', 'many', 'erase']);
        if (change === 'status')
          await tx
            .update(leads)
            .set({ status: pick(LEAD_STATUSES) })
            .where(eq(leads.id, id));
        if (change === 'event')
          await tx
            .update(leads)
            .set({ eventId: rnd() < 0.2 ? null : pick(eventIds) })
            .where(eq(leads.id, id));
        if (change === 'delete') await tx.update(leads).set({ deletedAt: new Date() }).where(eq(leads.id, id));
        if (change === 'restore') await tx.update(leads).set({ deletedAt: null }).where(eq(leads.id, id));
        if (change === 'reject') await tx.update(leads).set({ approvalStatus: 'rejected' }).where(eq(leads.id, id));
        if (change === 'approve') await tx.update(leads).set({ approvalStatus: 'approved' }).where(eq(leads.id, id));
        if (change === 'source')
          await tx
            .update(leads)
            .set({ source: pick(LEAD_SOURCES) })
            .where(eq(leads.id, id));
        // A bulk change of many rows in one statement, and one that changes nothing counted.
        if (change === 'many')
          await tx
            .update(leads)
            .set({ status: 'qualified', score: 5 })
            .where(sql`${leads.organizationId} = ${org} and ${leads.status} = 'contacted'`);
        if (change === 'erase') {
          await tx.delete(leads).where(eq(leads.id, id));
          ids.splice(ids.indexOf(id), 1);
        }
      }
    });
  }

  /** The live figures, counted from the leads table in the organisation's timezone. */
  async function liveFigures(timezone: string, from: string, to: string) {
    return inScope(t.database.db, { organizationId: org }, async (tx) => {
      const live = sql`organization_id = ${org} and deleted_at is null and approval_status <> 'rejected'`;
      const local = sql`to_char((created_at at time zone ${timezone})::date, 'YYYY-MM-DD')`;
      const [totals] = await queryRows<{ total: number; converted: number }>(
        tx,
        sql`select count(*)::int as total, count(*) filter (where status in ('converted', 'closed_won'))::int as converted
          from leads where ${live}`,
      );
      const days = await queryRows<{ day: string; n: number }>(
        tx,
        sql`select ${local} as day, count(*)::int as n from leads where ${live} and ${local} between ${from} and ${to} group by 1`,
      );
      const perEvent = await queryRows<{ event_id: string; n: number }>(
        tx,
        sql`select event_id, count(*)::int as n from leads where ${live} and event_id is not null group by 1`,
      );
      // Each event's funnel steps over the local days from..to, as event-figures.ts counts them.
      const funnels = await queryRows<{ event_id: string; submissions: number; qualified: number; converted: number }>(
        tx,
        sql`select event_id, count(*)::int as submissions,
            count(*) filter (where status in ('qualified', 'demo_scheduled', 'proposal_sent', 'converted', 'closed_won'))::int as qualified,
            count(*) filter (where status in ('converted', 'closed_won'))::int as converted
          from leads where ${live} and event_id is not null and ${local} between ${from} and ${to} group by 1`,
      );
      return {
        total: totals?.total ?? 0,
        converted: totals?.converted ?? 0,
        days: new Map(days.map((d) => [d.day, d.n])),
        perEvent: new Map(perEvent.map((e) => [e.event_id, e.n])),
        funnels: new Map(funnels.map((f) => [f.event_id, f])),
      };
    });
  }

  type FunnelCounts = { submissions: number; qualified: number; converted: number };
  async function expectFunnelsLive(query: string, live: Map<string, FunnelCounts>, label: string) {
    for (const eventId of eventIds) {
      const res = await t.app.inject({
        url: `/api/v1/analytics/events/${eventId}/funnel/?${query}`,
        headers: bearer(access),
      });
      const steps = new Map(expectData(eventFunnelSchema, res).steps.map((s) => [s.step, s.count]));
      const want = live.get(eventId);
      const where = `${label} ${query} ${eventId}`;
      expect(steps.get('submissions'), where).toBe(want?.submissions ?? 0);
      expect(steps.get('qualified'), where).toBe(want?.qualified ?? 0);
      expect(steps.get('converted'), where).toBe(want?.converted ?? 0);
    }
  }

  async function expectOverviewLive(timezone: string, label: string) {
    for (const [from, to] of [
      ['2026-03-27', '2026-03-31'],
      ['2026-10-24', '2026-10-26'],
    ] as const) {
      const res = await t.app.inject({
        url: `/api/v1/analytics/dashboard/overview/?range=custom&from=${from}&to=${to}`,
        headers: bearer(access),
      });
      const data = expectData(dashboardOverviewSchema, res);
      const live = await liveFigures(timezone, from, to);
      expect(data.total_leads, label).toBe(live.total);
      expect(data.converted_leads, label).toBe(live.converted);
      expect(data.new_leads, label).toBe([...live.days.values()].reduce((a, b) => a + b, 0));
      for (const point of data.leads_by_day)
        expect(point.count, `${label} ${point.date}`).toBe(live.days.get(point.date) ?? 0);
      expect(data.upcoming_events.length, label).toBe(3);
      for (const event of data.upcoming_events)
        expect(event.leads_captured, `${label} ${event.name}`).toBe(live.perEvent.get(event.id) ?? 0);
      // The period before, counted live too.
      const days = data.leads_by_day.length;
      const before = await liveFigures(
        timezone,
        new Date(Date.parse(from) - days * 86_400_000).toISOString().slice(0, 10),
        new Date(Date.parse(from) - 86_400_000).toISOString().slice(0, 10),
      );
      expect(data.new_leads_previous, label).toBe([...before.days.values()].reduce((a, b) => a + b, 0));
      await expectFunnelsLive(`range=custom&from=${from}&to=${to}`, live.funnels, label);
    }
    // An event's funnel over all time: from the organisation's first local day to today.
    const allDays = await liveFigures(timezone, '2000-01-01', '2100-01-01');
    await expectFunnelsLive('range=all', allDays.funnels, label);
    const all = expectData(
      dashboardOverviewSchema,
      await t.app.inject({ url: '/api/v1/analytics/dashboard/overview/?days=30', headers: bearer(access) }),
    );
    expect(all.total_leads, label).toBe((await liveFigures(timezone, '2000-01-01', '2000-01-01')).total);
  }

  it('equals the live count with deltas only, folded, changed, and after a timezone change', async () => {
    await insertLeads(org, 150);
    await expectOverviewLive('Europe/Stockholm', 'deltas only');
    const folded = await foldAllLeadCounts(t.database.db);
    expect(folded.moved).toBeGreaterThan(0);
    await expectOverviewLive('Europe/Stockholm', 'folded');
    await changeLeads(60);
    await insertLeads(org, 50);
    await expectOverviewLive('Europe/Stockholm', 'folded and changed');
    await foldAllLeadCounts(t.database.db);
    await expectOverviewLive('Europe/Stockholm', 'folded again');
    await changeLeads(30);
    await setTimezone('America/New_York');
    await expectOverviewLive('America/New_York', 'after the timezone change');
    await changeLeads(30);
    await foldAllLeadCounts(t.database.db);
    await expectOverviewLive('America/New_York', 'folded in the new timezone');
    // Nothing is left to fold, and a fold of nothing changes nothing.
    expect((await foldAllLeadCounts(t.database.db)).moved).toBe(0);
    await expectOverviewLive('America/New_York', 'nothing to fold');
  });
});
