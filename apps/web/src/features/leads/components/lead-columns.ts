import { useCallback, useState } from 'react';
import type { SortField } from '../utils/list-filters.ts';

/**
 * The optional columns of the leads table (the name is always there). Which ones show is the
 * user's choice, kept in this browser's localStorage: a personal preference, not worth a server
 * round trip or a place in the shared address.
 */
export const LEAD_COLUMNS = [
  'company',
  'email',
  'phone',
  'status',
  'interest',
  'score',
  'source',
  'event',
  'assigned',
  'tags',
  'follow_up',
  'created',
] as const;
export type LeadColumn = (typeof LEAD_COLUMNS)[number];

export const DEFAULT_COLUMNS: readonly LeadColumn[] = [
  'company',
  'status',
  'interest',
  'score',
  'assigned',
  'follow_up',
  'created',
];

/** The ordering a column's header sorts by; columns without one are not sortable. */
export const COLUMN_SORT: Partial<Record<LeadColumn | 'name', SortField>> = {
  name: 'last_name',
  company: 'company',
  email: 'email',
  status: 'status',
  score: 'score',
  follow_up: 'follow_up_date',
  created: 'created_at',
};

export const COLUMNS_STORAGE_KEY = 'leadcapture:leads:columns';

const isColumn = (value: unknown): value is LeadColumn =>
  typeof value === 'string' && (LEAD_COLUMNS as readonly string[]).includes(value);

export function readStoredColumns(storage: Storage = localStorage): LeadColumn[] {
  try {
    const raw = storage.getItem(COLUMNS_STORAGE_KEY);
    if (raw === null) return [...DEFAULT_COLUMNS];
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed)
      ? LEAD_COLUMNS.filter((c) => parsed.filter(isColumn).includes(c))
      : [...DEFAULT_COLUMNS];
  } catch {
    // Storage blocked or a hand-edited value: the defaults.
    return [...DEFAULT_COLUMNS];
  }
}

/** The visible columns, in table order, and a toggle that remembers the choice. */
export function useLeadColumns() {
  const [columns, setColumns] = useState<LeadColumn[]>(() => readStoredColumns());
  const toggle = useCallback((column: LeadColumn) => {
    setColumns((current) => {
      const next = current.includes(column)
        ? current.filter((c) => c !== column)
        : LEAD_COLUMNS.filter((c) => c === column || current.includes(c));
      try {
        localStorage.setItem(COLUMNS_STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Not remembered (private mode, quota): the choice still holds for this visit.
      }
      return next;
    });
  }, []);
  const reset = useCallback(() => {
    setColumns([...DEFAULT_COLUMNS]);
    try {
      localStorage.removeItem(COLUMNS_STORAGE_KEY);
    } catch {
      // nothing to forget
    }
  }, []);
  return { columns, toggle, reset };
}
