import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from './after-paint.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('afterPaint', () => {
  it('waits for the first contentful paint the browser reports, not just a frame', async () => {
    let report: () => void = () => undefined;
    let painted = false;
    class FakeObserver {
      static supportedEntryTypes = ['paint'];
      constructor(callback: () => void) {
        report = callback;
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    vi.spyOn(performance, 'getEntriesByName').mockImplementation(() => (painted ? [{} as PerformanceEntry] : []));
    const run = vi.fn();
    afterPaint(run);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(run).not.toHaveBeenCalled();
    painted = true;
    report();
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    report();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs after the next frame once the first paint is long past', async () => {
    vi.spyOn(performance, 'getEntriesByName').mockReturnValue([{} as PerformanceEntry]);
    const run = vi.fn();
    afterPaint(run);
    expect(run).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
  });
});
