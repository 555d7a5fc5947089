import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, loadNamespaces } from '../../../i18n/i18n.ts';
import { closePaywall, getPaywall } from '../../../lib/paywall.ts';
import { LeadLimitGate } from './lead-limit-gate.tsx';

beforeAll(async () => {
  await initI18n('en');
  await loadNamespaces('en', ['leads']);
});
afterEach(() => closePaywall());

const renderGate = (hiddenCount: number) =>
  render(
    <I18nextProvider i18n={i18n}>
      <LeadLimitGate hiddenCount={hiddenCount} limit={100} />
    </I18nextProvider>,
  );

describe('LeadLimitGate', () => {
  it('shows nothing while no lead is hidden', () => {
    const { container } = renderGate(0);
    expect(container.innerHTML).toBe('');
  });

  it('stands blurred rows behind "Upgrade to view more", and opens the paywall for leads', async () => {
    renderGate(12);
    expect(screen.getByRole('heading', { name: 'Upgrade to view more' })).toBeTruthy();
    expect(screen.getByText(/12 more leads from this month are hidden/)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Upgrade to view more' }));
    expect(getPaywall()).toMatchObject({
      kind: 'limit_reached',
      code: 'USAGE_LIMIT_REACHED',
      resource: 'leads',
      limit: 100,
      currentUsage: 112,
    });
  });
});
