import {
  CLIENT_ORDERINGS,
  CLIENT_PRIORITIES,
  CLIENT_STATUSES,
  CLIENT_TYPES,
  type ClientOrdering,
} from '@leadcapture/contracts/clients';
import type { ClientListFilters } from '../api/clients.ts';

/**
 * The clients list's state lives in the address (`/clients?status=active&priority=high&q=…`),
 * so a filtered list can be shared, bookmarked and restored with the back button. Unknown
 * values in the address are dropped rather than sent to the API (which would answer 422).
 */
export type ClientListState = {
  status: string;
  clientType: string;
  priority: string;
  manager: string;
  search: string;
  ordering: ClientOrdering;
  page: number;
};

export const DEFAULT_ORDERING: ClientOrdering = '-created_at';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : '';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function readClientListState(params: URLSearchParams): ClientListState {
  const manager = params.get('manager') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    status: oneOf(CLIENT_STATUSES, params.get('status')),
    clientType: oneOf(CLIENT_TYPES, params.get('type')),
    priority: oneOf(CLIENT_PRIORITIES, params.get('priority')),
    manager: manager === 'me' || manager === 'unassigned' || UUID.test(manager) ? manager : '',
    search: (params.get('q') ?? '').slice(0, 200),
    ordering: oneOf(CLIENT_ORDERINGS, params.get('ordering')) || DEFAULT_ORDERING,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

const PARAM: Record<Exclude<keyof ClientListState, 'page'>, string> = {
  status: 'status',
  clientType: 'type',
  priority: 'priority',
  manager: 'manager',
  search: 'q',
  ordering: 'ordering',
};

/** The address after a change: a changed filter goes back to page 1; defaults are left out. */
export function applyClientListChange(params: URLSearchParams, change: Partial<ClientListState>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(change)) {
    if (key === 'page') continue;
    const name = PARAM[key as keyof typeof PARAM];
    const empty = value === '' || (key === 'ordering' && value === DEFAULT_ORDERING);
    if (empty) next.delete(name);
    else next.set(name, String(value));
  }
  const page = change.page ?? 1;
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next;
}

export const hasFilters = (s: ClientListState) =>
  s.status !== '' || s.clientType !== '' || s.priority !== '' || s.manager !== '' || s.search !== '';

export function clientFiltersOf(s: ClientListState, pageSize: number): ClientListFilters {
  const list = (v: string) => (v === '' ? undefined : [v]);
  return {
    status: list(s.status),
    clientType: list(s.clientType),
    priority: list(s.priority),
    relationshipManager: list(s.manager),
    search: s.search === '' ? undefined : s.search,
    ordering: s.ordering,
    page: s.page,
    pageSize,
  };
}
