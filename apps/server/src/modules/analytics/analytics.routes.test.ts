import { randomUUID } from 'node:crypto';
import { dashboardOverviewSchema } from '@leadcapture/contracts/analytics';
import type { LeadStatus } from '@leadcapture/contracts/constants';
import { eventSchema } from '@leadcapture/contracts/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../db/tenant.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import { events } from '../events/events.table.ts';
import { leads } from '../leads/leads.table.ts';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const settings = {
  start_active: true,
  email_verification: false,
  analytics_tracking: true,
  require_approval: false,
  quick_actions: true,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function seedEvent(organizationId: string, values: Partial<typeof events.$inferInsert> = {}) {
  const [row] = await inScope(t.database.db, { organizationId }, (tx) =>
    tx
      .insert(events)
      .values({ organizationId, name: 'Nordic Expo', slug: `expo-${randomUUID()}`, settings, ...values })
      .returning(),
  );
  if (!row) throw new Error('no event');
  return row;
}

async function seedLead(
  organizationId: string,
  values: {
    eventId?: string;
    createdAt?: Date;
    status?: LeadStatus;
    deletedAt?: Date;
    rejected?: boolean;
    pending?: boolean;
  } = {},
) {
  await inScope(t.database.db, { organizationId }, (tx) =>
    tx.insert(leads).values({
      organizationId,
      eventId: values.eventId ?? null,
      firstName: 'Vera',
      lastName: 'Berg',
      email: `vera.${randomUUID()}@example.com`,
      company: 'Berg AB',
      source: 'qr_scan',
      status: values.status ?? 'new',
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
      ...(values.deletedAt ? { deletedAt: values.deletedAt } : {}),
      ...(values.rejected ? { approvalStatus: 'rejected' as const } : {}),
      ...(values.pending ? { approvalStatus: 'pending' as const } : {}),
    }),
  );
}

describe('GET /api/v1/analytics/dashboard/overview/', () => {
  it('answers zeros and an empty trend for a new organisation', async () => {
    const owner = await registerUser(t);
    const res = await t.app.inject({
      url: '/api/v1/analytics/dashboard/overview/?days=7',
      headers: bearer(owner.access),
    });
    const data = expectData(dashboardOverviewSchema, res);
    expect(data).toMatchObject({
      total_leads: 0,
      new_leads: 0,
      new_leads_previous: 0,
      active_events: 0,
      conversion_rate: 0,
      recent_leads: [],
      upcoming_events: [],
    });
    expect(data.leads_by_day).toHaveLength(7);
    expect(data.leads_by_day.every((d) => d.count === 0)).toBe(true);
    expect(data.leads_by_day.at(-1)?.date).toBe(new Date().toISOString().slice(0, 10));
  });

  it('counts live leads, the period and the one before, conversion, active events and the trend', async () => {
    const owner = await registerUser(t);
    const org = owner.organization?.id ?? '';
    const expo = await seedEvent(org, { status: 'active', startDate: daysAgo(1), endDate: new Date(Date.now() + DAY) });
    await seedEvent(org, { name: 'Later fair', status: 'active', startDate: new Date(Date.now() + 10 * DAY) });
    await seedEvent(org, { name: 'Past fair', status: 'active', endDate: daysAgo(3) });
    await seedEvent(org, { name: 'Draft fair', status: 'draft' });

    await seedLead(org, { eventId: expo.id, status: 'converted' });
    await seedLead(org, { eventId: expo.id, status: 'closed_won', createdAt: daysAgo(2) });
    await seedLead(org, { createdAt: daysAgo(2) });
    await seedLead(org, { createdAt: daysAgo(10) }); // the previous 7 days
    await seedLead(org, { createdAt: daysAgo(40) }); // outside both periods
    await seedLead(org, { deletedAt: new Date() }); // deleted: not counted
    await seedLead(org, { rejected: true }); // rejected at approval: not counted

    const other = await registerUser(t);
    await seedLead(other.organization?.id ?? '', { status: 'converted' });

    const res = await t.app.inject({
      url: '/api/v1/analytics/dashboard/overview?days=7',
      headers: bearer(owner.access),
    });
    const data = expectData(dashboardOverviewSchema, res);
    expect(data.total_leads).toBe(5);
    expect(data.new_leads).toBe(3);
    expect(data.new_leads_previous).toBe(1);
    expect(data.converted_leads).toBe(2);
    expect(data.conversion_rate).toBe(40);
    expect(data.active_events).toBe(2);
    expect(data.upcoming_events.map((e) => [e.name, e.status])).toEqual([
      ['Nordic Expo', 'active'],
      ['Later fair', 'upcoming'],
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const twoDaysAgo = daysAgo(2).toISOString().slice(0, 10);
    expect(data.leads_by_day.find((d) => d.date === today)?.count).toBe(1);
    expect(data.leads_by_day.find((d) => d.date === twoDaysAgo)?.count).toBe(2);
    expect(data.recent_leads).toHaveLength(5);
    expect(data.recent_leads[0]).toMatchObject({ status: 'converted', event: { id: expo.id, name: 'Nordic Expo' } });
  });

  it("tells pending leads apart in the recent leads, and counts an event's leads as the event does", async () => {
    const owner = await registerUser(t);
    const org = owner.organization?.id ?? '';
    const expo = await seedEvent(org, { status: 'active', startDate: daysAgo(1), endDate: new Date(Date.now() + DAY) });
    await seedLead(org, { eventId: expo.id, createdAt: daysAgo(1) });
    await seedLead(org, { eventId: expo.id, pending: true });
    await seedLead(org, { eventId: expo.id, rejected: true });
    await seedLead(org, { eventId: expo.id, deletedAt: new Date() });

    const res = await t.app.inject({
      url: '/api/v1/analytics/dashboard/overview?days=7',
      headers: bearer(owner.access),
    });
    const data = expectData(dashboardOverviewSchema, res);
    expect(data.recent_leads.map((l) => l.approval_status)).toEqual(['pending', 'approved']);
    expect(data.upcoming_events).toEqual([expect.objectContaining({ id: expo.id, leads_captured: 2 })]);
    const event = await t.app.inject({ url: `/api/v1/events/${expo.id}/`, headers: bearer(owner.access) });
    expect(expectData(eventSchema, event).leads_captured).toBe(2);
  });

  it('refuses a period it does not offer, and needs a signed-in member', async () => {
    const owner = await registerUser(t);
    const bad = await t.app.inject({
      url: '/api/v1/analytics/dashboard/overview/?days=12',
      headers: bearer(owner.access),
    });
    expectValidation(bad, 'days');
    const anonymous = await t.app.inject({ url: '/api/v1/analytics/dashboard/overview/' });
    expectError(anonymous, 401, 'NOT_AUTHENTICATED');
    const foreign = await t.app.inject({
      url: '/api/v1/analytics/dashboard/overview/',
      headers: { ...bearer(owner.access), 'x-organization-id': randomUUID() },
    });
    expectError(foreign, 404, 'NOT_FOUND');
  });
});
