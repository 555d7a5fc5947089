import { useAddressParams } from '../../../lib/use-address-params.ts';

/**
 * One list's filters and page in the address (`?invoice_year=2026&invoice_status=paid&invoice_page=2`),
 * so a filtered list survives a reload and can be shared. Names are prefixed: the billing page
 * holds two lists. A value outside what is allowed reads as none; a new filter goes back to page 1.
 */
export function useBillingListParams<S extends string>(prefix: string, statuses: readonly S[]) {
  const [params, setParams] = useAddressParams();
  const rawYear = Number(params.get(`${prefix}_year`));
  const year = Number.isInteger(rawYear) && rawYear >= 2000 && rawYear <= 2200 ? rawYear : undefined;
  const rawStatus = params.get(`${prefix}_status`);
  const status = statuses.find((value) => value === rawStatus);
  const page = Math.max(1, Math.floor(Number(params.get(`${prefix}_page`) ?? '1')) || 1);

  const set = (name: 'year' | 'status' | 'page', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        const key = `${prefix}_${name}`;
        if (value === '' || (name === 'page' && value === '1')) next.delete(key);
        else next.set(key, value);
        if (name !== 'page') next.delete(`${prefix}_page`);
        return next;
      },
      { replace: true },
    );

  return {
    year,
    status,
    page,
    filtered: year !== undefined || status !== undefined,
    setYear: (value: string) => set('year', value),
    setStatus: (value: string) => set('status', value),
    setPage: (value: number) => set('page', String(value)),
  };
}

/** The years to filter by: this year and the six before it, and a year the address already names. */
export function yearOptions(selected: number | undefined, now = new Date()): number[] {
  const thisYear = now.getFullYear();
  const years = Array.from({ length: 7 }, (_, i) => thisYear - i);
  if (selected !== undefined && !years.includes(selected)) years.push(selected);
  return years.sort((a, b) => b - a);
}
