import { useDeferredValue, useState } from 'react';
import { useAddressParams } from './use-address-params.ts';

/**
 * The URL state of a list with a search, one filter and pages (`?search=&status=&page=`, the
 * filter under `filterKey`), so a filtered list can be shared and survives a reload. A filter
 * value outside `values` reads as none; changing the search or the filter goes back to page 1.
 * The search box shows what is typed at once while the list follows the deferred value.
 */
export function useListParams<S extends string>(filterKey: string, values: readonly S[]) {
  const [params, setParams] = useAddressParams();
  const raw = params.get(filterKey);
  const filter: S | '' = values.find((v) => v === raw) ?? '';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const [search, setSearchText] = useState(params.get('search') ?? '');
  const deferredSearch = useDeferredValue(search.trim());

  const setParam = (key: string, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === '') next.delete(key);
        else next.set(key, value);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );

  return {
    filter,
    page,
    search,
    deferredSearch,
    /** A search or the filter is set: an empty answer is "no matches", not "nothing yet". */
    filtered: filter !== '' || deferredSearch !== '',
    setSearch: (value: string) => {
      setSearchText(value);
      setParam('search', value.trim());
    },
    setFilter: (value: string) => setParam(filterKey, value),
    setPage: (value: number) => setParam('page', String(value)),
  };
}

export type ListParams<S extends string> = ReturnType<typeof useListParams<S>>;
