import { describe, expect, it, vi } from 'vitest';
import { createUpdateHandover, type WorkerContainer } from './register.ts';

/** The browser's worker container as far as the handover sees it: a registration and its events. */
function container(waiting: { postMessage: (message: unknown) => void } | null) {
  const events = new EventTarget();
  const registration = { waiting } as unknown as ServiceWorkerRegistration;
  const fake: WorkerContainer = {
    addEventListener: events.addEventListener.bind(events) as WorkerContainer['addEventListener'],
    getRegistration: () => Promise.resolve(registration),
  };
  return { fake, takeControl: () => events.dispatchEvent(new Event('controllerchange')) };
}

describe('the update handover (spec 02 §4)', () => {
  it('asks the waiting worker to take over and reloads only once it has', async () => {
    const worker = { postMessage: vi.fn() };
    const { fake, takeControl } = container(worker);
    const reload = vi.fn();
    await createUpdateHandover(fake, reload).apply();
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();
    takeControl();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when a first install takes control, and reloads for the update asked later', async () => {
    // A first visit: the page loaded with no worker, the first one claimed it; later a new
    // version waits and the user chooses "reload" in that same page.
    const worker = { postMessage: vi.fn() };
    const { fake, takeControl } = container(worker);
    const reload = vi.fn();
    const handover = createUpdateHandover(fake, reload);
    takeControl();
    expect(reload).not.toHaveBeenCalled();
    await handover.apply();
    takeControl();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when another tab let the new worker take over', () => {
    const { fake, takeControl } = container({ postMessage: vi.fn() });
    const reload = vi.fn();
    createUpdateHandover(fake, reload);
    takeControl();
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads at once when no worker waits any more', async () => {
    const { fake } = container(null);
    const reload = vi.fn();
    await createUpdateHandover(fake, reload).apply();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
