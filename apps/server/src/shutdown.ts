import type { FastifyInstance } from 'fastify';

/** Of the grace period, what closing the pool, Redis and the log may need after the outbox. */
export const CLOSE_MARGIN_MS = 3_000;

/**
 * On close, once the requests in flight are answered, delivers what is due in the outbox before
 * the process goes, until `closeBy()` less CLOSE_MARGIN_MS; what is left waits in the outbox for
 * the next process. Register it before the app is ready: fastify runs onClose hooks last-added
 * first, so this runs before app.ts stops the outbox worker.
 */
export function drainOutboxOnClose(app: FastifyInstance, closeBy: () => number): void {
  app.addHook('onClose', async () => {
    const budget = closeBy() - CLOSE_MARGIN_MS - Date.now();
    if (budget <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    const delivered = await Promise.race([
      app.deps.outbox.drain(),
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), budget);
      }),
    ]);
    clearTimeout(timer);
    if (delivered === undefined) app.log.warn('outbox not drained in time; the rest waits for the next start');
    else app.log.info({ delivered }, 'outbox drained');
  });
}
