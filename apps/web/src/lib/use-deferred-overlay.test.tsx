import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useDeferredOverlay, type DeferredTriggerProps } from './use-deferred-overlay.ts';

type MenuProps = { defaultOpen: boolean; trigger: DeferredTriggerProps };

/** The "real" overlay: a trigger of its own, and whether it opened on mount. */
function RealMenu({ defaultOpen, trigger }: MenuProps) {
  return (
    <div>
      <button type="button" {...trigger}>
        Menu
      </button>
      <p>{defaultOpen ? 'open' : 'closed'}</p>
    </div>
  );
}

/** A download the test settles by hand. */
function controlledLoad() {
  const attempts: { resolve: () => void; reject: () => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<typeof RealMenu>((resolve, reject) => {
        attempts.push({ resolve: () => resolve(RealMenu), reject: () => reject(new Error('offline')) });
      }),
  );
  return { load, attempts };
}

function Harness({ load }: { load: () => Promise<typeof RealMenu> }) {
  const menu = useDeferredOverlay(load);
  if (menu.Overlay === null) {
    return (
      <button type="button" {...menu.placeholderProps}>
        Menu
      </button>
    );
  }
  return <menu.Overlay defaultOpen={menu.openOnMount} trigger={menu.triggerProps} />;
}

describe('useDeferredOverlay', () => {
  it('draws the placeholder and loads nothing until a pointer comes over it', async () => {
    const { load, attempts } = controlledLoad();
    render(<Harness load={load} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(load).not.toHaveBeenCalled();
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Menu' }));
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Menu' }));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('closed')).toBeNull();
    await act(async () => attempts[0]?.resolve());
    expect(screen.getByText('closed')).toBeTruthy();
  });

  it('opens the overlay on mount when the placeholder was pressed first', async () => {
    const { load, attempts } = controlledLoad();
    render(<Harness load={load} />);
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await act(async () => attempts.forEach((attempt) => attempt.resolve()));
    expect(screen.getByText('open')).toBeTruthy();
  });

  it('hands keyboard focus from the placeholder to the real trigger', async () => {
    const { load, attempts } = controlledLoad();
    render(<Harness load={load} />);
    const placeholder = screen.getByRole('button', { name: 'Menu' });
    act(() => placeholder.focus());
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => attempts[0]?.resolve());
    const real = screen.getByRole('button', { name: 'Menu' });
    expect(real).not.toBe(placeholder);
    expect(document.activeElement).toBe(real);
  });

  it('keeps the placeholder when the download fails, and tries again on a press', async () => {
    const { load, attempts } = controlledLoad();
    render(<Harness load={load} />);
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Menu' }));
    await act(async () => attempts[0]?.reject());
    expect(screen.queryByText(/open|closed/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => attempts[1]?.resolve());
    expect(screen.getByText('open')).toBeTruthy();
  });
});
