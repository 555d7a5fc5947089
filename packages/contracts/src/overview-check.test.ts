import { describe, expect, it } from 'vitest';
import { dashboardOverviewSchema } from './analytics.ts';
import { parseDashboardOverview } from './overview-check.ts';
import { itAgreesWithSchema } from './shape-check.test-support.ts';

const event = {
  id: '7d8c0f4e-2b1a-4c3d-9e8f-0a1b2c3d4e5f',
  name: 'Nordic Expo',
  slug: 'nordic-expo',
  location: 'Stockholm',
  start_date: '2026-12-01T08:00:00.000Z',
  end_date: '2026-12-03T17:00:00Z',
  status: 'upcoming',
  leads_captured: 12,
};
const lead = {
  id: '3f2b8a9c-1d4e-4f6a-8b7c-5d6e7f8a9b0c',
  first_name: 'Greta',
  last_name: 'Berg',
  email: 'greta@fjord.se',
  company: 'Fjord AB',
  status: 'new',
  approval_status: 'pending',
  source: 'qr_scan',
  event: { id: event.id, name: event.name },
  created_at: '2026-11-25T09:30:00.123Z',
};
const overview = {
  period: { days: 30, start: '2026-10-26T00:00:00.000Z', end: '2026-11-25T00:00:00.000Z' },
  total_leads: 120,
  new_leads: 40,
  new_leads_previous: 25,
  active_events: 2,
  conversion_rate: 12.5,
  converted_leads: 15,
  leads_by_day: [
    { date: '2026-11-24', count: 3 },
    { date: '2026-11-25', count: 0 },
  ],
  recent_leads: [lead],
  upcoming_events: [event],
};

/** One change to the valid figures per case: each either still passes both checks or fails both. */
const cases: [string, unknown][] = [
  ['the valid figures', overview],
  ['a new organisation', { ...overview, leads_by_day: [], recent_leads: [], upcoming_events: [], total_leads: 0 }],
  ['unknown keys (dropped)', { ...overview, extra: 1, period: { ...overview.period, tz: 'UTC' } }],
  ['a lead without an event', { ...overview, recent_leads: [{ ...lead, event: null }] }],
  ['a lead with a missing event', { ...overview, recent_leads: [{ ...lead, event: undefined }] }],
  ['a lead with a bad event id', { ...overview, recent_leads: [{ ...lead, event: { id: 'x', name: 'A' } }] }],
  ['an unknown lead status', { ...overview, recent_leads: [{ ...lead, status: 'lost' }] }],
  ['an unknown source', { ...overview, recent_leads: [{ ...lead, source: 'fax' }] }],
  ['an event without dates', { ...overview, upcoming_events: [{ ...event, start_date: null, end_date: null }] }],
  ['an event with a local date', { ...overview, upcoming_events: [{ ...event, start_date: '2026-12-01T08:00' }] }],
  ['an unknown event status', { ...overview, upcoming_events: [{ ...event, status: 'paused' }] }],
  ['a negative lead count', { ...overview, upcoming_events: [{ ...event, leads_captured: -1 }] }],
  ['a fractional total', { ...overview, total_leads: 1.5 }],
  ['a total past safe integers', { ...overview, total_leads: 2 ** 53 }],
  ['a numeric string', { ...overview, new_leads: '40' }],
  ['a rate of 100', { ...overview, conversion_rate: 100 }],
  ['a rate over 100', { ...overview, conversion_rate: 100.1 }],
  ['a negative rate', { ...overview, conversion_rate: -0.1 }],
  ['a missing rate', { ...overview, conversion_rate: undefined }],
  ['a negative period', { ...overview, period: { ...overview.period, days: -7 } }],
  ['a period without an end', { ...overview, period: { ...overview.period, end: undefined } }],
  ['a period that is null', { ...overview, period: null }],
  ['a day that is not one', { ...overview, leads_by_day: [{ date: '2026-02-30', count: 1 }] }],
  ['a leap day', { ...overview, leads_by_day: [{ date: '2028-02-29', count: 1 }] }],
  ['a day with a time', { ...overview, leads_by_day: [{ date: '2026-11-24T00:00:00Z', count: 1 }] }],
  ['a day with a negative count', { ...overview, leads_by_day: [{ date: '2026-11-24', count: -2 }] }],
  ['days that are not a list', { ...overview, leads_by_day: { date: '2026-11-24', count: 1 } }],
  ['a lead that is null', { ...overview, recent_leads: [null] }],
  ['a list', [overview]],
  ['nothing', null],
];

describe('parseDashboardOverview', () => {
  itAgreesWithSchema(dashboardOverviewSchema, parseDashboardOverview, 'overview', cases);

  it('names where the shape is wrong', () => {
    expect(() => parseDashboardOverview({ ...overview, recent_leads: [lead, { ...lead, source: 'fax' }] })).toThrow(
      'Unexpected overview shape at recent_leads.1.source',
    );
  });
});
