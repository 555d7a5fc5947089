import { describe, expect, it } from 'vitest';
import { clientExportFilters, leadExportFilters, toExportFilters } from './list-export.ts';

describe('the lists’ filters as an export’s', () => {
  it('names the leads list’s filters as GET /leads/ does, without paging or empty ones', () => {
    expect(
      leadExportFilters({
        status: ['new', 'contacted'],
        source: [],
        approvalStatus: ['pending'],
        assignedTo: ['me'],
        scoreMin: 40,
        createdAfter: '2026-01-01',
        followUp: 'overdue',
        search: 'anna',
        ordering: 'first_name',
        deleted: false,
        page: 3,
        pageSize: 50,
      }),
    ).toEqual({
      status: 'new,contacted',
      approval_status: 'pending',
      assigned_to: 'me',
      score_min: 40,
      created_after: '2026-01-01',
      follow_up: 'overdue',
      search: 'anna',
      ordering: 'first_name',
    });
    expect(leadExportFilters({ deleted: true })).toEqual({ deleted: 'true' });
  });

  it('names the clients list’s filters as GET /clients/ does', () => {
    expect(
      clientExportFilters({
        status: ['active'],
        priority: ['high', 'medium'],
        relationshipManager: ['unassigned'],
        tags: ['vip'],
        convertedBefore: '2026-03-31',
        search: '',
        ordering: '-created_at',
        page: 2,
        pageSize: 25,
      }),
    ).toEqual({
      status: 'active',
      priority: 'high,medium',
      relationship_manager: 'unassigned',
      tags: 'vip',
      converted_before: '2026-03-31',
      ordering: '-created_at',
    });
  });

  it('keeps false and zero, which are filters, and drops only what is unset', () => {
    expect(toExportFilters({ score_min: 0, flag: false, page: 1, page_size: 10, search: undefined })).toEqual({
      score_min: 0,
      flag: false,
    });
  });
});
