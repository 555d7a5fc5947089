import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { OfflinePage } from './offline-page.tsx';

afterEach(() => vi.restoreAllMocks());

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

describe('OfflinePage', () => {
  it('says the device is offline', async () => {
    setOnline(false);
    await renderWithApp(<OfflinePage />, { path: '/offline' });
    expect(screen.getByRole('heading', { name: 'You are offline' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Still waiting for a connection…');
  });

  it('goes back to the wanted page by itself when the connection returns', async () => {
    setOnline(false);
    const { router } = await renderWithApp(<OfflinePage />, { path: '/offline', url: '/offline?from=/leads' });
    setOnline(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/leads'));
  });

  it('never follows a return address to another site', async () => {
    setOnline(true);
    const { router } = await renderWithApp(<OfflinePage />, { path: '/offline', url: '/offline?from=//evil.example' });
    expect(screen.getByRole('status').textContent).toBe('Your device is online.');
    expect(screen.getByRole('heading', { name: 'The page did not load' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/offline');
  });
});
