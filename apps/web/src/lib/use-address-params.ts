import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

type ParamsChange = URLSearchParams | ((current: URLSearchParams) => URLSearchParams);

/**
 * `useSearchParams` whose functional update starts from the newest address. React Router hands a
 * functional update the params of the last render, and it renders a navigation in a transition:
 * a second change made before that render (two filters set quickly, a busy phone) would start
 * from the old address and drop the first. Here each update starts from what the one before it
 * wrote, until the router has rendered it; an address changed from outside (a link, Back) wins.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  const written = useRef<string[]>([]);

  useLayoutEffect(() => {
    const rendered = written.current.indexOf(params.toString());
    written.current = rendered === -1 ? [] : written.current.slice(rendered + 1);
    const newest = written.current.at(-1);
    latest.current = newest === undefined ? params : new URLSearchParams(newest);
  }, [params]);

  const update = useCallback(
    (change: ParamsChange, options?: NavigateOptions) => {
      const next = typeof change === 'function' ? change(new URLSearchParams(latest.current)) : change;
      latest.current = next;
      written.current.push(next.toString());
      setParams(next, options);
    },
    [setParams],
  );

  return [params, update] as const;
}
