import {
  CLIENT_ORDERINGS,
  CLIENT_PRIORITIES,
  CLIENT_STATUSES,
  CLIENT_TYPES,
  type ClientOrdering,
} from '@leadcapture/contracts/clients';
import { INDUSTRIES } from '@leadcapture/contracts/constants';
import type { ClientListFilters } from '../api/clients.ts';

/** Which date the range filters on: when the client was created, or when its lead converted. */
export const DATE_FIELDS = ['created', 'converted'] as const;
export type DateField = (typeof DATE_FIELDS)[number];

/** Most tags a filter sends (the API's limit) and their longest length. */
const TAGS_MAX = 50;
const TAG_MAX_LENGTH = 50;

/**
 * The clients list's state lives in the address (`/clients?status=active&priority=high&q=…`,
 * `&industry=retail&tags=vip,nordics&date=converted&from=2026-01-01&to=2026-03-31`),
 * so a filtered list can be shared, bookmarked and restored with the back button. Unknown
 * values in the address are dropped rather than sent to the API (which would answer 422).
 */
export type ClientListState = {
  status: string;
  clientType: string;
  priority: string;
  manager: string;
  industry: string;
  /** Clients with any of these tags. */
  tags: string[];
  /** The date the range applies to; `created` unless the address says otherwise. */
  dateField: DateField;
  /** YYYY-MM-DD, inclusive, or '' for an open end. */
  from: string;
  to: string;
  search: string;
  ordering: ClientOrdering;
  page: number;
};

export const DEFAULT_ORDERING: ClientOrdering = '-created_at';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : '';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A real calendar day as YYYY-MM-DD (what a date input gives), else ''. */
function day(value: string | null): string {
  if (value === null || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return '';
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value) ? value : '';
}

/** `vip,nordics` (or a repeated parameter): trimmed, without repeats regardless of case. */
function tagsOf(params: URLSearchParams): string[] {
  const tags: string[] = [];
  for (const part of params.getAll('tags').flatMap((v) => v.split(','))) {
    const tag = part.trim();
    if (tag === '' || tag.length > TAG_MAX_LENGTH || tags.length >= TAGS_MAX) continue;
    if (!tags.some((t) => t.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  }
  return tags;
}

export function readClientListState(params: URLSearchParams): ClientListState {
  const manager = params.get('manager') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    status: oneOf(CLIENT_STATUSES, params.get('status')),
    clientType: oneOf(CLIENT_TYPES, params.get('type')),
    priority: oneOf(CLIENT_PRIORITIES, params.get('priority')),
    manager: manager === 'me' || manager === 'unassigned' || UUID.test(manager) ? manager : '',
    industry: oneOf(INDUSTRIES, params.get('industry')),
    tags: tagsOf(params),
    dateField: oneOf(DATE_FIELDS, params.get('date')) || 'created',
    from: day(params.get('from')),
    to: day(params.get('to')),
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
  industry: 'industry',
  tags: 'tags',
  dateField: 'date',
  from: 'from',
  to: 'to',
  search: 'q',
  ordering: 'ordering',
};

/** The address after a change: a changed filter goes back to page 1; defaults are left out. */
export function applyClientListChange(params: URLSearchParams, change: Partial<ClientListState>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(change)) {
    if (key === 'page') continue;
    const name = PARAM[key as keyof typeof PARAM];
    const text = Array.isArray(value) ? value.join(',') : String(value);
    const empty =
      text === '' || (key === 'ordering' && value === DEFAULT_ORDERING) || (key === 'dateField' && value === 'created');
    if (empty) next.delete(name);
    else next.set(name, text);
  }
  const page = change.page ?? 1;
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next;
}

export const hasFilters = (s: ClientListState) =>
  s.status !== '' ||
  s.clientType !== '' ||
  s.priority !== '' ||
  s.manager !== '' ||
  s.industry !== '' ||
  s.tags.length > 0 ||
  s.from !== '' ||
  s.to !== '' ||
  s.search !== '';

/** Every filter and the search emptied (the order and the date field stay). */
export const CLEARED_FILTERS: Partial<ClientListState> = {
  status: '',
  clientType: '',
  priority: '',
  manager: '',
  industry: '',
  tags: [],
  from: '',
  to: '',
  search: '',
};

export function clientFiltersOf(s: ClientListState, pageSize: number): ClientListFilters {
  const list = (v: string) => (v === '' ? undefined : [v]);
  const date = (v: string) => (v === '' ? undefined : v);
  // A range given backwards is meant the other way round.
  const [from, to] = s.from !== '' && s.to !== '' && s.from > s.to ? [s.to, s.from] : [s.from, s.to];
  const converted = s.dateField === 'converted';
  return {
    status: list(s.status),
    clientType: list(s.clientType),
    priority: list(s.priority),
    relationshipManager: list(s.manager),
    industry: list(s.industry),
    tags: s.tags.length > 0 ? s.tags : undefined,
    createdAfter: converted ? undefined : date(from),
    createdBefore: converted ? undefined : date(to),
    convertedAfter: converted ? date(from) : undefined,
    convertedBefore: converted ? date(to) : undefined,
    search: s.search === '' ? undefined : s.search,
    ordering: s.ordering,
    page: s.page,
    pageSize,
  };
}
