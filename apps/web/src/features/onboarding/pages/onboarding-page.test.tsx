import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, me, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { OnboardingPage } from './onboarding-page.tsx';

type Step = 'welcome' | 'create_event' | 'setup_forms' | 'dashboard_tour' | 'complete';

/** A server that keeps the wizard's state like the real one: current step, completed steps. */
function onboardingServer(start: Step) {
  const state = {
    current_step: start,
    completed_steps: [] as string[],
    skipped: false,
    completed_at: null as string | null,
  };
  return fakeServer({
    'GET /auth/me/': () => ok(me),
    'GET /auth/onboarding/': () => ok(state),
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
  it('resumes on the saved step and saves every move', async () => {
    const server = onboardingServer('setup_forms');
    const user = userEvent.setup();
    await renderWithApp(<OnboardingPage />, { path: '/onboarding' });

    await screen.findByRole('heading', { level: 1, name: 'Set up your capture form' });
    expect(screen.getByText('Step 3 of 5')).toBeDefined();
    // Honest about what does not exist yet.
    expect(screen.getByText(/This part of LeadCapture is on its way/)).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Follow up from the dashboard' });
    expect(screen.getByText('Step 4 of 5')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { level: 1, name: 'Set up your capture form' });

    await vi.waitFor(() => expect(server.bodies('PATCH /auth/onboarding/')).toHaveLength(2));
    expect(server.bodies('PATCH /auth/onboarding/')).toEqual([
      { current_step: 'dashboard_tour', completed_steps: ['setup_forms'] },
      { current_step: 'setup_forms' },
    ]);
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
