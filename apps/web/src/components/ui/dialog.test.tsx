import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { Modal, type ModalSize } from './dialog.tsx';

function Harness({ closable = true, size = 'md' }: { closable?: boolean; size?: ModalSize }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'open' : 'closed'}</p>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Delete event"
        description="This cannot be undone."
        closable={closable}
        size={size}
      >
        <p>Body</p>
      </Modal>
    </>
  );
}

// Closing on a click outside is checked in a real browser: e2e/app-shell.spec.mjs (the paywall).
describe('Modal', () => {
  it('is a dialog named by its title and described by its description', async () => {
    await renderWithApp(<Harness size="2xl" />);
    const dialog = screen.getByRole('dialog', { name: 'Delete event' });
    expect(dialog.className).toContain('max-w-2xl');
    const describedBy = dialog.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('This cannot be undone.');
  });

  it('closes with its close button', async () => {
    await renderWithApp(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByText('closed')).toBeTruthy());
  });

  it('closes on Escape', async () => {
    await renderWithApp(<Harness />);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByText('closed')).toBeTruthy());
  });

  it('stays open on Escape and has no close button when not closable', async () => {
    await renderWithApp(<Harness closable={false} />);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByText('open')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});
