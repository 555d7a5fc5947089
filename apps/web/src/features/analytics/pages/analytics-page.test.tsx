import type {
  AnalyticsPeriod,
  EventFunnel,
  EventsSummary,
  LeadsOverview,
  LeadsSummary,
  RealTimeMetrics,
  TeamSummary,
} from '@leadcapture/contracts/analytics';
import { LEAD_STATUSES } from '@leadcapture/contracts/constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { resetApiClient } from '../../../lib/api-client.ts';
import { clearToasts } from '../../../lib/toast.ts';
import { fail, fakeServer, me, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { AnalyticsPage } from './analytics-page.tsx';

const withToasts = (ui: ReactNode) => (
  <>
    {ui}
    <Toaster />
  </>
);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
  clearToasts();
});

const EXPO = '00000000-0000-4000-8000-0000000000e1';
const FAIR = '00000000-0000-4000-8000-0000000000e2';
const OWNER = '00000000-0000-4000-8000-0000000000a1';

function period(range: AnalyticsPeriod['range'] = '30d'): AnalyticsPeriod {
  return {
    range,
    from: '2026-10-29',
    to: '2026-11-27',
    start: '2026-10-28T23:00:00.000Z',
    end: '2026-11-27T23:00:00.000Z',
    timezone: 'Europe/Stockholm',
    days: 30,
    bucket: 'day',
  };
}

const speed = { contacted: 3, uncontacted: 1, median_seconds: 1800, p90_seconds: 3240 };

function leadsSummary(range: AnalyticsPeriod['range'] = '30d'): LeadsSummary {
  return {
    period: period(range),
    new_leads: 4,
    previous_leads: 2,
    converted_leads: 1,
    conversion_rate: 25,
    trend: [
      { date: '2026-11-25', count: 3 },
      { date: '2026-11-26', count: 1 },
    ],
    by_source: [
      { source: 'qr_scan', count: 3 },
      { source: 'manual', count: 1 },
    ],
    by_status: LEAD_STATUSES.map((status) => ({
      status,
      count: status === 'new' ? 3 : status === 'converted' ? 1 : 0,
    })),
  };
}

const overview: LeadsOverview = {
  period: period(),
  total: 4,
  pending_approval: 0,
  by_status: leadsSummary().by_status,
  by_source: leadsSummary().by_source,
  by_interest: [
    { interest: 'hot', count: 1 },
    { interest: 'warm', count: 0 },
    { interest: 'cold', count: 0 },
    { interest: 'none', count: 3 },
  ],
  average_score: 20,
  speed_to_lead: speed,
};

const eventsSummary: EventsSummary = {
  period: period(),
  events: [
    {
      id: EXPO,
      name: 'Nordic Expo',
      status: 'active',
      leads_captured: 12,
      page_views: 150,
      submissions: 3,
      qualified: 2,
      converted: 1,
      conversion_rate: 33.3,
      speed_to_lead: speed,
    },
    {
      id: FAIR,
      name: 'Spring Fair',
      status: 'upcoming',
      leads_captured: 1,
      page_views: 0,
      submissions: 1,
      qualified: 0,
      converted: 0,
      conversion_rate: 0,
      speed_to_lead: { contacted: 0, uncontacted: 1, median_seconds: null, p90_seconds: null },
    },
  ],
};

const team: TeamSummary = {
  period: period(),
  members: [
    {
      user_id: OWNER,
      name: 'Ada Lindqvist',
      email: 'ada@example.com',
      role: 'owner',
      assigned: 3,
      handled: 3,
      converted: 1,
      conversion_rate: 33.3,
      speed_to_lead: { contacted: 3, uncontacted: 0, median_seconds: 1800, p90_seconds: 5400 },
    },
  ],
  unassigned: 1,
  speed_to_lead: speed,
};

function funnel(id: string, name: string, counts: [number, number, number, number]): EventFunnel {
  const steps = (['page_views', 'submissions', 'qualified', 'converted'] as const).map((step, i) => ({
    step,
    count: counts[i] ?? 0,
    rate_from_previous: i === 0 ? 100 : 50,
    rate_from_start: i === 0 ? 100 : 2,
  }));
  return { event_id: id, name, period: period(), steps };
}

const live: RealTimeMetrics = {
  at: '2026-11-27T10:15:00.000Z',
  timezone: 'Europe/Stockholm',
  leads_today: 7,
  leads_last_hour: 2,
  leads_per_minute: 0,
  by_minute: [],
  page_views_today: 40,
  active_events: 2,
};

function server(overrides: Record<string, () => Response> = {}) {
  return fakeServer({
    'GET /auth/me/': () => ok(me),
    'GET /analytics/dashboard/leads_summary/': () => ok(leadsSummary()),
    'GET /analytics/leads/overview/': () => ok(overview),
    'GET /analytics/dashboard/events_summary/': () => ok(eventsSummary),
    'GET /analytics/dashboard/team-summary/': () => ok(team),
    [`GET /analytics/events/${EXPO}/funnel/`]: () => ok(funnel(EXPO, 'Nordic Expo', [150, 3, 2, 1])),
    [`GET /analytics/events/${FAIR}/funnel/`]: () => ok(funnel(FAIR, 'Spring Fair', [0, 1, 0, 0])),
    'GET /analytics/real-time/metrics/': () => ok(live),
    ...overrides,
  });
}

/** The query strings the page sent to one path. */
function queriesTo(path: string): URLSearchParams[] {
  return (fetch as unknown as Mock<(input: string) => Promise<Response>>).mock.calls
    .map(([input]) => new URL(input, 'http://localhost'))
    .filter((u) => u.pathname === `/api/v1${path}`)
    .map((u) => u.searchParams);
}

describe('AnalyticsPage', () => {
  it('shows the figures, real-time block and every chart of the range', async () => {
    server();
    await renderWithApp(<AnalyticsPage />, { path: '/analytics' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeTruthy();
    const figures = await screen.findByRole('region', { name: 'Figures of the period' });
    expect(await within(figures).findByText('4')).toBeTruthy();
    expect(within(figures).getByText('2 in the period before')).toBeTruthy();
    expect(within(figures).getByText('25% of new leads')).toBeTruthy();
    expect(await within(figures).findByText('30 min')).toBeTruthy();
    expect(await screen.findByText('Leads today')).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
    for (const name of [
      'Lead trend',
      'Source mix',
      'Status pipeline',
      'Events compared',
      'Team performance',
      'Event funnel',
    ]) {
      expect(await screen.findByRole('region', { name })).toBeTruthy();
    }
    expect(
      await screen.findByRole('img', { name: /4 new leads from .*; the most, 3, in the period starting 25 Nov/ }),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Leads by source: QR scan 3, Manual 1.' })).toBeTruthy();
    expect(
      screen.getByText(/Median time to first contact for the whole team: 30 min; 90 % within 54 min/),
    ).toBeTruthy();
    expect(screen.getByText('1 lead of the period is not assigned to anyone.')).toBeTruthy();
    // The first event's funnel until another is chosen.
    expect(
      await screen.findByRole('img', { name: /Funnel of Nordic Expo: Page views 150, Submissions 3/ }),
    ).toBeTruthy();
    expect(queriesTo('/analytics/dashboard/leads_summary/')[0]?.get('range')).toBe('30d');
  });

  it('switches a chart to its table and back', async () => {
    server();
    const user = userEvent.setup();
    await renderWithApp(<AnalyticsPage />, { path: '/analytics' });
    const team = await screen.findByRole('region', { name: 'Team performance' });
    const toggle = await within(team).findByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    const table = within(team).getByRole('table');
    const row = within(table).getByRole('row', { name: /Ada Lindqvist/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '3', '1', '33.3%', '30 min', '1.5 h', '0']);
    await user.click(within(team).getByRole('button', { name: 'Show as chart' }));
    expect(within(team).queryByRole('table')).toBeNull();

    const sources = screen.getByRole('region', { name: 'Source mix' });
    await user.click(within(sources).getByRole('button', { name: 'Show as table' }));
    expect(within(sources).getByRole('row', { name: 'QR scan 3 75%' })).toBeTruthy();
  });

  it('asks for the chosen range, a custom one only when both days are valid, and keeps it in the address', async () => {
    server();
    const user = userEvent.setup();
    const { router } = await renderWithApp(<AnalyticsPage />, { path: '/analytics' });
    await screen.findByRole('region', { name: 'Lead trend' });
    await user.selectOptions(screen.getByLabelText('Date range'), '7d');
    await waitFor(() =>
      expect(queriesTo('/analytics/dashboard/leads_summary/').map((q) => q.get('range'))).toContain('7d'),
    );
    expect(router.state.location.search).toBe('?range=7d');
    expect(queriesTo('/analytics/dashboard/team-summary/').map((q) => q.get('range'))).toContain('7d');

    await user.selectOptions(screen.getByLabelText('Date range'), 'custom');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose both a first and a last day.');
    await user.type(screen.getByLabelText('From'), '2026-05-02');
    await user.type(screen.getByLabelText('To'), '2026-05-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe('The last day must not be before the first day.');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-06-30');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => {
      const custom = queriesTo('/analytics/dashboard/leads_summary/').find((q) => q.get('range') === 'custom');
      expect(custom?.get('from')).toBe('2026-05-02');
      expect(custom?.get('to')).toBe('2026-06-30');
    });
    expect(router.state.location.search).toBe('?range=custom&from=2026-05-02&to=2026-06-30');
  });

  it("opens the event named in the address, and another event's funnel from the comparison table", async () => {
    server();
    const user = userEvent.setup();
    await renderWithApp(<AnalyticsPage />, { path: '/analytics', url: `/analytics?event=${FAIR}` });
    expect(await screen.findByRole('img', { name: /Funnel of Spring Fair/ })).toBeTruthy();
    const events = screen.getByRole('region', { name: 'Events compared' });
    await user.click(within(events).getByRole('button', { name: 'Show as table' }));
    await user.click(within(events).getByRole('button', { name: 'Funnel of Nordic Expo' }));
    expect(await screen.findByRole('img', { name: /Funnel of Nordic Expo/ })).toBeTruthy();
  });

  it('exports the range in the page language, and says so when the export fails', async () => {
    server({
      'GET /analytics/export/': () =>
        new Response('\ufeffAnalysrapport', {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="analytics-2026-10-29-2026-11-27.csv"',
          },
        }),
    });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const user = userEvent.setup();
    await renderWithApp(withToasts(<AnalyticsPage />), {
      path: '/analytics',
      url: '/analytics?range=90d',
      language: 'sv',
    });
    await user.click(await screen.findByRole('button', { name: 'Exportera' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const query = queriesTo('/analytics/export/')[0];
    expect(query?.get('format')).toBe('csv');
    expect(query?.get('range')).toBe('90d');
    expect(query?.get('lang')).toBe('sv');

    server({ 'GET /analytics/export/': () => fail(500, 'INTERNAL_ERROR') });
    await user.click(screen.getByRole('button', { name: 'Exportera' }));
    await user.click(await screen.findByRole('menuitem', { name: 'PDF-rapport' }));
    expect(await screen.findByText('Det gick inte att exportera analysen')).toBeTruthy();
  });

  it('offers to retry when the figures cannot be loaded', async () => {
    server({ 'GET /analytics/dashboard/leads_summary/': () => fail(500, 'INTERNAL_ERROR') });
    await renderWithApp(<AnalyticsPage />, { path: '/analytics' });
    expect(await screen.findByText('Failed to load analytics')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
