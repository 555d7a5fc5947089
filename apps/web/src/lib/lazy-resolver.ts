import type { FieldValues, Resolver } from 'react-hook-form';
import { afterPaint } from './after-paint.ts';

export type LazyResolver<TValues extends FieldValues> = Resolver<TValues> & {
  /**
   * Starts the download once the browser has painted (call it after the first render), so the
   * first submit does not wait and the download never competes with the page's first paint.
   */
  preload: () => void;
};

/**
 * A react-hook-form resolver whose schema loads on demand. For the first page a visitor sees
 * (the login page): zod and the contract schemas are ~20 KB gzip that the page does not need to
 * render. Validation is identical to `zodResolver(schema)`; only the download moves.
 *
 *   const resolver = lazyResolver(() =>
 *     Promise.all([import('@hookform/resolvers/zod'), import('@leadcapture/contracts/auth')])
 *       .then(([{ zodResolver }, { loginSchema }]) => zodResolver(loginSchema)));
 */
export function lazyResolver<TValues extends FieldValues>(
  load: () => Promise<Resolver<TValues>>,
): LazyResolver<TValues> {
  let pending: Promise<Resolver<TValues>> | undefined;
  const get = (): Promise<Resolver<TValues>> => {
    pending ??= load();
    // A failed download (offline) may be retried at the next validation.
    pending.catch(() => {
      pending = undefined;
    });
    return pending;
  };
  const resolver: Resolver<TValues> = async (values, context, options) => (await get())(values, context, options);
  return Object.assign(resolver, {
    preload: () => afterPaint(() => void get().catch(() => undefined)),
  });
}
