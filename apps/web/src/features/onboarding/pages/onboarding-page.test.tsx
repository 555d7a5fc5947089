import { createFormField } from '@leadcapture/contracts/form-fields';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, me, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { anEvent, eventId, page } from '../../events/test/fixtures.ts';
import { OnboardingPage } from './onboarding-page.tsx';

type Step = 'welcome' | 'create_event' | 'setup_forms' | 'dashboard_tour' | 'complete';

/** The fields the trade show template gives an event. */
const templateFields = [
  createFormField('text', 'company_size', { label: 'Company size' }),
  createFormField('textarea', 'interest', { label: 'What brings you to our booth?' }),
];

/**
 * A server that keeps the wizard's state like the real one (current step, completed steps) and
 * the organisation's events (newest first).
 */
function onboardingServer(start: Step, events: ReturnType<typeof anEvent>[] = []) {
  const state = {
    current_step: start,
    completed_steps: [] as string[],
    skipped: false,
    completed_at: null as string | null,
  };
  return fakeServer({
    'GET /auth/me/': () => ok(me),
    'GET /auth/onboarding/': () => ok(state),
    'GET /events/': () => ok(page(events.slice(0, 1))),
    'GET /events/templates/': () =>
      ok(
        page([
          {
            id: 'trade_show',
            key: 'trade_show',
            builtin: true,
            name: 'Trade show',
            description: 'Booth visitors',
            primary_color: '#4f46e5',
            welcome_message: '',
            form_fields: templateFields,
            settings: anEvent().settings,
            created_at: null,
            updated_at: null,
          },
        ]),
      ),
    'POST /events/': (body) => {
      const created = anEvent({ ...(body as object), form_fields: templateFields });
      events.unshift(created);
      return ok(created, 201);
    },
    [`PATCH /events/${eventId}/`]: (body) => {
      const updated = { ...events[0], ...(body as object) };
      events[0] = updated as ReturnType<typeof anEvent>;
      return ok(updated);
    },
    'PATCH /auth/onboarding/': (body) => {
      const changes = body as { current_step?: Step; completed_steps?: string[]; skipped?: true };
      if (changes.current_step !== undefined) state.current_step = changes.current_step;
      for (const step of changes.completed_steps ?? []) {
        if (!state.completed_steps.includes(step)) state.completed_steps.push(step);
      }
      if (changes.skipped === true) state.skipped = true;
      if (changes.skipped === true || state.current_step === 'complete')
        state.completed_at ??= '2026-01-02T00:00:00.000Z';
      return ok(state);
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('OnboardingPage', () => {
  it('resumes on the saved step: the form step opens the newest event’s form in the builder and saves it', async () => {
    const server = onboardingServer('setup_forms', [anEvent({ form_fields: templateFields })]);
    const user = userEvent.setup();
    await renderWithApp(<OnboardingPage />, { path: '/onboarding' });

    await screen.findByRole('heading', { level: 1, name: 'Set up your capture form' });
    expect(screen.getByText('Step 3 of 5')).toBeDefined();
    expect(await screen.findByText(/The capture form of Nordic Expo/)).toBeDefined();
    // The template's fields, in the real builder.
    expect((await screen.findAllByText('What brings you to our booth?')).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Save form and continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Follow up from the dashboard' });
    expect(screen.getByText('Step 4 of 5')).toBeDefined();
    const saved = server.bodies(`PATCH /events/${eventId}/`) as { form_fields: { label: string }[] }[];
    expect(saved[0]?.form_fields.map((field) => field.label)).toEqual([
      'Company size',
      'What brings you to our booth?',
    ]);
    // The tour runs on the real Lobby.
    expect(screen.getByRole('link', { name: 'Start the tour of the dashboard' }).getAttribute('href')).toBe(
      '/dashboard?tour=1',
    );

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { level: 1, name: 'Set up your capture form' });

    await vi.waitFor(() => expect(server.bodies('PATCH /auth/onboarding/')).toHaveLength(2));
    expect(server.bodies('PATCH /auth/onboarding/')).toEqual([
      { current_step: 'dashboard_tour', completed_steps: ['setup_forms'] },
      { current_step: 'setup_forms' },
    ]);
    expect(screen.queryByText(/on its way/)).toBeNull();
  });

  it('creates a real event from a template, then opens its form', async () => {
    const server = onboardingServer('create_event');
    const user = userEvent.setup();
    await renderWithApp(<OnboardingPage />, { path: '/onboarding' });
    await screen.findByRole('heading', { level: 1, name: 'Create your first event' });

    // Nothing is sent without a name.
    await user.click(screen.getByRole('button', { name: 'Create event and continue' }));
    expect(await screen.findByText('This field is required')).toBeDefined();
    expect(server.bodies('POST /events/')).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: /Event name/ }), 'Nordic Expo');
    await user.type(screen.getByRole('textbox', { name: 'Location' }), 'Stockholmsmässan');
    const template = screen.getByRole('combobox', { name: 'Start from' });
    await vi.waitFor(() => expect(within(template).getByRole('option', { name: 'Trade show' })).toBeDefined());
    await user.selectOptions(template, 'trade_show');
    await user.click(screen.getByRole('button', { name: 'Create event and continue' }));

    await screen.findByRole('heading', { level: 1, name: 'Set up your capture form' });
    expect(server.bodies('POST /events/')).toEqual([
      {
        name: 'Nordic Expo',
        location: 'Stockholmsmässan',
        template_id: 'trade_show',
        template_language: 'en',
        status: 'active',
      },
    ]);
    expect((await screen.findAllByText('What brings you to our booth?')).length).toBeGreaterThan(0);
    await vi.waitFor(() =>
      expect(server.bodies('PATCH /auth/onboarding/')).toEqual([
        { current_step: 'setup_forms', completed_steps: ['create_event'] },
      ]),
    );
  });

  it('skipping one step moves on without marking it done', async () => {
    const server = onboardingServer('create_event');
    const user = userEvent.setup();
    await renderWithApp(<OnboardingPage />, { path: '/onboarding' });
    await user.click(await screen.findByRole('button', { name: 'Skip this step' }));
    await screen.findByRole('heading', { level: 1, name: 'Set up your capture form' });
    // No event yet: the step says what to do first, honestly.
    expect(await screen.findByText(/Create an event in the previous step first/)).toBeDefined();
    await vi.waitFor(() => expect(server.bodies('PATCH /auth/onboarding/')).toEqual([{ current_step: 'setup_forms' }]));
  });

  it('starts at the welcome step with Back disabled', async () => {
    onboardingServer('welcome');
    await renderWithApp(<OnboardingPage />, { path: '/onboarding' });
    await screen.findByRole('heading', { level: 1, name: 'Welcome to LeadCapture, Ada' });
    expect(screen.getByText('Step 1 of 5')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Back' }).hasAttribute('disabled')).toBe(true);
  });

  it('finishing saves the complete step and goes to the dashboard', async () => {
    const server = onboardingServer('complete');
    const user = userEvent.setup();
    const { router } = await renderWithApp(<OnboardingPage />, { path: '/onboarding' });
    await screen.findByRole('heading', { level: 1, name: 'You are all set' });
    expect(screen.queryByRole('button', { name: 'Skip setup' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Go to dashboard' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(server.bodies('PATCH /auth/onboarding/')).toEqual([
      { current_step: 'complete', completed_steps: ['complete'] },
    ]);
  });

  it('skipping records the skip and goes to the dashboard', async () => {
    const server = onboardingServer('welcome');
    const user = userEvent.setup();
    const { router } = await renderWithApp(<OnboardingPage />, { path: '/onboarding' });
    await user.click(await screen.findByRole('button', { name: 'Skip setup' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(server.bodies('PATCH /auth/onboarding/')).toEqual([{ skipped: true }]);
  });
});
