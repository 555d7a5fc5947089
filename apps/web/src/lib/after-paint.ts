/** How long to wait for a first paint that may never come (a tab opened in the background). */
const FIRST_PAINT_TIMEOUT_MS = 3_000;

/**
 * Runs `run` once the page's content is on screen: for work a page wants soon but not before its
 * first paint (prefetching code it needs later). On the first page that is the first contentful
 * paint as the browser reports it, after the frame is presented; a frame callback alone fires
 * before that, so a download started there still competes with the paint. On later pages the
 * first paint is long past: then after the next frame.
 */
export function afterPaint(run: () => void): void {
  const afterNextFrame = () => requestAnimationFrame(() => setTimeout(run, 0));
  if (typeof requestAnimationFrame !== 'function' || typeof PerformanceObserver === 'undefined') {
    setTimeout(run, 0);
    return;
  }
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (!PerformanceObserver.supportedEntryTypes.includes('paint') || painted()) {
    afterNextFrame();
    return;
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timeout);
    setTimeout(run, 0);
  };
  const observer = new PerformanceObserver(() => {
    if (painted()) once();
  });
  observer.observe({ type: 'paint', buffered: true });
  const timeout = setTimeout(once, FIRST_PAINT_TIMEOUT_MS);
}
