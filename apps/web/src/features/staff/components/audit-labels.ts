import { AUDIT_CATEGORIES, isAuditAction, type AuditCategory } from '@leadcapture/contracts/audit';
import type { AuditLogEntry } from '@leadcapture/contracts/staff';
import type { TFunction } from 'i18next';

/** The user a row is about: their email, else their id, else nothing. */
export const auditUser = (row: AuditLogEntry) => row.user_email ?? row.user_id ?? '';

/**
 * An audit row's action in words (locales staff.json `auditActions`), written for the
 * organisation's owner. A code no longer written (an old row) is shown as it is, never blank.
 */
export function auditActionLabel(t: TFunction<'staff'>, row: Pick<AuditLogEntry, 'action' | 'user_email' | 'user_id'>) {
  const { action } = row;
  if (!isAuditAction(action)) return action;
  return t(`auditActions.${action}`, { user: row.user_email ?? row.user_id ?? '', defaultValue: action });
}

/** The owner's category filter: every category of AUDIT_ACTIONS_BY_CATEGORY, by its name. */
export function auditCategoryOptions(t: TFunction<'staff'>) {
  return AUDIT_CATEGORIES.map((category: AuditCategory) => ({
    value: category,
    label: t(`auditCategories.${category}`),
  }));
}

/** The staff-made rows, whose `metadata.reason` is the reason the staff member gave. */
export const isStaffRow = (row: AuditLogEntry) =>
  row.staff_user_id !== null || row.impersonation_id !== null || row.action.startsWith('staff.');
