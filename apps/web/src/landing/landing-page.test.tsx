import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LandingPage } from './landing-page.tsx';
import { createTranslator } from './strings.ts';
import { STEP_MS } from './walkthrough.tsx';

afterEach(() => vi.useRealTimers());

const renderPage = (language: 'en' | 'sv' = 'en') =>
  render(<LandingPage language={language} t={createTranslator(language)} />);

describe('LandingPage', () => {
  it('has every section of spec 01 §2, no raw keys, and the calls to action', () => {
    const { container } = renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Every conversation at your stand');
    for (const name of [
      'What goes wrong at a stand',
      'See it in action',
      'How it works',
      'Everything a booth team needs',
      'Made for teams that exhibit',
      'Simple pricing',
      'Questions we are often asked',
      'Ready for your next show?',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    expect(container.textContent).not.toMatch(/\b(hero|pricing|demo|faq|steps|features)\.[a-z]/);
    const demoLinks = screen.getAllByRole('link', { name: 'Book a demo' });
    expect(demoLinks.map((link) => link.getAttribute('href'))).toEqual(['/contact?topic=demo', '/contact?topic=demo']);
    expect(screen.getAllByRole('link', { name: 'Start free trial' })[0]?.getAttribute('href')).toBe('/auth/register');
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('reads the plans of the contract and switches monthly and yearly prices (20 % off)', async () => {
    renderPage();
    const monthly = screen.getByRole('radio', { name: 'Monthly' });
    const yearly = screen.getByRole('radio', { name: /Yearly/ });
    expect(monthly.getAttribute('aria-checked')).toBe('true');
    expect(yearly.textContent).toContain('Save 20 %');
    expect(screen.getByTestId('price-starter').textContent).toBe('$29');
    expect(screen.getByTestId('price-professional').textContent).toBe('$89');
    expect(screen.getByTestId('price-free').textContent).toBe('$0');
    expect(screen.getByTestId('price-enterprise').textContent).toBe('Custom');

    await userEvent.setup().click(yearly);
    expect(yearly.getAttribute('aria-checked')).toBe('true');
    expect(monthly.getAttribute('aria-checked')).toBe('false');
    // 29 × 12 × 0.8 = 278.40 a year, 23.20 a month.
    expect(screen.getByTestId('price-starter').textContent).toBe('$23.20');
    expect(screen.getByText('$278.40 billed yearly')).toBeTruthy();
    expect(screen.getByTestId('price-professional').textContent).toBe('$71.20');
    const professional = screen.getByRole('listitem', { name: 'Professional' });
    expect(within(professional).getByText('1,000 leads per month')).toBeTruthy();
    expect(within(professional).getByText('Most popular')).toBeTruthy();
    const enterprise = screen.getByRole('listitem', { name: 'Enterprise' });
    expect(within(enterprise).getByRole('link', { name: 'Contact sales' }).getAttribute('href')).toBe(
      '/contact?topic=sales',
    );
  });

  it('is complete in Swedish, with Swedish prices and links under /sv', async () => {
    renderPage('sv');
    expect(screen.getByRole('heading', { level: 2, name: 'Enkla priser' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('radio', { name: /Årsvis/ }));
    expect(screen.getByTestId('price-starter').textContent.replace(/\s/g, ' ')).toBe('23,20 US$');
    expect(screen.getAllByRole('link', { name: 'Boka en demo' })[0]?.getAttribute('href')).toBe(
      '/sv/contact?topic=demo',
    );
    expect(screen.getAllByRole('link', { name: 'Prova gratis' })[0]?.getAttribute('href')).toBe('/sv/auth/register');
  });

  it('plays the walkthrough of real screens, and stops when paused', () => {
    vi.useFakeTimers();
    renderPage();
    const walkthrough = screen.getByRole('group', { name: 'Product walkthrough' });
    expect(within(walkthrough).getByText('Step 1 of 5')).toBeTruthy();
    expect(
      within(walkthrough).getByRole('img', { name: 'The event form builder in LeadCapture' }).getAttribute('src'),
    ).toMatch(/event-form.*\.jpg$/);
    act(() => {
      vi.advanceTimersByTime(STEP_MS);
    });
    expect(within(walkthrough).getByText('Step 2 of 5')).toBeTruthy();
    expect(within(walkthrough).getByRole('img', { name: 'The leads list with filters and search' })).toBeTruthy();
    act(() => within(walkthrough).getByRole('button', { name: 'Pause walkthrough' }).click());
    act(() => {
      vi.advanceTimersByTime(STEP_MS * 3);
    });
    expect(within(walkthrough).getByText('Step 2 of 5')).toBeTruthy();
    act(() => within(walkthrough).getByRole('button', { name: 'Next step' }).click());
    expect(within(walkthrough).getByText('Step 3 of 5')).toBeTruthy();
    act(() => within(walkthrough).getByRole('button', { name: 'Show step 5' }).click());
    expect(within(walkthrough).getByText('Step 5 of 5')).toBeTruthy();
    expect(within(walkthrough).getByRole('button', { name: 'Play walkthrough' })).toBeTruthy();
  });
});
