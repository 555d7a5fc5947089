import {
  APPROVAL_STATUSES,
  LEAD_INTERESTS,
  LEAD_SOURCES,
  LEAD_STATUSES,
  type ApprovalStatus,
  type LeadInterest,
  type LeadSource,
  type LeadStatus,
} from '@leadcapture/contracts/constants';
import type { FollowUpFilter, LeadListOrdering } from '@leadcapture/contracts/leads';
import { SCORE_MAX, SCORE_MIN } from '@leadcapture/contracts/lead-scoring';
import type { LeadListFilters } from '../api/leads.ts';

/**
 * The leads list's state in the address bar (`/leads?status=new&status=contacted&ordering=-score`):
 * a filtered list can be shared, bookmarked and survives a reload. Parameter names are the API's
 * (leadListQuerySchema); several values of one filter are repeated parameters (comma-separated
 * ones are read too). Anything the API would
 * refuse is dropped here rather than sent, so a hand-edited address still shows a list.
 *
 * Zod-free on purpose (the list paints before the contract schemas arrive); the values are
 * checked against the zod-free constants, and the few lists that live in the zod contract are
 * repeated here as typed records, so tsc fails when the contract gains or loses one.
 */

export type InterestFilter = LeadInterest | 'none';
export type AssigneeFilter = string; // a member's user id, 'me' or 'unassigned'

/** The orderings a column header can ask for (`-` first means descending). */
const SORT_FIELDS: Record<Exclude<LeadListOrdering, `-${string}`>, true> = {
  created_at: true,
  updated_at: true,
  first_name: true,
  last_name: true,
  company: true,
  email: true,
  score: true,
  follow_up_date: true,
  status: true,
};
export type SortField = keyof typeof SORT_FIELDS;

const FOLLOW_UPS: Record<FollowUpFilter, true> = { due: true, overdue: true, today: true, upcoming: true, none: true };
export const FOLLOW_UP_FILTERS = Object.keys(FOLLOW_UPS) as FollowUpFilter[];
export const INTEREST_FILTERS: readonly InterestFilter[] = [...LEAD_INTERESTS, 'none'];

export const DEFAULT_ORDERING: LeadListOrdering = '-created_at';

export type ListState = {
  status: LeadStatus[];
  interest: InterestFilter[];
  source: LeadSource[];
  approvalStatus: ApprovalStatus[];
  event: string[];
  assignedTo: AssigneeFilter[];
  tags: string[];
  scoreMin: number | undefined;
  scoreMax: number | undefined;
  createdAfter: string | undefined;
  createdBefore: string | undefined;
  followUp: FollowUpFilter | undefined;
  search: string;
  ordering: LeadListOrdering;
  deleted: boolean;
  page: number;
};

/** The keys of the address bar, the API's names. */
export const PARAM = {
  status: 'status',
  interest: 'interest',
  source: 'source',
  approvalStatus: 'approval_status',
  event: 'event',
  assignedTo: 'assigned_to',
  tags: 'tags',
  scoreMin: 'score_min',
  scoreMax: 'score_max',
  createdAfter: 'created_after',
  createdBefore: 'created_before',
  followUp: 'follow_up',
  search: 'search',
  ordering: 'ordering',
  deleted: 'deleted',
  page: 'page',
} as const satisfies Record<keyof ListState, string>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function list(params: URLSearchParams, key: string): string[] {
  const seen = new Set<string>();
  for (const part of params.getAll(key).flatMap((v) => v.split(','))) {
    const value = part.trim();
    if (value !== '') seen.add(value);
  }
  return [...seen];
}

function oneOf<T extends string>(allowed: readonly T[]) {
  return (value: string): value is T => (allowed as readonly string[]).includes(value);
}

function score(params: URLSearchParams, key: string): number | undefined {
  const raw = params.get(key);
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isInteger(value) && value >= SCORE_MIN && value <= SCORE_MAX ? value : undefined;
}

function day(params: URLSearchParams, key: string): string | undefined {
  const raw = params.get(key);
  return raw !== null && DAY.test(raw) && !Number.isNaN(Date.parse(raw)) ? raw : undefined;
}

export function isSortField(value: string): value is SortField {
  return Object.hasOwn(SORT_FIELDS, value);
}

function ordering(raw: string | null): LeadListOrdering {
  if (raw === null) return DEFAULT_ORDERING;
  const field = raw.startsWith('-') ? raw.slice(1) : raw;
  return isSortField(field) ? (raw as LeadListOrdering) : DEFAULT_ORDERING;
}

export function readListState(params: URLSearchParams): ListState {
  const page = Number(params.get(PARAM.page) ?? '1');
  const followUp = params.get(PARAM.followUp) ?? '';
  return {
    status: list(params, PARAM.status).filter(oneOf(LEAD_STATUSES)),
    interest: list(params, PARAM.interest).filter(oneOf(INTEREST_FILTERS)),
    source: list(params, PARAM.source).filter(oneOf(LEAD_SOURCES)),
    approvalStatus: list(params, PARAM.approvalStatus).filter(oneOf(APPROVAL_STATUSES)),
    event: list(params, PARAM.event).filter((v) => UUID.test(v)),
    assignedTo: list(params, PARAM.assignedTo).filter((v) => v === 'me' || v === 'unassigned' || UUID.test(v)),
    tags: list(params, PARAM.tags).slice(0, 50),
    scoreMin: score(params, PARAM.scoreMin),
    scoreMax: score(params, PARAM.scoreMax),
    createdAfter: day(params, PARAM.createdAfter),
    createdBefore: day(params, PARAM.createdBefore),
    followUp: oneOf(FOLLOW_UP_FILTERS)(followUp) ? followUp : undefined,
    search: (params.get(PARAM.search) ?? '').trim().slice(0, 200),
    ordering: ordering(params.get(PARAM.ordering)),
    deleted: params.get(PARAM.deleted) === 'true',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The API query of a list state. */
export function filtersOf(state: ListState, pageSize: number): LeadListFilters {
  return {
    status: state.status,
    interest: state.interest,
    source: state.source,
    approvalStatus: state.approvalStatus,
    event: state.event,
    assignedTo: state.assignedTo,
    tags: state.tags,
    scoreMin: state.scoreMin,
    scoreMax: state.scoreMax,
    createdAfter: state.createdAfter,
    createdBefore: state.createdBefore,
    followUp: state.followUp,
    search: state.search === '' ? undefined : state.search,
    ordering: state.ordering,
    deleted: state.deleted,
    page: state.page,
    pageSize,
  };
}

export type ListChange = Partial<ListState>;

/**
 * The address of a state change: empty values leave the address, defaults too (a clean
 * `/leads` for the plain list), and any change but the page itself goes back to page 1.
 */
export function applyListChange(params: URLSearchParams, change: ListChange): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [field, value] of Object.entries(change) as [keyof ListState, ListState[keyof ListState]][]) {
    const key = PARAM[field];
    next.delete(key);
    if (value === undefined || value === '' || value === false) continue;
    if (Array.isArray(value)) {
      // Repeated (`status=new&status=qualified`) rather than joined: commas would read %2C.
      for (const item of value) next.append(key, item);
    } else if (field === 'ordering' && value === DEFAULT_ORDERING) {
      continue;
    } else if (field === 'page' && value === 1) {
      continue;
    } else {
      next.set(key, String(value));
    }
  }
  if (!('page' in change)) next.delete(PARAM.page);
  return next;
}

/** How many filters narrow the list (not search, ordering, page or the bin). */
export function activeFilterCount(state: ListState): number {
  const lists = [
    state.status,
    state.interest,
    state.source,
    state.approvalStatus,
    state.event,
    state.assignedTo,
    state.tags,
  ];
  const singles = [
    state.scoreMin !== undefined || state.scoreMax !== undefined,
    state.createdAfter !== undefined || state.createdBefore !== undefined,
    state.followUp !== undefined,
  ];
  return lists.filter((l) => l.length > 0).length + singles.filter(Boolean).length;
}

/** Every filter off (search included); the bin stays where it is. */
export const CLEARED: ListChange = {
  status: [],
  interest: [],
  source: [],
  approvalStatus: [],
  event: [],
  assignedTo: [],
  tags: [],
  scoreMin: undefined,
  scoreMax: undefined,
  createdAfter: undefined,
  createdBefore: undefined,
  followUp: undefined,
  search: '',
};

/** The ordering a click on a column header asks for: descending first for numbers and dates, then flips. */
export function nextOrdering(current: LeadListOrdering, field: SortField): LeadListOrdering {
  const descendingFirst = field === 'score' || field === 'created_at' || field === 'updated_at';
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return field;
  return descendingFirst ? `-${field}` : field;
}

export function sortDirection(current: LeadListOrdering, field: SortField): 'ascending' | 'descending' | undefined {
  if (current === field) return 'ascending';
  if (current === `-${field}`) return 'descending';
  return undefined;
}
