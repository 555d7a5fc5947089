import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearToasts, getToasts, toast } from '../../lib/toast.ts';
import { renderWithApp } from '../../test/render.tsx';
import { Toaster } from './toaster.tsx';

afterEach(() => {
  act(() => clearToasts());
});

describe('toasts', () => {
  it('last 5 s by default, 10 s for errors and for toasts with an action', () => {
    toast.success('Saved');
    toast.error('Failed');
    toast.warning('Close to the limit', { duration: 4000 });
    toast.info('New lead assigned to you', { action: { label: 'Open lead', onClick: () => undefined } });
    expect(getToasts().map((t) => [t.type, t.duration])).toEqual([
      ['success', 5000],
      ['error', 10000],
      ['warning', 4000],
      ['info', 10000],
    ]);
  });

  it('shows the same toast once when raised twice in a row', () => {
    toast.error('Server error');
    toast.error('Server error');
    expect(getToasts()).toHaveLength(1);
  });

  it('renders title, message and a close button, and closes', async () => {
    await renderWithApp(<Toaster />);
    act(() => {
      toast.error('Failed to load data', { message: 'email: Enter a valid email address' });
    });
    const item = await screen.findByText('Failed to load data', { selector: 'div' });
    expect(screen.getByText('email: Enter a valid email address', { selector: 'div' })).toBeTruthy();
    expect(item.closest('[data-toast-type]')?.getAttribute('data-toast-type')).toBe('error');
    // Radix names the region and mentions the F8 shortcut.
    expect(screen.getByRole('region', { name: /Notifications \(F8\)/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(getToasts()).toHaveLength(0));
  });
});
