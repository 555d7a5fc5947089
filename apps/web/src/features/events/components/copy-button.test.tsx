import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { clearToasts } from '../../../lib/toast.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { CopyButton } from './copy-button.tsx';

const ui = (
  <>
    <CopyButton value="https://app.example/capture/nordic-expo" label="Copy public URL" />
    <Toaster />
  </>
);

afterEach(() => clearToasts());

describe('CopyButton', () => {
  it('copies the value and confirms with a toast', async () => {
    const user = userEvent.setup({ delay: null });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderWithApp(ui);
    await user.click(screen.getByRole('button', { name: 'Copy public URL' }));
    expect(writeText).toHaveBeenCalledWith('https://app.example/capture/nordic-expo');
    expect(await screen.findByText('Copied')).toBeTruthy();
  });

  it('says "Copy failed" where the browser has no clipboard (plain HTTP)', async () => {
    const user = userEvent.setup({ delay: null });
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    await renderWithApp(ui);
    await user.click(screen.getByRole('button', { name: 'Copy public URL' }));
    expect(await screen.findByText('Copy failed')).toBeTruthy();
    expect(screen.queryByText('Copied')).toBeNull();
  });
});
