import { FOLLOW_UP_FILTERS as CONTRACT_FOLLOW_UPS, leadListQuerySchema } from '@leadcapture/contracts/leads';
import { describe, expect, it } from 'vitest';
import { leadListParams } from '../api/leads.ts';
import {
  activeFilterCount,
  applyListChange,
  CLEARED,
  filtersOf,
  FOLLOW_UP_FILTERS,
  nextOrdering,
  readListState,
} from './list-filters.ts';

const uuid = '00000000-0000-4000-8000-0000000000e1';
const read = (query: string) => readListState(new URLSearchParams(query));

describe('the leads list in the address', () => {
  it('reads every filter, comma lists included', () => {
    const state = read(
      `status=new,contacted&interest=hot,none&source=qr_scan&event=${uuid}&assigned_to=me,unassigned&tags=expo,vip` +
        '&score_min=40&score_max=90&created_after=2026-11-01&created_before=2026-11-30&follow_up=overdue' +
        '&search=berg&ordering=-score&page=3&approval_status=pending',
    );
    expect(state).toEqual({
      status: ['new', 'contacted'],
      interest: ['hot', 'none'],
      source: ['qr_scan'],
      approvalStatus: ['pending'],
      event: [uuid],
      assignedTo: ['me', 'unassigned'],
      tags: ['expo', 'vip'],
      scoreMin: 40,
      scoreMax: 90,
      createdAfter: '2026-11-01',
      createdBefore: '2026-11-30',
      followUp: 'overdue',
      search: 'berg',
      ordering: '-score',
      deleted: false,
      page: 3,
    });
  });

  it('drops what the API would refuse, so a hand-edited address still lists leads', () => {
    const state = read(
      'status=new,bogus&interest=lukewarm&event=42&assigned_to=nobody&score_min=-5&score_max=101' +
        '&created_after=yesterday&follow_up=soon&ordering=password&page=0&deleted=yes',
    );
    expect(state).toMatchObject({
      status: ['new'],
      interest: [],
      event: [],
      assignedTo: [],
      scoreMin: undefined,
      scoreMax: undefined,
      createdAfter: undefined,
      followUp: undefined,
      ordering: '-created_at',
      page: 1,
      deleted: false,
    });
  });

  it('gives a query the contract accepts, values joined with commas', () => {
    const state = read(`status=new,contacted&assigned_to=me&score_min=10&ordering=last_name&deleted=true&page=2`);
    const params = leadListParams(filtersOf(state, 25));
    expect(params).toMatchObject({
      status: 'new,contacted',
      assigned_to: 'me',
      score_min: 10,
      ordering: 'last_name',
      deleted: 'true',
      page: 2,
      page_size: 25,
    });
    const defined = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
    expect(leadListQuerySchema.safeParse(defined).success).toBe(true);
  });

  it('writes changes back: lists joined, empty and default values removed, page back to 1', () => {
    const start = new URLSearchParams('status=new&page=4&search=berg');
    const next = applyListChange(start, { status: ['new', 'qualified'] });
    expect(next.getAll('status')).toEqual(['new', 'qualified']);
    expect(next.get('search')).toBe('berg');
    expect(next.has('page')).toBe(false);
    expect(readListState(next).status).toEqual(['new', 'qualified']);
    expect(applyListChange(next, { status: [], ordering: '-created_at' }).toString()).toBe('search=berg');
    expect(applyListChange(start, { page: 5 }).get('page')).toBe('5');
    expect(applyListChange(start, { page: 1 }).has('page')).toBe(false);
    expect(applyListChange(start, { deleted: true }).toString()).toBe('status=new&search=berg&deleted=true');
  });

  it('clears every filter but keeps the bin', () => {
    const start = new URLSearchParams('status=new&tags=vip&score_min=5&search=x&deleted=true');
    expect(applyListChange(start, CLEARED).toString()).toBe('deleted=true');
    expect(activeFilterCount(read('status=new&tags=vip&score_min=5&score_max=9&follow_up=today'))).toBe(4);
  });

  it('sorts by a header: numbers and dates newest first, texts A to Z, a second click flips', () => {
    expect(nextOrdering('-created_at', 'score')).toBe('-score');
    expect(nextOrdering('-score', 'score')).toBe('score');
    expect(nextOrdering('-created_at', 'last_name')).toBe('last_name');
    expect(nextOrdering('last_name', 'last_name')).toBe('-last_name');
  });

  it('knows the contract’s follow-up filters', () => {
    expect([...FOLLOW_UP_FILTERS].sort()).toEqual([...CONTRACT_FOLLOW_UPS].sort());
  });
});
