import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { paywallFromError } from '../../../lib/paywall.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { PaywallModal } from './paywall-modal.tsx';

const limitReached = paywallFromError({
  code: 'USAGE_LIMIT_REACHED',
  message: 'Usage limit reached for your plan.',
  details: { resource: 'events', current_usage: 7, limit: 5, detail: 'Monthly event limit reached' },
});

describe('PaywallModal', () => {
  it('shows the limit, usage capped at 100 % and three benefits naming the resource', async () => {
    await renderWithApp(<PaywallModal paywall={limitReached} open onClose={() => undefined} />, {
      path: '/dashboard',
    });
    const dialog = screen.getByRole('dialog', { name: 'You have reached your events limit' });
    expect(dialog.textContent).toContain('Limit reached');
    expect(dialog.textContent).toContain('Monthly event limit reached');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('7 of 5')).toBeTruthy();
    const benefits = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(benefits).toHaveLength(3);
    expect(benefits[0]).toContain('More events every month');
  });

  it('Upgrade closes the modal and opens the billing settings in the page language', async () => {
    const onClose = vi.fn();
    const { router } = await renderWithApp(<PaywallModal paywall={limitReached} open onClose={onClose} />, {
      path: '/sv/dashboard',
      language: 'sv',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Uppgradera' }));
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sv/settings/billing'));
  });

  it('names the subscription requirement for other codes', async () => {
    const paywall = paywallFromError({ code: 'SUBSCRIPTION_REQUIRED', message: 'Pay', details: undefined });
    await renderWithApp(<PaywallModal paywall={paywall} open onClose={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Subscription required' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
