import { describe, expect, it } from 'vitest';
import { assertCan, can } from './permissions.ts';

describe('permissions', () => {
  it('lets owners and admins manage the organisation and its members, not members or viewers', () => {
    expect(can('owner', 'organization.update')).toBe(true);
    expect(can('admin', 'members.manage')).toBe(true);
    expect(can('member', 'organization.update')).toBe(false);
    expect(can('viewer', 'members.manage')).toBe(false);
  });

  it('keeps billing for the owner only (spec 01 §6)', () => {
    expect(can('owner', 'billing.manage')).toBe(true);
    expect(can('admin', 'billing.manage')).toBe(false);
  });

  it('lets viewers read but not write records', () => {
    expect(can('viewer', 'records.read')).toBe(true);
    expect(can('viewer', 'records.write')).toBe(false);
    expect(can('member', 'records.write')).toBe(true);
    expect(can('member', 'records.delete')).toBe(false);
  });

  it('lets every role read files, all but viewers upload, and owners and admins delete any', () => {
    expect(can('viewer', 'files.read')).toBe(true);
    expect(can('viewer', 'files.upload')).toBe(false);
    expect(can('member', 'files.upload')).toBe(true);
    expect(can('member', 'files.delete')).toBe(false);
    expect(can('admin', 'files.delete')).toBe(true);
  });

  it('throws PERMISSION_DENIED', () => {
    expect(() => assertCan({ role: 'viewer' }, 'organization.update')).toThrow(
      expect.objectContaining({ code: 'PERMISSION_DENIED' }),
    );
    expect(() => assertCan({ role: 'owner' }, 'organization.update')).not.toThrow();
  });
});
