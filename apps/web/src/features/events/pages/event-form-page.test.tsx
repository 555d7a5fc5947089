import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { configureApiClient, resetApiClient } from '../../../lib/api-client.ts';
import { fail, fakeServer, me, ok, pending } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { anEvent, eventId, page } from '../test/fixtures.ts';
import { EventFormPage } from './event-form-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClient();
});

const withToasts = (ui: ReactNode) => (
  <>
    {ui}
    <Toaster />
  </>
);

const tradeShow = {
  id: 'trade_show',
  key: 'trade_show',
  builtin: true,
  name: 'Trade show booth',
  description: 'Quick booth sign-up.',
  primary_color: '#0f766e',
  welcome_message: 'Thanks for stopping by!',
  form_fields: [],
  settings: {
    start_active: true,
    email_verification: false,
    analytics_tracking: true,
    require_approval: true,
    quick_actions: true,
  },
  created_at: null,
  updated_at: null,
};

describe('EventFormPage', () => {
  it('creates an event from a template and opens it', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(me),
      'GET /events/templates/': () => ok(page([tradeShow])),
      'POST /events/': () => ok(anEvent(), 201),
    });
    const { router } = await renderWithApp(withToasts(<EventFormPage />), { path: '/events/form' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Trade show booth/ }));
    await user.type(screen.getByLabelText(/^Event name/), 'Nordic Expo');
    await user.type(screen.getByLabelText('Starts'), '2027-03-12T09:00');
    await user.type(screen.getByLabelText('Ends'), '2027-03-14T17:00');
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/events/${eventId}`));
    const [body] = server.bodies('POST /events/') as Record<string, unknown>[];
    expect(body).toMatchObject({
      name: 'Nordic Expo',
      status: 'active',
      primary_color: '#0f766e',
      welcome_message: 'Thanks for stopping by!',
      settings: { require_approval: true },
      form_fields: [],
    });
    expect(body?.start_date).toBe(new Date('2027-03-12T09:00').toISOString());
    expect(body).not.toHaveProperty('slug');
  });

  it('checks the dates and a taken address before and after sending', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(me),
      'GET /events/templates/': () => ok(page([])),
      'POST /events/': () => fail(409, 'CONFLICT', { slug: ['This slug is already taken'] }),
    });
    await renderWithApp(withToasts(<EventFormPage />), { path: '/events/form' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Event name/), 'Nordic Expo');
    await user.type(screen.getByLabelText('Starts'), '2027-03-14T09:00');
    await user.type(screen.getByLabelText('Ends'), '2027-03-12T09:00');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('End date must be after start date')).toBeTruthy();
    expect(server.bodies('POST /events/')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Ends'));
    await user.type(screen.getByLabelText(/^Page address/), 'nordic-expo');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('This slug is already taken')).toBeTruthy();
    expect(server.bodies('POST /events/')).toMatchObject([{ status: 'draft', slug: 'nordic-expo' }]);
  });

  it('edits an event: loads it, sends a PATCH with the chosen status', async () => {
    const server = fakeServer({
      'GET /auth/me/': () => ok(me),
      [`GET /events/${eventId}/`]: () => ok(anEvent()),
      [`PATCH /events/${eventId}/`]: (body) => ok(anEvent(body as Record<string, unknown>)),
    });
    const { router } = await renderWithApp(withToasts(<EventFormPage />), {
      path: '/events/form/:id',
      url: `/events/form/${eventId}`,
    });
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/^Event name/);
    expect((name as HTMLInputElement).value).toBe('Nordic Expo');
    await user.selectOptions(screen.getByLabelText(/^Status/), 'cancelled');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/events/${eventId}`));
    expect(server.bodies(`PATCH /events/${eventId}/`)).toMatchObject([{ status: 'cancelled', slug: 'nordic-expo' }]);
  });

  it('says "Event not found" with the way back for a malformed id in the address', async () => {
    fakeServer({
      'GET /auth/me/': () => ok(me),
      'GET /events/nope/': () => fail(422, 'VALIDATION_ERROR'),
    });
    await renderWithApp(<EventFormPage />, { path: '/events/form/:id', url: '/events/form/nope' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Event not found' })).toBeTruthy();
    const back = screen.getAllByRole('link', { name: 'Back to events' });
    expect(back.map((link) => link.getAttribute('href'))).toEqual(['/events', '/events']);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('holds the templates’ place, busy, while they load; the blank event can be chosen meanwhile', async () => {
    fakeServer({ 'GET /auth/me/': () => ok(me), 'GET /events/templates/': pending });
    await renderWithApp(withToasts(<EventFormPage />), { path: '/events/form' });
    const templates = (await screen.findByRole('heading', { name: 'Start from' })).closest('section') as HTMLElement;
    const list = within(templates).getByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[1]?.getAttribute('aria-busy')).toBe('true');
    expect(within(items[0]!).getByRole('button', { name: /Blank event/ })).toBeTruthy();
  });

  it('says when the templates could not be loaded, with a retry that fetches them again', async () => {
    configureApiClient({ sleep: () => Promise.resolve() });
    let up = false;
    fakeServer({
      'GET /auth/me/': () => ok(me),
      'GET /events/templates/': () => (up ? ok(page([tradeShow])) : fail(503, 'SERVICE_UNAVAILABLE')),
    });
    await renderWithApp(withToasts(<EventFormPage />), { path: '/events/form' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Templates could not be loaded');
    up = true;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /Trade show booth/ })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
