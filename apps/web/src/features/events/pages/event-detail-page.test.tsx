import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { configureApiClient, resetApiClient } from '../../../lib/api-client.ts';
import { clearToasts, getToasts } from '../../../lib/toast.ts';
import { fail, fakeServer, me, ok, pending, type Handler } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { EventDetailPage } from './event-detail-page.tsx';

/** Toasts render in the app's root layout; the page under test needs the region itself. */
function WithToasts({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}

const page = (
  <WithToasts>
    <EventDetailPage />
  </WithToasts>
);

const eventId = '00000000-0000-4000-8000-0000000000e1';
const leadId = '00000000-0000-4000-8000-0000000000a1';
const path = '/events/:id';
const url = (query = '') => `/events/${eventId}${query}`;

function event(changes: Record<string, unknown> = {}) {
  return {
    id: eventId,
    name: 'Nordic Expo',
    slug: 'nordic-expo',
    description: '',
    start_date: '2026-11-20T08:00:00.000Z',
    end_date: '2026-11-22T17:00:00.000Z',
    location: 'Stockholmsmässan',
    website: '',
    primary_color: '#2563eb',
    welcome_message: 'Welcome to our booth!',
    consent_text: '',
    logo_url: null,
    status: 'active',
    manual_status: 'active',
    leads_captured: 42,
    public_url: 'https://app.example/capture/nordic-expo',
    short_url: 'https://app.example/p/e4k7m2x9q0z1',
    qr_code_url: `https://app.example/api/v1/events/${eventId}/qr-code/`,
    form_fields: [],
    settings: {
      start_active: true,
      email_verification: false,
      analytics_tracking: true,
      require_approval: true,
      quick_actions: true,
    },
    created_at: '2026-10-01T00:00:00.000Z',
    updated_at: '2026-10-01T00:00:00.000Z',
    ...changes,
  };
}

function analytics(days = 30) {
  const day = (i: number) => new Date(Date.UTC(2026, 10, 21) - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10);
  const by_day = Array.from({ length: days }, (_, i) => ({ date: day(i), page_views: 0, submissions: 0 }));
  by_day[days - 1] = { date: day(days - 1), page_views: 120, submissions: 15 };
  by_day[days - 2] = { date: day(days - 2), page_views: 80, submissions: 9 };
  return {
    event_id: eventId,
    days,
    from: day(0),
    to: day(days - 1),
    page_views: 200,
    submissions: 24,
    converted: 3,
    conversion_rate: 12.5,
    by_day,
    by_source: [
      { source: 'qr_scan', count: 18 },
      { source: 'booth_visit', count: 6 },
    ],
    all_time: { page_views: 1500, submissions: 210, converted: 21, conversion_rate: 10 },
  };
}

function lead(changes: Record<string, unknown> = {}) {
  return {
    id: leadId,
    first_name: 'Vera',
    last_name: 'Berg',
    email: 'vera@berg.se',
    phone: '',
    company: 'Berg AB',
    job_title: '',
    company_size: '',
    source: 'qr_scan',
    status: 'new',
    interest: null,
    score: 0,
    auto_score: 0,
    manual_score: null,
    budget_range: 'not_specified',
    decision_timeline: 'not_specified',
    decision_role: 'not_specified',
    interested_products: [],
    tags: [],
    assigned_to: null,
    notes: '',
    follow_up_date: null,
    event: eventId,
    offer: null,
    client: null,
    custom_fields: {},
    approval_status: 'pending',
    email_verified: false,
    consent_text: '',
    consent_given_at: null,
    attribution: {},
    deleted_at: null,
    merged_into: null,
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    ...changes,
  };
}

const leadPage = (results: unknown[]) => ok({ results, count: results.length, next: null, previous: null });

const svg = () =>
  new Response(new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' }), {
    headers: { 'content-type': 'image/svg+xml', 'content-disposition': 'attachment; filename="nordic-expo-qr.svg"' },
  });
const png = () =>
  new Response(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), {
    headers: { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="nordic-expo-qr.png"' },
  });

/** The API of a healthy event; `changes` replace or add routes. */
function server(changes: Record<string, Handler> = {}) {
  return fakeServer({
    'GET /auth/me/': () => ok(me),
    [`GET /events/${eventId}/`]: () => ok(event()),
    [`GET /events/${eventId}/analytics/`]: () => ok(analytics()),
    [`GET /events/${eventId}/qr-code/`]: svg,
    [`GET /events/${eventId}/leads/`]: () => leadPage([lead()]),
    ...changes,
  });
}

/** Full URLs the page fetched, for checking query strings (the fake server keys on the path). */
function fetchedUrls(): URL[] {
  return (fetch as unknown as Mock<(input: string) => Promise<Response>>).mock.calls.map(
    ([input]) => new URL(input, 'http://localhost'),
  );
}

beforeEach(() => {
  // happy-dom has no object URLs; the preview and the download only need a string.
  URL.createObjectURL = vi.fn(() => 'blob:qr');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
  clearToasts();
});

describe('EventDetailPage', () => {
  it('shows the event: header, actions, quick stats, public page, QR code, settings and texts', async () => {
    server();
    await renderWithApp(page, { path, url: url() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Nordic Expo' })).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('Stockholmsmässan')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/events/form/${eventId}`);
    const capture = screen.getByRole('link', { name: /Open capture page/ });
    expect(capture.getAttribute('href')).toBe('https://app.example/capture/nordic-expo');
    expect(capture.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBeTruthy();

    const stats = screen.getByRole('region', { name: 'Event figures' });
    expect(await within(stats).findByText('1,500')).toBeTruthy();
    expect(within(stats).getByText('210')).toBeTruthy();
    expect(within(stats).getByText('10%')).toBeTruthy();

    expect(screen.getByText('https://app.example/capture/nordic-expo')).toBeTruthy();
    // The short link, which the QR code opens.
    expect(screen.getByText('https://app.example/p/e4k7m2x9q0z1')).toBeTruthy();
    expect(screen.getByText('Opens https://app.example/p/e4k7m2x9q0z1')).toBeTruthy();
    expect((await screen.findByRole('img', { name: 'QR code for Nordic Expo' })).getAttribute('src')).toBe('blob:qr');
    const settings = screen.getByRole('heading', { name: 'Settings' }).closest('div.rounded-2xl') as HTMLElement;
    expect(within(settings).getAllByText('On')).toHaveLength(4);
    expect(within(settings).getAllByText('Off')).toHaveLength(1);
    expect(screen.getByText('Welcome to our booth!')).toBeTruthy();
    expect(screen.queryByText('Consent text')).toBeNull();
  });

  it('prints the QR code on a sheet with the event’s name and short link (the offers’ print modal)', async () => {
    server();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path, url: url() });
    const panel = (await screen.findByRole('heading', { name: 'QR code' })).closest('div.rounded-2xl') as HTMLElement;
    await user.click(within(panel).getByRole('button', { name: 'Print' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print the QR code' });
    expect(within(dialog).getByRole('heading', { name: 'Nordic Expo' })).toBeTruthy();
    expect(within(dialog).getByText('https://app.example/p/e4k7m2x9q0z1')).toBeTruthy();
    expect(within(dialog).getByText('Scan to register')).toBeTruthy();
    expect(await within(dialog).findByRole('img', { name: 'QR code for Nordic Expo' })).toBeTruthy();
    // The printed copy sits outside the dialog, straight under <body>, for the print stylesheet.
    expect(document.querySelector('body > [data-print-sheet]')?.textContent).toContain('Nordic Expo');
    await user.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('offers its quick actions while the setting is on: the QR code, the share link, a lead with the event', async () => {
    server();
    const user = userEvent.setup({ delay: null });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderWithApp(page, { path, url: url() });
    const actions = await screen.findByRole('region', { name: 'Quick actions' });
    expect(within(actions).getByRole('link', { name: 'Add lead' }).getAttribute('href')).toBe(
      `/leads/form?event=${eventId}`,
    );
    await user.click(within(actions).getByRole('button', { name: 'Copy the short link to share' }));
    expect(writeText).toHaveBeenCalledWith('https://app.example/p/e4k7m2x9q0z1');
    await user.click(within(actions).getByRole('button', { name: 'Show QR code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print the QR code' });
    expect(await within(dialog).findByRole('img', { name: 'QR code for Nordic Expo' })).toBeTruthy();
  });

  it('shows no quick actions when the event’s setting is off', async () => {
    server({
      [`GET /events/${eventId}/`]: () => ok(event({ settings: { ...event().settings, quick_actions: false } })),
    });
    await renderWithApp(page, { path, url: url() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nordic Expo' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'QR code' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Quick actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show QR code' })).toBeNull();
  });

  it('keeps the active tab in the URL', async () => {
    server();
    const user = userEvent.setup({ delay: null });
    const { router } = await renderWithApp(page, { path, url: url('?tab=analytics') });
    expect(await screen.findByRole('tab', { name: 'Analytics', selected: true })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Event analytics' })).toBeTruthy();
    // The event's funnel and its comparison with other events are on the Analytics page.
    expect(screen.getByRole('link', { name: 'Funnel and comparison on the Analytics page' }).getAttribute('href')).toBe(
      `/analytics?event=${eventId}`,
    );

    await user.click(screen.getByRole('tab', { name: 'Leads' }));
    expect(router.state.location.search).toBe('?tab=leads');
    expect(await screen.findByRole('searchbox', { name: 'Search leads' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { name: 'QR code' })).toBeTruthy();
  });

  it('copies the public URL, and says so when the browser refuses', async () => {
    server();
    const user = userEvent.setup({ delay: null });
    const writeText = vi.fn(() => Promise.resolve());
    // After setup(): user-event installs its own clipboard stub there.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderWithApp(page, { path, url: url() });

    await user.click(await screen.findByRole('button', { name: 'Copy public URL' }));
    expect(writeText).toHaveBeenCalledWith('https://app.example/capture/nordic-expo');
    expect(await screen.findByText('Copied')).toBeTruthy();

    writeText.mockImplementationOnce(() => Promise.reject(new DOMException('Denied', 'NotAllowedError')));
    await user.click(screen.getByRole('button', { name: 'Copy public URL' }));
    expect(await screen.findByText('Copy failed')).toBeTruthy();
  });

  it('downloads the QR code in the chosen size and colours under the server’s filename', async () => {
    server({ [`GET /events/${eventId}/qr-code/`]: png });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path, url: url() });

    await user.selectOptions(await screen.findByLabelText('Download size'), '1024');
    await user.clear(screen.getByLabelText('Code color'));
    await user.type(screen.getByLabelText('Code color'), '#1E3A8A');
    await user.click(screen.getByRole('button', { name: 'Download PNG' }));

    await waitFor(() => expect(saved).toEqual(['nordic-expo-qr.png']));
    const download = fetchedUrls().find((u) => u.searchParams.get('format') === 'png');
    expect(download?.pathname).toBe(`/api/v1/events/${eventId}/qr-code/`);
    expect(Object.fromEntries(download?.searchParams ?? [])).toEqual({
      format: 'png',
      size: '1024',
      color: '#1e3a8a',
      background: '#ffffff',
    });
  });

  it('says "Failed to download QR code" when the download fails', async () => {
    let fail403 = false;
    server({ [`GET /events/${eventId}/qr-code/`]: () => (fail403 ? fail(403, 'PERMISSION_DENIED') : svg()) });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path, url: url() });
    await screen.findByRole('img', { name: 'QR code for Nordic Expo' });
    fail403 = true;
    await user.click(screen.getByRole('button', { name: 'Download SVG' }));
    expect(await screen.findByText('Failed to download QR code')).toBeTruthy();
  });

  it('warns about colours that would not scan and blocks their download', async () => {
    server();
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path, url: url() });
    expect(await screen.findByText('Contrast 21:1, scans reliably.')).toBeTruthy();

    await user.clear(screen.getByLabelText('Background color'));
    await user.type(screen.getByLabelText('Background color'), '#333333');
    expect(await screen.findByText(/This code may not scan/)).toBeTruthy();
    expect(screen.getByText(/^Contrast 1\.7:1\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download PNG' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Download SVG' }).hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Reset colors' }));
    expect(screen.queryByText(/This code may not scan/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Download PNG' }).hasAttribute('disabled')).toBe(false);
  });

  it('approves a pending lead from the Leads tab', async () => {
    let decided = false;
    const api = server({
      [`GET /events/${eventId}/leads/`]: () => leadPage([lead(decided ? { approval_status: 'approved' } : {})]),
      [`POST /leads/${leadId}/approve/`]: () => {
        decided = true;
        return ok(lead({ approval_status: 'approved' }));
      },
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path, url: url('?tab=leads') });

    const table = await screen.findByRole('table', { name: 'Leads of Nordic Expo' });
    expect(within(table).getByText('Vera Berg')).toBeTruthy();
    expect(within(table).getByText('Pending approval')).toBeTruthy();
    expect(within(table).getByText('QR scan')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Approve Vera Berg' }));

    expect(await screen.findByText('Vera Berg approved')).toBeTruthy();
    expect(api.bodies(`POST /leads/${leadId}/approve/`)).toHaveLength(1);
    await waitFor(() => expect(within(table).queryByRole('button', { name: 'Approve Vera Berg' })).toBeNull());
    expect(within(table).getByText('Approved')).toBeTruthy();
  });

  it('filters leads by approval and explains how leads arrive when there are none', async () => {
    server({ [`GET /events/${eventId}/leads/`]: () => leadPage([]) });
    const user = userEvent.setup({ delay: null });
    const { router } = await renderWithApp(page, { path, url: url('?tab=leads') });

    expect(await screen.findByRole('heading', { name: 'No leads yet' })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Approval'), 'pending');
    expect(router.state.location.search).toBe('?tab=leads&approval=pending');
    await waitFor(() =>
      expect(fetchedUrls().some((u) => u.searchParams.get('approval_status') === 'pending')).toBe(true),
    );
    expect(await screen.findByRole('heading', { name: 'No leads match' })).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Approval'), '');
    await user.click(await screen.findByRole('button', { name: 'Show QR code' }));
    expect(router.state.location.search).toBe('');
  });

  it('shows the period’s figures, the chart summary and the sources, and changes the period', async () => {
    server({
      [`GET /events/${eventId}/analytics/`]: () => {
        const days = Number(fetchedUrls().at(-1)?.searchParams.get('days') ?? '30');
        return ok(analytics(days));
      },
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path, url: url('?tab=analytics') });

    const figures = await screen.findByRole('region', { name: 'Figures for the period' });
    expect(await within(figures).findByText('200')).toBeTruthy();
    expect(within(figures).getByText('24')).toBeTruthy();
    expect(within(figures).getByText('12.5%')).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: /^200 page views and 24 submissions from October 23rd, 2026 to November 21st, 2026; the busiest day was November 21st, 2026\.$/,
      }),
    ).toBeTruthy();
    // 30 days: a table for screen readers too.
    expect(screen.getByRole('table', { name: 'Page views and submissions per day' })).toBeTruthy();
    expect(screen.getByText('QR scan')).toBeTruthy();
    expect(screen.getByText('Booth visit')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Period'), '365');
    await waitFor(() => expect(fetchedUrls().some((u) => u.searchParams.get('days') === '365')).toBe(true));
    expect(await screen.findByRole('img', { name: /from November 22nd, 2025 to November 21st, 2026/ })).toBeTruthy();
    // A year is too long a table to read out.
    expect(screen.queryByRole('table', { name: 'Page views and submissions per day' })).toBeNull();
  });

  it('deletes the event after confirmation and goes back to the list', async () => {
    const api = server({ [`DELETE /events/${eventId}/`]: () => ok(null) });
    const user = userEvent.setup({ delay: null });
    const { router } = await renderWithApp(page, { path, url: url() });

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this event?' });
    expect(within(dialog).getByText(/Leads captured at the event are kept/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete event' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(getToasts().map((t) => t.title)).toContain('“Nordic Expo” deleted');
  });

  it('says "Failed to load event" and tries again on request', async () => {
    configureApiClient({ sleep: () => Promise.resolve() });
    let healthy = false;
    server({ [`GET /events/${eventId}/`]: () => (healthy ? ok(event()) : fail(500, 'INTERNAL_ERROR')) });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path, url: url() });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load event')).toBeTruthy();
    healthy = true;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nordic Expo' })).toBeTruthy();
  });

  it('shows a not-found panel with a way back for a missing event', async () => {
    server({ [`GET /events/${eventId}/`]: () => fail(404, 'NOT_FOUND') });
    await renderWithApp(page, { path, url: url() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Event not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to events' }).getAttribute('href')).toBe('/events');
  });

  it('gives viewers no buttons that change anything', async () => {
    const viewer = { ...me, current_organization: { ...me.current_organization, role: 'viewer' } };
    server({ 'GET /auth/me/': () => ok(viewer) });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path, url: url() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Nordic Expo' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    // Reading and sharing stay.
    expect(screen.getByRole('link', { name: /Open capture page/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download PNG' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Leads' }));
    expect((await screen.findAllByText('Vera Berg')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reject/ })).toBeNull();
  });

  it('speaks Swedish on /sv', async () => {
    server();
    await renderWithApp(page, { path: '/sv/events/:id', url: `/sv/events/${eventId}`, language: 'sv' });
    expect(await screen.findByRole('tab', { name: 'Översikt', selected: true })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Redigera' }).getAttribute('href')).toBe(`/sv/events/form/${eventId}`);
    const stats = screen.getByRole('region', { name: 'Eventets siffror' });
    // Swedish groups digits with a no-break space (the default normaliser reads it as a space).
    expect(await within(stats).findByText('1 500')).toBeTruthy();
    expect(within(stats).getByText('10 %')).toBeTruthy();
  });

  it('marks the QR code, the figures and the analytics busy while they load', async () => {
    server({ [`GET /events/${eventId}/qr-code/`]: pending, [`GET /events/${eventId}/analytics/`]: pending });
    const first = await renderWithApp(page, { path, url: url() });
    const qr = (await screen.findByRole('heading', { name: 'QR code' })).closest('div.rounded-2xl') as HTMLElement;
    expect(qr.querySelector('[aria-busy="true"]')?.getAttribute('aria-label')).toBe('Loading…');
    const stats = screen.getByRole('region', { name: 'Event figures' });
    expect(stats.querySelectorAll('[aria-busy="true"]')).toHaveLength(2);
    first.unmount();

    await renderWithApp(page, { path, url: url('?tab=analytics') });
    const figures = await screen.findByRole('region', { name: 'Figures for the period' });
    expect(figures.querySelectorAll('[aria-busy="true"]')).toHaveLength(3);
    const chart = screen
      .getByRole('heading', { name: 'Page views and submissions per day' })
      .closest('div.rounded-2xl');
    expect(chart?.querySelector('[aria-busy="true"]')).not.toBeNull();
  });

  it('says when the QR code could not be shown, with a retry that fetches it again', async () => {
    configureApiClient({ sleep: () => Promise.resolve() });
    let up = false;
    server({ [`GET /events/${eventId}/qr-code/`]: () => (up ? svg() : fail(503, 'SERVICE_UNAVAILABLE')) });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(page, { path, url: url() });
    const qr = (await screen.findByRole('heading', { name: 'QR code' })).closest('div.rounded-2xl') as HTMLElement;
    const alert = await within(qr).findByRole('alert');
    expect(alert.textContent).toContain('Failed to preview QR code');
    up = true;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await within(qr).findByRole('img', { name: 'QR code for Nordic Expo' })).getAttribute('src')).toBe(
      'blob:qr',
    );
  });
});
