import { randomUUID } from 'node:crypto';
import {
  ANALYTICS_RANGES,
  analyticsReportSchema,
  eventFunnelSchema,
  eventMetricsSchema,
  eventsSummarySchema,
  leadsOverviewSchema,
  leadsSummarySchema,
  realTimeMetricsSchema,
  teamSummarySchema,
  type AnalyticsRange,
} from '@leadcapture/contracts/analytics';
import type { LeadSource, LeadStatus } from '@leadcapture/contracts/constants';
import { eventSchema } from '@leadcapture/contracts/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../db/tenant.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import { capturePageViews, events } from '../events/events.table.ts';
import { leads } from '../leads/leads.table.ts';

/**
 * Every analytics call over hand-counted fixtures, for every range: leads placed on chosen days
 * (at noon UTC, days before today, so none is in the future), page views on chosen days, first
 * contacts at chosen delays. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

const DAY = 24 * 60 * 60 * 1000;
const todayUtc = () => Date.parse(new Date().toISOString().slice(0, 10));
const noonDaysAgo = (n: number) => new Date(todayUtc() - n * DAY + 12 * 60 * 60 * 1000);
const dayAgo = (n: number) => new Date(todayUtc() - n * DAY).toISOString().slice(0, 10);
const settings = {
  start_active: true,
  email_verification: false,
  analytics_tracking: true,
  require_approval: false,
  quick_actions: true,
};

/** The text pdfkit wrote (uncompressed content streams, hex strings in TJ arrays). */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  return [...raw.matchAll(/\[([^\]]*)\] TJ/g)]
    .map((m) =>
      [...(m[1] ?? '').matchAll(/<([0-9a-f]*)>/gi)]
        .map((h) => Buffer.from(h[1] ?? '', 'hex').toString('latin1'))
        .join(''),
    )
    .join('\n');
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function seedEvent(organizationId: string, name: string) {
  const [row] = await inScope(t.database.db, { organizationId }, (tx) =>
    tx
      .insert(events)
      .values({ organizationId, name, slug: `ev-${randomUUID()}`, settings, status: 'active' })
      .returning(),
  );
  if (!row) throw new Error('no event');
  return row;
}

interface LeadSeed {
  createdAt: Date;
  eventId?: string | null;
  status?: LeadStatus;
  source?: LeadSource;
  assignedTo?: string | null;
  contactedAfterSeconds?: number;
  contactedBy?: string;
  deleted?: boolean;
  rejected?: boolean;
  interest?: 'hot' | 'warm' | 'cold';
  score?: number;
}

async function seedLead(organizationId: string, seed: LeadSeed) {
  await inScope(t.database.db, { organizationId }, (tx) =>
    tx.insert(leads).values({
      organizationId,
      eventId: seed.eventId ?? null,
      firstName: 'Vera',
      lastName: 'Berg',
      email: `vera.${randomUUID()}@example.com`,
      company: 'Berg AB',
      source: seed.source ?? 'qr_scan',
      status: seed.status ?? 'new',
      assignedTo: seed.assignedTo ?? null,
      interest: seed.interest ?? null,
      score: seed.score ?? 0,
      createdAt: seed.createdAt,
      ...(seed.contactedAfterSeconds !== undefined
        ? {
            firstContactedAt: new Date(seed.createdAt.getTime() + seed.contactedAfterSeconds * 1000),
            firstContactedBy: seed.contactedBy ?? null,
          }
        : {}),
      ...(seed.deleted ? { deletedAt: new Date() } : {}),
      ...(seed.rejected ? { approvalStatus: 'rejected' as const } : {}),
    }),
  );
}

async function seedViews(organizationId: string, eventId: string, day: string, views: number) {
  await inScope(t.database.db, { organizationId }, (tx) =>
    tx.insert(capturePageViews).values({ organizationId, eventId, day, views }),
  );
}

async function setTimezone(access: string, timezone: string) {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/organizations/current/settings/',
    headers: bearer(access),
    payload: { timezone },
  });
  expect(res.statusCode).toBe(200);
}

// The fixture: seven live leads on days 1, 3, 10, 20, 60, 200 and 800 before today, so
// 7d = 2, 30d = 4, 90d = 5, 1y = 6, all = 7; plus a deleted and a rejected one (never counted).
const EXPECTED_LEADS: Record<Exclude<AnalyticsRange, 'custom'>, number> = {
  '7d': 2,
  '30d': 4,
  '90d': 5,
  '1y': 6,
  all: 7,
};

describe('analytics over hand-counted fixtures', () => {
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let expoId = '';
  let fairId = '';
  let emptyId = '';
  let ownerId = '';
  const get = (url: string, access = owner.access) => t.app.inject({ url, headers: bearer(access) });

  beforeAll(async () => {
    owner = await registerUser(t);
    const org = owner.organization?.id ?? '';
    ownerId = owner.user.id;
    const expo = await seedEvent(org, 'Nordic Expo');
    const fair = await seedEvent(org, 'Spring Fair');
    const empty = await seedEvent(org, 'Quiet Summit');
    expoId = expo.id;
    fairId = fair.id;
    emptyId = empty.id;
    // prettier-ignore
    const seeds: LeadSeed[] = [
      { createdAt: noonDaysAgo(1), eventId: expoId, status: 'converted', source: 'qr_scan', assignedTo: ownerId, contactedAfterSeconds: 600, contactedBy: ownerId, interest: 'hot', score: 80 },
      { createdAt: noonDaysAgo(3), eventId: expoId, status: 'qualified', source: 'qr_scan', assignedTo: ownerId, contactedAfterSeconds: 1800, contactedBy: ownerId, interest: 'warm', score: 40 },
      { createdAt: noonDaysAgo(10), eventId: expoId, status: 'new', source: 'booth_visit', assignedTo: ownerId },
      { createdAt: noonDaysAgo(20), status: 'contacted', source: 'manual', contactedAfterSeconds: 3600, contactedBy: ownerId },
      { createdAt: noonDaysAgo(60), eventId: fairId, status: 'closed_won', source: 'import' },
      { createdAt: noonDaysAgo(200), status: 'new', source: 'website' },
      { createdAt: noonDaysAgo(800), status: 'lost', source: 'website' },
      { createdAt: noonDaysAgo(2), eventId: expoId, status: 'converted', deleted: true },
      { createdAt: noonDaysAgo(2), eventId: expoId, status: 'converted', rejected: true },
    ];
    for (const seed of seeds) await seedLead(org, seed);
    await seedViews(org, expoId, dayAgo(1), 10);
    await seedViews(org, expoId, dayAgo(3), 5);
    await seedViews(org, expoId, dayAgo(40), 100);

    // Another organisation's figures never mix in.
    const other = await registerUser(t);
    const otherOrg = other.organization?.id ?? '';
    await seedLead(otherOrg, { createdAt: noonDaysAgo(1), status: 'converted' });
  });

  it('counts the period’s new leads for every range, with the period before and a trend that sums up', async () => {
    for (const [range, expected] of Object.entries(EXPECTED_LEADS)) {
      const data = expectData(
        leadsSummarySchema,
        await get(`/api/v1/analytics/dashboard/leads_summary/?range=${range}`),
      );
      expect(data.new_leads, range).toBe(expected);
      expect(
        data.trend.reduce((n, p) => n + p.count, 0),
        range,
      ).toBe(expected);
      expect(
        data.by_status.reduce((n, s) => n + s.count, 0),
        range,
      ).toBe(expected);
      expect(
        data.by_source.reduce((n, s) => n + s.count, 0),
        range,
      ).toBe(expected);
      expect(data.period).toMatchObject({ range, to: dayAgo(0), timezone: 'UTC' });
    }
    const week = expectData(leadsSummarySchema, await get('/api/v1/analytics/dashboard/leads_summary/?range=7d'));
    expect(week.period).toMatchObject({ from: dayAgo(6), days: 7, bucket: 'day' });
    expect(week.trend.map((p) => p.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map(dayAgo));
    expect(week.trend.find((p) => p.date === dayAgo(1))?.count).toBe(1);
    expect(week.previous_leads).toBe(1); // day 10
    expect(week.converted_leads).toBe(1);
    expect(week.conversion_rate).toBe(50);
    expect(week.by_source).toEqual([{ source: 'qr_scan', count: 2 }]);
    const month = expectData(leadsSummarySchema, await get('/api/v1/analytics/dashboard/leads_summary/?range=30d'));
    expect(month.previous_leads).toBe(0); // days 30-59: none
    expect(month.by_source).toEqual([
      { source: 'qr_scan', count: 2 },
      { source: 'booth_visit', count: 1 },
      { source: 'manual', count: 1 },
    ]);
    const year = expectData(leadsSummarySchema, await get('/api/v1/analytics/dashboard/leads_summary/?range=1y'));
    expect(year.period.bucket).toBe('week');
    expect(year.trend.every((p) => new Date(`${p.date}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    const all = expectData(leadsSummarySchema, await get('/api/v1/analytics/dashboard/leads_summary/?range=all'));
    expect(all.period.from).toBe(dayAgo(800));
    expect(all.period.bucket).toBe('month');
    expect(all.converted_leads).toBe(2);
    expect(all.by_status.find((s) => s.status === 'lost')?.count).toBe(1);
  });

  it('answers a custom range of chosen days', async () => {
    const url = `/api/v1/analytics/dashboard/leads_summary/?range=custom&from=${dayAgo(25)}&to=${dayAgo(2)}`;
    const data = expectData(leadsSummarySchema, await get(url));
    expect(data.new_leads).toBe(3); // days 3, 10, 20
    expect(data.period).toMatchObject({ from: dayAgo(25), to: dayAgo(2), days: 24 });
  });

  it('shows the pipeline, interest, score and speed to lead in leads/overview', async () => {
    const data = expectData(leadsOverviewSchema, await get('/api/v1/analytics/leads/overview/?range=30d'));
    expect(data.total).toBe(4);
    expect(data.by_status.map((s) => s.status)[0]).toBe('new');
    expect(data.by_status.filter((s) => s.count > 0)).toEqual([
      { status: 'new', count: 1 },
      { status: 'contacted', count: 1 },
      { status: 'qualified', count: 1 },
      { status: 'converted', count: 1 },
    ]);
    expect(data.by_interest).toEqual([
      { interest: 'hot', count: 1 },
      { interest: 'warm', count: 1 },
      { interest: 'cold', count: 0 },
      { interest: 'none', count: 2 },
    ]);
    expect(data.average_score).toBe(30);
    expect(data.speed_to_lead).toEqual({ contacted: 3, uncontacted: 1, median_seconds: 1800, p90_seconds: 3240 });
  });

  it('compares events, counting leads as the events list does', async () => {
    for (const range of ['7d', '30d', '90d', '1y', 'all'] as const) {
      const data = expectData(
        eventsSummarySchema,
        await get(`/api/v1/analytics/dashboard/events_summary/?range=${range}`),
      );
      expect(data.events.map((e) => e.name)).toContain('Quiet Summit');
      for (const e of data.events) {
        expect(e.qualified).toBeLessThanOrEqual(e.submissions);
        expect(e.converted).toBeLessThanOrEqual(e.qualified);
      }
    }
    const week = expectData(eventsSummarySchema, await get('/api/v1/analytics/dashboard/events_summary/?range=7d'));
    expect(week.events[0]).toMatchObject({
      id: expoId,
      page_views: 15,
      submissions: 2,
      qualified: 2,
      converted: 1,
      conversion_rate: 50,
      leads_captured: 3,
      speed_to_lead: { contacted: 2, uncontacted: 0, median_seconds: 1200, p90_seconds: 1680 },
    });
    const all = expectData(eventsSummarySchema, await get('/api/v1/analytics/dashboard/events_summary/?range=all'));
    for (const e of all.events) {
      const listed = expectData(eventSchema, await get(`/api/v1/events/${e.id}/`));
      expect(e.submissions, e.name).toBe(listed.leads_captured);
      expect(e.leads_captured).toBe(listed.leads_captured);
    }
    expect(all.events.find((e) => e.id === expoId)?.page_views).toBe(115);
    expect(all.events.find((e) => e.id === fairId)).toMatchObject({ submissions: 1, qualified: 1, converted: 1 });
  });

  it("measures an event's metrics and funnel, rates never above 100 %", async () => {
    const expected = {
      '7d': [15, 2, 2, 1],
      '30d': [15, 3, 2, 1],
      '90d': [115, 3, 2, 1],
      '1y': [115, 3, 2, 1],
      all: [115, 3, 2, 1],
    } as const;
    for (const [range, counts] of Object.entries(expected)) {
      const funnel = expectData(
        eventFunnelSchema,
        await get(`/api/v1/analytics/events/${expoId}/funnel/?range=${range}`),
      );
      expect(
        funnel.steps.map((s) => s.count),
        range,
      ).toEqual(counts);
      const metrics = expectData(
        eventMetricsSchema,
        await get(`/api/v1/analytics/events/${expoId}/metrics/?range=${range}`),
      );
      expect([metrics.page_views, metrics.submissions, metrics.qualified, metrics.converted], range).toEqual(counts);
      expect(metrics.trend.reduce((n, p) => n + p.submissions, 0)).toBe(counts[1]);
      expect(metrics.leads_captured).toBe(3);
    }
    const week = expectData(eventFunnelSchema, await get(`/api/v1/analytics/events/${expoId}/funnel/?range=7d`));
    expect(week.steps).toEqual([
      { step: 'page_views', count: 15, rate_from_previous: 100, rate_from_start: 100 },
      { step: 'submissions', count: 2, rate_from_previous: 13.3, rate_from_start: 13.3 },
      { step: 'qualified', count: 2, rate_from_previous: 100, rate_from_start: 13.3 },
      { step: 'converted', count: 1, rate_from_previous: 50, rate_from_start: 6.7 },
    ]);
    // The fair's lead was imported: no page view, yet the rates stay at most 100 %.
    const fair = expectData(eventFunnelSchema, await get(`/api/v1/analytics/events/${fairId}/funnel/?range=90d`));
    expect(fair.steps.map((s) => [s.count, s.rate_from_previous])).toEqual([
      [0, 0],
      [1, 0],
      [1, 100],
      [1, 100],
    ]);
    const metrics = expectData(eventMetricsSchema, await get(`/api/v1/analytics/events/${expoId}/metrics/?range=7d`));
    expect(metrics.trend.find((p) => p.date === dayAgo(1))).toEqual({
      date: dayAgo(1),
      page_views: 10,
      submissions: 1,
    });
    expect(metrics.by_source).toEqual([{ source: 'qr_scan', count: 2 }]);
    expect(metrics.speed_to_lead.median_seconds).toBe(1200);
    const empty = expectData(eventFunnelSchema, await get(`/api/v1/analytics/events/${emptyId}/funnel/?range=all`));
    expect(empty.steps.every((s) => s.count === 0 && s.rate_from_previous === 0)).toBe(true);
  });

  it('sums up the team: assigned, handled, converted and speed to lead per rep', async () => {
    const week = expectData(teamSummarySchema, await get('/api/v1/analytics/dashboard/team-summary/?range=7d'));
    expect(week.members).toEqual([
      expect.objectContaining({
        user_id: ownerId,
        role: 'owner',
        assigned: 2,
        handled: 2,
        converted: 1,
        conversion_rate: 50,
        speed_to_lead: { contacted: 2, uncontacted: 0, median_seconds: 1200, p90_seconds: 1680 },
      }),
    ]);
    expect(week.unassigned).toBe(0);
    const month = expectData(teamSummarySchema, await get('/api/v1/analytics/dashboard/team-summary/?range=30d'));
    expect(month.members[0]).toMatchObject({
      assigned: 3,
      handled: 3,
      speed_to_lead: { contacted: 3, uncontacted: 1, median_seconds: 1800, p90_seconds: 3240 },
    });
    expect(month.unassigned).toBe(1);
    expect(month.speed_to_lead).toEqual({ contacted: 3, uncontacted: 1, median_seconds: 1800, p90_seconds: 3240 });
    const all = expectData(teamSummarySchema, await get('/api/v1/analytics/dashboard/team-summary/?range=all'));
    expect(all.unassigned).toBe(4);
  });

  it('prints a report and exports it as CSV, XLSX and PDF in English or Swedish', async () => {
    const report = expectData(analyticsReportSchema, await get('/api/v1/analytics/reports/?range=30d'));
    expect(report.totals).toMatchObject({
      new_leads: 4,
      converted_leads: 1,
      conversion_rate: 25,
      page_views: 15,
      active_events: 3,
    });
    expect(report.team[0]?.assigned).toBe(3);

    const csv = await get('/api/v1/analytics/export/?format=csv&range=30d&lang=sv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="analytics-${dayAgo(29)}-${dayAgo(0)}.csv"`);
    expect(csv.body).toContain('Nya leads,4');
    expect(csv.body).toContain('QR-skanning,2');
    expect(csv.body).toContain('Nordic Expo,Aktivt,15,3,2,1,33.3');
    const en = await get('/api/v1/analytics/export/?format=csv&range=30d');
    expect(en.body).toContain('New leads,4');
    expect(en.body).toContain('Conversion rate (%),25');

    const xlsx = await get('/api/v1/analytics/export/?format=xlsx&range=7d');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual([
      'Summary',
      'Lead trend',
      'Source mix',
      'Status pipeline',
      'Events',
      'Team performance',
    ]);
    expect(book.getWorksheet('Summary')?.getRow(4).values).toEqual([undefined, 'New leads', 2]);

    const pdf = await get('/api/v1/analytics/export/?format=pdf&range=7d&lang=sv');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Analysrapport');
    expect(text).toContain('Teamets resultat');
    expect(text).toContain('Nordic Expo');
  });

  it('counts real-time figures: today, the last hour minute by minute', async () => {
    const other = await registerUser(t);
    const org = other.organization?.id ?? '';
    await seedLead(org, { createdAt: new Date(Date.now() - 2 * 60 * 1000) });
    await seedLead(org, { createdAt: new Date(Date.now() - 2 * 60 * 1000) });
    await seedLead(org, { createdAt: new Date(Date.now() - 90 * 60 * 1000) }); // before the hour
    const data = expectData(realTimeMetricsSchema, await get('/api/v1/analytics/real-time/metrics/', other.access));
    expect(data.by_minute).toHaveLength(60);
    expect(data.leads_last_hour).toBe(2);
    expect(data.by_minute.reduce((n, m) => n + m.count, 0)).toBe(2);
    expect(data.leads_per_minute).toBe(0);
    // Today (UTC for this organisation) holds the two, and the third when it was today too.
    const ninetyAgo = new Date(Date.now() - 90 * 60 * 1000).toISOString().slice(0, 10);
    const twoAgo = new Date(Date.now() - 2 * 60 * 1000).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    expect(data.leads_today).toBe((twoAgo === today ? 2 : 0) + (ninetyAgo === today ? 1 : 0));
  });

  it("answers 404 for another organisation's event, and needs a signed-in member", async () => {
    const other = await registerUser(t);
    for (const call of ['metrics', 'funnel']) {
      expectError(await get(`/api/v1/analytics/events/${expoId}/${call}/`, other.access), 404, 'NOT_FOUND');
      expectError(await get(`/api/v1/analytics/events/${randomUUID()}/${call}/`), 404, 'NOT_FOUND');
    }
    expectError(await t.app.inject({ url: '/api/v1/analytics/reports/' }), 401, 'NOT_AUTHENTICATED');
  });
});

describe('ranges in the organisation’s timezone', () => {
  it('counts local days across the spring and autumn daylight saving changes (Europe/Stockholm)', async () => {
    const owner = await registerUser(t);
    const org = owner.organization?.id ?? '';
    await setTimezone(owner.access, 'Europe/Stockholm');
    // 29 March 2026: clocks go 02:00 -> 03:00 (a 23-hour day). 25 October 2026: 03:00 -> 02:00 (25 hours).
    const at = [
      '2026-03-28T22:30:00Z', // 23:30 on the 28th (CET)
      '2026-03-28T23:30:00Z', // 00:30 on the 29th
      '2026-03-29T21:59:00Z', // 23:59 on the 29th (CEST)
      '2026-03-29T22:00:00Z', // 00:00 on the 30th
      '2026-10-24T21:59:00Z', // 23:59 on the 24th (CEST)
      '2026-10-24T22:00:00Z', // 00:00 on the 25th
      '2026-10-25T22:59:00Z', // 23:59 on the 25th (CET)
      '2026-10-25T23:00:00Z', // 00:00 on the 26th
    ];
    for (const iso of at) await seedLead(org, { createdAt: new Date(iso) });
    const get = (q: string) =>
      t.app.inject({ url: `/api/v1/analytics/dashboard/leads_summary/?${q}`, headers: bearer(owner.access) });

    const spring = expectData(leadsSummarySchema, await get('range=custom&from=2026-03-29&to=2026-03-29'));
    expect(spring.new_leads).toBe(2);
    expect(spring.period).toMatchObject({
      start: '2026-03-28T23:00:00.000Z',
      end: '2026-03-29T22:00:00.000Z',
      timezone: 'Europe/Stockholm',
      days: 1,
    });
    const autumn = expectData(leadsSummarySchema, await get('range=custom&from=2026-10-25&to=2026-10-25'));
    expect(autumn.new_leads).toBe(2);
    expect(autumn.period).toMatchObject({ start: '2026-10-24T22:00:00.000Z', end: '2026-10-25T23:00:00.000Z' });

    const week = expectData(leadsSummarySchema, await get('range=custom&from=2026-03-27&to=2026-03-31'));
    expect(week.trend).toEqual([
      { date: '2026-03-27', count: 0 },
      { date: '2026-03-28', count: 1 },
      { date: '2026-03-29', count: 2 },
      { date: '2026-03-30', count: 1 },
      { date: '2026-03-31', count: 0 },
    ]);
    const october = expectData(leadsSummarySchema, await get('range=custom&from=2026-10-24&to=2026-10-26'));
    expect(october.trend.map((p) => p.count)).toEqual([1, 2, 1]);

    // The same instants in UTC fall on other days.
    await setTimezone(owner.access, 'UTC');
    const utc = expectData(leadsSummarySchema, await get('range=custom&from=2026-03-28&to=2026-03-28'));
    expect(utc.new_leads).toBe(2); // Stockholm's 28th held one of them
    expect(utc.period).toMatchObject({ start: '2026-03-28T00:00:00.000Z', end: '2026-03-29T00:00:00.000Z' });
  });
});

describe('bad ranges', () => {
  const calls = [
    'dashboard/overview',
    'dashboard/events_summary',
    'dashboard/leads_summary',
    'dashboard/team-summary',
    'leads/overview',
    'reports',
  ];

  it('refuses an unknown range, a custom range without days, reversed or over five years', async () => {
    const owner = await registerUser(t);
    const get = (url: string) => t.app.inject({ url, headers: bearer(owner.access) });
    for (const call of calls) {
      expectValidation(await get(`/api/v1/analytics/${call}/?range=2w`), 'range');
      expectValidation(await get(`/api/v1/analytics/${call}/?range=custom`), 'from', 'to');
      const reversed = expectValidation(
        await get(`/api/v1/analytics/${call}/?range=custom&from=2026-05-02&to=2026-05-01`),
        'to',
      );
      expect(reversed.to).toEqual(['The last day must not be before the first day']);
      const long = expectValidation(
        await get(`/api/v1/analytics/${call}/?range=custom&from=2020-01-01&to=2025-01-02`),
        'to',
      );
      expect(long.to).toEqual(['A custom range spans at most 5 years']);
    }
    expectValidation(
      await get('/api/v1/analytics/dashboard/leads_summary/?range=custom&from=2026-13-01&to=2026-12-01'),
      'from',
    );
    expectValidation(await get(`/api/v1/analytics/events/${randomUUID()}/funnel/?range=custom&from=2026-01-01`), 'to');
    expectValidation(await get('/api/v1/analytics/export/?format=doc'), 'format');
    expectValidation(await get('/api/v1/analytics/export/?format=csv&range=forever'), 'range');
    // Exactly five years is allowed; every range answers.
    const five = await get('/api/v1/analytics/dashboard/leads_summary/?range=custom&from=2020-01-01&to=2025-01-01');
    expect(five.statusCode).toBe(200);
    for (const range of ANALYTICS_RANGES.filter((r) => r !== 'custom')) {
      for (const call of calls) expect((await get(`/api/v1/analytics/${call}/?range=${range}`)).statusCode).toBe(200);
    }
  });
});
