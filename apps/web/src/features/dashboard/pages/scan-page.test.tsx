import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anEvent, eventId } from '../../events/test/fixtures.ts';
import { fakeServer, me, ok } from '../../../test/fake-server.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ScanPage } from './scan-page.tsx';

const page = (results: unknown[]) => ({ results, count: results.length, next: null, previous: null });

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('ScanPage', () => {
  it('explains a blocked camera and offers the booth form of the live event for typing', async () => {
    fakeServer({ 'GET /auth/me/': () => ok(me), 'GET /events/': () => ok(page([anEvent({ status: 'active' })])) });
    const getUserMedia = vi.fn(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    await renderWithApp(<ScanPage />, { path: '/scan' });
    const manual = await screen.findByRole('link', { name: 'Type the details instead' });
    expect(manual.getAttribute('href')).toBe(`/events/${eventId}/booth`);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Start camera' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The camera is blocked');
    expect(getUserMedia).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Type the details instead' })).toBeTruthy();
  });

  it('says when no event is live, with the way to the events', async () => {
    fakeServer({ 'GET /auth/me/': () => ok(me), 'GET /events/': () => ok(page([])) });
    await renderWithApp(<ScanPage />, { path: '/scan' });
    expect(await screen.findByText(/No event is active right now/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to events' }).getAttribute('href')).toBe('/events');
  });
});
