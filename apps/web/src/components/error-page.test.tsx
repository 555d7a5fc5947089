import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { ErrorPage } from './error-page.tsx';

describe('ErrorPage (spec 02 §8)', () => {
  it.each([
    [401, 'Unauthorized', 'You need to be logged in to access this page.'],
    [403, 'Access forbidden', "You don't have permission to access this page."],
    [404, 'Page not found', "Sorry, we couldn't find the page you're looking for."],
    [500, 'Internal server error', 'We encountered an internal error. Please try again later.'],
    [418, 'Something went wrong', 'An unexpected error occurred. Please try again.'],
  ])('%s shows "%s" with its message and a way home', async (status, title, message) => {
    await renderWithApp(<ErrorPage status={status} />);
    expect(screen.getByText(`${status} error`)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back home' }).getAttribute('href')).toBe('/');
  });

  it('asks search engines not to index it', async () => {
    await renderWithApp(<ErrorPage status={404} />);
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  it("prefers the error's own message and speaks Swedish under /sv", async () => {
    await renderWithApp(<ErrorPage status={401} message="Session expired" />, { language: 'sv', path: '/sv/x' });
    expect(screen.getByRole('heading', { level: 1, name: 'Obehörig' })).toBeTruthy();
    expect(screen.getByText('Session expired')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tillbaka till startsidan' }).getAttribute('href')).toBe('/sv');
  });
});
